// CPU reference for the gemm op: gemm() (bf16/f16 in, bf16/f16/f32 out, alpha, bias; tolerances per output
// dtype in gemm_tolerance). A triple loop in float (fp32 sums in k order, rows of C over threads), written
// independently of the kernels and of the emulator so that end-to-end tests compare two separate
// derivations of the same numbers.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "parallel_rows.h"

namespace ingot::reference {

// bf16 is the top half of an IEEE binary32: widening is exact.
inline float bf16_to_float(std::uint16_t bits) {
  const std::uint32_t wide = static_cast<std::uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &wide, sizeof value);
  return value;
}

// Round to nearest, ties to even (what test inputs should be made with); NaN stays a quiet NaN.
inline std::uint16_t float_to_bf16(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  if (std::isnan(value)) return static_cast<std::uint16_t>((bits >> 16) | 0x0040u);
  const std::uint32_t lsb = (bits >> 16) & 1u;
  bits += 0x7FFFu + lsb;
  return static_cast<std::uint16_t>(bits >> 16);
}

struct GemmShape {
  std::int64_t M = 0, N = 0, K = 0;
  std::int64_t lda = 0, ldb = 0, ldc = 0;  // in elements
};

// ---------------------------------------------------------------------------------------------------
// The `gemm` family: C = alpha * A . B^T (+ bias[N]), A and B bf16 or f16, C bf16, f16 or f32, fp32
// accumulation. Conversions below are written from the IEEE formats (frexp/ldexp arithmetic), not from
// bit tricks, so they are a second derivation next to the kernels' integer sequences.

enum class DType { kBF16, kF16, kF32 };

inline int dtype_bytes(DType t) { return t == DType::kF32 ? 4 : 2; }

// IEEE binary16: 1 sign, 5 exponent (bias 15), 10 fraction bits; exponent 0 is subnormal (2^-24 units).
inline float f16_to_float(std::uint16_t bits) {
  const int sign = (bits >> 15) & 1;
  const int exponent = (bits >> 10) & 0x1F;
  const int fraction = bits & 0x3FF;
  double magnitude;
  if (exponent == 0x1F) {
    magnitude = fraction != 0 ? std::nan("") : INFINITY;
  } else if (exponent == 0) {
    magnitude = std::ldexp(static_cast<double>(fraction), -24);
  } else {
    magnitude = std::ldexp(static_cast<double>(fraction + 1024), exponent - 25);
  }
  return static_cast<float>(sign ? -magnitude : magnitude);
}

// Round to nearest, ties to even; overflow to infinity; NaN -> quiet NaN.
inline std::uint16_t float_to_f16(float value) {
  if (std::isnan(value)) return 0x7E00;
  const std::uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  const double magnitude = std::fabs(static_cast<double>(value));
  if (magnitude >= 65520.0) return static_cast<std::uint16_t>(sign | 0x7C00);  // halfway to 2^16 and beyond
  int exponent = 0;
  const double mantissa = std::frexp(magnitude, &exponent);  // magnitude = mantissa * 2^exponent
  if (magnitude == 0.0 || exponent - 1 < -14) {
    // subnormal range: a whole number of 2^-24 units (1024 units is the smallest normal, same encoding)
    return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::nearbyint(std::ldexp(magnitude, 24))));
  }
  const double significand = std::nearbyint(std::ldexp(mantissa, 11));  // 1024..2048, ties to even
  const int biased = exponent - 1 + 15;
  return static_cast<std::uint16_t>(sign | ((biased << 10) + static_cast<int>(significand) - 1024));
}

inline float load_element(const void* base, std::int64_t index, DType t) {
  if (t == DType::kF32) return static_cast<const float*>(base)[index];
  const std::uint16_t bits = static_cast<const std::uint16_t*>(base)[index];
  return t == DType::kBF16 ? bf16_to_float(bits) : f16_to_float(bits);
}

inline void store_element(void* base, std::int64_t index, DType t, float value) {
  if (t == DType::kF32) {
    static_cast<float*>(base)[index] = value;
  } else {
    static_cast<std::uint16_t*>(base)[index] = t == DType::kBF16 ? float_to_bf16(value) : float_to_f16(value);
  }
}

struct GemmArgsRef {
  DType in = DType::kBF16;   // A and B
  DType out = DType::kF32;   // C and bias
  float alpha = 1.0f;
  const void* bias = nullptr;  // bias[N] in `out`'s dtype, or none
};

