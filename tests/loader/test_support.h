// Helpers shared by the loader tests: fixtures, temporary packs, an independent SHA-256.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ingot::test {

// Bytes of fixture `<name>.co` assembled at build time; nullopt when the toolchain was absent.
std::optional<std::vector<uint8_t>> fixture_bytes(const std::string& name);

// The real pack from the top-level build, when it exists.
std::optional<std::filesystem::path> real_pack_dir();

// SHA-256 straight from OpenSSL (not libingot's wrapper).
std::string sha256_of(const std::vector<uint8_t>& bytes);

std::vector<uint8_t> read_bytes(const std::filesystem::path& path);
void write_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes);
void write_text(const std::filesystem::path& path, const std::string& text);

// A fresh directory under the system temp dir, removed on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// A manifest kernel entry for the scale fixture, written from the fixture's .s source by hand.
nlohmann::json scale_kernel_entry(const std::string& arch, const std::vector<uint8_t>& bytes);
// A whole manifest around the given kernel entries (families derived from them).
nlohmann::json manifest_with(const std::vector<nlohmann::json>& kernels);

// A minimal valid kernel entry for selection tests (no file behind it).
nlohmann::json synthetic_kernel(const std::string& id, const std::string& op, const std::string& arch);

}  // namespace ingot::test
