// CPU reference for the mla_decode op (DeepSeek-V3 absorbed MLA decode over a paged latent cache), written
// from the math, not from the kernels: it gathers every key through the block table itself, decodes bf16
// and fp8 bytes from their definitions and sums in double.
//
//   Q      [B, Sq, H, Dqk]             bf16, or fp8 e4m3 (the arch's encoding) times q_scale
//   pages  [num_pages, page_size, Dqk] bf16, or fp8 e4m3 times kv_scale; K = the whole row, V = its first Dv
//   block_table int32 [B, max_pages_per_seq], seq_lens int32 [B]
//   O      [B, Sq, H, Dv]   LSE [B, H, Sq] (natural log)
// Query token t of batch entry b sees keys [0, seq_lens[b] - Sq + t] (MTP, bottom-right causal); a row
// that sees no key (seq_len 0) has O = 0 and LSE = +inf.
//   s_k = softmax_scale * (q . k_k), p_k = exp(s_k - max), O = sum p_k v_k / sum p_k, LSE = max + ln sum p_k.
//
// Tolerance (mla_output_tolerance): the kernels compute S in fp32 from exact bf16 products, round the
// softmax weights p to bf16 for the P.V product (relative error <= 2^-8 per weight whatever the rounding
// mode) and round O to bf16. O is a weighted mean of V rows, so a relative error e in each weight moves
// it by at most 2e times the weighted mean of |v| (`magnitude`); the fp32 sums of S and of the weights
// add a few 2^-24 units of the same, and the output rounding 2^-9 |O|. We allow 2^-6 * magnitude + 2^-8
// |O|: about two times the worst case, far below what a missing or extra key or a wrong page moves.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "gemm_fp8_reference.h"

namespace ingot::reference {

enum class MlaDtype { kBf16, kFp8 };

struct MlaShape {
  int64_t B = 1, Sq = 1, H = 16;
  int64_t kv_lora_rank = 512, rope_dim = 64;  // Dqk = kv_lora_rank + rope_dim, Dv = kv_lora_rank
  int64_t page_size = 16;
  int64_t max_pages_per_seq = 1;               // block_table row stride
  int64_t dqk() const { return kv_lora_rank + rope_dim; }
  int64_t dv() const { return kv_lora_rank; }
};

struct MlaInputs {
  MlaShape shape;
  MlaDtype q_dtype = MlaDtype::kBf16, kv_dtype = MlaDtype::kBf16;
  Fp8Format fp8_format = Fp8Format::kE4M3Fnuz;
  const uint8_t* q = nullptr;       // element bytes: 2 (bf16) or 1 (fp8)
  const uint8_t* pages = nullptr;
  const int32_t* block_table = nullptr;
  const int32_t* seq_lens = nullptr;
  double softmax_scale = 1.0, q_scale = 1.0, kv_scale = 1.0;
};

struct MlaResult {
  std::vector<double> o;          // [B, Sq, H, Dv]
  std::vector<double> magnitude;  // sum p |v| / sum p, same layout: the scale of O's rounding error
  std::vector<double> lse;        // [B, H, Sq]
};

inline double mla_bf16_to_double(uint16_t bits) {
  const uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &wide, 4);
  return f;
}

inline double mla_element(const uint8_t* base, int64_t index, MlaDtype dtype, Fp8Format format) {
  if (dtype == MlaDtype::kFp8) return fp8_e4m3_to_double(base[index], format);
  uint16_t bits;
  std::memcpy(&bits, base + 2 * index, 2);
  return mla_bf16_to_double(bits);
}

inline MlaResult mla_decode(const MlaInputs& in) {
  const MlaShape& s = in.shape;
  const int64_t dqk = s.dqk(), dv = s.dv();
  MlaResult r;
  r.o.assign(static_cast<size_t>(s.B * s.Sq * s.H * dv), 0.0);
  r.magnitude.assign(r.o.size(), 0.0);
  r.lse.assign(static_cast<size_t>(s.B * s.H * s.Sq), std::numeric_limits<double>::infinity());
  std::vector<double> kv, q(static_cast<size_t>(dqk)), logits, acc(static_cast<size_t>(dv)),
      mag(static_cast<size_t>(dv));
  for (int64_t b = 0; b < s.B; ++b) {
    const int64_t len = in.seq_lens[b];
    // the paged gather: key j lives in page block_table[b][j / page_size], row j % page_size
    kv.assign(static_cast<size_t>(len * dqk), 0.0);
    for (int64_t j = 0; j < len; ++j) {
      const int64_t page = in.block_table[b * s.max_pages_per_seq + j / s.page_size];
      const int64_t row = page * s.page_size + j % s.page_size;
      for (int64_t d = 0; d < dqk; ++d) {
        kv[static_cast<size_t>(j * dqk + d)] = in.kv_scale * mla_element(in.pages, row * dqk + d, in.kv_dtype, in.fp8_format);
      }
    }
    for (int64_t t = 0; t < s.Sq; ++t) {
      const int64_t visible = std::min(len, len - s.Sq + t + 1);
      for (int64_t h = 0; h < s.H; ++h) {
        if (visible <= 0) continue;
        const int64_t q_row = (b * s.Sq + t) * s.H + h;
        for (int64_t d = 0; d < dqk; ++d) {
          q[static_cast<size_t>(d)] = in.q_scale * mla_element(in.q, q_row * dqk + d, in.q_dtype, in.fp8_format);
        }
        logits.assign(static_cast<size_t>(visible), 0.0);
        double max_logit = -std::numeric_limits<double>::infinity();
        for (int64_t j = 0; j < visible; ++j) {
          double dot = 0.0;
          for (int64_t d = 0; d < dqk; ++d) dot += q[static_cast<size_t>(d)] * kv[static_cast<size_t>(j * dqk + d)];
          logits[static_cast<size_t>(j)] = in.softmax_scale * dot;
          max_logit = std::max(max_logit, logits[static_cast<size_t>(j)]);
        }
        double sum = 0.0;
        std::fill(acc.begin(), acc.end(), 0.0);
        std::fill(mag.begin(), mag.end(), 0.0);
        for (int64_t j = 0; j < visible; ++j) {
          const double p = std::exp(logits[static_cast<size_t>(j)] - max_logit);
          sum += p;
          for (int64_t d = 0; d < dv; ++d) {
            const double v = kv[static_cast<size_t>(j * dqk + d)];
            acc[static_cast<size_t>(d)] += p * v;
            mag[static_cast<size_t>(d)] += p * std::fabs(v);
          }
        }
        for (int64_t d = 0; d < dv; ++d) {
          r.o[static_cast<size_t>(q_row * dv + d)] = acc[static_cast<size_t>(d)] / sum;
          r.magnitude[static_cast<size_t>(q_row * dv + d)] = mag[static_cast<size_t>(d)] / sum;
        }
        r.lse[static_cast<size_t>((b * s.H + h) * s.Sq + t)] = max_logit + std::log(sum);
      }
    }
  }
  return r;
}

inline double mla_output_tolerance(double want, double magnitude) {
  return std::ldexp(magnitude, -6) + std::ldexp(std::fabs(want), -8) + 1e-6;
}

// LSE: fp32 logits (576-term sums of exact products) and fp32 exp2/log2 arithmetic.
inline double mla_lse_tolerance(double want) { return 2e-4 * (1.0 + std::fabs(want)); }

}  // namespace ingot::reference
