// Float VALU with VOP3 modifiers (neg, abs, clamp, omod), f16 and packed math, DPP (row_shr with and
// without bound_ctrl, quad_perm, row_mirror, row_bcast:15 with a row mask) and SDWA selects. The
// reference is host float arithmetic; inputs are small multiples of 1/4 so f16 results are exact.
#include <cmath>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

// f16 -> float for normal numbers and zero (all this test produces), written from the IEEE layout.
float half_to_float(uint16_t h) {
  const int sign = h >> 15, exponent = (h >> 10) & 31, mantissa = h & 1023;
  if (exponent == 0 && mantissa == 0) return sign ? -0.0f : 0.0f;
  const float value = std::ldexp(1.0f + static_cast<float>(mantissa) / 1024.0f, exponent - 15);
  return sign ? -value : value;
}

class ValuFloat : public ::testing::TestWithParam<Target> {};

TEST_P(ValuFloat, ModifiersPackedDppSdwa) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::vector<float> a(64), b(64);
  for (int l = 0; l < 64; ++l) {
    a[l] = static_cast<float>((l * 7) % 65 - 32) / 4.0f;  // [-8, 8] in steps of 1/4
    b[l] = static_cast<float>((l * 11) % 33 - 16) / 4.0f;
  }
  DeviceArray<float> da = upload(emu, a), db = upload(emu, b);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 16, 0));
  auto profile = run_kernel(emu, "valu_float", {1, 1, 1}, {64, 1, 1}, kernargs({da.address, db.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  auto f = [&](int k, int l) { return as_float(r[k * 64 + l]); };
  for (int l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const float x = a[l], y = b[l];
    EXPECT_EQ(f(0, l), std::fma(x, y, 1.0f));
    EXPECT_EQ(f(1, l), std::fma(-x, std::fabs(y), 0.5f));
    EXPECT_EQ(f(2, l), std::fmin(std::fmax(x + y, 0.0f), 1.0f));
    EXPECT_EQ(f(3, l), x * y * 2.0f);
    EXPECT_EQ(f(4, l), std::fmax(x, y));
    EXPECT_NEAR(f(5, l), std::exp2(x), std::exp2(x) * 1e-6f);
    EXPECT_EQ(f(6, l), x + y);
    const uint32_t packed = r[7 * 64 + l];
    EXPECT_EQ(half_to_float(static_cast<uint16_t>(packed)), x * x + x);
    EXPECT_EQ(half_to_float(static_cast<uint16_t>(packed >> 16)), y * y + y);
    EXPECT_EQ(f(8, l), y * y);
    const int in_row = l % 16;
    EXPECT_EQ(r[9 * 64 + l], in_row == 0 ? 0u : float_bits(a[l - 1]));
    EXPECT_EQ(f(10, l), a[l ^ 1] + y);
    EXPECT_EQ(f(11, l), a[l - in_row + 15 - in_row]);
    const int row = l / 16;
    EXPECT_EQ(r[12 * 64 + l], (row == 1 || row == 3) ? float_bits(a[row * 16 - 1]) : 77u);
    const uint32_t sdwa_sum = ((float_bits(x) >> 8) & 0xff) + (float_bits(y) & 0xffff);
    EXPECT_EQ(r[13 * 64 + l], ((sdwa_sum & 0xffff) << 16) | 0x5678u);
    EXPECT_EQ(static_cast<int32_t>(r[14 * 64 + l]), static_cast<int32_t>(std::trunc(x)));
    EXPECT_EQ(r[15 * 64 + l], in_row == 0 ? 77u : float_bits(a[l - 1]));
  }
}

INGOT_FOR_BOTH_TARGETS(ValuFloat);

}  // namespace
}  // namespace ingot::emu::testing
