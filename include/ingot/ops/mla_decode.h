// The mla_decode op: DeepSeek-V3 multi-head latent attention decode (absorbed form) over a paged latent
// cache (vLLM's layout). Kernels: gen/families/mla_decode.py (layouts, variants, split-KV rule).
#pragma once

#include <cstdint>
#include <string>

#include "ingot/op.h"
#include "ingot/problem.h"
#include "ingot/status.h"
#include "ingot/stream.h"

namespace ingot {

// Q [B, Sq, H, kv_lora_rank + rope_dim] (q_dtype), pages [num_pages, page_size, kv_lora_rank + rope_dim]
// (kv_dtype; K = the whole row, V its first kv_lora_rank), block_table int32 [B, max_pages_per_seq],
// seq_lens int32 [B] (stay on the device), O [B, Sq, H, kv_lora_rank] bf16, LSE fp32 [B, H, Sq] (natural
// log; 0 = not written). Query token t of entry b sees keys [0, seq_lens[b] - Sq + t]; a row that sees no
// key gets O = 0 and LSE = +inf. Pointers are device addresses.
struct MlaDecodeArgs {
  uint64_t Q = 0;
  uint64_t pages = 0;
  uint64_t block_table = 0;
  uint64_t seq_lens = 0;
  uint64_t O = 0;
  uint64_t LSE = 0;
  int64_t batch = 0;
  int64_t heads = 0;           // query heads per latent KV head (H), 1..128
  int64_t seqlen_q = 1;        // Sq: new tokens per entry (multi-token prediction), 1..8
  int64_t page_size = 0;       // tokens per page, a power of two
  int64_t max_seq_len = 0;     // the longest seq_lens entry (or a bound on it), as the host knows it
  int64_t max_pages_per_seq = 0;  // block_table's row stride; 0 = ceil(max_seq_len / page_size)
  int64_t kv_lora_rank = 512;
  int64_t rope_dim = 64;
  // "bf16" or "fp8" (the arch's e4m3: fp8_format empty = the device arch's own); fp8 values are scaled
  // by q_scale / kv_scale (per tensor).
  std::string q_dtype = "bf16";
  std::string kv_dtype = "bf16";
  std::string fp8_format;
  float q_scale = 1.0f;
  float kv_scale = 1.0f;
  // The softmax scale, given by the caller (DeepSeek-V3: 192^-0.5 * mscale^2 ~ 0.1352); never assumed.
  float softmax_scale = 0.0f;
  // KV splits per sequence: 0 = the kernels' rule (by length and CU count); > 0 fixes it (graph capture).
  int64_t kv_splits = 0;
  // Workspace for split-KV partials and counters: 0 = the Runtime's own, per stream (see GemmArgs).
  uint64_t workspace = 0;
  uint64_t workspace_bytes = 0;
};

class Runtime;

// The call: select, bind workspace, pack kernargs, launch (asynchronous on HIP).
Status mla_decode(Runtime& runtime, const MlaDecodeArgs& args, hipStream_t stream = nullptr);

// The op as the registry, the C API and the CLI see it.
const Op& mla_decode_op();

// The one problem function: args + device facts -> every problem value, each default (page-table stride,
// fp8 format, o_dtype) filled here. A softmax scale that is not a finite non-zero number is
// kInvalidArgument; for a launch, null Q / pages / block_table / seq_lens / O are too.
Status write_mla_decode_problem(const MlaDecodeArgs& args, const DeviceInfo& device, ProblemWriter& out);

// The same problem in the generic form: what `select` sees is what mla_decode launches.
Result<Problem> mla_decode_problem(const MlaDecodeArgs& args, const DeviceInfo& device);

// Typed arguments from a filled bag (OpArgs of mla_decode_op()).
Result<MlaDecodeArgs> mla_decode_args(const OpArgs& args);

}  // namespace ingot
