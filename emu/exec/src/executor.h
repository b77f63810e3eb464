// Runs workgroups: initial wave state, the wave interleaving, barriers, and fault messages.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "ingot/status.h"
#include "ingot_emu/emulator.h"
#include "ingot_emu/launch_profile.h"
#include "wave.h"

namespace ingot::emu {

struct ScheduleOptions {
  Schedule schedule = Schedule::kDeterministic;
  uint64_t seed = 1;
  uint64_t max_instructions_per_wave = 0;
  // Wall-clock budget (EmulatorOptions::timeout_seconds): the deadline, and the seconds for the message.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  double timeout_seconds = 0;
};

// A workgroup resident on the emulated device: its waves, LDS and scheduling state. A host thread keeps
// several and interleaves them (emulator.cc), so workgroups that wait on each other through memory all
// make progress, as on the GPU. Reused for the next workgroup once this one has ended.
struct ResidentGroup {
  Workgroup group;
  std::vector<Wave> waves;
  size_t count = 0;              // waves in use
  std::mt19937_64 rng;           // Schedule::kRandom, seeded per workgroup
  std::vector<uint32_t> ready;   // scratch for the random schedule
};

// Starts workgroup `linear_index` in `resident` (initial wave state, LDS zeroed); counts it in `profile`,
// which its waves then add to.
Status start_workgroup(const LaunchContext& launch, uint64_t linear_index, const ScheduleOptions& options,
                       ResidentGroup& resident, LaunchProfile& profile);

// Runs the workgroup for about `quantum` more instructions (a random burst may pass it by up to 7), or
// until every wave has ended (`done`). The schedule within the workgroup does not depend on the quantum.
Status run_workgroup_for(const LaunchContext& launch, const ScheduleOptions& options, ResidentGroup& resident,
                         uint64_t quantum, bool& done);

// Sets a wave's registers as the hardware does at dispatch (user/system SGPRs, v0 ids, EXEC, MODE).
void init_wave_state(const LaunchContext& launch, const Workgroup& group, uint32_t wave_in_group,
                     Wave& wave);

}  // namespace ingot::emu
