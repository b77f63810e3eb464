// The Runtime: a pack, a device, the device's module cache and workspace pool. Each op call writes its
// problem (ingot/op.h), selects a kernel, packs kernargs from the manifest layout and launches.
// Nothing here knows an op or a kernel's argument struct: the op units and the manifest describe them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "ingot/device_options.h"
#include "ingot/op.h"
#include "ingot/problem.h"
#include "ingot/status.h"
#include "ingot/stream.h"

namespace ingot {

struct GemmArgs;
// Tooling types (ingot/tooling/): only the tooling accessors below name them.
class Device;
class ModuleCache;
class Pack;
struct Selection;

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
// The pack, device, module cache and workspace pool live in a private State (loader/runtime/
// runtime_state.h), so this header needs no tooling header.
class Runtime {
 public:
  static Result<std::unique_ptr<Runtime>> open(const RuntimeOptions& options = {});
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // The device's facts as the ops read them (arch, CU count, LDS, ...): read from the device, never assumed.
  const DeviceInfo& device_info() const;
  // Bytes of workspace the kernel selected for the problem needs (0 = none).
  Result<uint64_t> workspace_bytes(const Problem& problem) const;
  // Select, load (once), bind the workspace, pack kernargs from the manifest, launch. Asynchronous on
  // HIP: synchronize the stream before reading results. A problem that names its own buffer
  // "workspace" must give its size as integer "workspace_bytes".
  Status run(const Problem& problem, hipStream_t stream = nullptr);

  // Ops through their argument bag (the C API and the CLI): the problem the bag gives on this device
  // (buffers not required: selection only), and the launch.
  Result<Problem> problem(const OpArgs& args) const;
  Status run(const OpArgs& args, hipStream_t stream = nullptr, CallerWorkspace workspace = {});

  // The path every op call takes: `fill` is the op's one problem function bound to its typed arguments
  // (see Status gemm(Runtime&, const GemmArgs&, hipStream_t) in ingot/ops/gemm.h).
  Status dispatch(const Op& op, ProblemFill fill, hipStream_t stream = nullptr, CallerWorkspace workspace = {});

  // Same as ingot::gemm(*this, args, stream); kept for existing callers.
  Status gemm(const GemmArgs& args, hipStream_t stream = nullptr);

  // Device memory on this Runtime's device, named by device addresses (what op arguments carry). On HIP
  // these are hipMalloc'd pointers; the emulator hands out its own. Copies are synchronous.
  Result<uint64_t> allocate(size_t bytes);
  Status free(uint64_t address);
  Status copy_to_device(uint64_t dst, const void* src, size_t bytes);
  Status copy_to_host(void* dst, uint64_t src, size_t bytes);
  // Waits for every launch queued on `stream` (nullptr = the default stream); the emulator has none pending.
  Status synchronize(hipStream_t stream = nullptr);

  // ---- Tooling (the CLI, tests, benches, embedders): the types are in ingot/tooling/{pack,device,select}.h.
  // For an already open pack and device.
  static std::unique_ptr<Runtime> create(Pack pack, std::unique_ptr<Device> device);
  const Pack& pack() const;
  Device& device();
  ModuleCache& modules();
  // Which kernel a problem gets on this device, and why (the reasons are built here, for people).
  Result<Selection> select(const Problem& problem) const;
  Result<Selection> select(const OpArgs& args) const;

 private:
  struct State;     // pack, device, module cache, workspace pool (loader/runtime/runtime_state.h)
  struct Dispatch;  // compiled selection index, per-shape cache, kernarg plans (loader/runtime/dispatch.h)
  explicit Runtime(std::unique_ptr<State> state);

  std::unique_ptr<State> state_;
};

}  // namespace ingot
