// Zero LDS bank conflicts for the `gemm` family (issue 4 item 6): one kernel per tile shape per arch
// (bf16 in, f32 out, no bias: the LDS traffic does not depend on the dtypes), run on the emulator over two
// full K slabs (steady state: slab writes, operand reads, and for decode tiles the K-slice reduction), and
// the emulator's profile (its bank model: emu/exec/src/lds_banks.cc, 32 banks on gfx942, 64 on gfx950)
// must report no bank-conflict cycles. The layout that achieves it is documented in gen/families/gemm.py
// _plan. Skips without a pack or an emulator in the build; INGOT_PACK overrides the pack (to compare packs).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "gemm_test_support.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"

namespace ingot {
namespace {

using test::param;

// The profile line "lds bank-conflict cycles N (in I instructions)"; -1 when the report has none.
int64_t conflict_cycles(const std::string& report) {
  static const std::regex line(R"(lds bank-conflict cycles (\d+))");
  std::smatch m;
  return std::regex_search(report, m, line) ? std::stoll(m[1].str()) : -1;
}

class GemmLdsBanks : public test::PackFixture {
 protected:
  // Launches `kernel` on M x N x K (zeros in, C f32) and returns the profile's conflict cycles.
  int64_t run(const ManifestKernel& kernel, int64_t M, int64_t N, int64_t K) {
    DeviceOptions options;
    options.choice = DeviceChoice::kEmulator;
    options.emu_arch = kernel.arch;
    auto opened = open_emu_device(options);
    if (!opened.is_ok()) {
      skipped_ = true;
      return -1;
    }
    std::unique_ptr<Device> device = std::move(opened).value();
    const auto a_bytes = static_cast<size_t>(M * K * 2), b_bytes = static_cast<size_t>(N * K * 2),
               c_bytes = static_cast<size_t>(M * N * 4);
    auto da = device->allocate(a_bytes), db = device->allocate(b_bytes), dc = device->allocate(c_bytes);
    EXPECT_TRUE(da.is_ok() && db.is_ok() && dc.is_ok());
    if (!da.is_ok() || !db.is_ok() || !dc.is_ok()) return -1;
    const std::vector<uint8_t> zeros(std::max(a_bytes, b_bytes), 0);
    EXPECT_TRUE(device->copy_to_device(da.value(), zeros.data(), a_bytes).is_ok());
    EXPECT_TRUE(device->copy_to_device(db.value(), zeros.data(), b_bytes).is_ok());

    Problem problem("gemm");
    problem.integer("M", M).integer("N", N).integer("K", K);
    problem.integer("lda", K).integer("ldb", K).integer("ldc", N);
    problem.integer("has_bias", 0).scalar("alpha", 1.0f);
    problem.buffer("A", da.value()).buffer("B", db.value()).buffer("C", dc.value());
    for (const char* key : {"dtype_a", "dtype_b", "dtype_c"}) problem.key(key, std::get<std::string>(kernel.match.at(key)));
    auto ws = test::bind_zeroed_workspace(*device, kernel, problem);
    EXPECT_TRUE(ws.is_ok()) << ws.status().to_string();
    if (!ws.is_ok()) return -1;
    auto config = prepare_launch(kernel, problem, device->info());
    EXPECT_TRUE(config.is_ok()) << config.status().to_string();
    auto code = pack_->load_code_object(kernel);
    EXPECT_TRUE(code.is_ok()) << code.status().to_string();
    if (!config.is_ok() || !code.is_ok()) return -1;
    auto module = device->load_module(code.value());
    EXPECT_TRUE(module.is_ok()) << module.status().to_string();
    if (!module.is_ok()) return -1;
    auto handle = device->get_kernel(module.value(), kernel.symbol);
    EXPECT_TRUE(handle.is_ok()) << handle.status().to_string();
    if (!handle.is_ok()) return -1;
    const Status launched = device->launch(handle.value(), config.value());
    EXPECT_TRUE(launched.is_ok()) << kernel.id << ": " << launched.to_string();
    const std::string report = device->last_launch_report();
    (void)device->free(da.value());
    (void)device->free(db.value());
    if (ws.value() != 0) (void)device->free(ws.value());
    (void)device->free(dc.value());
    return conflict_cycles(report);
  }

  bool skipped_ = false;
};

TEST_F(GemmLdsBanks, EveryTileShapeIsConflictFreeInSteadyState) {
  KernelQuery query;
  query.family = "gemm";
  const auto kernels = pack_->query(query);
  ASSERT_FALSE(kernels.empty());
  // one kernel per (arch, tile): bf16 -> f32, no bias
  std::map<std::tuple<std::string, int64_t, int64_t, int64_t, int64_t>, const ManifestKernel*> tiles;
  for (const ManifestKernel* k : kernels) {
    if (std::get<std::string>(k->match.at("dtype_a")) != "bf16" || std::get<std::string>(k->match.at("dtype_c")) != "f32" ||
        std::get<bool>(k->match.at("has_bias"))) {
      continue;
    }
    tiles.emplace(std::make_tuple(k->arch, param(*k, "bm"), param(*k, "bn"), param(*k, "bk"), param(*k, "ks")), k);
  }
  // every declared tile of both archs (gen/families/gemm.py TILES: 8 per arch)
  EXPECT_EQ(tiles.size(), 16u);
  for (const auto& [tile, kernel] : tiles) {
    SCOPED_TRACE(kernel->id);
    const int64_t bm = std::get<1>(tile), bn = std::get<2>(tile), bk = std::get<3>(tile);
    // one full output tile, two K slabs: the second slab's writes follow the first slab's reads
    const int64_t cycles = run(*kernel, bm, bn, 2 * bk);
    if (skipped_) GTEST_SKIP() << "no emulator in this build";
    std::cout << kernel->id << ": " << cycles << " bank-conflict cycles\n";
    EXPECT_EQ(cycles, 0) << kernel->id;
  }
}

}  // namespace
}  // namespace ingot
