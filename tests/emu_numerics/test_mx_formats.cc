// gfx950 MX element formats (FP6 E2M3, BF6 E3M2, FP4 E2M1) and the E8M0 scale, against the OCP MX
// definitions in reference_formats.h.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ingot_emu/number_formats.h"
#include "reference_formats.h"

namespace {

struct MxCase {
  const char* name;
  int bits;
  double max_finite;
  float (*decode)(uint8_t);
  uint8_t (*encode)(float);
  double (*reference)(uint8_t);
};

const MxCase kMxCases[] = {
    {"fp6_e2m3", 6, 7.5, ingot::emu::fp6_e2m3_to_f32, ingot::emu::f32_to_fp6_e2m3, ref::fp6_e2m3},
    {"bf6_e3m2", 6, 28.0, ingot::emu::fp6_e3m2_to_f32, ingot::emu::f32_to_fp6_e3m2, ref::fp6_e3m2},
    {"fp4_e2m1", 4, 6.0, ingot::emu::fp4_e2m1_to_f32, ingot::emu::f32_to_fp4_e2m1, ref::fp4_e2m1},
};

class MxTest : public ::testing::TestWithParam<MxCase> {};

TEST_P(MxTest, DecodesEveryCode) {
  const MxCase& c = GetParam();
  for (int code = 0; code < (1 << c.bits); ++code) {
    const double want = c.reference(static_cast<uint8_t>(code));
    EXPECT_EQ(static_cast<double>(c.decode(static_cast<uint8_t>(code))), want) << c.name << " " << code;
  }
  EXPECT_EQ(static_cast<double>(c.decode(static_cast<uint8_t>((1 << (c.bits - 1)) - 1))), c.max_finite);
}

TEST_P(MxTest, EncodesNearestEvenAndSaturates) {
  const MxCase& c = GetParam();
  const int codes = 1 << c.bits;
  for (int code = 0; code < codes; ++code) {
    EXPECT_EQ(c.encode(static_cast<float>(c.reference(static_cast<uint8_t>(code)))), code) << c.name;
  }
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> dist(-1.5 * c.max_finite, 1.5 * c.max_finite);
  for (int n = 0; n < 5000; ++n) {
    const auto x = static_cast<float>(dist(rng));
    int best = -1;
    double best_err = 0;
    for (int code = 0; code < codes; ++code) {
      const double v = c.reference(static_cast<uint8_t>(code));
      if ((v > 0 && x < 0) || (v < 0 && x > 0) || (v == 0 && std::signbit(v) != std::signbit(x))) continue;
      const double err = std::fabs(v - x);
      if (best < 0 || err < best_err || (err == best_err && (code & 1) == 0)) {
        best = code;
        best_err = err;
      }
    }
    EXPECT_EQ(c.encode(x), best) << c.name << " x=" << x;  // beyond max the nearest is +-max
  }
}

std::string case_name(const ::testing::TestParamInfo<MxCase>& param_info) { return param_info.param.name; }

INSTANTIATE_TEST_SUITE_P(AllFormats, MxTest, ::testing::ValuesIn(kMxCases), case_name);

TEST(E8M0, IsAPowerOfTwoScale) {
  for (int code = 0; code < 255; ++code) {
    EXPECT_EQ(static_cast<double>(ingot::emu::e8m0_to_f32(static_cast<uint8_t>(code))),
              std::ldexp(1.0, code - 127))
        << code;
  }
  EXPECT_TRUE(std::isnan(ingot::emu::e8m0_to_f32(0xFF)));
}

}  // namespace
