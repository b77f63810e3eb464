// Split-K across workgroups (gen/families/gemm_splitk.py, asm/common/splitk.s.j2) on the emulator, for the
// `gemm` decode kernels of both archs, against the CPU reference of tests/reference/gemm_reference.h:
//  - forced split factors (the kernargs `splits`/`slabs_per_split` and grid z overridden after
//    prepare_launch) with M, N and K tails, including S > k_tiles (empty splits that still arrive) and
//    more splits than the last workgroup reads in one batch;
//  - bit-for-bit determinism of C across emulator schedules, seeds and host-thread counts (different
//    workgroup arrival orders; the reduction must sum in split order);
//  - the per-tile arrival counters are back at zero after every launch (the workspace contract), and a
//    second launch reusing the same workspace is correct;
//  - the manifest's own split rule, unforced, picks S > 1 where it should and the result is correct.
// ctest also runs this binary with INGOT_EMU_CHECK_MEMORY_MODEL=1 (gemm_splitk.memory_model_checker): the
// emulator then faults a read of another workgroup's partial sums that the release/acquire sequence does
// not make visible (checked to fire on a build of the kernels without the buffer_inv).
// The workspace size of a forced split is re-derived here from the layout the family documents
// (counters padded to 256 bytes, then tiles * S partial tiles of BM*BN fp32).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "gemm_reference.h"
#include "gemm_test_support.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"

namespace ingot {
namespace {

namespace ref = ingot::reference;

constexpr int64_t kCounterRegionAlign = 256;
constexpr uint8_t kWorkspaceJunk = 0x5A;  // partial-sum bytes may be dirty; counters must start at zero

struct ForcedSplit {
  int64_t splits = 1;
  int64_t slabs_per_split = 1;
};

struct RunResult {
  std::vector<uint8_t> c;                  // M x ldc elements of C's dtype
  std::vector<uint32_t> counters;          // the counter region after the launch
  uint32_t grid_z = 0;
};

using test::dtype_of;
using test::param;

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

Status set_i32_kernarg(const ManifestKernel& kernel, LaunchConfig& config, const std::string& name, int64_t value) {
  for (const KernargArg& arg : kernel.kernarg.args) {
    if (arg.name != name) continue;
    if (arg.size != 4 || arg.offset + 4 > config.kernargs.size()) break;
    const auto v = static_cast<int32_t>(value);
    std::memcpy(config.kernargs.data() + arg.offset, &v, 4);
    return Status::ok();
  }
  return Status(StatusCode::kNotFound, kernel.id + ": no 4-byte kernarg '" + name + "'");
}

// One problem's host side: inputs, the reference output and the per-element tolerances.
struct HostProblem {
  ref::GemmShape s;
  ref::DType in = ref::DType::kBF16, out = ref::DType::kBF16;
  bool has_bias = false;
  float alpha = 1.0f;
  std::vector<uint8_t> a, b, bias, expected;
  std::vector<float> exact, mag;

  HostProblem(const ManifestKernel& kernel, const ref::GemmShape& shape, float alpha_, uint32_t seed)
      : s(shape), in(dtype_of(kernel, "dtype_a")), out(dtype_of(kernel, "dtype_c")),
        has_bias(std::get<bool>(kernel.match.at("has_bias"))), alpha(alpha_) {
    std::mt19937 rng(seed);
    a = test::random_encoded(static_cast<size_t>(s.M * s.lda), rng, in);
    b = test::random_encoded(static_cast<size_t>(s.N * s.ldb), rng, in);
    bias = test::random_encoded(static_cast<size_t>(s.N), rng, out);
    expected.assign(static_cast<size_t>(s.M * s.ldc * ref::dtype_bytes(out)), 0);
    exact.resize(static_cast<size_t>(s.M * s.N));
    mag.resize(exact.size());
    ref::GemmArgsRef args;
    args.in = in;
    args.out = out;
    args.alpha = alpha;
    args.bias = has_bias ? bias.data() : nullptr;
    ref::gemm(a.data(), b.data(), expected.data(), s, args, exact.data(), mag.data());
  }

