// CPU reference for the gemm_fp8 family: C[M,N] bf16 = dequant(A fp8) . dequant(B fp8)^T with DeepSeek-V3
// block-128 scales or per-token/per-channel scales. Written from the formats' definitions and the math, not
// from the kernels or the emulator: the FP8 decoders below are sign/exponent/fraction arithmetic (ldexp),
// and the sums are exact-as-possible doubles, so an end-to-end test compares two separate derivations.
//
// Formats ("fp8_format" in the manifest; the arch decides which one the MFMA reads):
//   e4m3fnuz (gfx942): 1 sign, 4 exponent bits (bias 8), 3 fraction bits; exponent 0 is subnormal
//     (f/8 * 2^-7); 0x80 is the only NaN; no infinities, no -0; max 1.875 * 2^7 = 240.
//   e4m3fn (gfx950, OCP): bias 7; exponent 0 is subnormal (f/8 * 2^-6); S.1111.111 are NaN; no infinities;
//     0x80 is -0; max 1.75 * 2^8 = 448.
//
// Tolerance rationale (gemm_fp8_tolerance). Every fp8 x fp8 product is exact in fp32 (4-bit significands
// give 8-bit products), so the kernel's only errors are (a) fp32 rounding in the MFMA's accumulation, in an
// order the hardware does not document: at most about K units of 2^-24 of sum_k |a_k b_k| per element;
// (b) the fp32 scale multiplies and adds (block128: one multiply a_s*b_s and one fma per 128-K block;
// per_token: two multiplies): a few units of 2^-24 of the scaled magnitude; (c) the final bf16 rounding:
// at most half a bf16 ulp, i.e. 2^-9 of |C| (we allow 2^-8). The reference is exact to double precision.
// Tests with power-of-two scales and small-integer data make every fp32 step exact, so there the kernel's
// bf16 must equal RNE(reference) bit for bit (gemm_fp8_exact_bf16).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "parallel_rows.h"

namespace ingot::reference {

enum class Fp8Format { kE4M3Fnuz, kE4M3Fn };

enum class Fp8Scaling { kBlock128, kPerToken };

inline constexpr std::int64_t kFp8ScaleBlock = 128;

// Exact value of an e4m3 code under `format` (NaN as quiet NaN).
inline double fp8_e4m3_to_double(std::uint8_t code, Fp8Format format) {
  const bool fnuz = format == Fp8Format::kE4M3Fnuz;
  const int sign = code >> 7;
  const int exponent = (code >> 3) & 0xF;
  const int fraction = code & 0x7;
  if (fnuz && code == 0x80) return std::nan("");
  if (!fnuz && exponent == 0xF && fraction == 0x7) return std::nan("");
  const int bias = fnuz ? 8 : 7;
  const double magnitude = exponent == 0 ? std::ldexp(fraction / 8.0, 1 - bias)
                                         : std::ldexp(1.0 + fraction / 8.0, exponent - bias);
  return sign ? -magnitude : magnitude;
}

// The code whose value is exactly `value`, if one exists (test-input helper; -1 if none).
inline int fp8_e4m3_code_of(double value, Fp8Format format) {
  for (int code = 0; code < 256; ++code) {
    const double decoded = fp8_e4m3_to_double(static_cast<std::uint8_t>(code), format);
    if (decoded == value && !(format == Fp8Format::kE4M3Fn && code == 0x80)) return code;
  }
  return -1;
}

struct Fp8GemmShape {
  std::int64_t M = 0, N = 0, K = 0;
  std::int64_t lda = 0, ldb = 0, ldc = 0;  // in elements (fp8 bytes for A and B, bf16 for C)
};

// A uniformly random fp8 code that is not NaN in `format` (test inputs: every finite value, subnormals
// and both zeros included).
template <typename Rng>
inline std::uint8_t random_finite_fp8(Rng& rng, Fp8Format format) {
  std::uniform_int_distribution<int> code(0, 255);
  for (;;) {
    const auto c = static_cast<std::uint8_t>(code(rng));
    if (!std::isnan(fp8_e4m3_to_double(c, format))) return c;
  }
}

// Scale tensor extents: block128 A_scale [M, ceil(K/128)], B_scale [ceil(N/128), ceil(K/128)];
// per_token A_scale [M], B_scale [N].
inline std::int64_t fp8_k_blocks(std::int64_t K) { return (K + kFp8ScaleBlock - 1) / kFp8ScaleBlock; }
inline std::int64_t fp8_a_scale_count(const Fp8GemmShape& s, Fp8Scaling scaling) {
  return scaling == Fp8Scaling::kBlock128 ? s.M * fp8_k_blocks(s.K) : s.M;
}
inline std::int64_t fp8_b_scale_count(const Fp8GemmShape& s, Fp8Scaling scaling) {
  return scaling == Fp8Scaling::kBlock128 ? fp8_k_blocks(s.N) * fp8_k_blocks(s.K) : s.N;
}

struct Fp8GemmResult {
  std::vector<double> value;      // [M*N] exact (double) result
  std::vector<double> magnitude;  // [M*N] sum over k of |a*b| times the scales' magnitude (error scale)
};

// Every code of `format` decoded once (fp8_e4m3_to_double), and a matrix of codes widened through it.
inline std::vector<double> fp8_decode_rows(const std::uint8_t* codes, std::int64_t rows, std::int64_t cols,
                                           std::int64_t ld, Fp8Format format) {
  double table[256];
  for (int code = 0; code < 256; ++code) table[code] = fp8_e4m3_to_double(static_cast<std::uint8_t>(code), format);
  std::vector<double> out(static_cast<size_t>(rows * cols));
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t c = 0; c < cols; ++c) out[static_cast<size_t>(r * cols + c)] = table[codes[r * ld + c]];
  }
  return out;
}

