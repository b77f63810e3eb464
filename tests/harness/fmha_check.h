// `ingot run fmha_fwd` and the fmha_fwd kernels' shapes behind the harness interface (fmha_check.cpp).
#pragma once

#include "op_check.h"

namespace ingot::harness {

const OpCheck& fmha_check();

}  // namespace ingot::harness