  // Failures (at most a few) where `c` is off the reference by more than the tolerance.
  int count_mismatches(const std::vector<uint8_t>& c, const std::string& what) const {
    int bad = 0;
    for (int64_t m = 0; m < s.M; ++m) {
      for (int64_t n = 0; n < s.N; ++n) {
        const int64_t i = m * s.ldc + n;
        const float got = ref::load_element(c.data(), i, out), want = ref::load_element(expected.data(), i, out);
        const size_t e = static_cast<size_t>(m * s.N + n);
        if (!(std::fabs(got - want) <= ref::gemm_tolerance(out, exact[e], mag[e], s.K, alpha)) && bad++ < 5) {
          ADD_FAILURE() << what << ": C[" << m << "][" << n << "] = " << got << ", want " << want;
        }
      }
    }
    return bad;
  }
};

class SplitKOnEmulator : public test::PackFixture {
 protected:
  std::vector<const ManifestKernel*> decode_kernels() {
    KernelQuery query;
    query.family = "gemm";
    std::vector<const ManifestKernel*> out;
    for (const ManifestKernel* k : pack_->query(query)) {
      if (param(*k, "ks") > 1) out.push_back(k);
    }
    return out;
  }

  // The first decode kernel of `arch` with this output dtype and bias flag, and the given tile width.
  const ManifestKernel* decode_kernel(const std::string& arch, const std::string& out, bool bias, int64_t bn) {
    for (const ManifestKernel* k : decode_kernels()) {
      if (k->arch == arch && std::get<std::string>(k->match.at("dtype_c")) == out &&
          std::get<bool>(k->match.at("has_bias")) == bias && param(*k, "bn") == bn &&
          std::get<std::string>(k->match.at("dtype_a")) == "bf16") {
        return k;
      }
    }
    return nullptr;
  }

  static Problem problem_for(const ManifestKernel& kernel, const HostProblem& hp) {
    Problem problem("gemm");
    problem.integer("M", hp.s.M).integer("N", hp.s.N).integer("K", hp.s.K);
    problem.integer("lda", hp.s.lda).integer("ldb", hp.s.ldb).integer("ldc", hp.s.ldc);
    problem.integer("has_bias", hp.has_bias ? 1 : 0).scalar("alpha", hp.alpha);
    for (const char* key : {"dtype_a", "dtype_b", "dtype_c"}) problem.key(key, std::get<std::string>(kernel.match.at(key)));
    return problem;
  }

  // Workspace bytes for a forced split: the family's layout, derived here independently.
  static int64_t forced_workspace_bytes(const ManifestKernel& kernel, const ref::GemmShape& s, int64_t splits) {
    const int64_t bm = param(kernel, "bm"), bn = param(kernel, "bn");
    const int64_t tiles = ceil_div(s.M, bm) * ceil_div(s.N, bn);
    const int64_t counters = ceil_div(tiles * 4, kCounterRegionAlign) * kCounterRegionAlign;
    return counters + tiles * splits * bm * bn * 4;
  }

