// Runs workgroups: initial wave state, the wave interleaving, barriers, and fault messages.
#pragma once

#include <cstdint>

#include "ingot/status.h"
#include "ingot_emu/emulator.h"
#include "ingot_emu/launch_profile.h"
#include "wave.h"

namespace ingot::emu {

struct ScheduleOptions {
  Schedule schedule = Schedule::kDeterministic;
  uint64_t seed = 1;
  uint64_t max_instructions_per_wave = 0;
};

// Runs one workgroup to completion, adding its counts to `profile`. `waves` is scratch storage the
// caller reuses between workgroups (one per host thread).
Status run_workgroup(const LaunchContext& launch, uint64_t linear_index, const ScheduleOptions& options,
                     std::vector<Wave>& waves, Workgroup& group, LaunchProfile& profile);

// Sets a wave's registers as the hardware does at dispatch (user/system SGPRs, v0 ids, EXEC, MODE).
void init_wave_state(const LaunchContext& launch, const Workgroup& group, uint32_t wave_in_group,
                     Wave& wave);

}  // namespace ingot::emu
