#include "ingot_emu/bench_timing.h"

#include <algorithm>

namespace ingot::emu {

Result<ModeledTiming> model_bench_launch(const LaunchProfile& profile, const BenchLaunch& launch) {
  if (profile.traced_workgroups.empty() || profile.traced_workgroups.front().index != 0) {
    return Status(StatusCode::kInvalidArgument,
                  "model_bench_launch: profile of kernel '" + profile.kernel +
                      "' has no traces from workgroup 0 (launch it with EmulatorOptions::timing = true)");
  }
  const std::string arch = launch.arch.empty() ? profile.arch : launch.arch;
  if (arch != "gfx942" && arch != "gfx950") {
    return Status(StatusCode::kInvalidArgument, "model_bench_launch: no timing constants for arch '" + arch + "'");
  }
  if (profile.workgroups == 0) {
    return Status(StatusCode::kInvalidArgument, "model_bench_launch: profile of '" + profile.kernel + "' ran no workgroup");
  }
  TimingConstants constants = timing_constants(arch);
  if (launch.cus != 0) constants.cus = launch.cus;

  const uint64_t workgroups = launch.workgroups != 0 ? launch.workgroups : profile.workgroups;
  const double scale = static_cast<double>(workgroups) / static_cast<double>(profile.workgroups);
  const double requested = launch.requested_bytes != 0
                               ? launch.requested_bytes
                               : static_cast<double>(profile.global_bytes_read + profile.global_bytes_written) * scale;
  const double flops = launch.flops != 0 ? launch.flops : static_cast<double>(profile.mfma_flops) * scale;
  const uint32_t per_cu = std::max<uint32_t>(1, profile.workgroups_per_cu);
  const LaunchShape shape{.workgroups = workgroups,
                          .workgroups_per_cu = per_cu,
                          .flops = static_cast<uint64_t>(flops),
                          .hbm_bytes = static_cast<uint64_t>(launch.unique_bytes),
                          .requested_bytes = static_cast<uint64_t>(requested),
                          .round_footprint_per_xcd = static_cast<uint64_t>(launch.round_footprint_per_xcd)};
  return model_traced_launch(profile.traced_workgroups, profile.workgroups, shape, constants);
}

}  // namespace ingot::emu
