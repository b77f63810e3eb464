// Finding the kernel pack when the caller names none.
#include <cstdlib>
#include <system_error>

#include "ingot/runtime.h"

#ifndef INGOT_BUILD_TREE_DIR
#define INGOT_BUILD_TREE_DIR ""
#endif
#ifndef INGOT_BUILD_TREE_PACK_DIR
#define INGOT_BUILD_TREE_PACK_DIR ""
#endif
#ifndef INGOT_CONFIGURED_PREFIX
#define INGOT_CONFIGURED_PREFIX ""
#endif
#ifndef INGOT_INSTALL_PACK_SUBDIR
#define INGOT_INSTALL_PACK_SUBDIR "share/ingot/pack"
#endif

namespace ingot {
namespace {

bool holds_manifest(const std::filesystem::path& dir) {
  std::error_code ec;
  return std::filesystem::is_regular_file(dir / "manifest.json", ec);
}

std::filesystem::path running_executable() {
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe;
}

// True when `path` lies inside `dir` (both absolute, lexically normalised).
bool is_inside(const std::filesystem::path& path, const std::filesystem::path& dir) {
  if (path.empty() || dir.empty()) return false;
  const auto rel = path.lexically_normal().lexically_relative(dir.lexically_normal());
  return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

Result<std::filesystem::path> find_pack_dir() {
  std::string tried;
  auto consider = [&](const std::filesystem::path& dir, const char* origin) -> bool {
    if (dir.empty()) return false;
    if (holds_manifest(dir)) return true;
    tried += std::string(tried.empty() ? "" : ", ") + dir.string() + " (" + origin + ")";
    return false;
  };
  if (const char* env = std::getenv("INGOT_PACK"); env != nullptr && *env != '\0') {
    // An explicit choice is honoured or reported, never silently replaced by another pack.
    if (consider(env, "$INGOT_PACK")) return std::filesystem::path(env);
    return Status(StatusCode::kNotFound, "INGOT_PACK=" + std::string(env) + " holds no manifest.json");
  }
  const auto exe = running_executable();
  // A binary run from the build tree (tests, tools/ingot) uses the pack built beside it; an installed
  // copy never does, so it keeps working (or says so) once the build tree is gone or rebuilt.
  const std::filesystem::path build_tree = INGOT_BUILD_TREE_DIR;
  if (is_inside(exe, build_tree)) {
    if (consider(INGOT_BUILD_TREE_PACK_DIR, "build tree")) return std::filesystem::path(INGOT_BUILD_TREE_PACK_DIR);
  }
  // <prefix>/bin/ingot and any program installed into <prefix>/bin: the pack installed beside it.
  if (!exe.empty()) {
    const auto installed = exe.parent_path().parent_path() / INGOT_INSTALL_PACK_SUBDIR;
    if (consider(installed, "beside the executable")) return installed;
  }
  // A program elsewhere linked against the library installed where it was configured to go.
  const std::filesystem::path configured_prefix = INGOT_CONFIGURED_PREFIX;
  if (!configured_prefix.empty()) {
    const auto installed = configured_prefix / INGOT_INSTALL_PACK_SUBDIR;
    if (consider(installed, "configured install prefix")) return installed;
  }
  return Status(StatusCode::kNotFound,
                "no kernel pack found (set INGOT_PACK, pass --pack or RuntimeOptions::pack_dir, e.g. the CMake "
                "package's ingot_PACK_DIR); tried " +
                    (tried.empty() ? std::string("nothing") : tried));
}

}  // namespace ingot
