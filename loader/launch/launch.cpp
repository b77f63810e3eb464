#include <limits>

#include "ingot/tooling/launch.h"
#include "ingot/tooling/select.h"

namespace ingot {

std::array<uint64_t, 3> LaunchConfig::grid_workitems() const {
  return {uint64_t{grid_workgroups[0]} * workgroup[0], uint64_t{grid_workgroups[1]} * workgroup[1],
          uint64_t{grid_workgroups[2]} * workgroup[2]};
}

Result<uint64_t> workspace_bytes(const ManifestKernel& kernel, const Problem& problem, const DeviceInfo& device) {
  const ProblemEnv env(problem, &device);
  auto bytes = kernel.launch.workspace.evaluate_int(env);
  const std::string where = "kernel " + kernel.id + ": launch.workspace";
  if (!bytes) return Status(bytes.status().code(), where + ": " + bytes.status().message());
  if (bytes.value() < 0) {
    return Status(StatusCode::kCorruptManifest, where + " is " + std::to_string(bytes.value()) + " bytes");
  }
  return static_cast<uint64_t>(bytes.value());
}

Result<LaunchConfig> prepare_launch(const ManifestKernel& kernel, const Problem& problem, const DeviceInfo& device) {
  const ProblemEnv env(problem, &device);
  LaunchConfig config;
  config.workgroup = kernel.launch.workgroup;
  static constexpr const char* kAxes[3] = {"x", "y", "z"};
  for (size_t i = 0; i < 3; ++i) {
    auto size = kernel.launch.grid[i].evaluate_int(env);
    const std::string where = "kernel " + kernel.id + ": launch.grid." + kAxes[i];
    if (!size) return Status(size.status().code(), where + ": " + size.status().message());
    if (size.value() < 1 || size.value() > std::numeric_limits<uint32_t>::max()) {
      return Status(StatusCode::kInvalidArgument,
                    where + " is " + std::to_string(size.value()) + " workgroups, outside [1, 2^32-1]");
    }
    config.grid_workgroups[i] = static_cast<uint32_t>(size.value());
  }
  auto lds = kernel.launch.dynamic_lds.evaluate_int(env);
  if (!lds) return Status(lds.status().code(), "kernel " + kernel.id + ": launch.dynamic_lds: " + lds.status().message());
  if (lds.value() < 0 || lds.value() > std::numeric_limits<uint32_t>::max()) {
    return Status(StatusCode::kInvalidArgument,
                  "kernel " + kernel.id + ": launch.dynamic_lds is " + std::to_string(lds.value()) + " bytes");
  }
  config.dynamic_lds = static_cast<uint32_t>(lds.value());
  auto kernargs = pack_kernargs(kernel, problem, &device);
  if (!kernargs) return kernargs.status();
  config.kernargs = std::move(kernargs.value());
  return config;
}

}  // namespace ingot
