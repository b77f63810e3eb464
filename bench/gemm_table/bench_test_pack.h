// The pack the bench's tests run on: $INGOT_PACK when set, else the build's (INGOT_TEST_PACK_DIR); a
// test skips when there is none, and fails when it does not open.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include "ingot/tooling/pack.h"

namespace ingot::bench {

class BenchPackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* env = std::getenv("INGOT_PACK");
    const std::filesystem::path dir = env != nullptr ? env : INGOT_TEST_PACK_DIR;
    if (!std::filesystem::exists(dir / "manifest.json")) GTEST_SKIP() << "no pack at " << dir;
    auto opened = Pack::open(dir);
    ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
    pack_ = std::make_unique<Pack>(std::move(opened).value());
  }
  std::unique_ptr<Pack> pack_;
};

}  // namespace ingot::bench
