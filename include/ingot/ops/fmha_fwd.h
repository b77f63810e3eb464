// The fmha_fwd op (issue 11): O = softmax(scale * Q.K^T + mask) . V per (batch, query head).
// BSHD tensors with strides in elements (0 = packed); GQA / MQA (query head h reads KV head h / (Hq/Hkv));
// masks by (window_left, window_right), -1 = unbounded, causal = bottom-right (-1, 0); optional LSE;
// varlen through cu_seqlens; bf16 / f16, or fp8 with fp32 per-tensor descales (O in bf16).
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "ingot/op.h"
#include "ingot/problem.h"
#include "ingot/status.h"
#include "ingot/stream.h"

namespace ingot {

struct FmhaFwdArgs {
  // Q [B, Sq, Hq, Dqk], K [B, Sk, Hkv, Dqk], V [B, Sk, Hkv, Dv], O [B, Sq, Hq, Dv] (varlen: [total, H, D]).
  uint64_t Q = 0, K = 0, V = 0, O = 0;
  // fp32 [B, Hq, Sq] (varlen: [Hq, total_q]): the natural log of each row's sum of exp(scale * q.k);
  // +inf for a row that sees no key. 0 = not written.
  uint64_t LSE = 0;
  // Varlen: int32 [B+1] prefix sums of the sequence lengths (both or neither; 0 = batched). Sq / Sk are
  // then the longest lengths.
  uint64_t cu_seqlens_q = 0, cu_seqlens_k = 0;
  // fp8: fp32 [1] descales of Q, K and V (required for dtype fp8).
  uint64_t Q_descale = 0, K_descale = 0, V_descale = 0;
  int64_t B = 1, Hq = 0, Hkv = 0, Sq = 0, Sk = 0, Dqk = 0;
  int64_t Dv = 0;  // 0 = Dqk
  // Strides in elements; 0 = packed (head = D, seq = H * D, batch = S * H * D; unused under varlen).
  int64_t stride_q_b = 0, stride_q_s = 0, stride_q_h = 0, stride_k_b = 0, stride_k_s = 0, stride_k_h = 0;
  int64_t stride_v_b = 0, stride_v_s = 0, stride_v_h = 0, stride_o_b = 0, stride_o_s = 0, stride_o_h = 0;
  float scale = std::numeric_limits<float>::quiet_NaN();  // NaN = 1 / sqrt(Dqk)
  bool causal = false;                                      // bottom-right; with window_right = -1 it becomes 0
  int64_t window_left = -1, window_right = -1;              // keys visible: [i+Sk-Sq-left, i+Sk-Sq+right]
  std::string dtype = "bf16";                               // "bf16", "f16", "fp8"
  std::string fp8_format;                                   // empty = the device arch's own
};

class Runtime;

Status fmha_fwd(Runtime& runtime, const FmhaFwdArgs& args, hipStream_t stream = nullptr);
const Op& fmha_fwd_op();
// The one problem function: every default (packed strides, scale, causal window, fp8 format) filled here.
Status write_fmha_fwd_problem(const FmhaFwdArgs& args, const DeviceInfo& device, ProblemWriter& out);
Result<Problem> fmha_fwd_problem(const FmhaFwdArgs& args, const DeviceInfo& device);
Result<FmhaFwdArgs> fmha_fwd_args(const OpArgs& args);

}  // namespace ingot
