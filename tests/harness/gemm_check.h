// The gemm op's check (bf16/f16 and fp8 kernels): options as `ingot run gemm` has always taken them,
// cases from gemm_cases.h, kernel shapes from gemm_shapes.h.
#pragma once

#include "op_check.h"

namespace ingot::harness {

const OpCheck& gemm_check();

}  // namespace ingot::harness
