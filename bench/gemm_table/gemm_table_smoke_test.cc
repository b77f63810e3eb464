// Smoke test of the GEMM table on tiny shapes: its numbers must agree with each other and with
// independent arithmetic (the formulas and the isa-notes.md hardware numbers written out
// here again), and extrapolating from one workgroup must reproduce a launch of the whole grid.
// Uses $INGOT_PACK when set, else the build's pack; skips when there is no pack.
#include <gtest/gtest.h>

#include <algorithm>

#include "bench_test_pack.h"
#include "gemm_bench.h"
#include "ingot/tooling/pack.h"

namespace ingot::bench {
namespace {

using GemmTableSmoke = BenchPackTest;

int64_t round_up(int64_t v, int64_t m) { return (v + m - 1) / m * m; }

int64_t param(const Pack& pack, const std::string& id, const char* name) {
  const ManifestKernel* k = pack.find(id);
  return k == nullptr ? 0 : std::get<int64_t>(k->params.at(name));
}

// A decode-like bf16 shape on MI300X: M inside one tile, N a few tiles, K several iterations.
TEST_F(GemmTableSmoke, Bf16DecodeShapeIsSelfConsistent) {
  const BenchCase c{"gfx942", 304, GemmDtype::kBf16, 16, 512, 1024};
  BenchOptions whole;
  whole.tiles_m = 1 << 20;  // cut-down = the whole problem: nothing extrapolated
  whole.tiles_n = 1 << 20;
  auto full = run_bench_case(*pack_, c, whole);
  if (!full && full.status().code() == StatusCode::kNoKernel) GTEST_SKIP() << full.status().to_string();
  ASSERT_TRUE(full.is_ok()) << full.status().to_string();
  const BenchRow& r = *full;
  const int64_t bm = param(*pack_, r.kernel_id, "bm"), bn = param(*pack_, r.kernel_id, "bn");
  ASSERT_GT(bm, 0);

  EXPECT_EQ(r.workgroups, r.grid[0] * r.grid[1] * r.grid[2]);
  EXPECT_EQ(r.cu_waves, (r.workgroups + 303) / 304);
  EXPECT_EQ(r.cut_workgroups, r.workgroups);

  // Useful work 2MNK; the MFMAs compute it padded to whole tiles and no more.
  EXPECT_DOUBLE_EQ(r.useful_flops, 2.0 * 16 * 512 * 1024);
  EXPECT_GE(r.mfma_flops, r.useful_flops);
  EXPECT_LE(r.mfma_flops, 2.0 * static_cast<double>(round_up(16, bm) * round_up(512, bn)) * 1024);

  // Minimum bytes: A 16x1024 bf16 + B 512x1024 bf16 + C 16x512 bf16.
  EXPECT_DOUBLE_EQ(r.bytes_minimum, 2.0 * (16 * 1024 + 512 * 1024 + 16 * 512));
  EXPECT_GE(r.bytes_fetched, r.bytes_minimum);

  ASSERT_TRUE(r.mfma_share_main_loop.has_value());
  EXPECT_GT(*r.mfma_share_main_loop, 0.0);
  EXPECT_LE(*r.mfma_share_main_loop, 1.0);
  EXPECT_GT(r.mfma_share_kernel, 0.0);
  EXPECT_LE(r.mfma_share_kernel, 1.0);
  ASSERT_TRUE(r.lds_conflict_cycles_per_iteration.has_value());
  EXPECT_GE(*r.lds_conflict_cycles_per_iteration, 0.0);
  EXPECT_GE(r.waves_per_simd, 1u);
  EXPECT_FALSE(r.occupancy_limiter.empty());

  // Roofline, from isa-notes.md: MI300X 5.3 TB/s HBM, 1307 TFLOP/s dense bf16.
  const double model = std::max(r.bytes_minimum / 5.3e12, r.mfma_flops / 1307e12) * 1e6;
  EXPECT_NEAR(r.model_us, model, model * 1e-9);
  const double nocache = std::max(r.bytes_fetched / 5.3e12, r.mfma_flops / 1307e12) * 1e6;
  EXPECT_NEAR(r.model_nocache_us, nocache, nocache * 1e-9);
  EXPECT_GE(r.model_nocache_us, r.model_us);
  const double ideal = std::max(r.bytes_minimum / 5.3e12, r.useful_flops / 1307e12) * 1e6;
  EXPECT_NEAR(r.model_ideal_us, ideal, ideal * 1e-9);
  EXPECT_GE(r.model_us, r.model_ideal_us);

  // Physical floor: the minimum bytes at 80% of 5.3 TB/s (the timing model's achievable share), 2MNK at
  // the peak; the modeled time of the pack's kernel never lies below it.
  const double floor = std::max(r.bytes_minimum / (0.8 * 5.3e12), r.useful_flops / 1307e12) * 1e6;
  EXPECT_NEAR(r.floor.us, floor, floor * 1e-9);
  EXPECT_TRUE(r.floor.memory_bound);
  ASSERT_TRUE(r.modeled.has_value());
  EXPECT_GE(r.modeled->us, r.floor.us);

  // Extrapolating from one workgroup reproduces the whole-grid launch (every workgroup is alike here).
  BenchOptions one;
  one.tiles_m = 1;
  one.tiles_n = 1;
  one.main_loop = false;
  auto cut = run_bench_case(*pack_, c, one);
  ASSERT_TRUE(cut.is_ok()) << cut.status().to_string();
  EXPECT_EQ(cut->kernel_id, r.kernel_id);
  EXPECT_EQ(cut->cut_workgroups, 1);
  EXPECT_TRUE(cut->extrapolation_exact);
  EXPECT_DOUBLE_EQ(cut->mfma_flops, r.mfma_flops);
  EXPECT_DOUBLE_EQ(cut->bytes_fetched, r.bytes_fetched);
  EXPECT_DOUBLE_EQ(cut->bytes_requested, r.bytes_requested);
  EXPECT_DOUBLE_EQ(cut->lds_conflict_cycles, r.lds_conflict_cycles);
  EXPECT_DOUBLE_EQ(cut->mfma_share_kernel, r.mfma_share_kernel);
}

// FP8 block-scale on MI355X: scales join the minimum, and the FP8 peak is used.
TEST_F(GemmTableSmoke, Fp8BlockScaleShapeIsSelfConsistent) {
  const BenchCase c{"gfx950", 256, GemmDtype::kFp8Block128, 8, 256, 512};
  BenchOptions options;
  options.tiles_n = 1 << 20;
  auto row = run_bench_case(*pack_, c, options);
  // This test checks the table, not the pack's coverage (the selection tests do that).
  if (!row && row.status().code() == StatusCode::kNoKernel) GTEST_SKIP() << row.status().to_string();
  ASSERT_TRUE(row.is_ok()) << row.status().to_string();
  const BenchRow& r = *row;
  // A 8x512 + B 256x512 (1 byte) + C 8x256 bf16 + A scales 8x4 + B scales 2x4 (fp32).
  EXPECT_DOUBLE_EQ(r.bytes_minimum, 8 * 512 + 256 * 512 + 2 * 8 * 256 + 4 * (8 * 4 + 2 * 4));
  EXPECT_GE(r.bytes_fetched, r.bytes_minimum);
  EXPECT_GE(r.mfma_flops, 2.0 * 8 * 256 * 512);
  // MI355X: 8 TB/s, 5033 TFLOP/s dense FP8.
  const double ideal = std::max(r.bytes_minimum / 8e12, 2.0 * 8 * 256 * 512 / 5033e12) * 1e6;
  EXPECT_NEAR(r.model_ideal_us, ideal, ideal * 1e-9);
  ASSERT_TRUE(r.modeled.has_value());
  EXPECT_GE(r.modeled->us, r.floor.us);
}

}  // namespace
}  // namespace ingot::bench
