#include "support/test_pack.h"

#include <cstdlib>

namespace ingot::test_support {
namespace {

struct Opened {
  std::unique_ptr<Pack> pack;
  std::string problem;
};

const Opened& opened() {
  static const Opened result = [] {
    Opened o;
    const std::filesystem::path dir = pack_dir();
    if (!have_pack()) {
      o.problem = "no manifest.json in " + dir.string() + " (build the pack, or set INGOT_PACK)";
      return o;
    }
    auto pack = Pack::open(dir);
    if (!pack) {
      o.problem = pack.status().to_string();
      return o;
    }
    o.pack = std::make_unique<Pack>(std::move(pack).value());
    return o;
  }();
  return result;
}

}  // namespace

std::filesystem::path pack_dir() {
  if (const char* env = std::getenv("INGOT_PACK"); env != nullptr && *env != '\0') return env;
  return INGOT_TEST_SUPPORT_PACK_DIR;
}

bool have_pack() { return std::filesystem::exists(pack_dir() / "manifest.json"); }

const Pack* shared_pack() { return opened().pack.get(); }
std::string shared_pack_problem() { return opened().problem; }

}  // namespace ingot::test_support
