// Every gemm_fp8 kernel of the main pack (support/test_pack.h: the top-level `pack` target; $INGOT_PACK
// overrides it) runs on the emulator against the independent CPU reference
// (tests/reference/gemm_fp8_reference.h), with tails (M, N not multiples of the tile, K not a multiple of
// 128 for per_token), padded strides, and a check that nothing outside C[m < M][n < N] is written.
// Random-data checks go through the checking harness (tests/harness: run_forced, guard bytes, inputs
// unchanged, padding, a split-K kernel relaunched on its reused workspace). The tests that need more than
// a pass/fail of C keep their own launch (run() below): bit-exact data, seeded emulator schedules and host
// threads, the workspace counters, and the emulator's structured profile (MFMA flops, bytes fetched, LDS
// bank conflicts). That launch goes through the library as a caller's would: Pack::load_code_object
// (size, sha256, arch, symbol checked), a generic ingot::Problem naming buffers, ints and keys, and
// ingot::prepare_launch, which packs kernargs and evaluates the grid from the manifest alone; only the
// launch itself talks to the emulator directly. Skips when the build has no pack (INGOT_BUILD_PACK=OFF).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "gemm_cases.h"
#include "gemm_fp8_reference.h"
#include "ingot/tooling/arch.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/problem.h"
#include "ingot_emu/emulator.h"
#include "support/test_pack.h"

