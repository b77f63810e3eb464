// v_cmpx (EXEC and VCC), VOP3 op_sel on a 16-bit op (source half and destination half), and the VOP3
// form of v_cndmask with a negated source.
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class ValuMisc : public ::testing::TestWithParam<Target> {};

TEST_P(ValuMisc, CmpxOpSelCndmask) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 4, 0));
  auto profile = run_kernel(emu, "valu_misc", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  uint64_t above_40 = 0;
  for (int l = 41; l < 64; ++l) above_40 |= uint64_t{1} << l;
  for (uint32_t l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    EXPECT_EQ(r[l], l > 40 ? 1u : 5u);
    EXPECT_EQ(r[64 + l], static_cast<uint32_t>(above_40 >> 32));
    EXPECT_EQ(r[128 + l], 0x4800abcdu);  // f16 8.0 = 2.0 * 4.0 in the high half, low half kept
    const float value = static_cast<float>(l);
    EXPECT_EQ(as_float(r[192 + l]), (l & 1) ? -value : value);
  }
}

INGOT_FOR_BOTH_TARGETS(ValuMisc);

}  // namespace
}  // namespace ingot::emu::testing
