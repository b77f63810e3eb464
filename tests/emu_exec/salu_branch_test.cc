// Scalar ALU, SCC, branches, EXEC manipulation and s_getpc/s_setpc: expected values are written out
// from the ISA's definitions here, not taken from the emulator.
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class SaluBranch : public ::testing::TestWithParam<Target> {};

TEST_P(SaluBranch, ComputesScalarResults) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(16, 0));
  const uint32_t n = 10;
  auto profile = run_kernel(emu, "salu_branch", {1, 1, 1}, {64, 1, 1}, kernargs({out.address, n}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  EXPECT_EQ(r[0], n * (n + 1) / 2);
  EXPECT_EQ(r[1], 7u);                                  // 0xffffffff + 2 carries
  EXPECT_EQ(r[2], (0x12345678u >> 8) & 0xfffu);
  EXPECT_EQ(r[3], 8u);
  EXPECT_EQ(r[4], 8u + 3u);                             // popcount(0xf0f0) + popcount(7)
  EXPECT_EQ(static_cast<int32_t>(r[5]), -64 >> 3);
  EXPECT_EQ(r[6], static_cast<uint32_t>((uint64_t{0x12345678} * 0x87654321u) >> 32));
  EXPECT_EQ(r[7], 11u);
  EXPECT_EQ(r[8], (n << 2) + 5);
  EXPECT_EQ(r[9], static_cast<uint32_t>((uint64_t{3} << 33) >> 32));
  EXPECT_EQ(r[10], 4u);                                 // 5 - 0 - borrow(0 - 1)
  EXPECT_EQ(r[11], 0u);                                 // EXEC was empty: store skipped
  EXPECT_EQ(r[12], 42u);
  EXPECT_GT(profile->instructions.salu, 0u);
  EXPECT_GT(profile->instructions.branch, 0u);
}

INGOT_FOR_BOTH_TARGETS(SaluBranch);

}  // namespace
}  // namespace ingot::emu::testing
