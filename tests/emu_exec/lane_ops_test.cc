// Lane exchange: v_readlane / v_writelane / v_readfirstlane, ds_swizzle (xor mode), ds_bpermute
// (pull) and ds_permute (push).
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class LaneOps : public ::testing::TestWithParam<Target> {};

TEST_P(LaneOps, MoveDataBetweenLanes) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::vector<uint32_t> a(64);
  for (uint32_t l = 0; l < 64; ++l) a[l] = 1000 + l * l;
  DeviceArray<uint32_t> da = upload(emu, a);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 6, 0));
  auto profile = run_kernel(emu, "lane_ops", {1, 1, 1}, {64, 1, 1}, kernargs({da.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  for (uint32_t l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    EXPECT_EQ(r[0 * 64 + l], l == 9 ? a[5] : 0u);
    EXPECT_EQ(r[1 * 64 + l], a[4]);
    EXPECT_EQ(r[2 * 64 + l], a[l ^ 1]);
    EXPECT_EQ(r[3 * 64 + l], a[(l + 1) % 64]);
    EXPECT_EQ(r[4 * 64 + l], a[(l + 63) % 64]);
  }
}

INGOT_FOR_BOTH_TARGETS(LaneOps);

}  // namespace
}  // namespace ingot::emu::testing
