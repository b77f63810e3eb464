// The pack the mla_decode tests run, as every test directory finds it (support/test_pack.h: $INGOT_PACK when
// set, else the build's pack), under the names the family's test binaries use.
#pragma once

#include <gtest/gtest.h>

#include "ingot/tooling/pack.h"
#include "support/test_pack.h"

namespace ingot::mla_test {

using test_support::have_pack;
using test_support::pack_dir;

// The pack, opened once per test binary (parameters are built before main); null without one. A pack
// that exists but does not open is a test failure, not a skip.
inline const Pack* main_pack() {
  static const Pack* const pack = [] {
    const Pack* opened = test_support::shared_pack();
    if (opened == nullptr && have_pack()) ADD_FAILURE() << test_support::shared_pack_problem();
    return opened;
  }();
  return pack;
}

}  // namespace ingot::mla_test
