// VALU ops whose definitions are bit recipes rather than arithmetic: v_trig_preop_f64 (a 53-bit window
// of 2/pi), gfx950's v_prng_b32 (one LFSR step) and v_ashr_pk_i8/u8_i32 (shift, saturate, pack two
// bytes). Sources per op are in emu/README.md's fidelity table.
#include <cmath>
#include <cstdint>
#include <string>

#include "handler_table.h"
#include "two_over_pi_bits.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

Status unsupported_form(const Inst& inst, const char* what) {
  return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) + " with " + what + " is not emulated");
}

// ---- v_trig_preop_f64 ----
// The guide's pseudocode, with its bit-vector line read as LLVM's folding reads it (the 53 bits of 2/pi
// that follow the first `shift` fraction bits; the guide's scale of 2^(-53-shift) puts them back in place):
//   shift = S1[4:0] * 53 (+ exponent(S0) - 1077 when exponent(S0) > 1077)
//   D = bits[shift, shift + 53) of 2/pi * 2^(-53 - shift) (* 2^128 when exponent(S0) >= 1968)
constexpr int kSegmentBits = 53;
constexpr int kExponentShiftFrom = 1077;
constexpr int kExponentScaleFrom = 1968;
constexpr int kLargeInputScale = 128;
constexpr int kMinDenormalExponent = -1074;  // 2^-1074: the f64 quantum below DBL_MIN

// Fraction bit `index` (0 = the first bit after the binary point) of 2/pi; 0 past the table.
uint64_t two_over_pi_bit(int index) {
  if (index >= kTwoOverPiBits) return 0;
  const uint32_t word = kTwoOverPiWords[static_cast<size_t>(index / 32)];
  return (word >> (31 - index % 32)) & 1u;
}

double trig_preop(uint64_t x_bits, uint32_t segment_select) {
  const int exponent = static_cast<int>((x_bits >> 52) & 0x7ff);
  int shift = static_cast<int>(segment_select & 31u) * kSegmentBits;
  if (exponent > kExponentShiftFrom) shift += exponent - kExponentShiftFrom;
  uint64_t mantissa = 0;
  for (int i = 0; i < kSegmentBits; ++i) mantissa = (mantissa << 1) | two_over_pi_bit(shift + i);
  int scale = -kSegmentBits - shift;
  if (exponent >= kExponentScaleFrom) scale += kLargeInputScale;
  // "Rounding is toward zero": below the f64 quantum the low bits are dropped, not rounded.
  if (scale < kMinDenormalExponent) {
    const int drop = kMinDenormalExponent - scale;
    mantissa = drop >= 64 ? 0 : mantissa >> drop;
    scale = kMinDenormalExponent;
  }
  return std::ldexp(static_cast<double>(mantissa), scale);
}

Status trig_preop_f64(Wave& wave, const Inst& inst) {
  if (inst.mods.clamp || inst.mods.omod != 0) return unsupported_form(inst, "clamp or omod");
  uint64_t x[kWaveSize];
  read_lanes64(wave, vsrc(inst, 0), x, true);
  const uint64_t abs = (inst.mods.abs & 1) ? ~(uint64_t{1} << 63) : ~uint64_t{0};
  const uint64_t neg = (inst.mods.neg & 1) ? uint64_t{1} << 63 : 0;
  Lanes segment;
  read_lanes(wave, vsrc(inst, 1), segment);
  uint64_t d[kWaveSize];
  for (int l = 0; l < kWaveSize; ++l) d[l] = f64_bits(trig_preop((x[l] & abs) ^ neg, segment.v[l]));
  write_lanes64(wave, vdst(inst), d, wave.exec());
  return Status::ok();
}

// ---- v_prng_b32 (gfx950) ----
// D = (S0 << 1) ^ (S0[31] ? 197 : 0): a Galois LFSR step (CDNA4 guide VOP1 opcode 88).
constexpr uint32_t kPrngTaps = 197;

Status prng_b32(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = (s.v[l] << 1) ^ ((s.v[l] >> 31) ? kPrngTaps : 0u);
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// ---- v_ashr_pk_i8_i32 / v_ashr_pk_u8_i32 (gfx950) ----
// D[7:0] = SAT8(S0.i32 >> S2[4:0]), D[15:8] = SAT8(S1.i32 >> S2[4:0]); SAT8 clamps to [-128, 127] or
// [0, 255] (CDNA4 guide VOP3 opcodes 613/614). The guide writes D[15:0] only: the upper half follows
// every 16-bit result here (write_result_16: zeroed, or op_sel[3] writes the high half).
template <int Lo, int Hi>
uint32_t ashr_sat8(uint32_t value, uint32_t shift) {
  const int32_t shifted = static_cast<int32_t>(value) >> (shift & 31u);
  const int32_t clamped = shifted <= Lo ? Lo : (shifted >= Hi ? Hi : shifted);
  return static_cast<uint32_t>(clamped) & 0xffu;
}

template <int Lo, int Hi>
Status ashr_pk_8(Wave& wave, const Inst& inst) {
  if (inst.mods.clamp) return unsupported_form(inst, "clamp");
  LaneMask mask = wave.exec();
  Lanes s0, s1, s2;
  fetch_source(wave, inst, 0, s0, mask);
  fetch_source(wave, inst, 1, s1, mask);
  fetch_source(wave, inst, 2, s2, mask);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    d.v[l] = ashr_sat8<Lo, Hi>(s0.v[l], s2.v[l]) | (ashr_sat8<Lo, Hi>(s1.v[l], s2.v[l]) << 8);
  }
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

}  // namespace

void register_valu_special(HandlerRegistry& r) {
  r.add("v_trig_preop_f64", trig_preop_f64);
  r.add("v_prng_b32", prng_b32);
  r.add("v_ashr_pk_i8_i32", ashr_pk_8<-128, 127>);
  r.add("v_ashr_pk_u8_i32", ashr_pk_8<0, 255>);
}

}  // namespace ingot::emu
