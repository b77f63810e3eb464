// CPU reference for the fmha_fwd op (issue 11): O = softmax(scale * Q.K^T + mask) . V per (batch, query
// head), with the optional LSE. Plain loops over the definition in double precision with an exact
// (two-pass) softmax, written independently of the kernels: no tiling, no online rescaling, no exp2.
//   - BSHD layout with strides in elements; query head h reads KV head h / (Hq / Hkv) (GQA / MQA);
//   - masks: key j is visible to query i when j <= i + Sk - Sq + right (right >= 0) and
//     j >= i + Sk - Sq - left (left >= 0); -1 means unbounded; causal (bottom-right) is (left, right) = (-1, 0);
//   - varlen: packed [total, H, D] tensors and cu_seqlens_q / cu_seqlens_k (int32 [B+1]);
//   - a row that sees no key gives O = 0 and LSE = +inf.
// Inputs are the values the kernel reads (already rounded to the input dtype); outputs are exact doubles
// rounded to float, compared by the tests with a tolerance (fmha_tolerance).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace ingot::reference {

struct FmhaStrides {
  std::int64_t batch = 0, seq = 0, head = 0;  // elements; batch is unused under varlen
};

struct FmhaProblem {
  std::int64_t B = 1, Hq = 1, Hkv = 1, Sq = 1, Sk = 1, Dqk = 64, Dv = 64;
  float scale = 0.125f;
  std::int64_t window_left = -1, window_right = -1;  // (-1, -1): no mask; (-1, 0): causal bottom-right
  FmhaStrides q, k, v, o;
  // Varlen when non-empty: B + 1 prefix sums each; Sq / Sk are then ignored (per-sequence lengths).
  std::vector<std::int32_t> cu_seqlens_q, cu_seqlens_k;

  bool varlen() const { return !cu_seqlens_q.empty(); }
  std::int64_t seqlen_q(std::int64_t b) const { return varlen() ? cu_seqlens_q[b + 1] - cu_seqlens_q[b] : Sq; }
  std::int64_t seqlen_k(std::int64_t b) const { return varlen() ? cu_seqlens_k[b + 1] - cu_seqlens_k[b] : Sk; }
  // Element offset of (batch b, position s, head h) for a tensor with strides t.
  std::int64_t at(const FmhaStrides& t, const std::vector<std::int32_t>& cu, std::int64_t b, std::int64_t s,
                  std::int64_t h) const {
    return varlen() ? (cu[b] + s) * t.seq + h * t.head : b * t.batch + s * t.seq + h * t.head;
  }
  // LSE index: [B, Hq, Sq] contiguous, or [Hq, total_q] under varlen.
  std::int64_t lse_at(std::int64_t b, std::int64_t h, std::int64_t i) const {
    return varlen() ? h * cu_seqlens_q.back() + cu_seqlens_q[b] + i : (b * Hq + h) * Sq + i;
  }
  std::int64_t lse_count() const { return varlen() ? Hq * cu_seqlens_q.back() : B * Hq * Sq; }
};

// Is key j visible to query i (sequence lengths sq, sk)?
inline bool fmha_visible(const FmhaProblem& p, std::int64_t i, std::int64_t j, std::int64_t sq, std::int64_t sk) {
  const std::int64_t diag = i + sk - sq;
  if (p.window_right >= 0 && j > diag + p.window_right) return false;
  if (p.window_left >= 0 && j < diag - p.window_left) return false;
  return true;
}

// Fills o (same indexing as the kernel's O: p.o strides; only visible elements are written) and, when lse is
// not null, lse (p.lse_count() floats). mag receives, per O element, sum_j P_ij * |V_jd| (for tolerances).
inline void fmha_fwd(const FmhaProblem& p, const std::vector<float>& q, const std::vector<float>& k,
                     const std::vector<float>& v, std::vector<double>& o, std::vector<double>* lse,
                     std::vector<double>* mag) {
  const std::int64_t group = p.Hq / p.Hkv;
  std::vector<double> s, w;
  for (std::int64_t b = 0; b < p.B; ++b) {
    const std::int64_t sq = p.seqlen_q(b), sk = p.seqlen_k(b);
    for (std::int64_t h = 0; h < p.Hq; ++h) {
      const std::int64_t hk = h / group;
      for (std::int64_t i = 0; i < sq; ++i) {
        s.assign(static_cast<size_t>(sk), -std::numeric_limits<double>::infinity());
        double row_max = -std::numeric_limits<double>::infinity();
        for (std::int64_t j = 0; j < sk; ++j) {
          if (!fmha_visible(p, i, j, sq, sk)) continue;
          double dot = 0.0;
          const std::int64_t qi = p.at(p.q, p.cu_seqlens_q, b, i, h), kj = p.at(p.k, p.cu_seqlens_k, b, j, hk);
          for (std::int64_t d = 0; d < p.Dqk; ++d) dot += static_cast<double>(q[qi + d]) * static_cast<double>(k[kj + d]);
          s[j] = static_cast<double>(p.scale) * dot;
          row_max = std::max(row_max, s[j]);
        }
        double sum = 0.0;
        w.assign(static_cast<size_t>(sk), 0.0);
        if (row_max != -std::numeric_limits<double>::infinity()) {
          for (std::int64_t j = 0; j < sk; ++j) {
            w[j] = std::exp(s[j] - row_max);  // exp(-inf) = 0 for masked keys
            sum += w[j];
          }
        }
        const std::int64_t oi = p.at(p.o, p.cu_seqlens_q, b, i, h);
        for (std::int64_t d = 0; d < p.Dv; ++d) {
          double acc = 0.0, m = 0.0;
          for (std::int64_t j = 0; j < sk; ++j) {
            if (w[j] == 0.0) continue;
            const double vj = v[p.at(p.v, p.cu_seqlens_k, b, j, hk) + d];
            acc += w[j] * vj;
            m += w[j] * std::fabs(vj);
          }
          o[oi + d] = sum > 0.0 ? acc / sum : 0.0;
          if (mag != nullptr) (*mag)[oi + d] = sum > 0.0 ? m / sum : 0.0;
        }
        if (lse != nullptr) {
          (*lse)[p.lse_at(b, h, i)] = sum > 0.0 ? row_max + std::log(sum) : std::numeric_limits<double>::infinity();
        }
      }
    }
  }
}

// Allowed |kernel - reference| for one O element: P is rounded to the 16-bit input type before P.V (relative
// 2^-8 for bf16, 2^-11 for f16, on each weight), the scores carry fp32 accumulation error amplified by the
// exponential, and O is rounded once to its dtype. `mag` is sum_j P_ij |V_jd|; `out_eps` O's unit roundoff.
inline double fmha_tolerance(double expected, double mag, double p_eps, double out_eps) {
  return 2.0 * p_eps * mag + out_eps * std::fabs(expected) + 1e-3 * mag + 1e-6;
}

}  // namespace ingot::reference
