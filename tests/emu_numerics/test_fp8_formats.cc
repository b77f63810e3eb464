// FP8 decode/encode against the format definitions (reference_formats.h) and a brute-force nearest-value
// encoder written here, for gfx942's FNUZ and gfx950's OCP formats.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>
#include <vector>

#include "ingot_emu/number_formats.h"
#include "reference_formats.h"

namespace {

using ingot::emu::f32_to_fp8;
using ingot::emu::fp8_to_f32;
using ingot::emu::Fp8Format;

struct Case {
  Fp8Format format;
  const char* name;
  double (*reference)(uint8_t);
  double max_finite;
  bool max_mantissa_even;  // decides the RNE tie between max and the next (non-finite) step
  int man_bits;
};

const Case kCases[] = {
    {Fp8Format::kE4M3Fnuz, "e4m3fnuz", ref::e4m3fnuz, 240.0, false, 3},
    {Fp8Format::kE5M2Fnuz, "e5m2fnuz", ref::e5m2fnuz, 57344.0, false, 2},
    {Fp8Format::kE4M3Fn, "e4m3fn", ref::e4m3fn, 448.0, true, 3},
    {Fp8Format::kE5M2, "e5m2", ref::e5m2, 57344.0, false, 2},
};

bool is_fnuz(Fp8Format f) { return f == Fp8Format::kE4M3Fnuz || f == Fp8Format::kE5M2Fnuz; }

// Brute force: the finite code nearest to x; ties to the code with an even mantissa. Returns -1 when x
// rounds beyond the largest finite value.
int nearest_code(const Case& c, double x) {
  const double ulp_at_max = std::ldexp(1.0, static_cast<int>(std::floor(std::log2(c.max_finite))) - c.man_bits);
  const double overflow_tie = c.max_finite + ulp_at_max / 2;
  if (std::fabs(x) > overflow_tie || (std::fabs(x) == overflow_tie && !c.max_mantissa_even)) return -1;
  int best = -1;
  double best_err = 0;
  for (int code = 0; code < 256; ++code) {
    const double v = c.reference(static_cast<uint8_t>(code));
    if (std::isnan(v) || std::isinf(v)) continue;
    if (v == 0 && std::signbit(v) != std::signbit(x) && !is_fnuz(c.format)) continue;
    if ((v > 0 && x < 0) || (v < 0 && x > 0)) continue;
    const double err = std::fabs(v - x);
    if (best < 0 || err < best_err || (err == best_err && (code & 1) == 0)) {
      best = code;
      best_err = err;
    }
  }
  return best;
}

class Fp8Test : public ::testing::TestWithParam<Case> {};

TEST_P(Fp8Test, DecodesEveryCodeLikeTheDefinition) {
  const Case& c = GetParam();
  for (int code = 0; code < 256; ++code) {
    const double want = c.reference(static_cast<uint8_t>(code));
    const float got = fp8_to_f32(static_cast<uint8_t>(code), c.format);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << c.name << " code " << code;
    } else {
      EXPECT_EQ(static_cast<double>(got), want) << c.name << " code " << code;
      EXPECT_EQ(std::signbit(got), std::signbit(want)) << c.name << " code " << code;
    }
  }
}

TEST_P(Fp8Test, NanAndInfinityCodesFollowTheFormat) {
  const Case& c = GetParam();
  int nans = 0, infs = 0;
  for (int code = 0; code < 256; ++code) {
    const float v = fp8_to_f32(static_cast<uint8_t>(code), c.format);
    nans += std::isnan(v) ? 1 : 0;
    infs += std::isinf(v) ? 1 : 0;
  }
  switch (c.format) {
    case Fp8Format::kE4M3Fnuz:
    case Fp8Format::kE5M2Fnuz: EXPECT_EQ(nans, 1); EXPECT_EQ(infs, 0); break;
    case Fp8Format::kE4M3Fn: EXPECT_EQ(nans, 2); EXPECT_EQ(infs, 0); break;
    case Fp8Format::kE5M2: EXPECT_EQ(nans, 6); EXPECT_EQ(infs, 2); break;
  }
  EXPECT_EQ(fp8_to_f32(0x7F, c.format) == static_cast<float>(c.max_finite) ||
                fp8_to_f32(0x7E, c.format) == static_cast<float>(c.max_finite) ||
                fp8_to_f32(0x7B, c.format) == static_cast<float>(c.max_finite),
            true);
}

