// The executor's only contact with the timing mode (emu/timing): when a wave carries a trace, each
// executed instruction is appended to it as a TimingOp. Waves without a trace pay one null test.
#pragma once

#include <cstdint>

#include "ingot_emu/inst.h"
#include "ingot_emu/launch_profile.h"
#include "wave.h"

namespace ingot::emu {

// Profile counters read before the handler runs: their increase is this instruction's share.
struct TimingSnapshot {
  uint64_t mfma_busy_cycles = 0;
  uint64_t lds_conflict_cycles = 0;
  uint64_t global_bytes = 0;
};

TimingSnapshot timing_snapshot(const LaunchProfile& profile);
void record_timing(Wave& wave, const Inst& inst, const TimingSnapshot& before);

}  // namespace ingot::emu
