#include "e2e_pack.h"

namespace ingot::e2e {

bool family_has_reference(std::string_view family) {
  // gemm_reference.h covers gemm; gemm_fp8_reference.h covers gemm_fp8.
  return family == "gemm" || family == "gemm_fp8";
}

std::vector<std::string> gemm_kernel_ids() {
  std::vector<std::string> ids;
  const Pack* pack = shared_pack();
  if (pack == nullptr) return ids;
  for (const ManifestKernel& kernel : pack->kernels()) {
    if (kernel.op == "gemm" && family_has_reference(kernel.family)) ids.push_back(kernel.id);
  }
  return ids;
}

}  // namespace ingot::e2e
