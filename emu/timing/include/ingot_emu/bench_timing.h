// The one call the bench tables make (gemm, attention, MLA): an emulator launch profile in timing mode,
// usually of a cut-down problem, -> the MODELED time of the full launch (us, TF, GB/s, what bounds it).
// Nothing here is measured; see emu/timing/README.md for the model and its sources.
//
//   emu::EmulatorOptions options{.target = ..., .timing = true};
//   options.timing_workgroups = {...};   // or timing_all_workgroups: workgroups that differ (causal, split-K)
//   auto profile = emulator.launch(module, symbol, cut_down_config);
//   auto modeled = emu::model_bench_launch(*profile, {.workgroups = full_grid, .flops = 2.0 * M * N * K,
//                                                     .unique_bytes = A + B + C});
//   if (modeled) printf("%.2f us modeled, bound by %s\n", modeled->us, modeled->bound.c_str());
#pragma once

#include <cstdint>
#include <string>

#include "ingot/status.h"
#include "ingot_emu/launch_profile.h"
#include "ingot_emu/timing.h"

namespace ingot::emu {

struct BenchLaunch {
  std::string arch{};          // "gfx942" / "gfx950"; empty: the profile's
  uint32_t cus = 0;            // 0: the arch's (304 / 256)
  uint64_t workgroups = 0;     // of the full launch; 0: the profiled launch's own
  double flops = 0;            // the full launch's (for TF); 0: the profile's MFMA flops x workgroups ratio
  double unique_bytes = 0;     // distinct bytes the full launch touches (A + B + C, K + V + Q + O, ...); 0: no reuse
  double requested_bytes = 0;  // bytes all its lanes move; 0: the profile's global bytes x workgroups ratio
  // Distinct bytes one round of resident workgroups on one XCD touches (a GEMM: the A rows and B
  // columns of the tiles resident together); 0: unknown, no reuse inside a round is assumed.
  double round_footprint_per_xcd = 0;
};

// The profiled launch's traced workgroups stand for the full launch: its grid pattern repeats over
// `workgroups` (model_traced_launch), at the profile's occupancy. Errors: no traces (timing off), an
// unknown arch, fewer than one workgroup.
Result<ModeledTiming> model_bench_launch(const LaunchProfile& profile, const BenchLaunch& launch);

}  // namespace ingot::emu
