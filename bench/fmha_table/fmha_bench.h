// One row of the fmha_fwd performance table: select the kernel for a full-size problem, emulate a cut-down
// problem with the same kernel, and turn the emulator's exact counts into the issue's figures.
//
// Cut-down rule: the full problem's Sq, Sk and head dims with `heads` query heads (and as many KV heads),
// B = 1: every workgroup of one head runs (all Q tiles, so a causal triangle is complete) and the counts
// scale to the full B * Hq exactly (every head does the same work). Main loop: a second pair of launches
// with ONE Q tile (Sq = BQ, no mask; a window kernel gets an unbounded window) at Sk and Sk/2: the
// difference over the (Sk/2)/32 extra KV tiles is one main-loop iteration of one workgroup, exactly.
// Timing mode: the same two launches' traces on the CU model give the modeled cycles and MFMA-busy share of
// one iteration; the head's launch, traced (workgroup 0; causal: every Q tile, the triangle's head to its
// tail), stands for the full grid in model_bench_launch (the timing room's interface).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ingot/tooling/pack.h"
#include "ingot/status.h"
#include "ingot_emu/launch_profile.h"
#include "ingot_emu/timing.h"

namespace ingot::bench {

struct FmhaCase {
  std::string arch;        // gfx942 | gfx950
  std::string dtype;       // bf16 | f16
  int64_t dqk = 128, dv = 128;
  bool causal = false;
  int64_t B = 1, Hq = 8, Hkv = 8, Sq = 4096, Sk = 4096;
  int64_t cus = 0;         // 0: the arch's full part
  int64_t emulated_heads = 1;
};

// Per main-loop iteration (one 32-key KV tile) of one workgroup, summed over its waves.
struct IterationCounts {
  double mfma_busy = 0, valu = 0, lds = 0, vmem = 0, salu = 0, branch = 0, lds_conflict_cycles = 0;
  int64_t waves = 0;
};

struct FmhaRow {
  FmhaCase problem;
  std::string kernel_id;
  int64_t workgroups = 0, cus = 0;
  IterationCounts iteration;
  double issue_other_cycles = 0;     // non-MFMA issue cycles of one iteration (issue model below)
  double mfma_share_one_wave = 0;    // MFMA / (MFMA + other): a wave alone on its SIMD, nothing overlaps
  double mfma_share_simd = 0;        // MFMA / max(MFMA, other): >= 2 waves per SIMD overlap MFMA and the rest
  double valu_hidden_share = 0;      // share of VALU issue cycles that fit under the other waves' MFMAs
  double lds_conflict_cycles_total = 0;  // full grid, whole kernel
  double bytes_fetched = 0, bytes_minimum = 0;
  uint32_t waves_per_simd = 0, vgprs = 0, lds_bytes = 0;
  std::string occupancy_limiter;
  double useful_flops = 0, mfma_flops = 0;
  double modeled_tflops = 0, peak_tflops = 0;  // issue model: peak x upper-bound share x useful / MFMA flops
  // The emulator's timing mode (emu/timing, MODELED): the main-loop iteration on the CU model with the
  // workgroups a CU holds at once, and the whole launch from the emulated head's traced workgroups.
  uint32_t timing_copies = 0;                // workgroups resident per CU in the CU model
  double timing_cycles_per_iteration = 0;    // CU cycles per KV tile, all resident workgroups advancing
  double timing_mfma_share = 0;              // busiest SIMD's MFMA pipe busy / those cycles
  double timing_valu_share = 0, timing_lds_share = 0, timing_memory_share = 0;  // the same for VALU, LDS, L2/L1 path
  size_t traced_workgroups = 0;              // of the emulated head, standing for the full grid
  std::optional<emu::ModeledTiming> modeled;  // whole launch, modeled us and bound
  double timing_useful_tflops = 0;           // useful flops / modeled us
  // Causal triangle balance (dispatcher model): ideal / makespan of the grid's KV-tile work over the CUs'
  // workgroup slots, for the kernel's grid (Q-tile pairs when the manifest's grid has ceil(n/2) rows) and,
  // for contrast, one Q tile per workgroup, longest first.
  bool q_tile_pairs = false;
  double balance = 1, balance_unpaired = 1;
  // Longest / shortest workgroup of the emulated head by MFMA pipe cycles (exact counts; 0: a workgroup had none)
  double workgroup_work_spread = 0;
};

Result<FmhaRow> run_fmha_case(const Pack& pack, const FmhaCase& c);

}  // namespace ingot::bench
