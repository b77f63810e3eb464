// The manifest's own sha256, kept beside it by the generator. Private to libingot.
#pragma once

#include <filesystem>
#include <string_view>

#include "ingot/status.h"

namespace ingot {

inline constexpr std::string_view kManifestDigestFile = "manifest.json.sha256";

// ok when <dir>/manifest.json.sha256 is absent (a pack from another writer) or holds the sha256 of
// manifest_text; kIntegrityError naming both digests when it differs.
Status check_manifest_digest(const std::filesystem::path& dir, std::string_view manifest_text);

}  // namespace ingot
