// The pack the mla_decode tests run: $INGOT_PACK when set, else the build's pack (INGOT_TEST_PACK_DIR,
// compiled in by CMake). One definition for the family's test binaries.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include "ingot/tooling/pack.h"

namespace ingot::mla_test {

inline std::filesystem::path pack_dir() {
  const char* override_dir = std::getenv("INGOT_PACK");
  return override_dir != nullptr ? override_dir : INGOT_TEST_PACK_DIR;
}

inline bool have_pack() { return std::filesystem::exists(pack_dir() / "manifest.json"); }

// The pack, opened once per test binary (parameters are built before main); null without one. A pack
// that exists but does not open is a test failure, not a skip.
inline const Pack* main_pack() {
  static const std::unique_ptr<Pack> pack = []() -> std::unique_ptr<Pack> {
    if (!have_pack()) return nullptr;
    auto opened = Pack::open(pack_dir());
    if (!opened.is_ok()) {
      ADD_FAILURE() << opened.status().to_string();
      return nullptr;
    }
    return std::make_unique<Pack>(std::move(opened).value());
  }();
  return pack.get();
}

}  // namespace ingot::mla_test
