// CPU reference for the gemm op: C[M,N] (f32, row stride ldc) = A[M,K] (bf16, stride lda) . B[N,K]^T
// (bf16, stride ldb). A plain triple loop in float, written independently of the kernels and of the
// emulator so that end-to-end tests compare two separate derivations of the same numbers.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

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

// Writes C[m*ldc + n] for m < M, n < N only: padding columns n >= N keep their contents, which lets a test
// check that a kernel did not write them. If abs_sum is given (same layout as C), it receives
// sum_k |a*b| per element, the scale of the rounding error an fp32 accumulation in another order may have.
inline void gemm_bf16_f32(const std::uint16_t* A, const std::uint16_t* B, float* C, const GemmShape& s,
                          float* abs_sum = nullptr) {
  for (std::int64_t m = 0; m < s.M; ++m) {
    for (std::int64_t n = 0; n < s.N; ++n) {
      float acc = 0.0f;
      float mag = 0.0f;
      for (std::int64_t k = 0; k < s.K; ++k) {
        const float product = bf16_to_float(A[m * s.lda + k]) * bf16_to_float(B[n * s.ldb + k]);
        acc += product;
        mag += std::fabs(product);
      }
      C[m * s.ldc + n] = acc;
      if (abs_sum != nullptr) abs_sum[m * s.ldc + n] = mag;
    }
  }
}

// Allowed |kernel - reference| for one element: both sums are fp32 over exact bf16 products (8-bit
// significands multiply exactly in fp32), so each may be off by about K ulps of the magnitude sum.
inline float gemm_bf16_tolerance(float abs_sum, std::int64_t K) {
  const float unit_roundoff = std::ldexp(1.0f, -24);
  return 2.0f * static_cast<float>(K + 1) * unit_roundoff * abs_sum + 1e-30f;
}

}  // namespace ingot::reference
