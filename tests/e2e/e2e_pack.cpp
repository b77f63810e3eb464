#include "e2e_pack.h"

#include <cstdlib>
#include <memory>

namespace ingot::e2e {

namespace {

struct Opened {
  std::unique_ptr<Pack> pack;
  std::string problem;
};

const Opened& opened() {
  static const Opened result = [] {
    Opened o;
    const std::filesystem::path dir = pack_dir();
    if (!std::filesystem::exists(dir / "manifest.json")) {
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
  return INGOT_E2E_PACK_DIR;
}

const Pack* shared_pack() { return opened().pack.get(); }
std::string shared_pack_problem() { return opened().problem; }

bool family_has_reference(std::string_view family) {
  // gemm_reference.h covers gemm; gemm_fp8_reference.h covers gemm_fp8.
  return family == "gemm" || family == "gemm_fp8";
}

std::vector<std::string> gemm_kernel_ids() {
  std::vector<std::string> ids;
  const Pack* pack = shared_pack();
  if (pack == nullptr) return ids;
  for (const ManifestKernel& kernel : pack->kernels()) {
    if (kernel.op == "gemm" && family_has_reference(kernel.family)) ids.push_back(kernel.id);
  }
  return ids;
}

}  // namespace ingot::e2e
