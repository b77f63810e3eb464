// The loader's selection over the gemm_fp8 manifest entries of the main pack (support/test_pack.h; skips
// when the build has no pack): an fp8 problem that names its scaling and FP8 format gets a gemm_fp8
// kernel; a problem outside the rules gets a "no kernel" status naming the failed rule; the other arch's
// format is refused. The pinned ids for DeepSeek-V3's (N, K) grid are what the roofline costs of
// gen/families/gemm_fp8.py (with gemm_splitk.py's split rule) choose today; the property tests beside them
// check the reasons from the kernels' params and the device's CU count, not from the cost expressions, so
// a model change that breaks the reasoning fails even where someone re-pins the ids.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "ingot/tooling/launch.h"
#include "ingot/ops.h"
#include "ingot/tooling/pack.h"
#include "ingot/problem.h"
#include "ingot/tooling/select.h"
#include "support/test_pack.h"

namespace ingot {
namespace {

// The problem Runtime::gemm builds for an FP8 linear layer (no alpha, no bias).
Problem fp8_linear(int64_t m, int64_t n, int64_t k, const std::string& scaling, const std::string& format) {
  GemmArgs args;
  args.dtype_a = args.dtype_b = "fp8";
  args.dtype_c = "bf16";
  args.scaling = scaling;
  args.fp8_format = format;
  args.M = m, args.N = n, args.K = k, args.lda = k, args.ldb = k, args.ldc = n;
  return gemm_problem(args, DeviceInfo{}).value();  // the format is given: no device default needed
}

class GemmFp8Select : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::filesystem::path dir = test_support::pack_dir();
    if (!test_support::have_pack()) GTEST_SKIP() << "no pack at " << dir;
    auto opened = Pack::open(dir);
    ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
    pack_ = std::make_unique<Pack>(std::move(opened).value());
  }
  Result<Selection> pick(const char* arch, int64_t cus, const Problem& problem) const {
    DeviceInfo info;
    info.arch = arch;
    info.cus = cus;
    return pack_->select(problem, info);
  }
  // The chosen kernel for `problem` on (arch, cus); fails the test (and returns null) on no kernel.
  const ManifestKernel* chosen(const char* arch, int64_t cus, const Problem& problem) const {
    auto picked = pick(arch, cus, problem);
    EXPECT_TRUE(picked.is_ok()) << picked.status().to_string();
    return picked.is_ok() ? picked.value().kernel : nullptr;
  }
  std::unique_ptr<Pack> pack_;
};

int64_t param(const ManifestKernel& kernel, const char* name) {
  const auto it = kernel.params.find(name);
  return it != kernel.params.end() && std::holds_alternative<int64_t>(it->second) ? std::get<int64_t>(it->second) : 0;
}

// The launch's grid z (the split-K factor) as the loader evaluates it; buffers are placeholders.
uint32_t splits_of(const ManifestKernel& kernel, Problem problem, const char* arch, int64_t cus) {
  for (const char* name : {"A", "B", "C", "A_scale", "B_scale", "workspace"}) problem.buffer(name, 0x10000);
  DeviceInfo info;
  info.arch = arch;
  info.cus = cus;
  auto config = prepare_launch(kernel, problem, info);
  EXPECT_TRUE(config.is_ok()) << kernel.id << ": " << config.status().to_string();
  return config.is_ok() ? config->grid_workgroups[2] : 0;
}

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

struct Device {
  const char* arch;
  const char* format;
  int64_t cus;
};
const std::array<Device, 3> kDevices = {{{"gfx942", "e4m3fnuz", 304}, {"gfx942", "e4m3fnuz", 80}, {"gfx950", "e4m3fn", 256}}};
const std::array<const char*, 2> kScalings = {"block128", "per_token"};
const std::array<int64_t, 5> kSizes = {1536, 2048, 7168, 18432, 24576};  // DeepSeek-V3's N and K
const std::array<int64_t, 8> kMs = {1, 2, 4, 8, 16, 64, 512, 4096};

