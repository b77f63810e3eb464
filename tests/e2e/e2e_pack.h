// Which pack the end-to-end suite runs, and which of its kernels it covers.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "ingot/tooling/pack.h"
#include "support/test_pack.h"

namespace ingot::e2e {

// Which pack, opened once per process: tests/support/test_pack.h.
using test_support::pack_dir;
using test_support::shared_pack;
using test_support::shared_pack_problem;

// Families with an independent CPU reference in tests/reference/ (what the suite can check).
bool family_has_reference(std::string_view family);

// Ids of every op "gemm" kernel whose family has a reference, in manifest order; empty without a pack.
std::vector<std::string> gemm_kernel_ids();

}  // namespace ingot::e2e