// Each element sums its products in k order within each 128-K block (fp8 x fp8 products are exact in
// double). Rows of C are split over threads and taken kRows at a time, so one row of B is read once per
// kRows rows of A and the kRows sums run as independent chains.
inline Fp8GemmResult gemm_fp8(const std::uint8_t* A, const std::uint8_t* B, const float* a_scale,
                              const float* b_scale, const Fp8GemmShape& s, Fp8Scaling scaling,
                              Fp8Format format) {
  Fp8GemmResult out;
  out.value.assign(static_cast<size_t>(s.M * s.N), 0.0);
  out.magnitude.assign(static_cast<size_t>(s.M * s.N), 0.0);
  const std::vector<double> a = fp8_decode_rows(A, s.M, s.K, s.lda, format);
  const std::vector<double> b = fp8_decode_rows(B, s.N, s.K, s.ldb, format);
  const std::int64_t kb_count = fp8_k_blocks(s.K);
  constexpr std::int64_t kRows = 4;
  parallel_rows(s.M, s.N * s.K, [&](std::int64_t m_begin, std::int64_t m_end) {
    for (std::int64_t m0 = m_begin; m0 < m_end; m0 += kRows) {
      const std::int64_t rows = std::min(kRows, m_end - m0);
      for (std::int64_t n = 0; n < s.N; ++n) {
        const double* b_row = b.data() + n * s.K;
        double total[kRows] = {}, mag[kRows] = {};
        for (std::int64_t kb = 0; kb < kb_count; ++kb) {
          double dot[kRows] = {}, dot_mag[kRows] = {};
          const std::int64_t k_begin = kb * kFp8ScaleBlock, k_end = std::min(s.K, k_begin + kFp8ScaleBlock);
          for (std::int64_t k = k_begin; k < k_end; ++k) {
            for (std::int64_t r = 0; r < rows; ++r) {
              const double product = a[static_cast<size_t>((m0 + r) * s.K + k)] * b_row[k];
              dot[r] += product;
              dot_mag[r] += std::fabs(product);
            }
          }
          for (std::int64_t r = 0; r < rows; ++r) {
            const std::int64_t m = m0 + r;
            const double scale = scaling == Fp8Scaling::kBlock128
                                     ? double{a_scale[m * kb_count + kb]} *
                                           double{b_scale[(n / kFp8ScaleBlock) * kb_count + kb]}
                                     : 1.0;
            total[r] += dot[r] * scale;
            mag[r] += dot_mag[r] * std::fabs(scale);
          }
        }
        for (std::int64_t r = 0; r < rows; ++r) {
          const std::int64_t m = m0 + r;
          if (scaling == Fp8Scaling::kPerToken) {
            const double scale = double{a_scale[m]} * double{b_scale[n]};
            total[r] *= scale;
            mag[r] *= std::fabs(scale);
          }
          out.value[static_cast<size_t>(m * s.N + n)] = total[r];
          out.magnitude[static_cast<size_t>(m * s.N + n)] = mag[r];
        }
      }
    }
  });
  return out;
}

// bf16 bits -> value (bf16 is the top half of binary32).
inline double fp8_ref_bf16_to_double(std::uint16_t bits) {
  const std::uint32_t wide = std::uint32_t{bits} << 16;
  float value;
  std::memcpy(&value, &wide, sizeof value);
  return value;
}

// Round a double that is exactly representable in fp32 to bf16, nearest-even, by arithmetic on the value
// (frexp/ldexp), not by bit tricks: a second derivation next to the kernels' sequences.
inline std::uint16_t fp8_ref_round_to_bf16(double value) {
  if (value == 0.0) return std::signbit(value) ? 0x8000 : 0x0000;
  int exponent;
  const double fraction = std::frexp(std::fabs(value), &exponent);  // value = fraction * 2^exponent
  // bf16 keeps 8 significant bits for normals (exponent >= -125); subnormals keep bits down to 2^-133
  const int keep = exponent >= -125 ? 8 : 8 - (-125 - exponent);
  const double scaled = std::ldexp(fraction, keep);
  double rounded = std::nearbyint(scaled);  // the default FE_TONEAREST rounds ties to even
  const double magnitude = std::ldexp(rounded, exponent - keep);
  float as_float = static_cast<float>(std::signbit(value) ? -magnitude : magnitude);
  std::uint32_t bits;
  std::memcpy(&bits, &as_float, sizeof bits);
  return static_cast<std::uint16_t>(bits >> 16);
}

// Allowed |kernel - reference| for one element (see the rationale at the top).
inline double gemm_fp8_tolerance(double value, double magnitude, std::int64_t K) {
  const double u = std::ldexp(1.0, -24);
  return std::ldexp(std::fabs(value), -8) + 2.0 * static_cast<double>(K + 8) * u * magnitude + 1e-30;
}

}  // namespace ingot::reference
