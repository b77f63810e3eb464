// The pack a bench reads: the one its --pack names, else the library's own search (ingot::find_pack_dir:
// $INGOT_PACK when set, else this build tree's pack), so the benches, the tests and the CLI mean the same
// pack without a directory compiled into each of them.
#pragma once

#include <filesystem>

#include "ingot/runtime.h"
#include "ingot/tooling/pack.h"

namespace ingot::bench {

inline Result<Pack> open_bench_pack(const std::filesystem::path& named = {}) {
  if (!named.empty()) return Pack::open(named);
  auto found = find_pack_dir();
  if (!found) return found.status();
  return Pack::open(found.value());
}

}  // namespace ingot::bench
