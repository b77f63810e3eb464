// The public op API: a Runtime holds a pack, a device and the device's module cache; each op call
// builds the generic Problem, selects a kernel, packs kernargs from the manifest layout and launches.
// Nothing here knows a kernel's argument struct: the manifest is the only description of it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "ingot/device.h"
#include "ingot/launch.h"
#include "ingot/pack.h"
#include "ingot/problem.h"
#include "ingot/select.h"
#include "ingot/status.h"
#include "ingot/workspace.h"

namespace ingot {

// C = A * B^T with A[M,K] (row stride lda), B[N,K] (row stride ldb), C[M,N] (row stride ldc);
// strides in elements. Pointers are device addresses from Device::allocate (or hipMalloc).
struct GemmArgs {
  uint64_t A = 0;
  uint64_t B = 0;
  uint64_t C = 0;
  int64_t M = 0;
  int64_t N = 0;
  int64_t K = 0;
  int64_t lda = 0;
  int64_t ldb = 0;
  int64_t ldc = 0;
  // Element types, as the manifest's match keys spell them: "bf16", "f16", "f32", "fp8", ...
  std::string dtype_a = "bf16";
  std::string dtype_b = "bf16";
  std::string dtype_c = "f32";
  // C = alpha * A.B^T (+ bias[N], in C's dtype, when bias is a device address; 0 = no bias).
  float alpha = 1.0f;
  uint64_t bias = 0;
  // FP8 (dtype_a = dtype_b = "fp8", dtype_c = "bf16"): scaling is "block128" (A_scale fp32 [M, ceil(K/128)],
  // B_scale fp32 [ceil(N/128), ceil(K/128)]) or "per_token" (A_scale [M], B_scale [N]). fp8_format is the
  // element encoding ("e4m3fnuz" on gfx942, "e4m3fn" on gfx950); Runtime::gemm fills it from the device's
  // arch when empty. All three stay empty for 16-bit gemms.
  std::string scaling;
  std::string fp8_format;
  uint64_t A_scale = 0;
  uint64_t B_scale = 0;
  // Workspace for kernels that need one (split-K): 0 = the Runtime's own, per stream. A caller that must
  // not allocate during the call (graph capture) passes a buffer of at least Runtime::workspace_bytes,
  // zero-filled once when allocated, used by one launch at a time (kernels leave it as they found it).
  uint64_t workspace = 0;
  uint64_t workspace_bytes = 0;
};

// The FP8 encoding an arch's MFMA reads ("e4m3fnuz" for gfx942, "e4m3fn" for gfx950), or kUnsupported.
Result<std::string> fp8_format_for_arch(std::string_view arch);

// Attention forward and MLA decode: no family implements them yet, so their calls return
// kUnsupported rather than pretending. Their arguments are fixed when the families land.
struct FmhaFwdArgs {
  uint64_t Q = 0, K = 0, V = 0, O = 0;
  int64_t batch = 0, heads_q = 0, heads_kv = 0, seqlen_q = 0, seqlen_k = 0, head_dim = 0;
  bool causal = false;
  std::string dtype = "bf16";
};
struct MlaDecodeArgs {
  uint64_t Q = 0, KV = 0, O = 0, block_table = 0, seq_lens = 0;
  int64_t batch = 0, heads = 0, kv_lora_rank = 0, rope_dim = 0, page_size = 0;
  std::string dtype = "bf16";
};

// The generic problem an op call becomes (exposed so the CLI's `select` and tests build the same one).
Problem gemm_problem(const GemmArgs& args);

// Where the pack is when the caller names none: $INGOT_PACK when set (kNotFound if it holds no
// manifest.json: an explicit choice is never silently replaced), else this build tree's pack
// (compiled in), else <prefix>/share/ingot/pack where <prefix> is the parent of the running
// executable's directory. The first holding a manifest.json wins; kNotFound lists what was tried.
Result<std::filesystem::path> find_pack_dir();

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

  const Pack& pack() const { return pack_; }
  Device& device() { return *device_; }
  ModuleCache& modules() { return cache_; }

  // Which kernel a problem gets on this device, and why.
  Result<Selection> select(const Problem& problem) const;
  // Bytes of workspace the selected kernel needs for the problem (0 = none).
  Result<uint64_t> workspace_bytes(const Problem& problem) const;
  // Select, load (once), bind the workspace, pack kernargs from the manifest, launch. Asynchronous on
  // HIP: call device().synchronize(stream) before reading results. A problem that names its own buffer
  // "workspace" must give its size as integer "workspace_bytes".
  Status run(const Problem& problem, void* stream = nullptr);

  Status gemm(const GemmArgs& args, void* stream = nullptr);
  Status fmha_fwd(const FmhaFwdArgs& args, void* stream = nullptr);
  Status mla_decode(const MlaDecodeArgs& args, void* stream = nullptr);

 private:
  Runtime(Pack pack, std::unique_ptr<Device> device)
      : pack_(std::move(pack)), device_(std::move(device)), cache_(pack_, *device_), workspaces_(*device_) {}
  Status launch(const ManifestKernel& kernel, const Problem& problem, void* stream);

  Pack pack_;
  std::unique_ptr<Device> device_;
  ModuleCache cache_;
  WorkspacePool workspaces_;  // destroyed before device_
};

}  // namespace ingot
