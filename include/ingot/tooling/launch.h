// Turning a selected kernel and a problem into launch parameters, from the manifest alone:
// kernarg bytes packed at the layout's offsets, grid and workgroup sizes, dynamic LDS.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ingot/tooling/manifest.h"
#include "ingot/problem.h"
#include "ingot/status.h"

namespace ingot {

// kernarg.size bytes; each argument little-endian at its offset, range-checked for its type
// (a negative value into u32 or a value over 2^31-1 into i32 is kInvalidArgument naming the arg).
// `device` may be null when no argument uses device values.
Result<std::vector<uint8_t>> pack_kernargs(const ManifestKernel& kernel, const Problem& problem,
                                           const DeviceInfo* device = nullptr);

struct LaunchConfig {
  std::array<uint32_t, 3> workgroup{1, 1, 1};        // work-items per workgroup
  std::array<uint32_t, 3> grid_workgroups{1, 1, 1};  // workgroups per dimension
  uint32_t dynamic_lds = 0;                          // bytes
  std::vector<uint8_t> kernargs;
  // Grid in work-items (HIP's hipModuleLaunchKernel takes workgroups; HSA packets take work-items).
  std::array<uint64_t, 3> grid_workitems() const;
};

// Bytes of workspace the kernel needs for the problem (launch.workspace; 0 = none). Negative is
// kCorruptManifest. Callers that launch through prepare_launch bind a buffer of at least this many
// bytes, zero-filled when allocated, as problem buffer "workspace" first; Runtime does it itself.
Result<uint64_t> workspace_bytes(const ManifestKernel& kernel, const Problem& problem, const DeviceInfo& device);

// Evaluates the launch rule and packs kernargs. Zero or negative grid sizes and sizes over
// 2^32-1 are kInvalidArgument.
Result<LaunchConfig> prepare_launch(const ManifestKernel& kernel, const Problem& problem,
                                    const DeviceInfo& device);

}  // namespace ingot