TEST_P(Fp8Test, EveryFiniteCodeRoundTrips) {
  const Case& c = GetParam();
  for (int code = 0; code < 256; ++code) {
    const double v = c.reference(static_cast<uint8_t>(code));
    if (std::isnan(v) || std::isinf(v)) continue;
    EXPECT_EQ(f32_to_fp8(static_cast<float>(v), c.format, false), code) << c.name << " code " << code;
    EXPECT_EQ(f32_to_fp8(static_cast<float>(v), c.format, true), code) << c.name << " code " << code;
  }
}

TEST_P(Fp8Test, MidpointsRoundToEvenAndNeighboursToNearest) {
  const Case& c = GetParam();
  std::vector<double> finite;
  for (int code = 0; code < 128; ++code) {
    const double v = c.reference(static_cast<uint8_t>(code));
    if (!std::isnan(v) && !std::isinf(v)) finite.push_back(v);
  }
  for (size_t n = 0; n + 1 < finite.size(); ++n) {
    const double mid = (finite[n] + finite[n + 1]) / 2;
    for (double sign : {1.0, -1.0}) {
      for (double x : {mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e9)}) {
        const auto xf = static_cast<float>(sign * x);
        if (static_cast<double>(xf) != sign * x) continue;  // only exact f32 inputs
        const int want = nearest_code(c, xf);
        EXPECT_EQ(f32_to_fp8(xf, c.format, false), want) << c.name << " x=" << xf;
      }
    }
  }
}

TEST_P(Fp8Test, RandomValuesMatchBruteForce) {
  const Case& c = GetParam();
  std::mt19937 rng(1234);
  std::uniform_real_distribution<double> exponent(-14.0, std::log2(c.max_finite) + 0.05);
  for (int n = 0; n < 4000; ++n) {
    const double magnitude = std::exp2(exponent(rng));
    const auto x = static_cast<float>((n & 1) ? -magnitude : magnitude);
    const int want = nearest_code(c, x);
    const uint8_t got = f32_to_fp8(x, c.format, false);
    if (want < 0) {
      // Overflow without clamp: FNUZ -> 0x80, E4M3FN -> S.1111.111 (NaN), E5M2 -> +-inf.
      const float back = fp8_to_f32(got, c.format);
      if (c.format == Fp8Format::kE5M2) {
        EXPECT_TRUE(std::isinf(back) && std::signbit(back) == std::signbit(x)) << c.name << " x=" << x;
      } else {
        EXPECT_TRUE(std::isnan(back)) << c.name << " x=" << x;
      }
      const float clamped = fp8_to_f32(f32_to_fp8(x, c.format, true), c.format);
      EXPECT_EQ(static_cast<double>(clamped), std::copysign(c.max_finite, static_cast<double>(x)));
    } else {
      EXPECT_EQ(got, want) << c.name << " x=" << x;
    }
  }
}

