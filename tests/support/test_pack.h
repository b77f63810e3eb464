// The kernel pack the tests run on, found and opened one way for every test directory: $INGOT_PACK when
// set (the same override the library honours: the suite runs on another build of the pack), else this
// build's pack (INGOT_PACK_DIR, compiled into the ingot_test_support library).
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "ingot/tooling/pack.h"

namespace ingot::test_support {

std::filesystem::path pack_dir();
// pack_dir() holds a manifest.json.
bool have_pack();

// The pack, opened once per process; nullptr when there is none or it does not open (shared_pack_problem()
// says which: a test skips on the first and fails on the second).
const Pack* shared_pack();
std::string shared_pack_problem();

}  // namespace ingot::test_support
