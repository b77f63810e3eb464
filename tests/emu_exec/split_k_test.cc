// Cross-workgroup ordering for split-K reductions: workgroups on different host threads store
// partials, wait (vmcnt(0)), release (buffer_wbl2 sc1), and bump a counter with a returning atomic;
// the one that gets groups-1 back acquires (buffer_inv sc1), sums all partials in workgroup order and
// resets the counter. Every partial must be visible to that last arriver whatever the arrival order,
// so the result equals a host sum in the same order bit for bit, for any thread count and seed. Two
// kernels: split_k_reduce (global_store / global_atomic_add sc0 / global_load) and
// split_k_reduce_buffer (the same through MUBUF: buffer_store / buffer_atomic_add sc0 / buffer_load).
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class SplitK : public ::testing::TestWithParam<Target> {};

TEST_P(SplitK, LastArriverSeesEveryPartialForAnyScheduleAndThreadCount) {
  const uint32_t groups = 24;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> value(-100.0f, 100.0f);
  std::vector<float> inputs(groups * 64);
  for (float& x : inputs) x = value(rng);
  std::vector<float> expected(64, 0.0f);
  for (uint32_t g = 0; g < groups; ++g) {
    for (int lane = 0; lane < 64; ++lane) expected[size_t(lane)] += 1.5f * inputs[g * 64 + size_t(lane)];
  }
  for (const char* kernel : {"split_k_reduce", "split_k_reduce_buffer"}) {
    for (uint32_t threads : {1u, 2u, 3u, 8u}) {
      for (uint64_t seed = 1; seed <= 12; ++seed) {
        Emulator emu(EmulatorOptions{
            .target = GetParam(), .host_threads = threads, .schedule = Schedule::kRandom, .seed = seed});
        DeviceArray<float> in = upload(emu, inputs);
        DeviceArray<float> partials = upload(emu, std::vector<float>(groups * 64, 0.0f));
        DeviceArray<uint32_t> counter = upload(emu, std::vector<uint32_t>{0});
        DeviceArray<float> result = upload(emu, std::vector<float>(64, -1.0f));
        auto profile = run_kernel(emu, kernel, {groups, 1, 1}, {64, 1, 1},
                                  kernargs({in.address, partials.address, counter.address, result.address, groups}));
        ASSERT_TRUE(profile.is_ok()) << kernel << ": " << profile.status().to_string();
        EXPECT_EQ(download(emu, result), expected) << kernel << ", " << threads << " threads, seed " << seed;
        EXPECT_EQ(download(emu, counter)[0], 0u) << kernel << ": the last arriver leaves the counter at zero";
      }
    }
  }
}

INGOT_FOR_BOTH_TARGETS(SplitK);

}  // namespace
}  // namespace ingot::emu::testing
