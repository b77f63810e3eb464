// The validate_pack entry point: a real pack directory (validate reads files, not memory), rewritten for
// every input, with the loader's code-object fixtures beside the fuzzed manifest.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "fuzz_entry_points.h"
#include "ingot/tooling/validate.h"

namespace ingot::fuzz {
namespace {

namespace fs = std::filesystem;

volatile uint64_t g_sink = 0;

void write(const fs::path& path, const uint8_t* data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

// This process's pack directory, made on first use and removed at exit.
class FuzzPackDir {
 public:
  FuzzPackDir() : path_(fs::temp_directory_path() / ("ingot_fuzz_validate_" + std::to_string(getpid()))) {
    for (const char* arch : {"gfx942", "gfx950"}) fs::create_directories(path_ / arch);
  }
  ~FuzzPackDir() {
    std::error_code error;
    fs::remove_all(path_, error);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

const fs::path& pack_dir() {
  static const FuzzPackDir dir;
  return dir.path();
}

// The fixture as built (INGOT_FUZZ_FIXTURE_DIR), copied into the pack directory.
void put_fixture(const std::string& arch) {
  const std::string name = "scale_" + arch + ".co";
  std::error_code error;  // a missing fixture is a missing file: validate reports it
  fs::copy_file(fs::path(INGOT_FUZZ_FIXTURE_DIR) / name, pack_dir() / arch / name,
                fs::copy_options::overwrite_existing, error);
}

}  // namespace

int validate_pack(const uint8_t* data, size_t size) {
  const auto* nul = size > 0 ? static_cast<const uint8_t*>(std::memchr(data, 0, size)) : nullptr;  // data may be null
  const size_t manifest_size = nul != nullptr ? static_cast<size_t>(nul - data) : size;
  write(pack_dir() / "manifest.json", data, manifest_size);
  put_fixture("gfx950");
  if (nul != nullptr) {
    write(pack_dir() / "gfx942" / "scale_gfx942.co", nul + 1, size - manifest_size - 1);
  } else {
    put_fixture("gfx942");
  }
  const ValidationReport report = ingot::validate_pack(pack_dir());
  g_sink = g_sink + report.issues.size() + report.kernels_checked + report.files_checked;
  for (const ValidationIssue& issue : report.issues) g_sink = g_sink + issue.to_string().size();
  return 0;
}

}  // namespace ingot::fuzz
