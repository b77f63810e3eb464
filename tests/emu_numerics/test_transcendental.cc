// Transcendentals: within 1 ULP (the ISA's bound) of a long-double reference, IEEE special cases, and
// denormal handling per MODE.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "ingot_emu/number_formats.h"
#include "ingot_emu/transcendental.h"

namespace {

using namespace ingot::emu;

// Distance in f32 ULPs between a float and an exact value.
double ulp_error(float got, long double exact) {
  const auto want = static_cast<float>(exact);
  const float ulp = std::nextafter(std::fabs(want), std::numeric_limits<float>::infinity()) - std::fabs(want);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / ulp);
}

TEST(Transcendental, F32WithinOneUlp) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> exp_arg(-120.0f, 120.0f);
  std::uniform_real_distribution<float> exponent(-120.0f, 120.0f);
  const DenormMode keep = DenormMode::keep();
  for (int n = 0; n < 20000; ++n) {
    const float e = exp_arg(rng);
    EXPECT_LE(ulp_error(v_exp_f32(e, keep), std::exp2(static_cast<long double>(e))), 1.0) << e;
    const float x = std::exp2(exponent(rng));
    EXPECT_LE(ulp_error(v_log_f32(x, keep), std::log2(static_cast<long double>(x))), 1.0) << x;
    EXPECT_LE(ulp_error(v_rcp_f32(x, keep), 1.0L / x), 1.0) << x;
    EXPECT_LE(ulp_error(v_rsq_f32(x, keep), 1.0L / std::sqrt(static_cast<long double>(x))), 1.0) << x;
    EXPECT_LE(ulp_error(v_sqrt_f32(x, keep), std::sqrt(static_cast<long double>(x))), 1.0) << x;
  }
}

TEST(Transcendental, IeeeSpecialCases) {
  const DenormMode keep = DenormMode::keep();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(v_log_f32(0.0f, keep), -inf);
  EXPECT_EQ(v_log_f32(-0.0f, keep), -inf);
  EXPECT_TRUE(std::isnan(v_log_f32(-1.0f, keep)));
  EXPECT_EQ(v_log_f32(inf, keep), inf);
  EXPECT_EQ(v_log_f32(1.0f, keep), 0.0f);
  EXPECT_EQ(v_exp_f32(-inf, keep), 0.0f);
  EXPECT_EQ(v_exp_f32(inf, keep), inf);
  EXPECT_EQ(v_exp_f32(0.0f, keep), 1.0f);
  EXPECT_EQ(v_exp_f32(10.0f, keep), 1024.0f);
  EXPECT_EQ(v_rcp_f32(0.0f, keep), inf);
  EXPECT_EQ(v_rcp_f32(-0.0f, keep), -inf);
  EXPECT_EQ(v_rcp_f32(inf, keep), 0.0f);
  EXPECT_EQ(v_rsq_f32(0.0f, keep), inf);
  EXPECT_EQ(v_rsq_f32(-0.0f, keep), -inf);
  EXPECT_TRUE(std::isnan(v_rsq_f32(-4.0f, keep)));
  EXPECT_EQ(v_rsq_f32(4.0f, keep), 0.5f);
  EXPECT_TRUE(std::signbit(v_sqrt_f32(-0.0f, keep)));
  EXPECT_TRUE(std::isnan(v_sqrt_f32(-1.0f, keep)));
  EXPECT_TRUE(std::isnan(v_exp_f32(std::nanf(""), keep)));
}

TEST(Transcendental, DenormalsFollowTheMode) {
  const float denormal = std::ldexp(1.0f, -130);
  EXPECT_EQ(v_sqrt_f32(denormal, DenormMode::keep()), std::sqrt(denormal));
  EXPECT_EQ(v_sqrt_f32(denormal, DenormMode::flush()), 0.0f);
  EXPECT_EQ(v_log_f32(denormal, DenormMode::keep()), -130.0f);
  EXPECT_EQ(v_log_f32(denormal, DenormMode::flush()), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(v_exp_f32(-130.0f, DenormMode::keep()), denormal);
  EXPECT_EQ(v_exp_f32(-130.0f, DenormMode::flush()), 0.0f);
  EXPECT_EQ(DenormMode::from_mode_bits(3).flush_inputs, false);
  EXPECT_EQ(DenormMode::from_mode_bits(0).flush_outputs, true);
}

TEST(Transcendental, F16FormsAreCorrectlyRounded) {
  const DenormMode keep = DenormMode::keep();
  for (uint32_t code = 0x0400; code < 0x7C00; code += 7) {  // positive normal f16
    const auto h = static_cast<uint16_t>(code);
    const double x = f16_to_f32(h);
    const double got = f16_to_f32(v_sqrt_f16(h, keep));
    EXPECT_EQ(got, f16_to_f32(f32_to_f16(static_cast<float>(std::sqrt(x))))) << code;
    if (1.0 / x < std::ldexp(1.0, -14)) continue;  // f16-denormal results have no relative bound
    const double got_rcp = f16_to_f32(v_rcp_f16(h, keep));
    EXPECT_LE(std::fabs(got_rcp - 1.0 / x), std::fabs(1.0 / x) * std::ldexp(1.0, -10)) << code;
  }
  EXPECT_EQ(v_log_f16(0x3C00, keep), 0x0000);  // log2(1) = 0
  EXPECT_EQ(v_exp_f16(0x4000, keep), 0x4400);  // 2^2 = 4
}

}  // namespace
