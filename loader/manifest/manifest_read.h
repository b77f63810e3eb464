// The manifest reader's choices beyond ingot/tooling/manifest.h. Private to libingot.
#pragma once

#include <string_view>

#include "ingot/tooling/manifest.h"

namespace ingot {

// A definition no kernel uses (manifest/README.md "Shared definitions"). `parse_manifest` and so
// `ingot validate` report it: the generator never writes one. Pack::open accepts it: it changes no
// launch, and a manifest with some kernels cut out (as tests and tools do) must still open.
enum class UnusedDefinitions { kError, kAllow };

Result<Manifest> parse_manifest(std::string_view json_text, UnusedDefinitions unused);

}  // namespace ingot
