// gfx950 FP6 (E2M3) / BF6 (E3M2) conversions of 32 elements at a time with a power-of-two scale:
//   v_cvt_scalef32_2xpk16_{fp6,bf6}_f32, v_cvt_scalef32_pk32_{fp6,bf6}_{f16,bf16}   (round to nearest even)
//   v_cvt_scalef32_sr_pk32_{fp6,bf6}_{f32,f16,bf16}                                (stochastic rounding)
//   v_cvt_scalef32_pk32_{f32,f16,bf16}_{fp6,bf6}                                   (up-conversions)
//
// Packing (sources quoted in emu/README.md's FP6 row): the 32 six-bit codes form one little-endian
// 192-bit stream in 6 dwords, code i at bits 6i..6i+5, so codes 5, 10, 21 and 26 straddle two dwords
// (AMD's HIP host reference `fp6_cvt_packedx32`, a packed struct of 32 six-bit fields; ROCm/hip-fpsan's
// gfx950 tests). That is how an f8f6f4 MFMA reads a lane's FP6 operand (numerics' extract_bits), which
// is why CK and HIP feed these results to the MFMA unchanged.
// 2xpk16 interleaves its two 16-element sources: code 2i comes from src0[i], code 2i+1 from src1[i]
// (HIP amd_hip_ocp_fp.hpp deinterleaves a 32-float vector before calling it; CK "first and second src
// inputs are interleaved in the packed result"; hip-fpsan "verified against real gfx950").
// The wide side: f32 element i in register i; f16 / bf16 element i in half i % 2 of register i / 2.
//
// Element arithmetic is the FP4 / FP8 scaled rows': down-conversions divide by 2^(E-127) and round once
// (numerics' narrow_exact). FP6 has no inf or NaN: overflow, +-inf, NaN and an E = 0xFF scale give
// sign | 0x1F, the largest magnitude, whatever MODE.FP16_OVFL says (HIP's host reference maps NaN and
// inf of E2M3 / E3M2 to that code). Stochastic rounding adds the top (source - target mantissa bits)
// bits of the one seed to every element (HIP's reference passes the same seed to all 32).
// Up-conversions multiply and round once (valu_cvt_scaled.h).
// No source describes abs / neg / op_sel / clamp / omod on these opcodes: they are refused.
#include <array>
#include <string>

#include "handler_table.h"
#include "valu_common.h"
#include "valu_cvt_scaled.h"

