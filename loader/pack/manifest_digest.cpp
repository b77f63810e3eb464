#include "pack/manifest_digest.h"

#include <system_error>

#include "pack/file_io.h"
#include "pack/sha256.h"

namespace ingot {
namespace {

constexpr uint64_t kMaxDigestFileBytes = 1024;

}  // namespace

Status check_manifest_digest(const std::filesystem::path& dir, std::string_view manifest_text) {
  const std::filesystem::path digest_path = dir / kManifestDigestFile;
  std::error_code error;
  if (!std::filesystem::exists(digest_path, error)) return Status::ok();  // packs from other writers
  auto recorded = read_file_text(digest_path, kMaxDigestFileBytes);
  if (!recorded) return recorded.status();
  std::string expected = recorded.value();
  while (!expected.empty() && (expected.back() == '\n' || expected.back() == ' ')) expected.pop_back();
  auto actual = sha256_hex(std::span(reinterpret_cast<const uint8_t*>(manifest_text.data()), manifest_text.size()));
  if (!actual) return actual.status();
  if (actual.value() != expected) {
    return Status(StatusCode::kIntegrityError, "manifest.json: sha256 is " + actual.value() + ", " +
                                                   std::string(kManifestDigestFile) + " says " + expected);
  }
  return Status::ok();
}

}  // namespace ingot