namespace ingot {
namespace {

using emu::Target;
using reference::Fp8Format;
using reference::Fp8GemmShape;
using reference::Fp8Scaling;

using test_support::pack_dir;

// The pack, opened once for the whole binary (test parameters are built before main); null without one.
const Pack* main_pack() { return test_support::shared_pack(); }

std::string text_of(const std::map<std::string, ParamValue, std::less<>>& values, const char* name) {
  const auto it = values.find(name);
  return it != values.end() && std::holds_alternative<std::string>(it->second) ? std::get<std::string>(it->second) : "";
}

int64_t int_of(const std::map<std::string, ParamValue, std::less<>>& values, const char* name) {
  const auto it = values.find(name);
  return it != values.end() && std::holds_alternative<int64_t>(it->second) ? std::get<int64_t>(it->second) : 0;
}

// What the test needs to know about a kernel to build problems and a reference for it: its manifest
// entry, plus the arch, format, scaling and tile read from that entry.
struct Kernel {
  const ManifestKernel* entry = nullptr;
  std::string id;
  Target target = Target::kGfx942;
  std::string format_name, scaling_name;
  Fp8Format format = Fp8Format::kE4M3Fnuz;
  Fp8Scaling scaling = Fp8Scaling::kPerToken;
  int64_t bm = 0, bn = 0;
  int64_t ks = 1;  // > 1: a decode tile (K-slices in the workgroup, split-K across workgroups)
};

std::vector<Kernel> pack_kernels() {
  std::vector<Kernel> kernels;
  const Pack* pack = main_pack();
  if (pack == nullptr) return kernels;
  KernelQuery query;
  query.family = "gemm_fp8";
  for (const ManifestKernel* k : pack->query(query)) {
    Kernel kernel;
    kernel.entry = k;
    kernel.id = k->id;
    kernel.target = k->arch == "gfx950" ? Target::kGfx950 : Target::kGfx942;
    kernel.format_name = text_of(k->match, "fp8_format");
    kernel.scaling_name = text_of(k->match, "scaling");
    kernel.format = kernel.format_name == "e4m3fn" ? Fp8Format::kE4M3Fn : Fp8Format::kE4M3Fnuz;
    kernel.scaling = kernel.scaling_name == "block128" ? Fp8Scaling::kBlock128 : Fp8Scaling::kPerToken;
    kernel.bm = int_of(k->params, "bm");
    kernel.bn = int_of(k->params, "bn");
    kernel.ks = int_of(k->params, "ks");
    kernels.push_back(kernel);
  }
  return kernels;
}

// gtest prints parameters: the kernel id, not its bytes.
void PrintTo(const Kernel& kernel, std::ostream* os) { *os << kernel.id; }

// One problem's inputs, host side.
struct Operands {
  Fp8GemmShape shape;
  std::vector<uint8_t> a, b;
  std::vector<float> a_scale, b_scale;
};

// Random finite fp8 codes (any exponent) and scales in [2^-4, 2^4) with random significands.
Operands random_problem(const Fp8GemmShape& s, Fp8Scaling scaling, Fp8Format format, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> code_dist(0, 255);
  auto finite_code = [&] {
    for (;;) {
      const auto code = static_cast<uint8_t>(code_dist(rng));
      if (!std::isnan(reference::fp8_e4m3_to_double(code, format))) return code;
    }
  };
  Operands p;
  p.shape = s;
  p.a.resize(static_cast<size_t>((s.M - 1) * s.lda + s.K));
  p.b.resize(static_cast<size_t>((s.N - 1) * s.ldb + s.K));
  for (auto& v : p.a) v = finite_code();
  for (auto& v : p.b) v = finite_code();
  std::uniform_real_distribution<float> scale_dist(-4.0f, 4.0f);
  p.a_scale.resize(static_cast<size_t>(reference::fp8_a_scale_count(s, scaling)));
  p.b_scale.resize(static_cast<size_t>(reference::fp8_b_scale_count(s, scaling)));
  for (auto& v : p.a_scale) v = std::exp2(scale_dist(rng));
  for (auto& v : p.b_scale) v = std::exp2(scale_dist(rng));
  return p;
}

// Small integers in [-6, 6] and power-of-two scales in [2^-2, 2^2]: every fp32 step of the kernel is exact,
// so its bf16 output must be RNE of the exact result bit for bit.
Operands exact_problem(const Fp8GemmShape& s, Fp8Scaling scaling, Fp8Format format, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> int_dist(-6, 6);
  std::uniform_int_distribution<int> exp_dist(-2, 2);
  Operands p;
  p.shape = s;
  auto code = [&] {
    const int value = int_dist(rng);
    return static_cast<uint8_t>(reference::fp8_e4m3_code_of(value, format));
  };
  p.a.resize(static_cast<size_t>((s.M - 1) * s.lda + s.K));
  p.b.resize(static_cast<size_t>((s.N - 1) * s.ldb + s.K));
  for (auto& v : p.a) v = code();
  for (auto& v : p.b) v = code();
  p.a_scale.resize(static_cast<size_t>(reference::fp8_a_scale_count(s, scaling)));
  p.b_scale.resize(static_cast<size_t>(reference::fp8_b_scale_count(s, scaling)));
  for (auto& v : p.a_scale) v = std::ldexp(1.0f, exp_dist(rng));
  for (auto& v : p.b_scale) v = std::ldexp(1.0f, exp_dist(rng));
  return p;
}

constexpr uint16_t kCanary = 0x7FC1;  // a NaN no kernel computes: marks C padding that must stay untouched

template <typename T>
uint64_t upload(emu::Emulator& emulator, const std::vector<T>& values) {
  const uint64_t bytes = std::max<uint64_t>(values.size() * sizeof(T), 4);
  auto address = emulator.allocate(bytes);
  EXPECT_TRUE(address.is_ok()) << address.status().to_string();
  if (!address.is_ok()) return 0;
  if (!values.empty()) {
    EXPECT_TRUE(emulator.copy_to_device(*address, values.data(), values.size() * sizeof(T)).is_ok());
  }
  return *address;
}

// How one launch runs on the emulator, and what it reports besides C.
struct RunOptions {
  emu::LaunchProfile* profile_out = nullptr;
  emu::Schedule schedule = emu::Schedule::kDeterministic;
  uint64_t seed = 1;
  uint32_t host_threads = 2;
  uint32_t cus = 0;                       // 0: the target's flagship count
  uint32_t* splits_out = nullptr;         // grid z: the split-K factor the manifest chose
  std::vector<uint32_t>* counters_out = nullptr;  // the workspace's tile counters after the launch
  bool relaunch = false;  // launch a second time on the same (reused, not re-zeroed) workspace: same C
};

// Runs `kernel` on `p`; returns C (with its padding) as read back.
std::vector<uint16_t> run(const Kernel& kernel, const Operands& p, const RunOptions& opts = {}) {
  const Fp8GemmShape& s = p.shape;
  emu::EmulatorOptions options;
  options.target = kernel.target;
  options.host_threads = opts.host_threads;
  options.schedule = opts.schedule;
  options.seed = opts.seed;
  options.cus = opts.cus;
  emu::Emulator emulator(options);
  std::vector<uint16_t> c(static_cast<size_t>((s.M - 1) * s.ldc + s.N + 8), kCanary);
  const uint64_t a = upload(emulator, p.a), b = upload(emulator, p.b), c_dev = upload(emulator, c);
  const uint64_t as = upload(emulator, p.a_scale), bs = upload(emulator, p.b_scale);

  // The call as any caller states it: names and values only; the manifest decides the bytes.
  Problem call("gemm");
  call.key("dtype_a", "fp8").key("dtype_b", "fp8").key("dtype_c", "bf16");
  call.key("scaling", kernel.scaling_name).key("fp8_format", kernel.format_name);
  call.integer("M", s.M).integer("N", s.N).integer("K", s.K);
  call.integer("lda", s.lda).integer("ldb", s.ldb).integer("ldc", s.ldc);
  call.buffer("A", a).buffer("B", b).buffer("C", c_dev).buffer("A_scale", as).buffer("B_scale", bs);
  DeviceInfo device;
  device.arch = kernel.entry->arch;
  device.cus = emulator.cus();
  // The workspace contract (manifest/README.md): zero-filled when allocated, bound as "workspace".
  auto workspace_size = workspace_bytes(*kernel.entry, call, device);
  EXPECT_TRUE(workspace_size.is_ok()) << kernel.id << ": " << workspace_size.status().to_string();
  if (!workspace_size.is_ok()) return {};
  EXPECT_EQ(*workspace_size > 0, kernel.ks > 1) << kernel.id << ": only decode tiles take a workspace";
  uint64_t workspace = 0;
  if (*workspace_size > 0) {
    workspace = upload(emulator, std::vector<uint8_t>(*workspace_size, 0));
    call.buffer("workspace", workspace);
  }
  auto config = prepare_launch(*kernel.entry, call, device);
  EXPECT_TRUE(config.is_ok()) << kernel.id << ": " << config.status().to_string();
  if (!config.is_ok()) return {};
  // The manifest's grid must cover the problem with the kernel's tile (one workgroup per tile and split).
  EXPECT_GE(int64_t{config->grid_workgroups[0]} * kernel.bn, s.N) << kernel.id;
  EXPECT_GE(int64_t{config->grid_workgroups[1]} * kernel.bm, s.M) << kernel.id;
  if (kernel.ks == 1) {
    EXPECT_EQ(config->grid_workgroups[2], 1u) << kernel.id;
  }
  if (opts.splits_out != nullptr) *opts.splits_out = config->grid_workgroups[2];

  auto code = main_pack()->load_code_object(*kernel.entry);
  EXPECT_TRUE(code.is_ok()) << code.status().to_string();
  if (!code.is_ok()) return {};
  auto module = emulator.load_module(code->bytes);
  EXPECT_TRUE(module.is_ok()) << module.status().to_string();
  if (!module) return {};
  emu::LaunchConfig launch;
  launch.grid = {config->grid_workgroups[0], config->grid_workgroups[1], config->grid_workgroups[2]};
  launch.workgroup = {config->workgroup[0], config->workgroup[1], config->workgroup[2]};
  launch.kernarg = config->kernargs;
  launch.dynamic_lds = config->dynamic_lds;
  auto profile = emulator.launch(*module, kernel.entry->symbol, launch);
  EXPECT_TRUE(profile.is_ok()) << kernel.id << ": " << profile.status().to_string();
  if (!profile) return {};
  if (opts.profile_out != nullptr) *opts.profile_out = *profile;
  EXPECT_TRUE(emulator.copy_to_host(c.data(), c_dev, c.size() * sizeof(uint16_t)).is_ok());
  if (opts.relaunch) {
    // The runtime reuses a stream's workspace without clearing it: a launch that left a counter non-zero
    // would make the next one's arrivals miscount (a wrong or missing reduction). C goes back to the
    // canary first, so a launch that stores nothing cannot pass as the first one's result.
    const std::vector<uint16_t> canaries(c.size(), kCanary);
    EXPECT_TRUE(emulator.copy_to_device(c_dev, canaries.data(), canaries.size() * sizeof(uint16_t)).is_ok());
    auto again = emulator.launch(*module, kernel.entry->symbol, launch);
    EXPECT_TRUE(again.is_ok()) << kernel.id << ": " << again.status().to_string();
    std::vector<uint16_t> c2(c.size());
    EXPECT_TRUE(emulator.copy_to_host(c2.data(), c_dev, c2.size() * sizeof(uint16_t)).is_ok());
    EXPECT_EQ(c2, c) << kernel.id << ": a second launch on the reused workspace gave another C";
  }
  if (workspace != 0) {
    // The counters lead the workspace, one u32 per output tile (gen/families/gemm_splitk.py); a launch
    // must leave them at zero for the next one, whatever the split.
    const uint64_t tiles = static_cast<uint64_t>(((s.M + kernel.bm - 1) / kernel.bm) * ((s.N + kernel.bn - 1) / kernel.bn));
    std::vector<uint32_t> counters(tiles);
    EXPECT_TRUE(emulator.copy_to_host(counters.data(), workspace, tiles * 4).is_ok());
    for (uint64_t t = 0; t < tiles; ++t) EXPECT_EQ(counters[t], 0u) << kernel.id << ": tile " << t << "'s counter";
    if (opts.counters_out != nullptr) *opts.counters_out = counters;
  }
  return c;
}

// exact: bit-for-bit RNE of the exact result; otherwise within gemm_fp8_tolerance.
void check(const Kernel& kernel, const Operands& p, bool exact, const RunOptions& opts = {}) {
  const Fp8GemmShape& s = p.shape;
  const std::vector<uint16_t> c = run(kernel, p, opts);
  ASSERT_FALSE(c.empty());
  const auto ref = reference::gemm_fp8(p.a.data(), p.b.data(), p.a_scale.data(), p.b_scale.data(), s,
                                       kernel.scaling, kernel.format);
  int failures = 0;
  for (int64_t m = 0; m < s.M; ++m) {
    for (int64_t n = 0; n < s.ldc && (m + 1 < s.M || n < s.N + 8); ++n) {
      const uint16_t got = c[static_cast<size_t>(m * s.ldc + n)];
      if (n >= s.N) {
        if (got != kCanary && failures++ < 10) ADD_FAILURE() << kernel.id << ": wrote padding C[" << m << "][" << n << "]";
        continue;
      }
      const double want = ref.value[static_cast<size_t>(m * s.N + n)];
      if (exact) {
        const uint16_t want_bits = reference::fp8_ref_round_to_bf16(want);
        if (got != want_bits && failures++ < 10) {
          ADD_FAILURE() << kernel.id << " M=" << s.M << " N=" << s.N << " K=" << s.K << ": C[" << m << "][" << n
                        << "] = 0x" << std::hex << got << ", want 0x" << want_bits << std::dec << " (" << want << ")";
        }
      } else {
        const double tol = reference::gemm_fp8_tolerance(want, ref.magnitude[static_cast<size_t>(m * s.N + n)], s.K);
        const double value = reference::fp8_ref_bf16_to_double(got);
        if (!(std::fabs(value - want) <= tol) && failures++ < 10) {
          ADD_FAILURE() << kernel.id << " M=" << s.M << " N=" << s.N << " K=" << s.K << ": C[" << m << "][" << n
                        << "] = " << value << ", want " << want << " +- " << tol;
        }
      }
    }
  }
  EXPECT_EQ(failures, 0) << kernel.id;
}

// Runs `kernel`, forced, through the checking harness on random finite fp8 codes and scales in [0.5, 2)
// (harness::make_kernel_case) against the CPU reference; records every failure line. Returns the launch's
// split-K factor (grid z) as the loader evaluates it for the emulator's CU count, 0 when it could not run.
uint32_t check_with_harness(const Kernel& kernel, const harness::GemmShape& s, uint32_t seed) {
  SCOPED_TRACE(kernel.id + " " + s.describe());
  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = kernel.entry->arch;
  auto opened = open_emu_device(options);
  if (!opened.is_ok()) {
    ADD_FAILURE() << "no emulator: " << opened.status().to_string();
    return 0;
  }
  std::unique_ptr<Device> device = std::move(opened).value();
  ModuleCache modules(*main_pack(), *device);
  auto hc = harness::make_kernel_case(*kernel.entry, s, seed);
  if (!hc.is_ok()) {
    ADD_FAILURE() << hc.status().to_string();
    return 0;
  }
  Problem problem = hc.value().problem;
  const auto failures = harness::run_forced(*kernel.entry, modules, *device, hc.value());
  if (!failures.is_ok()) {
    ADD_FAILURE() << failures.status().to_string();
    return 0;
  }
  for (const std::string& line : failures.value()) ADD_FAILURE() << line;
  // The grid only reads the problem's sizes and the device; the buffer addresses are placeholders.
  for (const char* name : {"A", "B", "C", "A_scale", "B_scale", "workspace"}) problem.buffer(name, 0x10000);
  auto config = prepare_launch(*kernel.entry, problem, device->info());
  EXPECT_TRUE(config.is_ok()) << config.status().to_string();
  return config.is_ok() ? config->grid_workgroups[2] : 0;
}

class GemmFp8Emu : public ::testing::TestWithParam<Kernel> {};
// The decode tiles (K-slices, split-K) alone: the tests below are about what only they do.
class GemmFp8DecodeEmu : public GemmFp8Emu {};

std::vector<Kernel> decode_kernels() {
  std::vector<Kernel> kernels = pack_kernels();
  std::erase_if(kernels, [](const Kernel& k) { return k.ks == 1; });
  return kernels;
}

// The block128 prefill tiles alone (LDS rings on gfx950, the AGPR-operand loop of its 128x256 tile).
class GemmFp8Block128PrefillEmu : public GemmFp8Emu {};

std::vector<Kernel> block128_prefill_kernels() {
  std::vector<Kernel> kernels = pack_kernels();
  std::erase_if(kernels, [](const Kernel& k) { return k.ks > 1 || k.scaling != Fp8Scaling::kBlock128; });
  return kernels;
}

TEST_P(GemmFp8Emu, RandomDataWithTailsMatchesReference) {
  const Kernel& k = GetParam();
  // M and N past a tile edge; padded strides; per_token also K not a multiple of 128
  const harness::GemmShape s = k.scaling == Fp8Scaling::kBlock128
                                   ? harness::GemmShape{k.bm + 13, 256, 256, 256 + 16, 256 + 32, 256 + 5}
                                   : harness::GemmShape{k.bm + 7, k.bn + 21, 208, 224, 208, k.bn + 24};
  check_with_harness(k, s, 1234);
}

// block128 prefill tiles over 4 and 5 slabs: gfx950's LDS rings wrap more than once, and the 128x256
// tile's loop (unrolled once per AGPR operand set) runs each of its bodies (reads and loads ahead, reads
// only, none) in both sets; N one 128 block past a whole tile, so a 128x256 tile's second wave column
// lies past N.
TEST_P(GemmFp8Block128PrefillEmu, OverFourAndFiveSlabsMatchesReference) {
  const Kernel& k = GetParam();
  const int64_t n = (k.bn + 127) / 128 * 128 + 128;  // a multiple of 128, one block past a whole tile
  for (const int64_t K : {512, 640}) {
    check_with_harness(k, harness::GemmShape{k.bm + 5, n, K, K, K, n}, static_cast<uint32_t>(4242 + K));
  }
}

TEST_P(GemmFp8Emu, ExactDataRoundsToNearestEvenBitForBit) {
  const Kernel& k = GetParam();
  const Fp8GemmShape s = k.scaling == Fp8Scaling::kBlock128
                             ? Fp8GemmShape{k.bm - 3, 128, 384, 384, 384, 130}
                             : Fp8GemmShape{k.bm / 2 + 1, k.bn + 1, 384, 400, 384, k.bn + 2};
  check(k, exact_problem(s, k.scaling, k.format, 99), /*exact=*/true);
}

TEST_P(GemmFp8Emu, TinyProblem) {
  const Kernel& k = GetParam();
  const Fp8GemmShape s = k.scaling == Fp8Scaling::kBlock128 ? Fp8GemmShape{1, 128, 128, 128, 128, 128}
                                                            : Fp8GemmShape{1, 3, 16, 16, 16, 3};
  check(k, exact_problem(s, k.scaling, k.format, 7), /*exact=*/true);
}

// Decode shapes (M <= 16) on the decode tiles, with the split-K factor the manifest picks for a 304/256-CU
// device (> 1 here: few output tiles, deep K): tails in M and N, and for per_token a K whose last 128-K
// block is partial and whose block count is not a multiple of the 4 K-slices.
TEST_P(GemmFp8DecodeEmu, DecodeShapesWithSplitKMatchReference) {
  const Kernel& k = GetParam();
  for (const int64_t m : {1, 5, 16}) {
    const harness::GemmShape s = k.scaling == Fp8Scaling::kBlock128
                                     ? harness::GemmShape{m, 256, 8192, 8192 + 16, 8192, 256 + 3}
                                     : harness::GemmShape{m, 3 * k.bn + 7, 8208, 8208, 8224, 3 * k.bn + 9};
    const uint32_t splits = check_with_harness(k, s, 4321 + static_cast<uint32_t>(m));
    EXPECT_GT(splits, 1u) << k.id << " M=" << m << ": the shape is meant to exercise split-K";
  }
}

// Power-of-two scales and small integers: every fp32 step is exact whatever the order of the K-slice and
// split-K sums, so C must be RNE of the exact result bit for bit.
TEST_P(GemmFp8DecodeEmu, DecodeSplitKExactDataRoundsBitForBit) {
  const Kernel& k = GetParam();
  const Fp8GemmShape s = k.scaling == Fp8Scaling::kBlock128 ? Fp8GemmShape{2, 128, 4096, 4096, 4096, 128}
                                                            : Fp8GemmShape{2, 100, 4000, 4000, 4000, 100};
  uint32_t splits = 0;
  RunOptions opts;
  opts.splits_out = &splits;
  check(k, exact_problem(s, k.scaling, k.format, 17), /*exact=*/true, opts);
  EXPECT_GT(splits, 1u) << k.id;
}

// The split-K reduction sums partials in split order, never arrival order: C's bits must not depend on how
// the emulator interleaves waves (seeded random schedules) or spreads workgroups over host threads; every
// launch leaves the tile counters at zero (checked in run()), and a second launch on the same workspace,
// as the runtime reuses it, gives the same C.
TEST_P(GemmFp8DecodeEmu, DecodeSplitKIsDeterministicAcrossSchedules) {
  const Kernel& k = GetParam();
  const Fp8GemmShape s{3, 128, 8192, 8192, 8192, 128};
  const Operands p = random_problem(s, k.scaling, k.format, 2024);
  uint32_t splits = 0;
  RunOptions first;
  first.splits_out = &splits;
  first.host_threads = 1;
  first.relaunch = true;
  check(k, p, /*exact=*/false, first);
  ASSERT_GT(splits, 2u) << k.id << ": the shape is meant to split K several ways";
  const std::vector<uint16_t> want = run(k, p, first);
  ASSERT_FALSE(want.empty());
  for (const auto& [seed, threads] : {std::pair<uint64_t, uint32_t>{1, 2}, {7, 4}, {12345, 3}}) {
    RunOptions opts;
    opts.schedule = emu::Schedule::kRandom;
    opts.seed = seed;
    opts.host_threads = threads;
    EXPECT_EQ(run(k, p, opts), want) << k.id << ": seed " << seed << ", " << threads << " host threads";
  }
}

// Decode is a stream of B: at M = 1 the 16-row tiles must fetch at most 1.05x the bytes any kernel must
// move (A + B + C + scales), plus the split-K partial tiles (each split writes its 4-row quads of the tile
// once and the last arrival reads them once: the traffic gen/families/gemm_splitk.py budgets). Fetched =
// the emulator's 64-byte segments touched per instruction (no cache), reads and writes. The 32-row tiles
// read 32 bytes of each row per load instruction (half segments), about 2x under this count: printed only.
TEST_P(GemmFp8DecodeEmu, DecodeFetchesNearTheMinimum) {
  const Kernel& k = GetParam();
  const Fp8GemmShape s{1, 512, 4096, 4096, 4096, 512};
  emu::LaunchProfile profile;
  uint32_t splits = 0;
  RunOptions opts;
  opts.profile_out = &profile;
  opts.splits_out = &splits;
  ASSERT_FALSE(run(k, random_problem(s, k.scaling, k.format, 77), opts).empty());
  const uint64_t scale_bytes = 4 * static_cast<uint64_t>(reference::fp8_a_scale_count(s, k.scaling) +
                                                         reference::fp8_b_scale_count(s, k.scaling));
  const uint64_t minimum = static_cast<uint64_t>(s.M * s.K + s.N * s.K + s.M * s.N * 2) + scale_bytes;
  const uint64_t tiles = static_cast<uint64_t>(s.N / k.bn);
  const uint64_t partials = splits > 1 ? 2 * uint64_t{splits} * tiles * 4 * static_cast<uint64_t>(k.bn) * 4 : 0;
  const double fetched = static_cast<double>(profile.global_segments * 64);
  std::printf("%s: M=1 N=512 K=4096, %u splits: fetched %.0f bytes = %.3fx minimum (partials %llu bytes)\n",
              k.id.c_str(), splits, fetched, fetched / static_cast<double>(minimum),
              static_cast<unsigned long long>(partials));
  if (k.bm == 16) {
    EXPECT_LE(fetched, 1.05 * static_cast<double>(minimum) + static_cast<double>(partials)) << k.id;
  }
  EXPECT_EQ(profile.lds_bank_conflict_cycles, 0u) << k.id;
}

// Emulator profile of a 256 x 256 x 1024 problem (exact counts, not GPU time): checks the MFMA work is
// exactly the padded tiles' and that global reads are at least the operands' bytes, and prints the
// figures (MFMA busy cycles, LDS bank-conflict cycles, bytes fetched against the minimum, occupancy).
// Every LDS access (slab writes and operand reads: the XOR-swizzled layout of gen/families/gemm_fp8.py)
// must be free of bank conflicts under the emulator's bank model (emu/exec/src/lds_banks.cc, 32 banks on
// gfx942, 64 on gfx950): one kernel per tile shape, scaling and arch. Before the swizzle (144-byte rows)
// this was 16K-33K cycles on gfx942 and 4K-10K on gfx950.
TEST_P(GemmFp8Emu, ProfileOfAMidSizeProblem) {
  const Kernel& k = GetParam();
  const Fp8GemmShape s{256, 256, 1024, 1024, 1024, 256};
  emu::LaunchProfile profile;
  RunOptions opts;
  opts.profile_out = &profile;
  const auto c = run(k, random_problem(s, k.scaling, k.format, 5), opts);
  ASSERT_FALSE(c.empty());
  EXPECT_EQ(profile.mfma_flops, uint64_t{2} * 256 * 256 * 1024);
  const uint64_t scale_bytes = 4 * static_cast<uint64_t>(reference::fp8_a_scale_count(s, k.scaling) +
                                                         reference::fp8_b_scale_count(s, k.scaling));
  const uint64_t minimum = 2 * 256 * 1024 + scale_bytes;
  EXPECT_GE(profile.global_bytes_read, 2 * 256 * 1024);
  EXPECT_EQ(profile.global_bytes_written, uint64_t{256} * 256 * 2);
  EXPECT_EQ(profile.lds_bank_conflict_cycles, 0u) << k.id << ": LDS bank conflicts in "
                                                  << profile.lds_conflicted_instructions << " DS instructions";
  EXPECT_GT(profile.instructions.lds, 0u) << k.id << ": the kernel is expected to stage through LDS";
  std::printf("%s: mfma busy %llu cycles, %llu instructions (%llu mfma), lds conflict cycles %llu, "
              "global read %llu bytes = %.2fx minimum, occupancy %u waves/SIMD (%s)\n",
              k.id.c_str(), static_cast<unsigned long long>(profile.mfma_busy_cycles),
              static_cast<unsigned long long>(profile.instructions.total()),
              static_cast<unsigned long long>(profile.instructions.mfma),
              static_cast<unsigned long long>(profile.lds_bank_conflict_cycles),
              static_cast<unsigned long long>(profile.global_bytes_read),
              static_cast<double>(profile.global_bytes_read) / static_cast<double>(minimum),
              profile.waves_per_simd, profile.occupancy_limiter.c_str());
}

std::string kernel_name(const ::testing::TestParamInfo<Kernel>& info) { return info.param.id; }

INSTANTIATE_TEST_SUITE_P(Pack, GemmFp8Emu, ::testing::ValuesIn(pack_kernels()), kernel_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GemmFp8Emu);
INSTANTIATE_TEST_SUITE_P(Pack, GemmFp8DecodeEmu, ::testing::ValuesIn(decode_kernels()), kernel_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GemmFp8DecodeEmu);
INSTANTIATE_TEST_SUITE_P(Pack, GemmFp8Block128PrefillEmu, ::testing::ValuesIn(block128_prefill_kernels()), kernel_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GemmFp8Block128PrefillEmu);

TEST(GemmFp8Pack, HasEveryScalingOnBothArchs) {
  if (!test_support::have_pack()) GTEST_SKIP() << "no pack at " << pack_dir();
  ASSERT_NE(main_pack(), nullptr) << test_support::shared_pack_problem();
  const auto kernels = pack_kernels();
  for (Target target : {Target::kGfx942, Target::kGfx950}) {
    for (Fp8Scaling scaling : {Fp8Scaling::kBlock128, Fp8Scaling::kPerToken}) {
      bool found = false;
      for (const auto& k : kernels) found |= k.target == target && k.scaling == scaling;
      EXPECT_TRUE(found) << emu::target_name(target) << " lacks a kernel for a scaling";
    }
  }
  for (const auto& k : kernels) {
    // the format the test's reference decodes with (FNUZ on CDNA3, OCP on CDNA4: isa-notes.md "FP8")...
    EXPECT_EQ(k.format, k.target == Target::kGfx942 ? Fp8Format::kE4M3Fnuz : Fp8Format::kE4M3Fn) << k.id;
    // ...is the one the generator wrote (gen/archs.py) and the one the loader's arch table states
    const ArchInfo* arch = find_arch(k.entry->arch);
    ASSERT_NE(arch, nullptr) << k.id;
    EXPECT_EQ(k.format_name, arch->fp8_format) << k.id;
    EXPECT_EQ(text_of(k.entry->params, "fp8_format"), k.format_name) << k.id;
  }
}

}  // namespace
}  // namespace ingot