namespace ingot::emu {
namespace {

using u32 = uint32_t;

constexpr int kCodes = 32;  // elements per conversion
constexpr int kCodeBits = 6;
constexpr int kPackedDwords = kCodes * kCodeBits / 32;
constexpr u32 kCodeMask = (1u << kCodeBits) - 1;

using Wide = ScaledSrc;  // the f32 / f16 / bf16 side: the source going down, the destination going up

using Elements = std::array<Lanes, kCodes>;  // element e of lane l at [e].v[l]

Status check_modifiers(const Inst& inst) {
  const VopModifiers& m = inst.mods;
  if (m.abs == 0 && m.neg == 0 && m.op_sel == 0 && !m.clamp && m.omod == 0) return Status::ok();
  return Status(StatusCode::kUnsupported,
                std::string(op_mnemonic(inst.op)) + " with abs/neg/op_sel/clamp/omod is not emulated (no source)");
}

// The 32 elements of the wide side `op`: f32 registers, or 16-bit halves (zero-extended).
void read_wide(const Wave& wave, const Operand* op, Wide wide, Elements& out) {
  if (wide == Wide::kF32) {
    for (int e = 0; e < kCodes; ++e) read_lanes(wave, op, out[size_t(e)], e);
    return;
  }
  Lanes reg;
  for (int r = 0; r < kCodes / 2; ++r) {
    read_lanes(wave, op, reg, r);
    for (int l = 0; l < kWaveSize; ++l) {
      out[size_t(2 * r)].v[l] = reg.v[l] & 0xffffu;
      out[size_t(2 * r + 1)].v[l] = reg.v[l] >> 16;
    }
  }
}

void write_wide(Wave& wave, const Operand* op, Wide wide, const Elements& in) {
  const LaneMask mask = wave.exec();
  if (wide == Wide::kF32) {
    for (int e = 0; e < kCodes; ++e) write_lanes(wave, op, in[size_t(e)], mask, e);
    return;
  }
  Lanes reg;
  for (int r = 0; r < kCodes / 2; ++r) {
    for (int l = 0; l < kWaveSize; ++l) reg.v[l] = in[size_t(2 * r)].v[l] | in[size_t(2 * r + 1)].v[l] << 16;
    write_lanes(wave, op, reg, mask, r);
  }
}

void write_packed(Wave& wave, const Operand* op, const Elements& codes) {
  std::array<Lanes, kPackedDwords> packed{};
  for (int e = 0; e < kCodes; ++e) {
    const int bit = e * kCodeBits, dword = bit / 32, shift = bit % 32;
    for (int l = 0; l < kWaveSize; ++l) {
      const uint64_t code = codes[size_t(e)].v[l] & kCodeMask;
      packed[size_t(dword)].v[l] |= static_cast<u32>(code << shift);
      if (shift + kCodeBits > 32) packed[size_t(dword + 1)].v[l] |= static_cast<u32>(code >> (32 - shift));
    }
  }
  for (int d = 0; d < kPackedDwords; ++d) write_lanes(wave, op, packed[size_t(d)], wave.exec(), d);
}

void read_packed(const Wave& wave, const Operand* op, Elements& codes) {
  std::array<Lanes, kPackedDwords> packed;
  for (int d = 0; d < kPackedDwords; ++d) read_lanes(wave, op, packed[size_t(d)], d);
  for (int e = 0; e < kCodes; ++e) {
    const int bit = e * kCodeBits, dword = bit / 32, shift = bit % 32;
    for (int l = 0; l < kWaveSize; ++l) {
      uint64_t window = packed[size_t(dword)].v[l];
      if (dword + 1 < kPackedDwords) window |= uint64_t{packed[size_t(dword + 1)].v[l]} << 32;
      codes[size_t(e)].v[l] = static_cast<u32>(window >> shift) & kCodeMask;
    }
  }
}

// Narrows every element in place: scale divided out, then RNE or stochastic with the lane's seed.
void narrow_all(Elements& values, Wide wide, bool bf6, const Lanes& scale, const Lanes* seed) {
  const NarrowFormat format = bf6 ? NarrowFormat::kE3M2 : NarrowFormat::kE2M3;
  const int fraction_bits = scaled_src_mantissa_bits(wide) - narrow_mantissa_bits(format);
  for (auto& element : values) {
    for (int l = 0; l < kWaveSize; ++l) {
      const double x = divide_by_scale(scaled_src_value(wide, element.v[l]), scale.v[l]);
      const StochasticBits bits{seed != nullptr ? seed->v[l] : 0u, fraction_bits};
      element.v[l] = narrow_exact(x, format, false, seed != nullptr ? &bits : nullptr);
    }
  }
}

// v_cvt_scalef32_pk32_{fp6,bf6}_{f16,bf16}: src0 16 registers of halves, src1 scale.
// v_cvt_scalef32_sr_pk32_{fp6,bf6}_{f32,f16,bf16}: src0 the wide side, src1 seed, src2 scale.
template <Wide W, bool Bf6, bool Stochastic>
Status pk32_down(Wave& wave, const Inst& inst) {
  if (Status s = check_modifiers(inst); !s) return s;
  Elements values;
  read_wide(wave, vsrc(inst, 0), W, values);
  Lanes seed, scale;
  read_lanes(wave, vsrc(inst, 1), seed);
  if constexpr (Stochastic) {
    read_lanes(wave, vsrc(inst, 2), scale);
  } else {
    scale = seed;
  }
  narrow_all(values, W, Bf6, scale, Stochastic ? &seed : nullptr);
  write_packed(wave, vdst(inst), values);
  return Status::ok();
}

// v_cvt_scalef32_2xpk16_{fp6,bf6}_f32: src0 and src1 16 f32 registers each (interleaved), src2 scale.
template <bool Bf6>
Status two_pk16_down(Wave& wave, const Inst& inst) {
  if (Status s = check_modifiers(inst); !s) return s;
  Elements values;
  for (int i = 0; i < kCodes / 2; ++i) {
    read_lanes(wave, vsrc(inst, 0), values[size_t(2 * i)], i);
    read_lanes(wave, vsrc(inst, 1), values[size_t(2 * i + 1)], i);
  }
  Lanes scale;
  read_lanes(wave, vsrc(inst, 2), scale);
  narrow_all(values, Wide::kF32, Bf6, scale, nullptr);
  write_packed(wave, vdst(inst), values);
  return Status::ok();
}

// v_cvt_scalef32_pk32_{f32,f16,bf16}_{fp6,bf6}: src0 6 packed registers, src1 scale.
template <Wide W, bool Bf6>
Status pk32_up(Wave& wave, const Inst& inst) {
  if (Status s = check_modifiers(inst); !s) return s;
  Elements values;
  read_packed(wave, vsrc(inst, 0), values);
  Lanes scale;
  read_lanes(wave, vsrc(inst, 1), scale);
  const ScaledDst dst = W == Wide::kF32 ? ScaledDst::kF32 : (W == Wide::kF16 ? ScaledDst::kF16 : ScaledDst::kBf16);
  for (auto& element : values) {
    for (int l = 0; l < kWaveSize; ++l) {
      const auto code = static_cast<uint8_t>(element.v[l]);
      const double value = Bf6 ? fp6_e3m2_to_f32(code) : fp6_e2m3_to_f32(code);
      element.v[l] = round_scaled(dst, scale_up(value, scale.v[l]));
    }
  }
  write_wide(wave, vdst(inst), W, values);
  return Status::ok();
}

}  // namespace

void register_valu_cvt_fp6(HandlerRegistry& r) {
  r.add("v_cvt_scalef32_2xpk16_fp6_f32", two_pk16_down<false>);
  r.add("v_cvt_scalef32_2xpk16_bf6_f32", two_pk16_down<true>);
  r.add("v_cvt_scalef32_pk32_fp6_f16", pk32_down<Wide::kF16, false, false>);
  r.add("v_cvt_scalef32_pk32_fp6_bf16", pk32_down<Wide::kBf16, false, false>);
  r.add("v_cvt_scalef32_pk32_bf6_f16", pk32_down<Wide::kF16, true, false>);
  r.add("v_cvt_scalef32_pk32_bf6_bf16", pk32_down<Wide::kBf16, true, false>);
  r.add("v_cvt_scalef32_sr_pk32_fp6_f32", pk32_down<Wide::kF32, false, true>);
  r.add("v_cvt_scalef32_sr_pk32_bf6_f32", pk32_down<Wide::kF32, true, true>);
  r.add("v_cvt_scalef32_sr_pk32_fp6_f16", pk32_down<Wide::kF16, false, true>);
  r.add("v_cvt_scalef32_sr_pk32_fp6_bf16", pk32_down<Wide::kBf16, false, true>);
  r.add("v_cvt_scalef32_sr_pk32_bf6_f16", pk32_down<Wide::kF16, true, true>);
  r.add("v_cvt_scalef32_sr_pk32_bf6_bf16", pk32_down<Wide::kBf16, true, true>);
  r.add("v_cvt_scalef32_pk32_f32_fp6", pk32_up<Wide::kF32, false>);
  r.add("v_cvt_scalef32_pk32_f32_bf6", pk32_up<Wide::kF32, true>);
  r.add("v_cvt_scalef32_pk32_f16_fp6", pk32_up<Wide::kF16, false>);
  r.add("v_cvt_scalef32_pk32_bf16_fp6", pk32_up<Wide::kBf16, false>);
  r.add("v_cvt_scalef32_pk32_f16_bf6", pk32_up<Wide::kF16, true>);
  r.add("v_cvt_scalef32_pk32_bf16_bf6", pk32_up<Wide::kBf16, true>);
}

}  // namespace ingot::emu
