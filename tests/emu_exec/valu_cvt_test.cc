// FP8 / BF8 conversions read the same bytes differently per chip (isa-notes "FP8"): gfx942 uses FNUZ
// (e4m3 max 240, overflow -> NaN), gfx950 OCP (e4m3 max 448; e5m2 has inf). Spot values from the
// format tables: 300 rounds to 288 in OCP e4m3 (spacing 32 above 256) and overflows FNUZ e4m3.
#include <cmath>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class ValuCvt : public ::testing::TestWithParam<Target> {};

TEST_P(ValuCvt, Fp8RoundTripsPerTarget) {
  const bool ocp = GetParam() == Target::kGfx950;
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::vector<float> a(64, 0.0f);
  a[0] = 1.0f;
  a[1] = -0.5f;
  a[2] = 240.0f;
  a[3] = 300.0f;
  a[4] = 448.0f;
  a[5] = 0.1f;
  DeviceArray<float> da = upload(emu, a);
  DeviceArray<float> out = upload(emu, std::vector<float>(128, -7.0f));
  auto profile = run_kernel(emu, "fp8_convert", {1, 1, 1}, {64, 1, 1}, kernargs({da.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<float> r = download(emu, out);
  EXPECT_EQ(r[0], 1.0f);
  EXPECT_EQ(r[1], -0.5f);
  EXPECT_EQ(r[2], 240.0f);
  if (ocp) {
    EXPECT_EQ(r[3], 288.0f);
    EXPECT_EQ(r[4], 448.0f);
  } else {
    EXPECT_TRUE(std::isnan(r[3])) << r[3];
    EXPECT_TRUE(std::isnan(r[4])) << r[4];
  }
  // 0.1 in e4m3: nearest is 0.1015625 (1.625 * 2^-4) in both (bias differs, range covers it).
  EXPECT_EQ(r[5], 0.1015625f);
  // bf8 (e5m2): 300 -> 320 (spacing 64 above 256) on both; 1.0 exact.
  EXPECT_EQ(r[64 + 0], 1.0f);
  EXPECT_EQ(r[64 + 3], 320.0f);
  EXPECT_EQ(r[64 + 6], 0.0f);
}

INGOT_FOR_BOTH_TARGETS(ValuCvt);

}  // namespace
}  // namespace ingot::emu::testing
