// What one emulated launch did: exact counts from the emulator (not GPU measurements).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ingot_emu/timing.h"

namespace ingot::emu {

// Instruction issues summed over all waves, by class.
struct InstructionMix {
  uint64_t salu = 0;    // scalar ALU, including s_waitcnt / s_nop / s_barrier
  uint64_t valu = 0;    // vector ALU other than MFMA (includes lane ops and v_accvgpr_*)
  uint64_t mfma = 0;
  uint64_t lds = 0;     // DS instructions
  uint64_t vmem = 0;    // buffer / global / flat / scratch
  uint64_t smem = 0;    // scalar memory
  uint64_t branch = 0;  // s_branch, s_cbranch_*, s_setpc / s_swappc
  uint64_t total() const { return salu + valu + mfma + lds + vmem + smem + branch; }
};

struct LaunchProfile {
  std::string kernel;
  std::string arch;
  uint64_t workgroups = 0;
  uint64_t waves = 0;
  InstructionMix instructions;

  // MFMA: busy cycles = passes x 4 per MFMA from the shape table; flops = 2*M*N*K*blocks per MFMA.
  uint64_t mfma_busy_cycles = 0;
  uint64_t mfma_flops = 0;

  // LDS: extra cycles lost to bank conflicts (lanes of one phase hitting one bank at different
  // dwords), summed over DS instructions; and how many DS instructions had any.
  uint64_t lds_bank_conflict_cycles = 0;
  uint64_t lds_conflicted_instructions = 0;

  // Global memory (buffer, global, flat): bytes the lanes asked for, and the 64-byte segments
  // those requests touched (a segment counted once per instruction). Out-of-range buffer dwords
  // (offset past num_records) are neither fetched nor written by hardware and are not counted.
  uint64_t global_bytes_read = 0;
  uint64_t global_bytes_written = 0;
  uint64_t global_segments = 0;
  uint64_t global_segment_bytes_used = 0;  // distinct bytes used within those segments
  double segment_efficiency() const {
    return global_segments == 0 ? 1.0
                                : static_cast<double>(global_segment_bytes_used) /
                                      static_cast<double>(global_segments * 64);
  }

  // Resources, from the kernel descriptor (allocation) and the launch.
  uint32_t vgprs = 0;        // arch VGPRs allocated
  uint32_t agprs = 0;
  uint32_t sgprs = 0;
  uint32_t lds_bytes = 0;    // static + dynamic per workgroup
  uint32_t waves_per_workgroup = 0;

  // Occupancy: waves per SIMD the resources allow, and what limits it.
  uint32_t waves_per_simd = 0;
  std::string occupancy_limiter;  // "vgprs", "sgprs", "lds", "workgroup size", "hardware"
  // Workgroups one CU holds at once (at least 1). Not waves_per_simd * SIMDs / waves_per_workgroup: LDS
  // limits workgroups, not waves per SIMD, so three one-wave workgroups per CU are 3/4 of a wave per SIMD,
  // which waves_per_simd rounds down.
  uint32_t workgroups_per_cu = 0;

  // Missing wait states reported as warnings (EmulatorOptions::wait_states), once per PC: the first
  // violation's message, in PC order.
  struct WaitStateWarning {
    uint64_t pc = 0;
    std::string message;
  };
  std::vector<WaitStateWarning> wait_state_warnings;

  // EmulatorOptions::timing: the launch's MODELED time (emu/timing), not a measurement.
  std::optional<ModeledTiming> timing;
  // With it, the traced workgroups' traces (ascending index, workgroup 0 first; EmulatorOptions::
  // timing_workgroups), so a caller can re-model another grid (model_traced_launch, model_bench_launch).
  std::vector<TracedWorkgroup> traced_workgroups;

  std::string to_text() const;
};

}  // namespace ingot::emu
