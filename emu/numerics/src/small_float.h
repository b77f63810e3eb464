// Generic helpers for floats narrower than f32 (f16, FP8, FP6, FP4): decode a finite code to f32 and
// round an f32 magnitude to a code. Special values (inf, NaN, overflow policy) are each format's
// business and handled by the callers.
#pragma once

#include <bit>
#include <cstdint>

#include "ingot_emu/float_mode.h"

namespace ingot::emu::detail {

struct SmallFloatFormat {
  int exp_bits;
  int man_bits;
  int bias;
};

// Magnitude of a finite code (sign bit excluded) as an f32; exact for every format here.
constexpr float small_float_magnitude(uint32_t code, SmallFloatFormat f) {
  const uint32_t man = code & ((1u << f.man_bits) - 1);
  int exp = static_cast<int>(code >> f.man_bits);
  if (exp == 0) {
    if (man == 0) return 0.0f;
    // Subnormal: normalise the mantissa into f32's implicit-one form.
    int shift = 0;
    uint32_t m = man;
    while ((m & (1u << f.man_bits)) == 0) {
      m <<= 1;
      ++shift;
    }
    const int unbiased = 1 - f.bias - shift;
    const uint32_t f32_man = (m & ((1u << f.man_bits) - 1)) << (23 - f.man_bits);
    return std::bit_cast<float>(static_cast<uint32_t>(unbiased + 127) << 23 | f32_man);
  }
  const int unbiased = exp - f.bias;
  return std::bit_cast<float>(static_cast<uint32_t>(unbiased + 127) << 23 | man << (23 - f.man_bits));
}

// Rounds |value| (finite) to the format with unbounded exponent range upward, returning the magnitude
// code (exponent field << man_bits | mantissa). A code above the format's largest finite code means
// overflow; the caller applies its policy. With `stochastic_bits` non-null the mode is ignored and the
// rounding is stochastic: the random bits (low `dropped` bits of *stochastic_bits) are added to the
// dropped bits and a carry rounds the magnitude up.
constexpr uint32_t round_to_small_float(float value, SmallFloatFormat f, RoundMode round,
                                        const uint32_t* stochastic_bits = nullptr) {
  const uint32_t bits = std::bit_cast<uint32_t>(value);
  const bool negative = (bits >> 31) != 0;
  const uint32_t f32_exp = (bits >> 23) & 0xFF;
  const uint32_t f32_man = bits & 0x7FFFFF;
  if (f32_exp == 0 && f32_man == 0) return 0;
  // value = sig * 2^(e - 23)
  const uint64_t sig = f32_exp != 0 ? (f32_man | 0x800000u) : f32_man;
  const int e = (f32_exp != 0 ? static_cast<int>(f32_exp) : 1) - 127;
  const int emin = 1 - f.bias;
  // Quantum exponent of the result: one ulp of the target at this value's binade (or at the
  // subnormal range when the value is below the smallest normal).
  int floor_log2 = e;
  if (f32_exp == 0) floor_log2 = -127;  // any f32 denormal is far below every emin here
  const int quantum = (floor_log2 > emin ? floor_log2 : emin) - f.man_bits;
  const int shift = quantum - (e - 23);  // low bits of sig to drop; > 0 for all formats here
  uint64_t q = 0;
  uint64_t rem = sig;
  if (shift < 40) {
    q = sig >> shift;
    rem = sig & ((uint64_t{1} << shift) - 1);
  }
  const uint64_t half = shift < 40 ? (uint64_t{1} << (shift - 1)) : (uint64_t{1} << 39);
  bool up = false;
  switch (round) {
    case RoundMode::kNearestEven: up = rem > half || (rem == half && (q & 1)); break;
    case RoundMode::kTowardZero: up = false; break;
    case RoundMode::kTowardPositive: up = !negative && rem != 0; break;
    case RoundMode::kTowardNegative: up = negative && rem != 0; break;
  }
  if (stochastic_bits != nullptr) {
    // Beyond 40 dropped bits rem (< 2^24) plus 32 random bits cannot carry.
    up = shift < 40 && ((rem + (*stochastic_bits & ((uint64_t{1} << shift) - 1))) >> shift) != 0;
  }
  if (up) ++q;
  if (q == 0) return 0;
  // code = ((biased exponent - 1) << man_bits) + q, where q carries the implicit one; this also covers
  // the subnormal range (biased exponent 1 -> term 0) and a carry into the next binade.
  const int biased_minus_one = quantum + f.man_bits + f.bias - 1;
  return static_cast<uint32_t>((static_cast<uint64_t>(biased_minus_one) << f.man_bits) + q);
}

}  // namespace ingot::emu::detail
