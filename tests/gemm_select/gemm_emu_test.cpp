// Every `gemm` family kernel in the pack, on both archs, run on the emulator (through the
// public device API, each kernel launched directly rather than selected) against the CPU reference of
// tests/reference/gemm_reference.h: bf16/f16 in, bf16/f16/f32 out, alpha, bias, with M, N and K tails,
// padded lda/ldb/ldc, M = 1, a 1x1 problem, K = 0 (the kernels accept it: C = bias, or 0), and four K slabs
// through the pipelined tiles' register sets and LDS buffers. Guard bytes after every buffer and C's ldc padding must survive.
// Tolerance per element from reference::gemm_tolerance (fp32 accumulation order + one output rounding).
// Running and checking are the checking harness's (tests/harness). Skips without a pack or an emulator.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "gemm_cases.h"
#include "gemm_test_support.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"

namespace ingot {
namespace {

using test::param;

class GemmOnEmulator : public test::PackFixture {
 protected:
  // Runs one kernel, forced, on a fresh emulator of its arch through the checking harness (tests/harness:
  // guard bytes after every buffer, inputs unchanged, padding columns untouched, a workspace kernel run
  // twice on its workspace) against the CPU reference, with this test's alpha.
  void run_and_check(const ManifestKernel& kernel, const harness::GemmShape& s, float alpha, uint32_t seed) {
    SCOPED_TRACE(s.describe());
    DeviceOptions options;
    options.choice = DeviceChoice::kEmulator;
    options.emu_arch = kernel.arch;
    auto opened = open_emu_device(options);
    if (!opened.is_ok()) GTEST_SKIP() << "no emulator: " << opened.status().to_string();
    std::unique_ptr<Device> device = std::move(opened).value();
    ModuleCache modules(*pack_, *device);

    harness::DenseGemm gemm;
    gemm.dtype_in = std::get<std::string>(kernel.match.at("dtype_a"));
    gemm.dtype_out = std::get<std::string>(kernel.match.at("dtype_c"));
    gemm.has_bias = std::get<bool>(kernel.match.at("has_bias"));
    gemm.alpha = alpha;
    harness::HostCase hc = harness::make_dense_case(gemm, s, seed);
    const auto failures = harness::run_forced(kernel, modules, *device, hc);
    ASSERT_TRUE(failures.is_ok()) << kernel.id << ": " << failures.status().to_string();
    for (const std::string& line : failures.value()) ADD_FAILURE() << kernel.id << ": " << line;
  }

  std::vector<const ManifestKernel*> family(const char* name) {
    KernelQuery query;
    query.family = name;
    return pack_->query(query);
  }
};

TEST_F(GemmOnEmulator, EveryGemmFamilyKernelMatchesTheReferenceWithTails) {
  const auto kernels = family("gemm");
  ASSERT_FALSE(kernels.empty());
  // the set itself must span what the family promises, or "every kernel" would cover less than it says
  std::set<std::string> archs, ins, outs;
  std::set<bool> biases;
  bool decode = false;
  for (const ManifestKernel* k : kernels) {
    archs.insert(k->arch);
    ins.insert(std::get<std::string>(k->match.at("dtype_a")));
    outs.insert(std::get<std::string>(k->match.at("dtype_c")));
    biases.insert(std::get<bool>(k->match.at("has_bias")));
    decode = decode || param(*k, "ks") > 1;
  }
  EXPECT_EQ(archs, (std::set<std::string>{"gfx942", "gfx950"}));
  EXPECT_EQ(ins, (std::set<std::string>{"bf16", "f16"}));
  EXPECT_EQ(outs, (std::set<std::string>{"bf16", "f16", "f32"}));
  EXPECT_EQ(biases.size(), 2u);
  EXPECT_TRUE(decode);
  uint32_t seed = 1;
  for (const ManifestKernel* kernel : kernels) {
    const int64_t bk = param(*kernel, "bk"), bn = param(*kernel, "bn");
    SCOPED_TRACE(kernel->id);
    // M and N tails, two K slabs with the second partial, padded strides
    run_and_check(*kernel, harness::GemmShape{37, 70, bk + 8, bk + 16, bk + 8, 75}, 0.75f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
    // M = 1 (decode), one column past a tile, padded ldc
    run_and_check(*kernel, harness::GemmShape{1, bn + 1, bk + 8, bk + 8, bk + 24, bn + 2}, -1.5f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
    // four slabs, the last partial: the pipelined tiles' two register sets and double-buffered LDS
    // (gen/families/gemm.py _plan) are each reused
    run_and_check(*kernel, harness::GemmShape{5, 40, 3 * bk + 24, 3 * bk + 24, 3 * bk + 32, 41}, 1.0f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
  }
}

TEST_F(GemmOnEmulator, EveryGemmFamilyKernelHandlesAOneElementProblemAndKZero) {
  const auto kernels = family("gemm");
  ASSERT_FALSE(kernels.empty());
  uint32_t seed = 1000;
  for (const ManifestKernel* kernel : kernels) {
    SCOPED_TRACE(kernel->id);
    run_and_check(*kernel, harness::GemmShape{1, 1, 8, 8, 8, 1}, 0.75f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
    // K = 0 is accepted (constraint "K must not be negative"): C = bias, or 0 without bias
    run_and_check(*kernel, harness::GemmShape{3, 5, 0, 8, 8, 6}, 0.75f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
  }
}

// The tails above cover a few rows and columns of a tile: a wrong wave's rows, a swizzle that holds only for
// the first 16 rows or an LDS ring slab reused too early would pass them. Every prefill tile (ks = 1), one
// kernel per (arch, tile) (bf16 -> f32, no bias: the tile's layout does not depend on the dtypes), on whole
// output tiles (2 x 2 of them, so workgroup x and y move the panels) over five K slabs (the gfx950
// direct-to-LDS ring of three slabs wraps around), the last one partial.
TEST_F(GemmOnEmulator, EveryPrefillTileMatchesTheReferenceOnFullTiles) {
  std::map<std::tuple<std::string, int64_t, int64_t, int64_t>, const ManifestKernel*> tiles;
  for (const ManifestKernel* k : family("gemm")) {
    if (param(*k, "ks") != 1 || std::get<std::string>(k->match.at("dtype_a")) != "bf16" ||
        std::get<std::string>(k->match.at("dtype_c")) != "f32" || std::get<bool>(k->match.at("has_bias"))) {
      continue;
    }
    tiles.emplace(std::make_tuple(k->arch, param(*k, "bm"), param(*k, "bn"), param(*k, "bk")), k);
  }
  EXPECT_EQ(tiles.size(), 12u);  // gen/families/gemm.py TILES: 6 prefill tiles per arch
  uint32_t seed = 2000;
  for (const auto& [tile, kernel] : tiles) {
    SCOPED_TRACE(kernel->id);
    const int64_t bm = std::get<1>(tile), bn = std::get<2>(tile), bk = std::get<3>(tile);
    const int64_t k = 5 * bk - 8;
    run_and_check(*kernel, harness::GemmShape{2 * bm, 2 * bn, k, k + 8, k, 2 * bn}, 0.5f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
  }
}

}  // namespace
}  // namespace ingot
