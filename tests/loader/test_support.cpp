#include "test_support.h"

#include "support/test_pack.h"

#include <openssl/sha.h>

#include <atomic>
#include <fstream>
#include <random>
#include <unistd.h>

namespace ingot::test {

std::optional<std::vector<uint8_t>> fixture_bytes(const std::string& name) {
  const std::filesystem::path path = std::filesystem::path(INGOT_TEST_FIXTURE_DIR) / (name + ".co");
  if (!std::filesystem::exists(path)) return std::nullopt;
  return read_bytes(path);
}

std::optional<std::filesystem::path> real_pack_dir() {
  if (test_support::have_pack()) return test_support::pack_dir();
  return std::nullopt;
}

std::string sha256_of(const std::vector<uint8_t>& bytes) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(bytes.data(), bytes.size(), digest);
  std::string hex;
  char part[3];
  for (unsigned char byte : digest) {
    std::snprintf(part, sizeof part, "%02x", byte);
    hex += part;
  }
  return hex;
}

std::vector<uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  path_ = std::filesystem::temp_directory_path() /
          ("ingot_loader_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

nlohmann::json scale_kernel_entry(const std::string& arch, const std::vector<uint8_t>& bytes) {
  const std::string id = "scale_" + arch;
  return {
      {"id", id},
      {"family", "scale"},
      {"op", "scale"},
      {"arch", arch},
      {"params", {{"tile", 256}, {"dtype", "f32"}, {"fast", true}}},
      {"file", arch + "/" + id + ".co"},
      {"symbol", id},
      {"sha256", sha256_of(bytes)},
      {"size", bytes.size()},
      {"kernarg",
       {{"size", 24},
        {"align", 8},
        {"args",
         {{{"name", "in"}, {"type", "ptr"}, {"offset", 0}, {"size", 8}, {"value", "in"}},
          {{"name", "out"}, {"type", "ptr"}, {"offset", 8}, {"size", 8}, {"value", "out"}},
          {{"name", "n"}, {"type", "u32"}, {"offset", 16}, {"size", 4}, {"value", "n"}}}}}},
      {"launch", {{"workgroup", {256, 1, 1}}, {"grid", {{"ceil_div", "n", 256}, 1, 1}}, {"dynamic_lds", 0}, {"workspace", 0}}},
      {"match", {{"dtype", "f32"}}},
      {"constraints", {{{"name", "n_positive"}, {"expr", {"gt", "n", 0}}, {"message", "n must be positive"}}}},
      {"cost", {"ceil_div", "n", 256}},
      {"resources",
       {{"vgpr", 12}, {"agpr", 8}, {"sgpr", 20}, {"lds", 1024}, {"scratch", 0}, {"accum_offset", 12},
        {"wavefront_size", 64}, {"max_flat_workgroup_size", 256}}},
  };
}

nlohmann::json manifest_with(const std::vector<nlohmann::json>& kernels) {
  nlohmann::json families = nlohmann::json::object();
  nlohmann::json archs = nlohmann::json::array();
  for (const auto& kernel : kernels) {
    families[kernel["family"].get<std::string>()]["variants"].push_back(kernel["id"]);
    if (std::find(archs.begin(), archs.end(), kernel["arch"]) == archs.end()) archs.push_back(kernel["arch"]);
  }
  return {
      {"schema_version", 3},
      {"pack_version", "0.1.0"},
      {"toolchain", {{"backend", "triton-llvm"}, {"version", "test"}}},
      {"archs", archs},
      {"families", families},
      {"kernels", kernels},
  };
}

nlohmann::json synthetic_kernel(const std::string& id, const std::string& op, const std::string& arch) {
  return {
      {"id", id},
      {"family", op + "_family"},
      {"op", op},
      {"arch", arch},
      {"params", nlohmann::json::object()},
      {"file", arch + "/" + id + ".co"},
      {"symbol", id},
      {"sha256", std::string(64, '0')},
      {"size", 0},
      {"kernarg", {{"size", 0}, {"align", 8}, {"args", nlohmann::json::array()}}},
      {"launch", {{"workgroup", {64, 1, 1}}, {"grid", {1, 1, 1}}, {"dynamic_lds", 0}, {"workspace", 0}}},
      {"cost", 1},
      {"resources",
       {{"vgpr", 1}, {"agpr", 0}, {"sgpr", 1}, {"lds", 0}, {"scratch", 0}, {"accum_offset", 4},
        {"wavefront_size", 64}, {"max_flat_workgroup_size", 64}}},
  };
}

}  // namespace ingot::test
