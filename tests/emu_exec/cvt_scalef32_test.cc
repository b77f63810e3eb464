// gfx950 v_cvt_scalef32_* up-conversions against the format definitions (reference decoders written
// from the OCP FP8 / MX specs, ../emu_numerics/reference_formats.h) times 2^(E-127) for the scale's
// f32 exponent field E, f16 rounding by the compiler's _Float16 and bf16 by a plain RNE on the bits.
// FP4 down-conversions: x / 2^(E-127) to the nearest of the eight E2M1 magnitudes (ties to the even
// code), saturating at 6, NaN (or an E = 0xFF scale) -> sign | 7, found by search over the codes.
// FP8 / BF8 down-conversions: CvtScalef32Down below (cvt_narrow_reference.h).
// Selects as LLVM encodes the intrinsics' byte / word / destination-half arguments (see
// emu/exec/src/valu_cvt_scaled.cc). Hand-checked vectors from the OCP specs: E4M3 0x7E = 448,
// E5M2 0x7B = 57344, E2M1 0x7 = 6.0, E4M3 0x38 = 1.0.
#include <cmath>
#include <cstring>
#include <random>

#include "../emu_numerics/reference_formats.h"
#include "cvt_narrow_reference.h"
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

double scale_of(uint32_t bits) {
  const int e = static_cast<int>((bits >> 23) & 0xff);
  return e == 0xff ? ref::kNaN : std::ldexp(1.0, e - 127);
}
uint32_t f32_of(double v) { return float_bits(static_cast<float>(v)); }
uint32_t f16_of(double v) {
  const _Float16 h = static_cast<_Float16>(static_cast<float>(v));
  uint16_t bits;
  std::memcpy(&bits, &h, 2);
  return bits;
}
uint32_t bf16_of(double v) {
  const uint32_t bits = float_bits(static_cast<float>(v));
  if (std::isnan(static_cast<float>(v))) return 0x7fc0;
  return (bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16;
}
bool is_nan_f16(uint32_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0; }
bool is_nan_bf16(uint32_t h) { return (h & 0x7f80u) == 0x7f80u && (h & 0x7fu) != 0; }

// The E2M1 code nearest to x / scale (ties to the even code), saturating at 6; a NaN input or scale
// gives the input's sign | 7.
uint32_t fp4_nearest(double x, double scale) {
  const uint32_t sign = std::signbit(x) ? 8u : 0u;
  if (std::isnan(x) || std::isnan(scale)) return sign | 7u;
  const double m = std::fabs(x) / scale;
  if (m >= 6.0) return sign | 7u;
  uint32_t best = 0;
  for (uint32_t code = 1; code < 8; ++code) {
    const double d = std::fabs(ref::fp4_e2m1(static_cast<uint8_t>(code)) - m);
    const double best_d = std::fabs(ref::fp4_e2m1(static_cast<uint8_t>(best)) - m);
    if (d < best_d || (d == best_d && code % 2 == 0)) best = code;
  }
  return sign | best;
}
double f16_value(uint32_t h) {
  _Float16 x;
  const uint16_t bits = static_cast<uint16_t>(h);
  std::memcpy(&x, &bits, 2);
  return static_cast<double>(x);
}
double bf16_value(uint32_t h) { return static_cast<double>(as_float(h << 16)); }

uint32_t byte_of(uint32_t w, int b) { return (w >> (8 * b)) & 0xff; }
uint32_t nibble_of(uint32_t w, int n) { return (w >> (4 * n)) & 0xf; }

TEST(CvtScalef32, Gfx950ScaledConversionsMatchFormatDefinitions) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(3);
  std::vector<uint32_t> src(64), scale(64);
  for (int l = 0; l < 64; ++l) {
    src[size_t(l)] = static_cast<uint32_t>(rng());
    // Exponents 100..150 with random mantissa bits (which must not matter).
    scale[size_t(l)] = (static_cast<uint32_t>(100 + rng() % 51) << 23) | (static_cast<uint32_t>(rng()) & 0x7fffffu);
  }
  src[0] = 0x7E7E7E7Eu, scale[0] = float_bits(8.0f);
  src[1] = 0x77777777u, scale[1] = float_bits(0.5f);
  src[2] = 0x7B00007Bu, scale[2] = float_bits(1.0f);
  src[3] = 0x38383838u, scale[3] = 0x7f800000u;  // inf: exponent field 0xFF
  src[4] = 0x38383838u, scale[4] = float_bits(1.5f);
  DeviceArray<uint32_t> d_src = upload(emu, src), d_scale = upload(emu, scale);
  std::vector<float> floats(128);
  for (auto& f : floats) {
    f = std::ldexp(static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 128.0f, static_cast<int>(rng() % 9) - 4);
  }
  floats[4] = -0.25f, floats[5] = 0.75f;  // lane 2 (scale 1): ties to -0 (code 8) and to 1.0 (code 2, even)
  floats[2] = std::nanf(""), floats[3] = -1e30f;  // lane 1: NaN -> 7, overflow saturates to -6 (code 0xF)
  DeviceArray<float> d_floats = upload(emu, floats);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 14, 0));
  auto profile = run_kernel(emu, "cvt_scalef32", {1, 1, 1}, {64, 1, 1},
                            kernargs({d_src.address, d_scale.address, out.address, d_floats.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  auto got = [&](int row, int l) { return r[size_t(row * 64 + l)]; };

  // Hand-checked vectors.
  EXPECT_EQ(as_float(got(0, 0)), 3584.0f);           // E4M3 448 * 8
  EXPECT_EQ(as_float(got(4, 1)), 3.0f);              // E2M1 6.0 * 0.5
  EXPECT_EQ(as_float(got(5, 1)), 3.0f);
  EXPECT_EQ(as_float(got(1, 2)), 57344.0f);          // E5M2 max, byte 3
  EXPECT_TRUE(std::isnan(as_float(got(0, 3))));      // exponent 0xFF scale
  EXPECT_EQ(as_float(got(0, 4)), 1.0f);              // 1.5 scales like 1.0: mantissa ignored
  EXPECT_EQ((got(11, 2) >> 8) & 0xff, 0x28u);        // FP4 ties to even, sign kept on -0
  EXPECT_EQ((got(11, 1) >> 8) & 0xff, 0xF7u);        // NaN -> 7, -2e30 -> -6

  for (int l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const uint32_t w = src[size_t(l)];
    const double s = scale_of(scale[size_t(l)]);
    auto expect_f32 = [&](int row, double v) {
      if (std::isnan(v)) {
        EXPECT_TRUE(std::isnan(as_float(got(row, l)))) << "row " << row;
      } else {
        EXPECT_EQ(got(row, l), f32_of(v)) << "row " << row << " expected " << v;
      }
    };
    auto expect_half = [&](int row, int half, double v, bool bf16) {
      const uint32_t h = (got(row, l) >> (16 * half)) & 0xffff;
      if (std::isnan(v)) {
        EXPECT_TRUE(bf16 ? is_nan_bf16(h) : is_nan_f16(h)) << "row " << row << " half " << half;
      } else {
        EXPECT_EQ(h, bf16 ? bf16_of(v) : f16_of(v)) << "row " << row << " half " << half << " expected " << v;
      }
    };
    expect_f32(0, ref::e4m3fn(static_cast<uint8_t>(byte_of(w, 2))) * s);
    expect_f32(1, ref::e5m2(static_cast<uint8_t>(byte_of(w, 3))) * s);
    expect_f32(2, ref::e4m3fn(static_cast<uint8_t>(byte_of(w, 2))) * s);
    expect_f32(3, ref::e4m3fn(static_cast<uint8_t>(byte_of(w, 3))) * s);
    expect_f32(4, ref::fp4_e2m1(static_cast<uint8_t>(nibble_of(w, 2))) * s);
    expect_f32(5, ref::fp4_e2m1(static_cast<uint8_t>(nibble_of(w, 3))) * s);
    expect_half(6, 0, ref::e5m2(static_cast<uint8_t>(byte_of(w, 0))) * s, false);
    expect_half(6, 1, ref::e5m2(static_cast<uint8_t>(byte_of(w, 1))) * s, false);
    expect_half(7, 0, ref::fp4_e2m1(static_cast<uint8_t>(nibble_of(w, 6))) * s, true);
    expect_half(7, 1, ref::fp4_e2m1(static_cast<uint8_t>(nibble_of(w, 7))) * s, true);
    expect_half(8, 1, ref::e4m3fn(static_cast<uint8_t>(byte_of(w, 1))) * s, false);
    EXPECT_EQ(got(8, l) & 0xffff, 0x5678u) << "the other half of the destination is kept";
    expect_half(9, 0, ref::e5m2(static_cast<uint8_t>(byte_of(w, 2))) * s, true);
    expect_half(9, 1, ref::e5m2(static_cast<uint8_t>(byte_of(w, 3))) * s, true);
    expect_half(10, 0, ref::fp4_e2m1(static_cast<uint8_t>(nibble_of(w, 0))) * s, false);
    expect_half(10, 1, ref::fp4_e2m1(static_cast<uint8_t>(nibble_of(w, 1))) * s, false);
    // Down-conversions: divide by the scale; the other bytes of the destination are kept.
    const uint32_t f32_pair =
        fp4_nearest(floats[2 * size_t(l)], s) | fp4_nearest(floats[2 * size_t(l) + 1], s) << 4;
    EXPECT_EQ(got(11, l), (0x11223344u & ~0xff00u) | f32_pair << 8) << "pk_fp4_f32";
    const uint32_t f16_pair = fp4_nearest(f16_value(w & 0xffff), s) | fp4_nearest(f16_value(w >> 16), s) << 4;
    EXPECT_EQ(got(12, l), (0x55667788u & ~0xff0000u) | f16_pair << 16) << "pk_fp4_f16";
    const uint32_t bf16_pair = fp4_nearest(bf16_value(w & 0xffff), s) | fp4_nearest(bf16_value(w >> 16), s) << 4;
    EXPECT_EQ(got(13, l), bf16_pair << 24) << "pk_fp4_bf16";
  }
}

// FP8 / BF8 / FP4 scaled down-conversions (cvt_narrow kernel, rows 0-5 and 17), without and with
// MODE.FP16_OVFL, against cvt_narrow_reference.h: x / 2^(E-127) rounded once to the nearest code
// (ties to even) found by searching the target's codes; overflow and inf -> E4M3 NaN / E5M2 inf, or
// +-max when saturating; FP4 always saturates. Inputs: every FP8 / FP4 code, the ties between
// neighbours and one f32 ulp either side, at five scales, plus specials (narrow_ref::make_inputs).
class CvtScalef32Down : public ::testing::TestWithParam<bool> {};  // param: MODE.FP16_OVFL set

TEST_P(CvtScalef32Down, Gfx950RoundToNearestMatchesTheDefinition) {
  using namespace narrow_ref;
  const bool sat = GetParam();
  const Inputs in = make_inputs(7);
  const size_t n = in.size();
  const Results got = run(Target::kGfx950, sat ? "cvt_narrow_sat" : "cvt_narrow", in, 18);
  auto pair = [&](const Grid& t, double x0, double x1, uint32_t s, uint32_t word, const char* what) {
    EXPECT_TRUE(same_code(t, word & 0xff, narrow(t, unscale(x0, s), sat, {}))) << what << " element 0";
    EXPECT_TRUE(same_code(t, word >> 8, narrow(t, unscale(x1, s), sat, {}))) << what << " element 1";
  };
  for (size_t i = 0; i < n; ++i) {
    SCOPED_TRACE("element " + std::to_string(i) + " a=" + std::to_string(in.a[i]) + " scale=" + std::to_string(in.scale[i]));
    const double a = as_float(in.a[i]), b = as_float(in.b[i]);
    const double h0 = f16_value(in.h[i] & 0xffff), h1 = f16_value(in.h[i] >> 16);
    const double g0 = bf16_value(in.g[i] & 0xffff), g1 = bf16_value(in.g[i] >> 16);
    const uint32_t s = in.scale[i];
    pair(kE4M3, a, b, s, got(0, i) >> 16, "pk_fp8_f32 (high word)");
    EXPECT_EQ(got(0, i) & 0xffff, 0x3344u);
    pair(kE5M2, a, b, s, got(1, i) & 0xffff, "pk_bf8_f32");
    EXPECT_EQ(got(1, i) >> 16, 0x5566u);
    pair(kE4M3, h0, h1, s, got(2, i) & 0xffff, "pk_fp8_f16");
    EXPECT_EQ(got(2, i) >> 16, 0x99aau);
    pair(kE5M2, g0, g1, s, got(3, i) >> 16, "pk_bf8_bf16 (high word)");
    EXPECT_EQ(got(3, i) & 0xffff, 0x3344u);
    pair(kE4M3, g0, g1, s, got(4, i) & 0xffff, "pk_fp8_bf16");
    EXPECT_EQ(got(4, i) >> 16, 0x5566u);
    pair(kE5M2, h0, h1, s, got(5, i) >> 16, "pk_bf8_f16 (high word)");
    EXPECT_EQ(got(5, i) & 0xffff, 0xbbccu);
    const uint32_t fp4 = narrow(kE2M1, unscale(a, s), sat, {}) | narrow(kE2M1, unscale(b, s), sat, {}) << 4;
    EXPECT_EQ(got(17, i), 0x00aabbccu | fp4 << 24) << "pk_fp4_f32 (byte 3)";
    if (::testing::Test::HasFailure()) break;  // one element's worth of messages is enough
  }
}

INSTANTIATE_TEST_SUITE_P(Fp16Ovfl, CvtScalef32Down, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) { return p.param ? "saturating" : "non_saturating"; });

}  // namespace
}  // namespace ingot::emu::testing
