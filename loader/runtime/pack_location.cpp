// Finding the kernel pack when the caller names none.
#include <unistd.h>

#include <cstdlib>
#include <system_error>

#include "ingot/runtime.h"

#ifndef INGOT_BUILD_TREE_PACK_DIR
#define INGOT_BUILD_TREE_PACK_DIR ""
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

// <prefix> of an installed executable <prefix>/bin/ingot: the parent of its directory.
std::filesystem::path executable_prefix() {
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return exe.parent_path().parent_path();
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
  const std::filesystem::path build_tree = INGOT_BUILD_TREE_PACK_DIR;
  if (consider(build_tree, "build tree")) return build_tree;
  const auto prefix = executable_prefix();
  if (!prefix.empty()) {
    const auto installed = prefix / INGOT_INSTALL_PACK_SUBDIR;
    if (consider(installed, "install prefix")) return installed;
  }
  return Status(StatusCode::kNotFound,
                "no kernel pack found (set INGOT_PACK or pass --pack); tried " + (tried.empty() ? std::string("nothing") : tried));
}

}  // namespace ingot
