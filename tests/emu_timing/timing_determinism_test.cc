// A timing-mode launch models the same cycles whatever the emulator's host-thread count. The traces the
// model replays are what the functional run executed; with several host threads that depends on the
// threads' race (a spin-wait's iterations, which split-K split arrives last), so the emulator runs
// timing-mode launches on one host thread. Before it did, the spinning wave below executed 524294
// instructions on one thread and 6-29 thousand on two (three runs per arch, each failing), and the
// modeled cycles differed accordingly (86.0 M against 1.1-4.0 M on gfx942).
#include <cstdint>
#include <vector>

#include "emu_test_support.h"
#include "ingot_emu/timing.h"

namespace ingot::emu::testing {
namespace {

class TimingDeterminism : public ::testing::TestWithParam<Target> {};

struct SpinLaunch {
  uint64_t cycles = 0;
  size_t spinner_trace = 0;  // instructions workgroup 0's wave executed (and the model replayed)
};

SpinLaunch spin_partner_launch(Target target, uint32_t host_threads) {
  Emulator emu(EmulatorOptions{.target = target, .host_threads = host_threads, .timing = true,
                               .timing_all_workgroups = true});
  DeviceArray<uint32_t> flag = upload(emu, std::vector<uint32_t>{0});
  auto profile = run_kernel(emu, "timing_spin_partner", {2, 1, 1}, {64, 1, 1}, kernargs({flag.address}));
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
  SpinLaunch out;
  if (!profile.is_ok() || !profile->timing || profile->traced_workgroups.size() != 2) {
    ADD_FAILURE() << "no timing or not both workgroups traced";
    return out;
  }
  EXPECT_EQ(download(emu, flag).front(), 1u);  // workgroup 1 ran and set it
  out.cycles = profile->timing->cycles_per_round;
  out.spinner_trace = profile->traced_workgroups.front().waves.front().size();
  return out;
}

TEST_P(TimingDeterminism, SpinWaitModelsTheSameOnOneAndTwoHostThreads) {
  const SpinLaunch one = spin_partner_launch(GetParam(), 1);
  const SpinLaunch two = spin_partner_launch(GetParam(), 2);
  EXPECT_EQ(one.spinner_trace, two.spinner_trace) << "the spinning workgroup executed differently";
  EXPECT_EQ(one.cycles, two.cycles);
  EXPECT_GT(one.cycles, 0u);
}

INGOT_FOR_BOTH_TARGETS(TimingDeterminism);

}  // namespace
}  // namespace ingot::emu::testing
