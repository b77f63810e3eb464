// `ingot run gemm`: one gemm call through Runtime::gemm on seeded random inputs, checked element by
// element against the CPU references in tests/reference (gemm_reference.h, gemm_fp8_reference.h).
#pragma once

#include "cli_args.h"
#include "ingot/ops.h"
#include "ingot/status.h"

namespace ingot::cli {

// What a checked run found. passed is false when any element is outside its tolerance.
struct RunCheck {
  bool passed = false;
};

// Prints the kernel and why, then the errors and PASS/FAIL. An error Status (no kernel for the shape,
// a bad option, a device failure) means nothing was checked.
Result<RunCheck> run_gemm(Runtime& runtime, const ParsedArgs& args);

}  // namespace ingot::cli
