// bf16 and f16 conversions. References: the compiler's _Float16 (IEEE binary16 with RNE, independent of
// our code), the format definition (reference_formats.h), and nearest-candidate searches written here.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>

#include "ingot_emu/number_formats.h"
#include "reference_formats.h"

namespace {

using ingot::emu::bf16_to_f32;
using ingot::emu::f16_to_f32;
using ingot::emu::f32_to_bf16;
using ingot::emu::f32_to_f16;
using ingot::emu::RoundMode;

uint16_t compiler_f16_bits(float x) {
  const _Float16 h = static_cast<_Float16>(x);
  uint16_t bits;
  std::memcpy(&bits, &h, sizeof bits);
  return bits;
}

float compiler_f16_value(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, sizeof bits);
  return static_cast<float>(h);
}

TEST(F16, DecodesAll65536CodesLikeTheCompiler) {
  for (uint32_t code = 0; code < 65536; ++code) {
    const auto c = static_cast<uint16_t>(code);
    const float want = compiler_f16_value(c);
    const float got = f16_to_f32(c);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << code;
    } else {
      ASSERT_EQ(std::bit_cast<uint32_t>(got), std::bit_cast<uint32_t>(want)) << code;
      if (!std::isinf(want)) {
        EXPECT_EQ(static_cast<double>(got), ref::finite_value(code, {5, 10, 15}));
      }
    }
  }
}

TEST(F16, All65536CodesRoundTrip) {
  for (uint32_t code = 0; code < 65536; ++code) {
    const auto c = static_cast<uint16_t>(code);
    if ((c & 0x7C00) == 0x7C00 && (c & 0x3FF) != 0) continue;  // NaN payloads: checked below
    ASSERT_EQ(f32_to_f16(f16_to_f32(c)), c) << code;
  }
  EXPECT_TRUE(std::isnan(f16_to_f32(f32_to_f16(std::nanf("")))));
}

TEST(F16, RneMatchesTheCompilerOnRandomAndTieInputs) {
  std::mt19937 rng(42);
  for (int n = 0; n < 200000; ++n) {
    uint32_t bits = static_cast<uint32_t>(rng());
    if (n % 2 == 0) bits = (bits & 0x8FFFE000u) | 0x00001000u | 0x38000000u;  // f16 range, exact ties
    const float x = std::bit_cast<float>(bits);
    if (std::isnan(x)) continue;
    ASSERT_EQ(f32_to_f16(x), compiler_f16_bits(x)) << std::hex << bits;
  }
}

// Directed rounding: among the RNE result and its two magnitude neighbours (same sign), the one the
// mode asks for, compared by value.
uint16_t directed_reference(float x, RoundMode mode) {
  const uint16_t nearest = compiler_f16_bits(x);
  const uint16_t sign = nearest & 0x8000u;
  const int magnitude = nearest & 0x7FFF;
  bool found = false;
  uint16_t best = 0;
  float best_value = 0;
  for (int m = magnitude - 1; m <= magnitude + 1; ++m) {
    if (m < 0 || m > 0x7BFF) continue;
    const auto code = static_cast<uint16_t>(sign | m);
    const float v = compiler_f16_value(code);
    bool ok = false, better = false;
    switch (mode) {
      case RoundMode::kTowardZero: ok = std::fabs(v) <= std::fabs(x); better = std::fabs(v) > std::fabs(best_value); break;
      case RoundMode::kTowardPositive: ok = v >= x; better = v < best_value; break;
      case RoundMode::kTowardNegative: ok = v <= x; better = v > best_value; break;
      case RoundMode::kNearestEven: break;
    }
    if (ok && (!found || better)) {
      found = true;
      best = code;
      best_value = v;
    }
  }
  return best;
}

TEST(F16, DirectedRoundingModes) {
  std::mt19937 rng(7);
  for (RoundMode mode : {RoundMode::kTowardZero, RoundMode::kTowardPositive, RoundMode::kTowardNegative}) {
    for (int n = 0; n < 50000; ++n) {
      const uint32_t bits = (static_cast<uint32_t>(rng()) & 0x87FFFFFFu) | 0x38000000u;
      const float x = std::bit_cast<float>(bits);
      if (std::isnan(x) || std::isinf(x)) continue;
      if (std::fabs(x) < 6.2e-5f || std::fabs(x) > 65504.0f) continue;  // normal range only
      ASSERT_EQ(f32_to_f16(x, mode), directed_reference(x, mode))
          << "mode " << static_cast<int>(mode) << " x=" << x;
    }
  }
  // Overflow: RNE and the outward direction give inf, the inward directions the largest finite.
  EXPECT_EQ(f32_to_f16(1e6f, RoundMode::kNearestEven), 0x7C00);
  EXPECT_EQ(f32_to_f16(1e6f, RoundMode::kTowardZero), 0x7BFF);
  EXPECT_EQ(f32_to_f16(1e6f, RoundMode::kTowardNegative), 0x7BFF);
  EXPECT_EQ(f32_to_f16(-1e6f, RoundMode::kTowardPositive), 0xFBFF);
  EXPECT_EQ(f32_to_f16(-1e6f, RoundMode::kTowardNegative), 0xFC00);
}

