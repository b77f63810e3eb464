// bf16, f16, FP6, FP4 and E8M0 conversions.
#include "ingot_emu/number_formats.h"

#include <array>
#include <limits>

#include "small_float.h"

namespace ingot::emu {
namespace {

constexpr detail::SmallFloatFormat kF16{5, 10, 15};
constexpr detail::SmallFloatFormat kFp6E2M3{2, 3, 1};
constexpr detail::SmallFloatFormat kFp6E3M2{3, 2, 3};
constexpr detail::SmallFloatFormat kFp4E2M1{2, 1, 1};

constexpr uint32_t kF32SignBit = 0x80000000u;

bool is_nan_bits(uint32_t bits) { return (bits & 0x7FFFFFFFu) > 0x7F800000u; }

// Decode table for a sign-magnitude format with no inf/NaN (FP6/FP4).
template <int kBits>
constexpr std::array<float, (1 << kBits)> make_finite_table(detail::SmallFloatFormat f) {
  std::array<float, (1 << kBits)> table{};
  constexpr uint32_t sign = 1u << (kBits - 1);
  for (uint32_t code = 0; code < table.size(); ++code) {
    const float magnitude = detail::small_float_magnitude(code & (sign - 1), f);
    table[code] = (code & sign) ? -magnitude : magnitude;
  }
  return table;
}

constexpr auto kFp6E2M3Table = make_finite_table<6>(kFp6E2M3);
constexpr auto kFp6E3M2Table = make_finite_table<6>(kFp6E3M2);
constexpr auto kFp4E2M1Table = make_finite_table<4>(kFp4E2M1);

// RNE with saturation to the largest magnitude code; the MX element formats have no inf or NaN.
uint8_t encode_saturating(float value, detail::SmallFloatFormat f, int total_bits) {
  const uint32_t bits = std::bit_cast<uint32_t>(value);
  const uint32_t sign = (bits & kF32SignBit) ? (1u << (total_bits - 1)) : 0u;
  const uint32_t max_code = (1u << (total_bits - 1)) - 1;
  if (is_nan_bits(bits)) return static_cast<uint8_t>(max_code);
  if ((bits & 0x7FFFFFFFu) == 0x7F800000u) return static_cast<uint8_t>(sign | max_code);
  uint32_t code = detail::round_to_small_float(value, f, RoundMode::kNearestEven);
  if (code > max_code) code = max_code;
  return static_cast<uint8_t>(sign | code);
}

}  // namespace

uint16_t f32_to_bf16(float value, RoundMode round, bool flush_denorm) {
  uint32_t bits = std::bit_cast<uint32_t>(value);
  if (is_nan_bits(bits)) return static_cast<uint16_t>((bits >> 16) | 0x0040u);  // quiet, keep sign
  const bool negative = (bits & kF32SignBit) != 0;
  if (flush_denorm && (bits & 0x7F800000u) == 0) bits &= kF32SignBit;
  const uint32_t low = bits & 0xFFFFu;
  switch (round) {
    case RoundMode::kNearestEven: bits += 0x7FFFu + ((bits >> 16) & 1u); break;
    case RoundMode::kTowardZero: break;
    case RoundMode::kTowardPositive: if (!negative && low != 0) bits += 0x10000u; break;
    case RoundMode::kTowardNegative: if (negative && low != 0) bits += 0x10000u; break;
  }
  uint16_t result = static_cast<uint16_t>(bits >> 16);
  if (flush_denorm && (result & 0x7F80u) == 0) result &= 0x8000u;
  return result;
}

float f16_to_f32(uint16_t bits) {
  const uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  const uint32_t exp = (bits >> 10) & 0x1Fu;
  const uint32_t man = bits & 0x3FFu;
  if (exp == 0x1F) {
    // inf, or NaN with the payload moved to the top of the f32 mantissa (quiet bit set).
    return std::bit_cast<float>(sign | 0x7F800000u | (man << 13) | (man != 0 ? 0x400000u : 0u));
  }
  const float magnitude = detail::small_float_magnitude(bits & 0x7FFFu, kF16);
  return std::bit_cast<float>(std::bit_cast<uint32_t>(magnitude) | sign);
}

uint16_t f32_to_f16(float value, RoundMode round, bool flush_denorm) {
  const uint32_t bits = std::bit_cast<uint32_t>(value);
  const bool negative = (bits & kF32SignBit) != 0;
  const uint16_t sign = negative ? 0x8000u : 0u;
  if (is_nan_bits(bits)) {
    return static_cast<uint16_t>(sign | 0x7E00u | ((bits >> 13) & 0x1FFu));
  }
  if ((bits & 0x7FFFFFFFu) == 0x7F800000u) return static_cast<uint16_t>(sign | 0x7C00u);
  uint32_t code = detail::round_to_small_float(value, kF16, round);
  if (code > 0x7BFFu) {
    // IEEE overflow: infinity unless the rounding direction points back toward zero.
    const bool to_inf = round == RoundMode::kNearestEven ||
                        (round == RoundMode::kTowardPositive && !negative) ||
                        (round == RoundMode::kTowardNegative && negative);
    code = to_inf ? 0x7C00u : 0x7BFFu;
  }
  if (flush_denorm && code < 0x400u) code = 0;
  return static_cast<uint16_t>(sign | code);
}

float fp6_e2m3_to_f32(uint8_t code) { return kFp6E2M3Table[code & 0x3Fu]; }
float fp6_e3m2_to_f32(uint8_t code) { return kFp6E3M2Table[code & 0x3Fu]; }
float fp4_e2m1_to_f32(uint8_t code) { return kFp4E2M1Table[code & 0xFu]; }

uint8_t f32_to_fp6_e2m3(float value) { return encode_saturating(value, kFp6E2M3, 6); }
uint8_t f32_to_fp6_e3m2(float value) { return encode_saturating(value, kFp6E3M2, 6); }
uint8_t f32_to_fp4_e2m1(float value) { return encode_saturating(value, kFp4E2M1, 4); }

float e8m0_to_f32(uint8_t code) {
  if (code == 0xFF) return std::numeric_limits<float>::quiet_NaN();
  if (code == 0) return std::bit_cast<float>(0x00400000u);  // 2^-127 is an f32 denormal
  return std::bit_cast<float>(static_cast<uint32_t>(code) << 23);
}

}  // namespace ingot::emu
