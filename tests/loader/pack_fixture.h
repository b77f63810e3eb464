// A temporary pack holding the two assembled fixtures and a manifest describing them.
#pragma once

#include <gtest/gtest.h>

#include <optional>

#include "test_support.h"

namespace ingot::test {

class FixturePack {
 public:
  // nullopt when the fixtures were not built.
  static std::optional<FixturePack> create() {
    auto gfx942 = fixture_bytes("scale_gfx942");
    auto gfx950 = fixture_bytes("scale_gfx950");
    if (!gfx942 || !gfx950) return std::nullopt;
    return FixturePack(std::move(*gfx942), std::move(*gfx950));
  }

  const std::filesystem::path& dir() const { return dir_->path(); }
  nlohmann::json& manifest() { return manifest_; }
  const std::vector<uint8_t>& gfx942_bytes() const { return gfx942_; }
  const std::vector<uint8_t>& gfx950_bytes() const { return gfx950_; }
  // Writes manifest.json (call after editing manifest()).
  void write_manifest() const { write_text(dir() / "manifest.json", manifest_.dump(2)); }

 private:
  FixturePack(std::vector<uint8_t> gfx942, std::vector<uint8_t> gfx950)
      : dir_(std::make_shared<TempDir>()), gfx942_(std::move(gfx942)), gfx950_(std::move(gfx950)) {
    write_bytes(dir() / "gfx942" / "scale_gfx942.co", gfx942_);
    write_bytes(dir() / "gfx950" / "scale_gfx950.co", gfx950_);
    manifest_ = manifest_with({scale_kernel_entry("gfx942", gfx942_), scale_kernel_entry("gfx950", gfx950_)});
    write_manifest();
  }

  std::shared_ptr<TempDir> dir_;
  std::vector<uint8_t> gfx942_;
  std::vector<uint8_t> gfx950_;
  nlohmann::json manifest_;
};

#define INGOT_REQUIRE_FIXTURE_PACK(var)                                      \
  auto var##_maybe = ::ingot::test::FixturePack::create();                 \
  if (!var##_maybe) GTEST_SKIP() << "code-object fixtures were not built"; \
  ::ingot::test::FixturePack& var = *var##_maybe

}  // namespace ingot::test