TEST(F16, DenormalFlushOnOutput) {
  const float smallest_denormal = std::ldexp(1.0f, -24);
  EXPECT_EQ(f32_to_f16(smallest_denormal), 0x0001);
  EXPECT_EQ(f32_to_f16(smallest_denormal, RoundMode::kNearestEven, true), 0x0000);
  EXPECT_EQ(f32_to_f16(-smallest_denormal, RoundMode::kNearestEven, true), 0x8000);
  EXPECT_EQ(f32_to_f16(std::ldexp(1.0f, -14), RoundMode::kNearestEven, true), 0x0400);
}

TEST(Bf16, DecodesAll65536CodesLikeTheDefinition) {
  for (uint32_t code = 0; code < 65536; ++code) {
    const float got = bf16_to_f32(static_cast<uint16_t>(code));
    const bool special = ((code >> 7) & 0xFF) == 0xFF;
    if (special) {
      EXPECT_EQ((code & 0x7F) != 0, std::isnan(got)) << code;
      continue;
    }
    ASSERT_EQ(static_cast<double>(got), ref::finite_value(code, {8, 7, 127})) << code;
    if (!std::isnan(got)) {
      ASSERT_EQ(f32_to_bf16(got), code) << code;
    }
  }
}

// Nearest bf16 by comparing the two candidates around x in double; ties to the even code.
uint16_t bf16_rne_reference(float x) {
  const uint32_t bits = std::bit_cast<uint32_t>(x);
  const auto low = static_cast<uint16_t>(bits >> 16);
  const auto high = static_cast<uint16_t>(low + 1);
  const double dx = x;
  const double dl = bf16_to_f32(low);
  const double dh = ((high & 0x7F80) == 0x7F80 && (high & 0x7F) == 0)
                        ? std::copysign(std::ldexp(1.0, 128), dx)  // one step past the largest finite
                        : static_cast<double>(bf16_to_f32(high));
  const double el = std::fabs(dx - dl), eh = std::fabs(dh - dx);
  if (el < eh) return low;
  if (eh < el) return high;
  return (low & 1) ? high : low;
}

TEST(Bf16, RneMatchesNearestCandidate) {
  std::mt19937 rng(99);
  for (int n = 0; n < 300000; ++n) {
    uint32_t bits = static_cast<uint32_t>(rng());
    if (n % 3 == 0) bits = (bits & 0xFFFF0000u) | 0x8000u;  // exact ties
    const float x = std::bit_cast<float>(bits);
    if (std::isnan(x) || std::isinf(x)) continue;
    ASSERT_EQ(f32_to_bf16(x), bf16_rne_reference(x)) << std::hex << bits;
  }
  EXPECT_EQ(f32_to_bf16(std::bit_cast<float>(0x3F808000u)), 0x3F80);  // tie, even stays
  EXPECT_EQ(f32_to_bf16(std::bit_cast<float>(0x3F818000u)), 0x3F82);  // tie, odd rounds up
  EXPECT_EQ(f32_to_bf16(std::bit_cast<float>(0x7F7FFFFFu)), 0x7F80);  // overflow to inf
}

TEST(Bf16, NanStaysNanAndTruncationMode) {
  EXPECT_EQ(f32_to_bf16(std::bit_cast<float>(0x7F800001u)) & 0x7FC0, 0x7FC0);
  EXPECT_EQ(f32_to_bf16(std::bit_cast<float>(0xFF800001u)) & 0xFFC0, 0xFFC0);
  EXPECT_EQ(f32_to_bf16(std::bit_cast<float>(0x3F81FFFFu), RoundMode::kTowardZero), 0x3F81);
  EXPECT_EQ(f32_to_bf16(std::bit_cast<float>(0x3F810001u), RoundMode::kTowardPositive), 0x3F82);
  EXPECT_EQ(f32_to_bf16(std::bit_cast<float>(0xBF810001u), RoundMode::kTowardPositive), 0xBF81);
}

}  // namespace
