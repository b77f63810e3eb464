// The two ways a split-K decode GEMM gets a MODELED time agree: the bench's (a cut-down launch of two
// tiles, its traces repeated over the full grid by model_bench_launch) and a full launch's own
// (`ingot run --timing`: EmuDevice, the checking harness's case, every workgroup run). Both trace tile 0
// of every split (EmulatorOptions::timing_z_planes), one of which sums the tile's partials; before, the
// bench's fp8 rows modeled split 0 doing the whole K and the full launch no reducer (6.33 vs 4.34 us on
// main's model).
// Uses $INGOT_PACK when set, else the build's pack; skips when there is no pack.
#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "bench_test_pack.h"
#include "emu_device.h"
#include "gemm_bench.h"
#include "ingot/tooling/device.h"
#include "op_check.h"

namespace ingot::bench {
namespace {

// The full launch's traffic counts requested bytes as distinct (no compulsory bytes reach EmuDevice's
// launches), the bench the minimum bytes: 1-4% apart on these rows (fetched / minimum 1.03-1.06 at
// M=1). On gfx950 the reducer sets the modeled time (latency-bound): without its trace the bench's fp8
// row models 3.62 us against the full launch's 4.50 (-19%); the gfx942 rows sit near their HBM bound
// either way.
constexpr double kAgreement = 0.08;

struct Row {
  const char* arch;
  GemmDtype dtype;
  const char* cli_dtype;
};

void PrintTo(const Row& row, std::ostream* out) { *out << row.arch << " " << row.cli_dtype; }

class SplitKTiming : public BenchPackTest, public ::testing::WithParamInterface<Row> {};

// M=1, N=K=4096: a split-K decode launch (S=4 for these kernels) on the full part.
TEST_P(SplitKTiming, BenchAndFullLaunchAgree) {
  const Row& row = GetParam();
  DeviceOptions device_options;
  device_options.emu_arch = row.arch;
  device_options.emu_threads = 2;
  device_options.emu_timing = true;
  auto device = open_emu_device(device_options);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  const DeviceInfo info = (*device)->info();

  const BenchCase c{row.arch, info.cus, row.dtype, 1, 4096, 4096};
  BenchOptions options;
  options.main_loop = false;
  auto bench = run_bench_case(*pack_, c, options);
  ASSERT_TRUE(bench.is_ok()) << bench.status().to_string();
  ASSERT_TRUE(bench->modeled.has_value());
  ASSERT_GT(bench->grid[2], 1) << bench->kernel_id << ": not a split-K launch; the test needs one";

  const harness::OpCheck* check = harness::find_op_check("gemm");
  ASSERT_NE(check, nullptr);
  harness::CaseOptions case_options{{"M", "1"}, {"N", "4096"}, {"K", "4096"}, {"dtype", row.cli_dtype}, {"out", "bf16"}};
  auto hc = check->make_case(case_options, info, 1);
  ASSERT_TRUE(hc.is_ok()) << hc.status().to_string();
  ModuleCache modules(*pack_, **device);
  auto run = harness::run_selected(*pack_, modules, **device, *hc);
  ASSERT_TRUE(run.is_ok()) << run.status().to_string();
  EXPECT_TRUE(run->failures.empty()) << run->failures.front();
  EXPECT_EQ(run->selection.kernel->id, bench->kernel_id) << "the two paths ran different kernels";

  const auto profile = dynamic_cast<const EmuDevice&>(**device).last_profile();
  ASSERT_TRUE(profile.has_value() && profile->timing.has_value());
  // Tile 0 of every split traced, in both launches.
  EXPECT_EQ(profile->traced_workgroups.size(), static_cast<size_t>(bench->grid[2]));
  const double full_us = profile->timing->us, bench_us = bench->modeled->us;
  EXPECT_NEAR(bench_us, full_us, kAgreement * full_us)
      << bench->kernel_id << ": bench " << bench_us << " us, full launch " << full_us << " us (MODELED)";
}

INSTANTIATE_TEST_SUITE_P(DecodeRows, SplitKTiming,
                         ::testing::Values(Row{"gfx942", GemmDtype::kFp8Block128, "fp8"},
                                           Row{"gfx950", GemmDtype::kFp8Block128, "fp8"},
                                           Row{"gfx942", GemmDtype::kBf16, "bf16"},
                                           Row{"gfx950", GemmDtype::kBf16, "bf16"}),
                         [](const ::testing::TestParamInfo<Row>& param) {
                           return std::string(param.param.arch) + "_" + param.param.cli_dtype;
                         });

}  // namespace
}  // namespace ingot::bench