// A matrix of `t` elements widened to float, rows packed (row stride = cols).
inline std::vector<float> widen_rows(const void* base, std::int64_t rows, std::int64_t cols, std::int64_t ld, DType t) {
  std::vector<float> out(static_cast<size_t>(rows * cols));
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t c = 0; c < cols; ++c) out[static_cast<size_t>(r * cols + c)] = load_element(base, r * ld + c, t);
  }
  return out;
}

// C[m*ldc + n] = convert(alpha * sum_k A[m,k]*B[n,k] + bias[n]) for m < M, n < N (fp32 sum in k order);
// padding columns keep their contents. `exact` (optional, M*N floats, row stride N) receives the fp32 value
// before conversion and `abs_sum` (optional, same layout) sum_k |A*B|, for gemm_tolerance.
// A and B are widened once; rows of C are split over threads and taken kRows at a time (one pass over a
// row of B serves kRows rows of A, and the kRows sums are independent chains).
inline void gemm(const void* A, const void* B, void* C, const GemmShape& s, const GemmArgsRef& args,
                 float* exact = nullptr, float* abs_sum = nullptr) {
  const std::vector<float> a = widen_rows(A, s.M, s.K, s.lda, args.in);
  const std::vector<float> b = widen_rows(B, s.N, s.K, s.ldb, args.in);
  constexpr std::int64_t kRows = 4;
  parallel_rows(s.M, s.N * s.K, [&](std::int64_t m_begin, std::int64_t m_end) {
    for (std::int64_t m0 = m_begin; m0 < m_end; m0 += kRows) {
      const std::int64_t rows = std::min(kRows, m_end - m0);
      for (std::int64_t n = 0; n < s.N; ++n) {
        const float* b_row = b.data() + n * s.K;
        float acc[kRows] = {}, mag[kRows] = {};
        for (std::int64_t k = 0; k < s.K; ++k) {
          for (std::int64_t r = 0; r < rows; ++r) {
            const float product = a[static_cast<size_t>((m0 + r) * s.K + k)] * b_row[k];
            acc[r] += product;
            mag[r] += std::fabs(product);
          }
        }
        for (std::int64_t r = 0; r < rows; ++r) {
          const std::int64_t m = m0 + r;
          float value = args.alpha * acc[r];
          if (args.bias != nullptr) value += load_element(args.bias, n, args.out);
          store_element(C, m * s.ldc + n, args.out, value);
          if (exact != nullptr) exact[m * s.N + n] = value;
          if (abs_sum != nullptr) abs_sum[m * s.N + n] = mag[r];
        }
      }
    }
  });
}

// Allowed |kernel - reference| for one element of C, compared as floats after decoding both:
// - the fp32 sums may differ by the accumulation order: 2(K+1) * 2^-24 * sum|a*b| (16-bit products are
//   exact in fp32), scaled by |alpha|, plus one fp32 rounding of the alpha/bias step;
// - a 16-bit output is then rounded once: the two results may land one output ulp apart (bf16 ulp is
//   2^(e-7), f16 2^(e-10) for a value in [2^e, 2^(e+1)); f16 subnormals 2^-24).
inline float gemm_tolerance(DType out, float reference, float abs_sum, std::int64_t K, float alpha) {
  const double u = std::ldexp(1.0, -24);
  double bound = 2.0 * static_cast<double>(K + 1) * u * abs_sum * std::fabs(alpha) + 2.0 * u * std::fabs(reference);
  if (out != DType::kF32 && reference != 0.0f && std::isfinite(reference)) {
    int exponent = 0;
    std::frexp(std::fabs(static_cast<double>(reference)) + bound, &exponent);  // value < 2^exponent
    const int fraction_bits = out == DType::kBF16 ? 7 : 10;
    double ulp = std::ldexp(1.0, exponent - 1 - fraction_bits);
    if (out == DType::kF16) ulp = std::max(ulp, std::ldexp(1.0, -24));
    bound += ulp;
  } else if (out == DType::kF16) {
    bound += std::ldexp(1.0, -24);
  } else if (out == DType::kBF16) {
    bound += std::ldexp(1.0, -133);
  }
  return static_cast<float>(bound) + 1e-30f;
}

}  // namespace ingot::reference
