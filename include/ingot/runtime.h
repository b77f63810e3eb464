// The Runtime: a pack, a device, the device's module cache and workspace pool. Each op call writes its
// problem (ingot/op.h), selects a kernel, packs kernargs from the manifest layout and launches.
// Nothing here knows an op or a kernel's argument struct: the op units and the manifest describe them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "ingot/device.h"
#include "ingot/launch.h"
#include "ingot/op.h"
#include "ingot/pack.h"
#include "ingot/problem.h"
#include "ingot/select.h"
#include "ingot/status.h"
#include "ingot/stream.h"
#include "ingot/workspace.h"

namespace ingot {

struct GemmArgs;

// Where the pack is when the caller names none: $INGOT_PACK when set (kNotFound if it holds no
// manifest.json: an explicit choice is never silently replaced), else this build tree's pack only for
// an executable inside the build tree, else <prefix>/share/ingot/pack where <prefix> is the parent of
// the running executable's directory, else the pack under the configured CMAKE_INSTALL_PREFIX. The
// first holding a manifest.json wins; kNotFound lists what was tried. A program installed elsewhere
// passes the CMake package's ingot_PACK_DIR as RuntimeOptions::pack_dir.
Result<std::filesystem::path> find_pack_dir();

// A caller-owned workspace (graph capture: no allocation during the call). At least
// Runtime::workspace_bytes(problem) bytes, zero-filled once when allocated, used by one launch at a time
// (kernels leave it as they found it). address 0 = the Runtime's own pool, per stream.
struct CallerWorkspace {
  uint64_t address = 0;
  uint64_t bytes = 0;
};

struct RuntimeOptions {
  std::filesystem::path pack_dir;  // empty: find_pack_dir()
  DeviceOptions device;            // HIP if present, else the emulator; $INGOT_DEVICE overrides auto
};

// Thread-safe: op calls from several threads share the module cache (each kernel loads once).
class Runtime {
 public:
  static Result<std::unique_ptr<Runtime>> open(const RuntimeOptions& options = {});
  // For embedders and tests: an already open pack and device.
  static std::unique_ptr<Runtime> create(Pack pack, std::unique_ptr<Device> device);
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  const Pack& pack() const { return pack_; }
  Device& device() { return *device_; }
  ModuleCache& modules() { return cache_; }

  // Which kernel a problem gets on this device, and why (the reasons are built here, for people).
  Result<Selection> select(const Problem& problem) const;
  // Bytes of workspace the selected kernel needs for the problem (0 = none).
  Result<uint64_t> workspace_bytes(const Problem& problem) const;
  // Select, load (once), bind the workspace, pack kernargs from the manifest, launch. Asynchronous on
  // HIP: call device().synchronize(stream) before reading results. A problem that names its own buffer
  // "workspace" must give its size as integer "workspace_bytes".
  Status run(const Problem& problem, hipStream_t stream = nullptr);

  // Ops through their argument bag (the C API and the CLI): the problem the bag gives on this device
  // (buffers not required: selection only), its kernel, and the launch.
  Result<Problem> problem(const OpArgs& args) const;
  Result<Selection> select(const OpArgs& args) const;
  Status run(const OpArgs& args, hipStream_t stream = nullptr, CallerWorkspace workspace = {});

  // The path every op call takes: `fill` is the op's one problem function bound to its typed arguments
  // (see Status gemm(Runtime&, const GemmArgs&, hipStream_t) in ingot/ops/gemm.h).
  Status dispatch(const Op& op, ProblemFill fill, hipStream_t stream = nullptr, CallerWorkspace workspace = {});

  // Same as ingot::gemm(*this, args, stream); kept for existing callers.
  Status gemm(const GemmArgs& args, hipStream_t stream = nullptr);

 private:
  struct Dispatch;  // compiled selection index, per-shape cache, kernarg plans (loader/runtime/dispatch.h)
  Runtime(Pack pack, std::unique_ptr<Device> device);

  Pack pack_;
  std::unique_ptr<Device> device_;
  ModuleCache cache_;
  WorkspacePool workspaces_;  // destroyed before device_
  std::unique_ptr<Dispatch> dispatch_;
};

}  // namespace ingot