  // Runs `launches` launches of the kernel on one emulator device, all with the same workspace; returns
  // each launch's C and counters. Inputs change per launch when `problems` has several entries.
  std::vector<RunResult> run(const ManifestKernel& kernel, const std::vector<const HostProblem*>& problems,
                             const DeviceOptions& base, std::optional<ForcedSplit> forced) {
    std::vector<RunResult> results;
    DeviceOptions options = base;
    options.choice = DeviceChoice::kEmulator;
    options.emu_arch = kernel.arch;
    auto opened = open_emu_device(options);
    if (!opened.is_ok()) {
      ADD_FAILURE() << "no emulator: " << opened.status().to_string();
      return results;
    }
    std::unique_ptr<Device> device = std::move(opened).value();
    auto code = pack_->load_code_object(kernel);
    EXPECT_TRUE(code.is_ok()) << code.status().to_string();
    if (!code.is_ok()) return results;
    auto module = device->load_module(code.value());
    EXPECT_TRUE(module.is_ok()) << module.status().to_string();
    if (!module.is_ok()) return results;
    auto handle = device->get_kernel(module.value(), kernel.symbol);
    EXPECT_TRUE(handle.is_ok()) << handle.status().to_string();
    if (!handle.is_ok()) return results;

    // The workspace is allocated once, for the largest launch, zero-filled in the counter region and
    // junk elsewhere: partial sums must never be read before they are written.
    int64_t ws_bytes = 0;
    for (const HostProblem* hp : problems) {
      Problem problem = problem_for(kernel, *hp);
      auto needed = workspace_bytes(kernel, problem, device->info());
      EXPECT_TRUE(needed.is_ok()) << needed.status().to_string();
      if (!needed.is_ok()) return results;
      ws_bytes = std::max(ws_bytes, static_cast<int64_t>(needed.value()));
      if (forced) ws_bytes = std::max(ws_bytes, forced_workspace_bytes(kernel, hp->s, forced->splits));
    }
    std::vector<uint8_t> ws_image(static_cast<size_t>(ws_bytes), kWorkspaceJunk);
    const int64_t max_tiles = [&] {
      int64_t t = 0;
      for (const HostProblem* hp : problems) {
        t = std::max(t, ceil_div(hp->s.M, param(kernel, "bm")) * ceil_div(hp->s.N, param(kernel, "bn")));
      }
      return t;
    }();
    std::fill(ws_image.begin(), ws_image.begin() + std::min<int64_t>(ws_bytes, max_tiles * 4), 0);
    auto ws = device->allocate(ws_image.size());
    EXPECT_TRUE(ws.is_ok());
    if (!ws.is_ok()) return results;
    EXPECT_TRUE(device->copy_to_device(ws.value(), ws_image.data(), ws_image.size()).is_ok());

    for (const HostProblem* hp : problems) {
      auto da = device->allocate(hp->a.size()), db = device->allocate(hp->b.size()),
           dbias = device->allocate(hp->bias.size()), dc = device->allocate(hp->expected.size());
      EXPECT_TRUE(da.is_ok() && db.is_ok() && dbias.is_ok() && dc.is_ok());
      if (!(da.is_ok() && db.is_ok() && dbias.is_ok() && dc.is_ok())) return results;
      EXPECT_TRUE(device->copy_to_device(da.value(), hp->a.data(), hp->a.size()).is_ok());
      EXPECT_TRUE(device->copy_to_device(db.value(), hp->b.data(), hp->b.size()).is_ok());
      EXPECT_TRUE(device->copy_to_device(dbias.value(), hp->bias.data(), hp->bias.size()).is_ok());
      const std::vector<uint8_t> c_init(hp->expected.size(), 0xA5);
      EXPECT_TRUE(device->copy_to_device(dc.value(), c_init.data(), c_init.size()).is_ok());

      Problem problem = problem_for(kernel, *hp);
      problem.buffer("A", da.value()).buffer("B", db.value()).buffer("C", dc.value()).buffer("workspace", ws.value());
      if (hp->has_bias) problem.buffer("bias", dbias.value());
      const Status accepted = check_kernel_accepts(kernel, problem, device->info());
      EXPECT_TRUE(accepted.is_ok()) << accepted.to_string();
      auto config = prepare_launch(kernel, problem, device->info());
      EXPECT_TRUE(config.is_ok()) << config.status().to_string();
      if (!accepted.is_ok() || !config.is_ok()) return results;
      if (forced) {
        EXPECT_TRUE(set_i32_kernarg(kernel, config.value(), "splits", forced->splits).is_ok());
        EXPECT_TRUE(set_i32_kernarg(kernel, config.value(), "slabs_per_split", forced->slabs_per_split).is_ok());
        config.value().grid_workgroups[2] = static_cast<uint32_t>(forced->splits);
      }
      const Status launched = device->launch(handle.value(), config.value());
      EXPECT_TRUE(launched.is_ok()) << kernel.id << ": " << launched.to_string();
      if (!launched.is_ok()) return results;
      EXPECT_TRUE(device->synchronize().is_ok());

      RunResult r;
      r.grid_z = config.value().grid_workgroups[2];
      r.c.resize(hp->expected.size());
      EXPECT_TRUE(device->copy_to_host(r.c.data(), dc.value(), r.c.size()).is_ok());
      const int64_t tiles = ceil_div(hp->s.M, param(kernel, "bm")) * ceil_div(hp->s.N, param(kernel, "bn"));
      r.counters.resize(static_cast<size_t>(tiles));
      EXPECT_TRUE(device->copy_to_host(r.counters.data(), ws.value(), r.counters.size() * 4).is_ok());
      results.push_back(std::move(r));
      for (uint64_t address : {da.value(), db.value(), dbias.value(), dc.value()}) (void)device->free(address);
    }
    (void)device->free(ws.value());
    return results;
  }

