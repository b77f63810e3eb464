// The gemm op's cases (gemm_check.cpp puts them behind the harness interface), each checked against its
// independent CPU reference (tests/reference/): inputs from a seeded generator, the problem built from names
// (the same names the manifest's kernarg value expressions use: A, B, C, bias, A_scale, B_scale, M,
// N, K, lda, ldb, ldc, alpha), and the per-dtype tolerance the reference headers define.
#pragma once

#include <cstdint>
#include <string>

#include "device_run.h"
#include "ingot/tooling/manifest.h"
#include "ingot/status.h"

namespace ingot::harness {

struct GemmShape {
  int64_t M = 0, N = 0, K = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;  // in elements
  std::string describe() const;
};

// Dense C = alpha * A.B^T (+ bias): A, B in dtype_in ("bf16" | "f16"), C and bias in dtype_out
// ("bf16" | "f16" | "f32"). The `gemm` family's reference; also what Runtime::gemm is checked with.
struct DenseGemm {
  std::string dtype_in = "bf16";
  std::string dtype_out = "f32";
  bool has_bias = false;
  float alpha = 1.0f;
};
HostCase make_dense_case(const DenseGemm& gemm, const GemmShape& shape, uint32_t seed);

// FP8 C[M,N] bf16 = dequant(A fp8) . dequant(B fp8)^T: fp8_format "e4m3fnuz" | "e4m3fn", scaling
// "block128" | "per_token"; random finite codes and scales in [0.5, 2). The `gemm_fp8` family's reference.
struct Fp8Gemm {
  std::string fp8_format = "e4m3fnuz";
  std::string scaling = "block128";
};
HostCase make_fp8_gemm_case(const Fp8Gemm& gemm, const GemmShape& shape, uint32_t seed);

// The case for one kernel of a family with a reference (e2e_pack.h), its match keys and the
// family-specific inputs (fp8 codes and scales, bias) taken from the kernel's manifest entry.
Result<HostCase> make_kernel_case(const ManifestKernel& kernel, const GemmShape& shape, uint32_t seed);

// The problem a kernel's rules are checked against for a shape (match keys from the kernel's entry,
// integers, alpha): what shape legalisation asks check_kernel_accepts about.
Problem kernel_problem(const ManifestKernel& kernel, const GemmShape& shape);

}  // namespace ingot::harness
