// One row of the table: select the kernel for a full-size problem, emulate a cut-down problem with the
// same kernel, and extrapolate its exact per-workgroup counts to the full grid.
//
// Cut-down rule: M' = min(M, tiles_m * bm), N' = min(N, tiles_n * bn), K' = K (the whole main loop
// runs), strides of the full problem (lda = ldb = K, ldc = N), same grid z. Per-workgroup counts
// = cut-down launch counts / cut-down workgroups; full counts = per-workgroup x full-grid workgroups.
// This is exact when every full-grid workgroup does the work of a cut-down one: N % bn == 0 and
// (M <= tiles_m * bm or M % bm == 0) ("extrapolation exact" in the row); otherwise approximate.
// Main loop: a second launch at K2 = K / 2 (when the kernel accepts it); main-loop counts are the
// difference, per iteration = difference / (k_tiles(K) - k_tiles(K2)) from the kernarg k_tiles.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "bench_shapes.h"
#include "ingot/tooling/pack.h"
#include "ingot/status.h"
#include "ingot_emu/launch_profile.h"

namespace ingot::bench {

struct PhysicalFloor {  // physical_floor()
  double us = 0.0;
  bool memory_bound = false;
};

struct BenchOptions {
  int64_t tiles_m = 1;  // cut-down tiles along M (at most)
  int64_t tiles_n = 2;  // cut-down tiles along N (at most)
  bool main_loop = true;  // run the K/2 launch for main-loop figures
};

struct BenchRow {
  BenchCase problem;
  std::string kernel_id;
  std::array<int64_t, 3> grid{};  // full problem, in workgroups
  int64_t workgroups = 0;
  double workgroups_per_cu = 0.0;  // workgroups / cus
  int64_t cu_waves = 0;            // ceil(workgroups / cus): rounds of one workgroup per CU
  double last_wave_fill = 0.0;     // share of CUs busy in the last round

  int64_t cut_m = 0, cut_n = 0, cut_workgroups = 0;
  bool extrapolation_exact = false;

  // Whole kernel, extrapolated to the full grid.
  double mfma_share_kernel = 0.0;
  double mfma_flops = 0.0;        // what the MFMAs compute (tiles padded)
  double useful_flops = 0.0;      // 2 M N K
  double bytes_requested = 0.0;   // read + written, as lanes asked
  double bytes_fetched = 0.0;     // 64-byte segments touched x 64 (read + write)
  double bytes_minimum = 0.0;     // A + B + C (+ scales)
  double lds_conflict_cycles = 0.0;

  // Main loop (steady state), from the K vs K/2 difference; empty when not measured.
  std::optional<double> mfma_share_main_loop;
  std::optional<double> lds_conflict_cycles_per_iteration;  // per workgroup
  int64_t main_loop_iterations = 0;  // of the full-K launch (k_tiles), 0 when unknown

  uint32_t waves_per_simd = 0;
  std::string occupancy_limiter;
  uint32_t vgprs = 0, agprs = 0, lds_bytes = 0;

  // Model estimates (roofline), microseconds. All use max(bytes / HBM, flops / peak).
  double model_us = 0.0;          // minimum bytes (perfect L2/MALL reuse) and the kernel's MFMA flops
  bool model_memory_bound = false;
  double model_nocache_us = 0.0;  // the kernel's fetched bytes (no reuse at all) and its MFMA flops
  double model_ideal_us = 0.0;    // minimum bytes and 2 M N K

  // The emulator's timing mode (emu/timing) at the full grid: MODELED us, TF, GB/s and the bound.
  std::optional<emu::ModeledTiming> modeled;
  // Physical floor of the problem (2MNK at the data-sheet peak, minimum bytes at the timing model's
  // achievable HBM share): no kernel, ours or AMD's, can beat it if the model's figures are right.
  PhysicalFloor floor;
  // AMD's measured time for the same (arch, CUs, M, N, K, dtype) from AITER's tuned tables, when listed.
  std::optional<double> amd_us;
  std::string amd_table;
};

Result<BenchRow> run_bench_case(const Pack& pack, const BenchCase& problem, const BenchOptions& options);

// The problem's physical floor, us: max(minimum bytes / achievable HBM (emu/timing's share of the data
// sheet's peak), 2MNK / dense peak). nullopt for an arch without a hardware model.
std::optional<PhysicalFloor> physical_floor(const BenchCase& problem);

}  // namespace ingot::bench
