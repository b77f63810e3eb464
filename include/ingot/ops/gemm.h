// The gemm op: C = alpha * A.B^T (+ bias), 16-bit (bf16, f16) or FP8 (dtype "fp8", scaled) inputs.
// gemm_fp8 is this op with fp8 dtypes: one field table, one problem function (loader/ops/gemm.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "ingot/op.h"
#include "ingot/problem.h"
#include "ingot/status.h"
#include "ingot/stream.h"

namespace ingot {

// C = A * B^T with A[M,K] (row stride lda), B[N,K] (row stride ldb), C[M,N] (row stride ldc);
// strides in elements, 0 = packed (K, K, N). Pointers are device addresses (Device::allocate, hipMalloc).
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
  // Element types, as the manifest's match keys spell them: "bf16", "f16", "f32", "fp8".
  std::string dtype_a = "bf16";
  std::string dtype_b = "bf16";
  std::string dtype_c = "f32";
  // C = alpha * A.B^T (+ bias[N], in C's dtype, when bias is a device address; 0 = no bias).
  float alpha = 1.0f;
  uint64_t bias = 0;
  // FP8 (dtype_a = dtype_b = "fp8", dtype_c = "bf16"): scaling is "block128" (A_scale fp32 [M, ceil(K/128)],
  // B_scale fp32 [ceil(N/128), ceil(K/128)]) or "per_token" (A_scale [M], B_scale [N]); empty = block128.
  // fp8_format is the element encoding; empty = the device arch's own ("e4m3fnuz" on gfx942, "e4m3fn" on
  // gfx950). Both stay empty for 16-bit gemms.
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

class Runtime;

// The call: select, bind workspace, pack kernargs, launch (asynchronous on HIP).
Status gemm(Runtime& runtime, const GemmArgs& args, hipStream_t stream = nullptr);

// The op as the registry, the C API and the CLI see it.
const Op& gemm_op();

// The one problem function: args + device facts -> every problem value, each default (packed strides,
// fp8 scaling and format) filled here. For a launch, null A/B/C (and null scales for fp8) are
// kInvalidArgument; an fp8 format unknown for the arch is kUnsupported.
Status write_gemm_problem(const GemmArgs& args, const DeviceInfo& device, ProblemWriter& out);

// The same problem in the generic form: what `select` sees is what Runtime::gemm launches.
Result<Problem> gemm_problem(const GemmArgs& args, const DeviceInfo& device);

// Typed arguments from a filled bag (OpArgs of gemm_op()).
Result<GemmArgs> gemm_args(const OpArgs& args);

// The FP8 encoding an arch's MFMA reads ("e4m3fnuz" for gfx942, "e4m3fn" for gfx950), or kUnsupported.
Result<std::string> fp8_format_for_arch(std::string_view arch);

}  // namespace ingot
