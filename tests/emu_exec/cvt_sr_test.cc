// Stochastic-rounding conversions through LLVM-assembled kernels: gfx950 v_cvt_scalef32_sr_* (FP8, BF8,
// FP4 pairs from f32 / f16 / bf16), v_cvt_sr_{fp8,bf8,f16,bf16}_f32, and gfx942 v_cvt_sr_{fp8,bf8}_f32
// (FNUZ), each without and with MODE.FP16_OVFL, against cvt_narrow_reference.h (neighbours found by
// searching the target's codes; the seed's top F bits added to the fraction truncated to F bits).
// Inputs: every code of the FP8 / FP4 grids, the ties between them and one f32 ulp either side, at
// five scales, with seeds 0, ~0, 0x80000000, 0x7fffffff and random ones, plus NaN, inf, zeros,
// denormals, 0x00 / 0xFF scale exponents and random bit patterns (make_inputs).
#include "cvt_narrow_reference.h"

namespace ingot::emu::testing {
namespace {

using namespace narrow_ref;

uint32_t byte_at(uint32_t w, int b) { return (w >> (8 * b)) & 0xffu; }

class CvtSr : public ::testing::TestWithParam<bool> {};  // param: MODE.FP16_OVFL set

TEST_P(CvtSr, Gfx950StochasticConversionsMatchTheDefinition) {
  const bool sat = GetParam();
  const Inputs in = make_inputs(11);
  const size_t n = in.size();
  const Results got = run(ingot::emu::Target::kGfx950, sat ? "cvt_narrow_sat" : "cvt_narrow", in, 18);
  auto sr = [](uint32_t seed, int f) { return Rounding{true, seed, f}; };
  int checked = 0;
  for (size_t i = 0; i < n; ++i) {
    SCOPED_TRACE("element " + std::to_string(i) + " a=0x" + std::to_string(in.a[i]) + " seed=" + std::to_string(in.seed[i]) +
                 " scale=" + std::to_string(in.scale[i]));
    const double a = as_float(in.a[i]), b = as_float(in.b[i]);
    const double h0 = f16_value(in.h[i] & 0xffff), h1 = f16_value(in.h[i] >> 16);
    const double g0 = bf16_value(in.g[i] & 0xffff), g1 = bf16_value(in.g[i] >> 16);
    const uint32_t s = in.scale[i], seed = in.seed[i];
    // Scaled, one element to a byte (the other bytes of the pre-filled destination are kept).
    EXPECT_TRUE(same_code(kE4M3, byte_at(got(6, i), 1), narrow(kE4M3, unscale(a, s), sat, sr(seed, 20)))) << "sr_fp8_f32";
    EXPECT_EQ(got(6, i) & 0xffff00ffu, 0x11220044u);
    EXPECT_TRUE(same_code(kE5M2, byte_at(got(7, i), 3), narrow(kE5M2, unscale(a, s), sat, sr(seed, 21)))) << "sr_bf8_f32";
    EXPECT_EQ(got(7, i) & 0x00ffffffu, 0x00667788u);
    EXPECT_TRUE(same_code(kE4M3, byte_at(got(8, i), 0), narrow(kE4M3, unscale(h0, s), sat, sr(seed, 7)))) << "sr_fp8_f16";
    EXPECT_EQ(got(8, i) & 0xffffff00u, 0x99aabb00u);
    EXPECT_TRUE(same_code(kE5M2, byte_at(got(9, i), 2), narrow(kE5M2, unscale(g0, s), sat, sr(seed, 5)))) << "sr_bf8_bf16";
    EXPECT_EQ(got(9, i) & 0xff00ffffu, 0x11003344u);
    // Scaled FP4 pairs (one seed for both elements; element 0 in the low nibble).
    const uint32_t fp4_f32 = narrow(kE2M1, unscale(a, s), sat, sr(seed, 22)) | narrow(kE2M1, unscale(b, s), sat, sr(seed, 22)) << 4;
    EXPECT_EQ(got(10, i), (0x55667788u & ~0xff00u) | fp4_f32 << 8) << "sr_pk_fp4_f32";
    const uint32_t fp4_bf16 = narrow(kE2M1, unscale(g0, s), sat, sr(seed, 6)) | narrow(kE2M1, unscale(g1, s), sat, sr(seed, 6)) << 4;
    EXPECT_EQ(got(11, i), (0x99aabbccu & ~0xff0000u) | fp4_bf16 << 16) << "sr_pk_fp4_bf16";
    const uint32_t fp4_f16 = narrow(kE2M1, unscale(h0, s), sat, sr(seed, 9)) | narrow(kE2M1, unscale(h1, s), sat, sr(seed, 9)) << 4;
    EXPECT_EQ(got(16, i), (0x55667788u & ~0xffu) | fp4_f16) << "sr_pk_fp4_f16";
    // Unscaled.
    EXPECT_TRUE(same_code(kE4M3, byte_at(got(12, i), 2), narrow(kE4M3, a, sat, sr(seed, 20)))) << "v_cvt_sr_fp8_f32";
    EXPECT_EQ(got(12, i) & 0xff00ffffu, 0x11003344u);
    EXPECT_TRUE(same_code(kE5M2, byte_at(got(13, i), 0), narrow(kE5M2, a, sat, sr(seed, 21)))) << "v_cvt_sr_bf8_f32";
    EXPECT_EQ(got(13, i) & 0xffffff00u, 0x55667700u);
    const float af = as_float(in.a[i]);
    if (std::isnan(af)) {
      EXPECT_TRUE(std::isnan(f16_value(got(14, i) >> 16))) << "v_cvt_sr_f16_f32";
      EXPECT_TRUE(std::isnan(bf16_value(got(15, i) & 0xffff))) << "v_cvt_sr_bf16_f32";
    } else {
      EXPECT_EQ(got(14, i) >> 16, narrow_half(false, af, seed, sat)) << "v_cvt_sr_f16_f32";
      EXPECT_EQ(got(15, i) & 0xffff, narrow_half(true, af, seed, sat)) << "v_cvt_sr_bf16_f32";
    }
    EXPECT_EQ(got(14, i) & 0xffff, 0xbbccu);
    EXPECT_EQ(got(15, i) >> 16, 0x1122u);
    ++checked;
    if (::testing::Test::HasFailure()) break;  // one element's worth of messages is enough
  }
  EXPECT_GT(checked, 10000);
}

INSTANTIATE_TEST_SUITE_P(Fp16Ovfl, CvtSr, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) { return p.param ? "saturating" : "non_saturating"; });

class CvtSrFnuz : public ::testing::TestWithParam<bool> {};

TEST_P(CvtSrFnuz, Gfx942StochasticConversionsMatchTheDefinition) {
  const bool sat = GetParam();
  const Inputs in = make_inputs(12);
  const size_t n = in.size();
  const Results got = run(ingot::emu::Target::kGfx942, sat ? "cvt_sr_fnuz_sat" : "cvt_sr_fnuz", in, 3);
  for (size_t i = 0; i < n; ++i) {
    SCOPED_TRACE("element " + std::to_string(i));
    const double a = as_float(in.a[i]);
    const Rounding e4m3{true, in.seed[i], 20}, e5m2{true, in.seed[i], 21};
    EXPECT_TRUE(same_code(kE4M3Fnuz, byte_at(got(0, i), 3), narrow(kE4M3Fnuz, a, sat, e4m3))) << "v_cvt_sr_fp8_f32";
    EXPECT_EQ(got(0, i) & 0x00ffffffu, 0x00223344u);
    EXPECT_TRUE(same_code(kE5M2Fnuz, byte_at(got(1, i), 1), narrow(kE5M2Fnuz, a, sat, e5m2))) << "v_cvt_sr_bf8_f32";
    EXPECT_EQ(got(1, i) & 0xffff00ffu, 0x55660088u);
    EXPECT_TRUE(same_code(kE4M3Fnuz, byte_at(got(2, i), 0), narrow(kE4M3Fnuz, -a, sat, e4m3))) << "neg modifier";
    EXPECT_EQ(got(2, i) & 0xffffff00u, 0x99aabb00u);
    if (::testing::Test::HasFailure()) break;
  }
}

INSTANTIATE_TEST_SUITE_P(Fp16Ovfl, CvtSrFnuz, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) { return p.param ? "saturating" : "non_saturating"; });

