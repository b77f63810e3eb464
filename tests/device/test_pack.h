// The real pack for tests (tests/support/test_pack.h: $INGOT_PACK, else the build's) and helpers to copy
// and tamper with it.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "support/test_pack.h"

namespace ingot::testing {

inline std::filesystem::path real_pack_dir() {
  return test_support::have_pack() ? test_support::pack_dir() : std::filesystem::path();
}

inline std::filesystem::path copy_pack(const std::filesystem::path& from, const std::string& tag) {
  const auto to = std::filesystem::temp_directory_path() /
                  ("ingot_test_" + tag + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(to);
  std::filesystem::copy(from, to, std::filesystem::copy_options::recursive);
  return to;
}

inline std::vector<uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void flip_byte(const std::filesystem::path& path, size_t offset) {
  auto bytes = read_file(path);
  bytes.at(offset) ^= 0xff;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace ingot::testing
