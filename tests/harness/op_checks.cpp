// The registry of op checks: one line per op.
#include "gemm_check.h"
#include "op_check.h"

namespace ingot::harness {

std::span<const OpCheck* const> op_checks() {
  static const OpCheck* const checks[] = {
      &gemm_check(),
  };
  return checks;
}

}  // namespace ingot::harness