// Modifiers no source settles stop the kernel with an error naming the instruction (not a guess).
TEST(CvtSrModifiers, UnsettledModifierIsNotEmulated) {
  Emulator emu(EmulatorOptions{.target = ingot::emu::Target::kGfx950});
  auto profile = run_kernel(emu, "cvt_narrow_unsettled", {1, 1, 1}, {64, 1, 1}, kernargs({}));
  ASSERT_FALSE(profile.is_ok());
  EXPECT_EQ(profile.status().code(), StatusCode::kUnsupported) << profile.status().to_string();
  EXPECT_NE(profile.status().to_string().find("v_cvt_scalef32_sr_fp8_f16"), std::string::npos);
  EXPECT_NE(profile.status().to_string().find("op_sel[0]"), std::string::npos);
}

// Hand-checked against the definition: 1.0625 is halfway between E4M3 1.0 (0x38) and 1.125 (0x39);
// with F = 20 the fraction is 2^19, so seed 0x80000000 (top 20 bits 2^19) carries and 0x7fffffff does
// not. 480 is one step past E4M3's 448: non-saturating it is NaN 0x7F, saturating 0x7E.
TEST(CvtSrReference, HandCheckedVectors) {
  EXPECT_EQ(narrow(kE4M3, 1.0625, false, {true, 0x80000000u, 20}), 0x39u);
  EXPECT_EQ(narrow(kE4M3, 1.0625, false, {true, 0x7fffffffu, 20}), 0x38u);
  EXPECT_EQ(narrow(kE4M3, 470.0, false, {}), 0x7Fu);
  EXPECT_EQ(narrow(kE4M3, -470.0, true, {}), 0xFEu);
  EXPECT_EQ(narrow(kE5M2, 61440.0, false, {}), 0x7Cu);  // tie between 57344 (odd) and 65536: inf
  EXPECT_EQ(narrow(kE4M3Fnuz, -1e9, false, {}), 0x80u);
  EXPECT_EQ(narrow(kE2M1, 5.0, false, {}), 0x6u);       // tie between 4 (0x6, even) and 6 (0x7)
}

}  // namespace
}  // namespace ingot::emu::testing
