// Concurrent residency: the emulator keeps as many workgroups resident as occupancy and the modelled CU
// count allow and interleaves them, so workgroups that wait on each other through memory progress as on
// the GPU. kernels/split_k_spin.s: workgroup (0,0,0) waits for its partners' arrivals before it sets the
// flag they spin on; dispatched in index order, a scheduler running one workgroup to completion would spin
// in workgroup 0 forever. Expected values are the kernel's description computed here.
#include <cstdint>
#include <string>
#include <vector>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Residency : public ::testing::TestWithParam<Target> {};

constexpr uint32_t kGroups = 4;

TEST_P(Residency, SplitKPartnersSpinningOnWorkgroupZeroProgress) {
  struct Run {
    uint32_t threads;
    Schedule schedule;
    uint64_t seed;
  };
  for (const Run& r : {Run{1, Schedule::kDeterministic, 1}, Run{1, Schedule::kRandom, 3},
                       Run{2, Schedule::kDeterministic, 1}, Run{2, Schedule::kRandom, 5}}) {
    SCOPED_TRACE("threads " + std::to_string(r.threads) + " seed " + std::to_string(r.seed));
    Emulator emu(EmulatorOptions{.target = GetParam(), .host_threads = r.threads, .schedule = r.schedule,
                                 .seed = r.seed});
    DeviceArray<uint32_t> sync = upload(emu, std::vector<uint32_t>{0, 0});
    DeviceArray<uint32_t> partials = upload(emu, std::vector<uint32_t>(kGroups, 0));
    DeviceArray<uint32_t> result = upload(emu, std::vector<uint32_t>{0xffffffff});
    auto profile = run_kernel(emu, "split_k_spin", {kGroups, 1, 1}, {64, 1, 1},
                              kernargs({sync.address, partials.address, result.address, kGroups - 1}));
    ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
    uint32_t sum = 0;
    for (uint32_t g = 1; g < kGroups; ++g) sum += g + 1;
    EXPECT_EQ(download(emu, result)[0], sum);
    EXPECT_EQ(download(emu, sync), (std::vector<uint32_t>{kGroups - 1, 1}));
    EXPECT_EQ(profile->workgroups, kGroups);
  }
}

// A true livelock: workgroup 0 waits for more partners than exist. The instruction bound ends it, naming the
// spinning wave, its workgroup and PC.
TEST_P(Residency, LivelockIsReportedAfterTheBound) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .max_instructions_per_wave = 100000});
  DeviceArray<uint32_t> sync = upload(emu, std::vector<uint32_t>{0, 0});
  DeviceArray<uint32_t> partials = upload(emu, std::vector<uint32_t>(2, 0));
  DeviceArray<uint32_t> result = upload(emu, std::vector<uint32_t>{0});
  auto profile = run_kernel(emu, "split_k_spin", {2, 1, 1}, {64, 1, 1},
                            kernargs({sync.address, partials.address, result.address, 5}));
  ASSERT_FALSE(profile.is_ok());
  EXPECT_EQ(profile.status().code(), StatusCode::kEmulatorFault);
  const std::string& message = profile.status().message();
  EXPECT_NE(message.find("workgroup (0,0,0), wave 0, pc 0x"), std::string::npos) << message;
  EXPECT_NE(message.find("more than 100000 instructions"), std::string::npos) << message;
}

// Occupancy counts workgroups per CU where LDS limits them: one-wave workgroups of 18688 LDS bytes fit
// 3 per CU on gfx942 (64 KiB in 512-byte units: 18944 each) and 8 on gfx950 (160 KiB in 1280-byte units:
// 19200 each), although 3 waves over 4 SIMDs round down to 0 waves per SIMD (AMDGPUUsage, LDS_SIZE units).
TEST_P(Residency, LdsLimitedOccupancyCountsWorkgroupsPerCu) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 8, 0));
  constexpr uint32_t kTotalLds = 18688;
  auto fixed = run_kernel(emu, "lds_ops", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
  ASSERT_TRUE(fixed.is_ok()) << fixed.status().to_string();
  ASSERT_LT(fixed->lds_bytes, kTotalLds);
  auto profile = run_kernel(emu, "lds_ops", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}),
                            kTotalLds - fixed->lds_bytes);
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  EXPECT_EQ(profile->lds_bytes, kTotalLds);
  EXPECT_EQ(profile->workgroups_per_cu, GetParam() == Target::kGfx950 ? 8u : 3u);
  EXPECT_EQ(profile->occupancy_limiter, "lds");
}

INGOT_FOR_BOTH_TARGETS(Residency);

}  // namespace
}  // namespace ingot::emu::testing
