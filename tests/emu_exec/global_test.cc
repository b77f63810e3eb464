// Global atomics across lanes, waves and workgroups (and host threads): f32 add of 1.0 from every
// lane sums exactly; u32 add with return hands out every ticket once. Out-of-bounds access is a
// fault naming lane and address, never a host crash.
#include <algorithm>
#include <numeric>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Global : public ::testing::TestWithParam<Target> {};

TEST_P(Global, AtomicsFromEveryLane) {
  for (uint32_t threads : {1u, 2u}) {
    Emulator emu(EmulatorOptions{.target = GetParam(), .host_threads = threads});
    const uint32_t groups = 8;
    DeviceArray<float> sum = upload(emu, std::vector<float>{0.0f});
    DeviceArray<uint32_t> counter = upload(emu, std::vector<uint32_t>{0});
    DeviceArray<uint32_t> tickets = upload(emu, std::vector<uint32_t>(groups * 64, 0));
    auto profile = run_kernel(emu, "global_atomic", {groups, 1, 1}, {64, 1, 1},
                              kernargs({sum.address, counter.address, tickets.address}));
    ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
    EXPECT_EQ(download(emu, sum)[0], static_cast<float>(groups * 64));
    EXPECT_EQ(download(emu, counter)[0], groups * 64);
    std::vector<uint32_t> got = download(emu, tickets);
    std::sort(got.begin(), got.end());
    std::vector<uint32_t> expected(groups * 64);
    std::iota(expected.begin(), expected.end(), 0u);
    EXPECT_EQ(got, expected);
  }
}

TEST_P(Global, OutOfBoundsStoreIsReportedNotACrash) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> small = upload(emu, std::vector<uint32_t>(64, 0));  // 256 bytes
  auto profile = run_kernel(emu, "oob_global", {1, 1, 1}, {64, 1, 1}, kernargs({small.address}));
  ASSERT_FALSE(profile.is_ok());
  const Status& status = profile.status();
  EXPECT_EQ(status.code(), StatusCode::kEmulatorFault);
  // Lane 32 is the first past the end: it stores at base + 256.
  char address[32];
  std::snprintf(address, sizeof address, "0x%llx", static_cast<unsigned long long>(small.address + 256));
  EXPECT_NE(status.message().find("lane 32"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find(address), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("oob_global"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("pc 0x"), std::string::npos) << status.message();
}

INGOT_FOR_BOTH_TARGETS(Global);

}  // namespace
}  // namespace ingot::emu::testing
