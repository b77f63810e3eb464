// Wave interleaving: round-robin is deterministic (the last wave's LDS write wins); the seeded random
// schedule exposes the race (some workgroup sees another winner) and repeats exactly for a seed,
// whatever the number of host threads.
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr uint32_t kGroups = 16, kItems = 256;

std::vector<uint32_t> run_race(Target target, Schedule schedule, uint64_t seed, uint32_t threads) {
  Emulator emu(EmulatorOptions{.target = target, .host_threads = threads, .schedule = schedule, .seed = seed});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kGroups * kItems, 0xffffffff));
  auto profile = run_kernel(emu, "lds_race", {kGroups, 1, 1}, {kItems, 1, 1}, kernargs({out.address}));
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
  return download(emu, out);
}

class ScheduleTest : public ::testing::TestWithParam<Target> {};

TEST_P(ScheduleTest, RoundRobinIsDeterministic) {
  const std::vector<uint32_t> got = run_race(GetParam(), Schedule::kDeterministic, 0, 1);
  for (uint32_t value : got) EXPECT_EQ(value, 192u);  // wave 3 (first work-item 192) writes last
  EXPECT_EQ(run_race(GetParam(), Schedule::kDeterministic, 0, 2), got);
}

TEST_P(ScheduleTest, RandomScheduleRepeatsForASeedAndExposesTheRace) {
  const std::vector<uint32_t> first = run_race(GetParam(), Schedule::kRandom, 1234, 1);
  EXPECT_EQ(run_race(GetParam(), Schedule::kRandom, 1234, 1), first);
  EXPECT_EQ(run_race(GetParam(), Schedule::kRandom, 1234, 2), first);
  bool saw_other_winner = false;
  for (uint32_t value : first) saw_other_winner |= value != 192u;
  EXPECT_TRUE(saw_other_winner) << "16 workgroups with 4 racing waves all ended like round-robin";
  for (uint32_t value : first) EXPECT_TRUE(value == 0 || value == 64 || value == 128 || value == 192) << value;
}

INGOT_FOR_BOTH_TARGETS(ScheduleTest);

}  // namespace
}  // namespace ingot::emu::testing
