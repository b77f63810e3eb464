#include <string>

#include "ingot/tooling/pack.h"

namespace ingot {

Status check_pack_relative_path(std::string_view path) {
  auto reject = [&](const std::string& why) {
    return Status(StatusCode::kIntegrityError, "file \"" + std::string(path) + "\" " + why);
  };
  if (path.empty()) return reject("is empty");
  if (path.front() == '/' || path.front() == '\\') return reject("is absolute; files must be inside the pack");
  if (path.find('\\') != std::string_view::npos) return reject("contains a backslash");
  if (path.find('\0') != std::string_view::npos) return reject("contains a NUL byte");
  if (path.size() >= 2 && path[1] == ':') return reject("looks like a drive path");
  size_t start = 0;
  while (start <= path.size()) {
    const size_t end = std::min(path.find('/', start), path.size());
    const std::string_view part = path.substr(start, end - start);
    if (part == "..") return reject("contains \"..\"; files must stay inside the pack");
    if (part.empty() || part == ".") return reject("has an empty or \".\" path component");
    start = end + 1;
  }
  return Status::ok();
}

}  // namespace ingot
