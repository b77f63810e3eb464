// The first 1201 fraction bits of 2/pi, most significant first, as v_trig_preop_f64 reads them (AMD's
// CDNA3/CDNA4 ISA guides: "(2.0/PI) == 0.{b_1200, ..., b_0}"; bits past b_0 are zero here, as in a
// 1201-bit register).
//
// A mathematical constant, generated rather than transcribed: pi by Machin's formula in Python integers
// with 1400 fraction bits (pi = 16 atan(1/5) - 4 atan(1/239), atan(1/x) = sum (-1)^k / ((2k+1) x^(2k+1))),
// then floor(2^1202 * 2^1400 / (pi * 2^1400)), padded with zeros to 38 words. The first 37 words equal
// the table in LLVM's AMDGPUInstCombineIntrinsic.cpp (amdgcn_trig_preop folding), which stops at bit 1184.
// tests/emu_exec/valu_special_test.cc recomputes the bits with its own bignum and compares.
#pragma once

#include <array>
#include <cstdint>

namespace ingot::emu {

inline constexpr int kTwoOverPiBits = 1201;
inline constexpr std::array<uint32_t, 38> kTwoOverPiWords = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b0000};

}  // namespace ingot::emu
