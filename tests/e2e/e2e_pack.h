// Which pack the end-to-end suite runs, and which of its kernels it covers.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "ingot/tooling/pack.h"

namespace ingot::e2e {

// $INGOT_PACK when set (the same override the library honours), else the build's pack (INGOT_PACK_DIR).
std::filesystem::path pack_dir();

// The pack, opened once per process; nullptr when there is none (shared_pack_problem() says why).
const Pack* shared_pack();
std::string shared_pack_problem();

// Families with an independent CPU reference in tests/reference/ (what the suite can check).
bool family_has_reference(std::string_view family);

// Ids of every op "gemm" kernel whose family has a reference, in manifest order; empty without a pack.
std::vector<std::string> gemm_kernel_ids();

}  // namespace ingot::e2e