  // One decode tile per arch and BN (f32 out with bias) on M = 5, N = BN + 3 and K = full_slabs * BK + 8
  // (one slab more, partial) with `forced`, against the reference; the counters must end at zero.
  void check_each_decode_tile(int64_t full_slabs, ForcedSplit forced, float alpha, uint32_t seed,
                              const std::string& what) {
    for (const std::string arch : {"gfx942", "gfx950"}) {
      for (int64_t bn : {32, 64}) {
        const ManifestKernel* kernel = decode_kernel(arch, "f32", true, bn);
        if (kernel == nullptr) continue;
        SCOPED_TRACE(kernel->id);
        const int64_t k = full_slabs * param(*kernel, "bk") + 8;
        const HostProblem hp(*kernel, ref::GemmShape{5, bn + 3, k, k, k, bn + 3}, alpha, seed);
        const auto runs = run(*kernel, {&hp}, DeviceOptions{}, forced);
        ASSERT_EQ(runs.size(), 1u);
        EXPECT_EQ(hp.count_mismatches(runs[0].c, kernel->id + " " + what), 0);
        expect_counters_zero(runs[0], kernel->id);
      }
    }
  }

  static void expect_counters_zero(const RunResult& r, const std::string& what) {
    for (size_t t = 0; t < r.counters.size(); ++t) {
      EXPECT_EQ(r.counters[t], 0u) << what << ": tile " << t << "'s arrival counter was left at " << r.counters[t];
    }
  }
};

TEST_F(SplitKOnEmulator, ForcedSplitsMatchTheReferenceWithTailsOnEveryDecodeKernel) {
  const auto kernels = decode_kernels();
  ASSERT_FALSE(kernels.empty());
  uint32_t seed = 7000;
  for (const ManifestKernel* kernel : kernels) {
    SCOPED_TRACE(kernel->id);
    const int64_t bk = param(*kernel, "bk"), bn = param(*kernel, "bn");
    // M, N tails; K = 5 slabs + 8 (k_tiles 6, the last slab partial); 3 splits of 2 slabs
    const int64_t k = 5 * bk + 8;
    const HostProblem hp(*kernel, ref::GemmShape{37, 2 * bn + 5, k, k + 8, k + 16, 2 * bn + 8}, 0.75f, seed++);
    const auto runs = run(*kernel, {&hp}, DeviceOptions{}, ForcedSplit{3, 2});
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(hp.count_mismatches(runs[0].c, kernel->id + " S=3"), 0);
    expect_counters_zero(runs[0], kernel->id);
  }
}

TEST_F(SplitKOnEmulator, MoreSplitsThanSlabsLeaveEmptySplitsThatStillArrive) {
  // k_tiles 3 over 5 splits of one slab: splits 3 and 4 own no slab
  check_each_decode_tile(2, ForcedSplit{5, 1}, -1.25f, 7100, "S=5 > k_tiles=3");
}

// The last workgroup reads the partial tiles a batch of slots at a time (at most 8: gemm_splitk.py
// MAX_SUM_SLOTS); 9 splits take two batches on every decode tile, the second mostly out-of-range slots
// that must read as zeros.
TEST_F(SplitKOnEmulator, MoreSplitsThanOneBatchOfPartialReads) {
  check_each_decode_tile(8, ForcedSplit{9, 1}, 0.5f, 7150, "S=9");
}

TEST_F(SplitKOnEmulator, ResultBitsDoNotDependOnScheduleSeedOrHostThreads) {
  int checked = 0;
  for (const std::string arch : {"gfx942", "gfx950"}) {
    for (int64_t bn : {32, 64}) {
      const ManifestKernel* kernel = decode_kernel(arch, "f32", true, bn);  // f32 out: every bit of the sum shows
      if (kernel == nullptr) continue;
      SCOPED_TRACE(kernel->id);
      const int64_t bk = param(*kernel, "bk");
      const int64_t k = 4 * bk;
      const HostProblem hp(*kernel, ref::GemmShape{20, 3 * bn - 7, k, k, k, 3 * bn}, 1.0f, 7200);
      std::vector<DeviceOptions> schedules(4);
      schedules[0].emu_threads = 1;
      schedules[1].emu_threads = 2;
      schedules[1].emu_schedule = EmuSchedule::kRandom;
      schedules[1].emu_seed = 1;
      schedules[2].emu_threads = 4;
      schedules[2].emu_schedule = EmuSchedule::kRandom;
      schedules[2].emu_seed = 99;
      schedules[3].emu_threads = 3;
      schedules[3].emu_schedule = EmuSchedule::kRandom;
      schedules[3].emu_seed = 12345;
      std::vector<uint8_t> first;
      for (size_t i = 0; i < schedules.size(); ++i) {
        const auto runs = run(*kernel, {&hp}, schedules[i], ForcedSplit{4, 1});
        ASSERT_EQ(runs.size(), 1u);
        EXPECT_EQ(hp.count_mismatches(runs[0].c, kernel->id), 0);
        expect_counters_zero(runs[0], kernel->id);
        if (i == 0) {
          first = runs[0].c;
        } else {
          EXPECT_EQ(runs[0].c, first) << kernel->id << ": C differs under schedule " << i;
        }
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4);
}

TEST_F(SplitKOnEmulator, ASecondLaunchReusesTheWorkspaceAndCountersEndAtZero) {
  for (const std::string arch : {"gfx942", "gfx950"}) {
    const ManifestKernel* kernel = decode_kernel(arch, "bf16", true, 64);
    ASSERT_NE(kernel, nullptr) << arch;
    SCOPED_TRACE(kernel->id);
    const int64_t bk = param(*kernel, "bk");
    const int64_t k = 3 * bk + 16;
    const HostProblem first(*kernel, ref::GemmShape{33, 150, k, k, k, 150}, 0.5f, 7300);
    const HostProblem second(*kernel, ref::GemmShape{33, 150, k, k, k, 150}, 0.5f, 7301);
    const auto runs = run(*kernel, {&first, &second, &first}, DeviceOptions{}, ForcedSplit{3, 2});
    ASSERT_EQ(runs.size(), 3u);
    EXPECT_EQ(first.count_mismatches(runs[0].c, "launch 1"), 0);
    EXPECT_EQ(second.count_mismatches(runs[1].c, "launch 2"), 0);
    EXPECT_EQ(runs[2].c, runs[0].c) << "the same inputs through a reused workspace gave other bits";
    for (const auto& r : runs) expect_counters_zero(r, kernel->id);
  }
}

TEST_F(SplitKOnEmulator, TheManifestsOwnSplitRuleSplitsADecodeProblem) {
  for (const std::string arch : {"gfx942", "gfx950"}) {
    const ManifestKernel* kernel = decode_kernel(arch, "bf16", false, 64);
    ASSERT_NE(kernel, nullptr) << arch;
    SCOPED_TRACE(kernel->id);
    // One output tile and 8 slabs: the rule wants every CU busy, so S = 8 / 2 slabs = 4 (T = 2)
    const int64_t k = 8 * param(*kernel, "bk");
    const HostProblem hp(*kernel, ref::GemmShape{1, 64, k, k, k, 64}, 1.0f, 7400);
    const auto runs = run(*kernel, {&hp}, DeviceOptions{}, std::nullopt);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].grid_z, 4u);
    EXPECT_EQ(hp.count_mismatches(runs[0].c, kernel->id), 0);
    expect_counters_zero(runs[0], kernel->id);
  }
}

}  // namespace
}  // namespace ingot