TEST_P(Fp8Test, SpecialInputs) {
  const Case& c = GetParam();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(std::isnan(fp8_to_f32(f32_to_fp8(nan, c.format, false), c.format)));
  EXPECT_TRUE(std::isnan(fp8_to_f32(f32_to_fp8(nan, c.format, true), c.format)));
  EXPECT_EQ(static_cast<double>(fp8_to_f32(f32_to_fp8(inf, c.format, true), c.format)), c.max_finite);
  EXPECT_EQ(static_cast<double>(fp8_to_f32(f32_to_fp8(-inf, c.format, true), c.format)), -c.max_finite);
  if (is_fnuz(c.format)) {
    EXPECT_EQ(f32_to_fp8(-0.0f, c.format, false), 0x00) << "FNUZ has no -0";
    EXPECT_EQ(f32_to_fp8(-1e-30f, c.format, false), 0x00) << "underflow to +0 in FNUZ";
    EXPECT_EQ(f32_to_fp8(inf, c.format, false), 0x80);
  } else {
    EXPECT_EQ(f32_to_fp8(-0.0f, c.format, false), 0x80);
  }
  if (c.format == Fp8Format::kE4M3Fn) {
    EXPECT_EQ(f32_to_fp8(-inf, c.format, false), 0xFF);
  }
  if (c.format == Fp8Format::kE5M2) {
    EXPECT_EQ(f32_to_fp8(-inf, c.format, false), 0xFC);
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& param_info) { return param_info.param.name; }

INSTANTIATE_TEST_SUITE_P(AllFormats, Fp8Test, ::testing::ValuesIn(kCases), case_name);

TEST(Fp8Format, TargetsReadFp8BytesDifferently) {
  using ingot::emu::fp8_format;
  using ingot::emu::Gfx;
  EXPECT_EQ(fp8_format(Gfx::k942, false), Fp8Format::kE4M3Fnuz);
  EXPECT_EQ(fp8_format(Gfx::k942, true), Fp8Format::kE5M2Fnuz);
  EXPECT_EQ(fp8_format(Gfx::k950, false), Fp8Format::kE4M3Fn);
  EXPECT_EQ(fp8_format(Gfx::k950, true), Fp8Format::kE5M2);
  // The same byte: exponent field 9 means 2^(9-8) on gfx942 and 2^(9-7) on gfx950.
  EXPECT_EQ(fp8_to_f32(0x48, Fp8Format::kE4M3Fnuz), 2.0f);
  EXPECT_EQ(fp8_to_f32(0x48, Fp8Format::kE4M3Fn), 4.0f);
}

}  // namespace

namespace {

using ingot::emu::f32_to_fp8_sr;

// Stochastic rounding: exact values never move; otherwise the result is one of the two neighbours and,
// over every value of the random bits the conversion consumes, rounds up exactly (dropped fraction) of
// the time.
TEST(Fp8StochasticRounding, NeighboursAndUnbiasedProbability) {
  for (const Case& c : kCases) {
    for (int code = 1; code < 0x70; code += 9) {
      const double v = c.reference(static_cast<uint8_t>(code));
      if (std::isnan(v)) continue;
      EXPECT_EQ(f32_to_fp8_sr(static_cast<float>(v), c.format, 0xFFFFFFFFu, false), code) << c.name;
      EXPECT_EQ(f32_to_fp8_sr(static_cast<float>(v), c.format, 0u, false), code) << c.name;
    }
  }
  // 1.3 in e4m3fnuz lies between 1.25 (0x42) and 1.375 (0x43); an f32 drops 20 mantissa bits here.
  const float x = 1.3f;
  const uint32_t dropped = std::bit_cast<uint32_t>(x) & 0xFFFFFu;
  uint32_t ups = 0;
  for (uint32_t r = 0; r < (1u << 20); ++r) {
    const uint8_t got = f32_to_fp8_sr(x, Fp8Format::kE4M3Fnuz, r | 0xABC00000u, false);
    ASSERT_TRUE(got == 0x42 || got == 0x43);
    ups += got == 0x43 ? 1u : 0u;
  }
  EXPECT_EQ(ups, dropped);
  EXPECT_EQ(f32_to_fp8_sr(-x, Fp8Format::kE4M3Fn, 0u, false), f32_to_fp8(-1.25f, Fp8Format::kE4M3Fn, false));
  EXPECT_EQ(f32_to_fp8_sr(1e6f, Fp8Format::kE4M3Fnuz, 0u, false), 0x80);
  EXPECT_EQ(f32_to_fp8_sr(1e6f, Fp8Format::kE4M3Fnuz, 0u, true), 0x7F);
}

}  // namespace
