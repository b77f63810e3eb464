// What the gfx950 v_cvt_scalef32_* families share: the power-of-two scale taken from an f32 operand's
// exponent field, and rounding a scaled element to the f32 / f16 / bf16 destination. The sources for
// each rule are in valu_cvt_scaled.cc's header comment and emu/README.md's v_cvt_scalef32_* rows.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "ingot_emu/number_formats.h"

namespace ingot::emu {

enum class ScaledDst : uint8_t { kF32, kF16, kBf16 };

// The IEEE side of a down-conversion: its element value, and its mantissa bits (stochastic rounding
// uses F = these - the target's mantissa bits).
enum class ScaledSrc : uint8_t { kF32, kF16, kBf16 };
constexpr int scaled_src_mantissa_bits(ScaledSrc src) {
  return src == ScaledSrc::kF32 ? 23 : (src == ScaledSrc::kF16 ? 10 : 7);
}
inline double scaled_src_value(ScaledSrc src, uint32_t bits) {
  switch (src) {
    case ScaledSrc::kF32: return static_cast<double>(std::bit_cast<float>(bits));
    case ScaledSrc::kF16: return static_cast<double>(f16_to_f32(static_cast<uint16_t>(bits)));
    case ScaledSrc::kBf16: return static_cast<double>(bf16_to_f32(static_cast<uint16_t>(bits)));
  }
  return 0;
}

// element x 2^(E-127), E = the scale's exponent field (mantissa ignored; E = 0xFF gives NaN), rounded
// once to f32.
float scale_up(double element, uint32_t scale_bits);

// An f32 result as the destination's bits (f16 / bf16: round to nearest even, overflow to inf).
uint32_t round_scaled(ScaledDst dst, float value);

// x / 2^(E-127) (exact in double); E = 0xFF gives NaN with x's sign.
inline double divide_by_scale(double x, uint32_t scale_bits) {
  const int e = static_cast<int>((scale_bits >> 23) & 0xffu);
  if (e == 0xff) return std::copysign(std::nan(""), x);
  return std::ldexp(x, 127 - e);
}

}  // namespace ingot::emu