const char* format_of(const char* arch) { return std::string(arch) == "gfx950" ? "e4m3fn" : "e4m3fnuz"; }

// --- pinned choices, DeepSeek-V3 (N, K) grid --------------------------------------------------------------
struct Pinned {
  const char* arch;
  int64_t cus;
  const char* scaling;
  int64_t n, k;
  std::array<const char*, 8> tile;  // per M in kMs: the id after "gemm_fp8_<arch>_s<scaling without _>_"
};

const std::vector<Pinned> kPinned = {
    {"gfx942", 304, "block128", 1536, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 1536, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 1536, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 1536, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 1536, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m32_n64_ks4", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 2048, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 2048, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 2048, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 2048, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 2048, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 7168, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 7168, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 7168, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 7168, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 7168, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 18432, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n64_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 18432, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n64_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 18432, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 18432, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 18432, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 24576, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 24576, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 24576, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 24576, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "block128", 24576, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 304, "per_token", 1536, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 1536, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 1536, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 1536, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 1536, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 2048, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 2048, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 2048, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 2048, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 2048, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 7168, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 7168, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 7168, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 7168, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 7168, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 18432, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n64_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 18432, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n64_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 18432, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n64_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 18432, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n64_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 18432, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n64_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 24576, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 24576, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 24576, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 24576, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 304, "per_token", 24576, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "block128", 1536, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 1536, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 1536, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 1536, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 1536, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 2048, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 2048, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 2048, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 2048, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n32_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 2048, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 7168, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 7168, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 7168, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 7168, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 7168, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 18432, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 18432, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 18432, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 18432, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 18432, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 24576, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 24576, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 24576, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 24576, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "block128", 24576, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m64_n128_ks1", "m64_n128_ks1", "m64_n128_ks1"}},
    {"gfx942", 80, "per_token", 1536, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 1536, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 1536, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 1536, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 1536, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 2048, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 2048, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 2048, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 2048, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 2048, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 7168, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 7168, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 7168, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 7168, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 7168, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 18432, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 18432, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 18432, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 18432, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 18432, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 24576, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 24576, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 24576, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 24576, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx942", 80, "per_token", 24576, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    // gfx950 block128: the direct-to-LDS tiles (asm/gemm/PERFORMANCE.md, "gfx950 fp8 block128 prefill"):
    // 128x256 (AGPR operands) at M = 4096 and on the wide or deep M = 512 rows, 128x128 where the roofline
    // sees 128x256 leave CUs idle (M = 512 with N <= 8192 but for K >= 18432 at N = 7168) and at M = 64
    // from N = 18432 (128x256 at N = 24576 from K = 7168); each pick that moved to 128x256 benched there
    {"gfx950", 256, "block128", 1536, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 1536, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 1536, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 1536, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 1536, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 2048, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 2048, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 2048, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 2048, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 2048, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 7168, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 7168, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 7168, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 7168, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 7168, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 18432, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 18432, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 18432, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 18432, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 18432, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 24576, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 24576, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 24576, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n256_ks1", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 24576, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n256_ks1", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "block128", 24576, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n256_ks1", "m128_n256_ks1", "m128_n256_ks1"}},
    {"gfx950", 256, "per_token", 1536, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 1536, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 1536, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 1536, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 1536, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 2048, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 2048, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 2048, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 2048, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 2048, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 7168, 1536, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 7168, 2048, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 7168, 7168, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 7168, 18432, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 7168, 24576, {"m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m16_n32_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 18432, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 18432, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 18432, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 18432, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 18432, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m32_n64_ks4", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 24576, 1536, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 24576, 2048, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 24576, 7168, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 24576, 18432, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
    {"gfx950", 256, "per_token", 24576, 24576, {"m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m16_n64_ks4", "m128_n128_ks1", "m128_n128_ks1", "m128_n128_ks1"}},
};

TEST_F(GemmFp8Select, PinnedChoicesForDeepSeekLinears) {
  for (const Pinned& row : kPinned) {
    std::string scaling_tag = row.scaling;
    scaling_tag.erase(std::remove(scaling_tag.begin(), scaling_tag.end(), '_'), scaling_tag.end());
    for (size_t i = 0; i < kMs.size(); ++i) {
      const ManifestKernel* kernel = chosen(row.arch, row.cus, fp8_linear(kMs[i], row.n, row.k, row.scaling, format_of(row.arch)));
      ASSERT_NE(kernel, nullptr);
      EXPECT_EQ(kernel->id, std::string("gemm_fp8_") + row.arch + "_s" + scaling_tag + "_" + row.tile[i])
          << row.arch << " cus=" << row.cus << " " << row.scaling << " M=" << kMs[i] << " N=" << row.n << " K=" << row.k;
    }
  }
}

// Where the 16x64 and 16x32 decode grids both reach the HBM rate, the pick is the tile whose workgroups each
// stream less through their CU: the timing model (ingot_gemm_table, modeled, main aa86414) gives gfx942 M=16,
// N = K = 4096 block128 6.03 us on 16x64 (64 workgroups) against 5.00 us on 16x32 (128), and the roofline
// without gemm_common.py's own_stream term picked 16x64.
TEST_F(GemmFp8Select, DecodePicksTheTileWhoseWorkgroupsStreamLessWhenBothReachTheHbmRate) {
  const ManifestKernel* kernel = chosen("gfx942", 304, fp8_linear(16, 4096, 4096, "block128", "e4m3fnuz"));
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->id, "gemm_fp8_gfx942_sblock128_m16_n32_ks4");
}

// Decode (M <= 16) streams B: the K-slice tiles (4 waves on one 16/32-row tile, split-K across workgroups)
// win every shape on every device, for both scalings; the device's arch serves its own format.
TEST_F(GemmFp8Select, DecodeShapesGetTheKSliceTiles) {
  for (const Device& device : kDevices) {
    for (const char* scaling : kScalings) {
      for (int64_t n : kSizes) {
        for (int64_t k : kSizes) {
          for (int64_t m : {1, 2, 4, 8, 16}) {
            const ManifestKernel* kernel = chosen(device.arch, device.cus, fp8_linear(m, n, k, scaling, device.format));
            ASSERT_NE(kernel, nullptr);
            EXPECT_EQ(param(*kernel, "ks"), 4) << kernel->id << " M=" << m << " N=" << n << " K=" << k;
            // the 16-row tile: it holds all of M (B is streamed once), pads the fewest MFMA rows, and its
            // loads read whole 64-byte segments of B (the 32-row tiles read half segments per instruction)
            EXPECT_EQ(param(*kernel, "bm"), 16) << kernel->id;
            EXPECT_EQ(kernel->arch, device.arch);
          }
        }
      }
    }
  }
}

// Split-K is for filling the device: a decode pick splits K only when its output tiles alone leave CUs
// idle, never launches more than one split per idle CU's worth, and the narrow DeepSeek shapes (N = 1536,
// 2048 with a deep K) do split on every device where their tiles leave more than half the CUs idle.
TEST_F(GemmFp8Select, DecodeSplitsKOnlyToFillTheDevice) {
  for (const Device& device : kDevices) {
    for (const char* scaling : kScalings) {
      for (int64_t n : kSizes) {
        for (int64_t k : kSizes) {
          for (int64_t m : {1, 16}) {
            const Problem problem = fp8_linear(m, n, k, scaling, device.format);
            const ManifestKernel* kernel = chosen(device.arch, device.cus, problem);
            ASSERT_NE(kernel, nullptr);
            const int64_t tiles = ceil_div(m, param(*kernel, "bm")) * ceil_div(n, param(*kernel, "bn"));
            const int64_t splits = splits_of(*kernel, problem, device.arch, device.cus);
            ASSERT_GE(splits, 1) << kernel->id;
            if (tiles >= device.cus) {
              EXPECT_EQ(splits, 1) << kernel->id << " N=" << n << " K=" << k;
            }
            EXPECT_LE(splits, ceil_div(device.cus, tiles)) << kernel->id << " N=" << n << " K=" << k;
            // few output tiles, deep K: split, unless the tiles alone fill half the device (a 16x32 tile's
            // 48-64 N tiles on 80 CUs)
            if (n <= 2048 && k >= 7168) {
              EXPECT_TRUE(splits > 1 || 2 * tiles >= device.cus)
                  << kernel->id << " cus=" << device.cus << " N=" << n << " K=" << k;
            }
          }
        }
      }
    }
  }
}

// Prefill (M = 4096) is compute-bound: a prefill tile of at least 64 x 128 outputs (every byte staged in LDS
// feeds enough MFMA work); M = 512 is past decode on the wide shapes.
TEST_F(GemmFp8Select, PrefillShapesGetLargeTiles) {
  for (const Device& device : kDevices) {
    for (const char* scaling : kScalings) {
      for (int64_t n : kSizes) {
        for (int64_t k : kSizes) {
          const ManifestKernel* kernel = chosen(device.arch, device.cus, fp8_linear(4096, n, k, scaling, device.format));
          ASSERT_NE(kernel, nullptr);
          EXPECT_EQ(param(*kernel, "ks"), 1) << kernel->id;
          EXPECT_GE(param(*kernel, "bm") * param(*kernel, "bn"), 64 * 128) << kernel->id << " N=" << n << " K=" << k;
        }
      }
    }
  }
}

TEST_F(GemmFp8Select, EachArchServesItsOwnFormat) {
  for (const char* scaling : {"block128", "per_token"}) {
    auto mi300 = pick("gfx942", 304, fp8_linear(512, 7168, 2048, scaling, "e4m3fnuz"));
    ASSERT_TRUE(mi300.is_ok()) << mi300.status().to_string();
    EXPECT_EQ(mi300.value().kernel->family, "gemm_fp8");
    EXPECT_EQ(mi300.value().kernel->arch, "gfx942");
    auto mi355 = pick("gfx950", 256, fp8_linear(512, 7168, 2048, scaling, "e4m3fn"));
    ASSERT_TRUE(mi355.is_ok()) << mi355.status().to_string();
    EXPECT_EQ(mi355.value().kernel->arch, "gfx950");
    // OCP bytes on an FNUZ chip (and the reverse) would be misread: no kernel
    EXPECT_FALSE(pick("gfx942", 304, fp8_linear(512, 7168, 2048, scaling, "e4m3fn")).is_ok());
    EXPECT_FALSE(pick("gfx950", 256, fp8_linear(512, 7168, 2048, scaling, "e4m3fnuz")).is_ok());
  }
}

TEST_F(GemmFp8Select, Block128RulesAreNamedWhenBroken) {
  auto bad_n = pick("gfx942", 304, fp8_linear(16, 100, 256, "block128", "e4m3fnuz"));
  ASSERT_FALSE(bad_n.is_ok());
  EXPECT_NE(bad_n.status().message().find("N to be a multiple of 128"), std::string::npos)
      << bad_n.status().to_string();
  auto bad_k = pick("gfx950", 256, fp8_linear(16, 128, 200, "block128", "e4m3fn"));
  ASSERT_FALSE(bad_k.is_ok());
  EXPECT_NE(bad_k.status().message().find("K to be a multiple of 128"), std::string::npos)
      << bad_k.status().to_string();
  // per_token takes the same shape (K a multiple of 16, any N)
  EXPECT_TRUE(pick("gfx942", 304, fp8_linear(16, 100, 208, "per_token", "e4m3fnuz")).is_ok());
}

}  // namespace
}  // namespace ingot
