// The pack the bench's tests run on, as every test finds it (support/test_pack.h: $INGOT_PACK when set,
// else the build's); a test skips when there is none, and fails when it does not open.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "ingot/tooling/pack.h"
#include "support/test_pack.h"

namespace ingot::bench {

class BenchPackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::filesystem::path dir = test_support::pack_dir();
    if (!test_support::have_pack()) GTEST_SKIP() << "no pack at " << dir;
    auto opened = Pack::open(dir);
    ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
    pack_ = std::make_unique<Pack>(std::move(opened).value());
  }
  std::unique_ptr<Pack> pack_;
};

}  // namespace ingot::bench
