// Emulated MFMA throughput: how many matrix FLOP/s the CPU emulator sustains (a speed figure for the
// emulator itself, not a GPU number), and the pack's bf16 GEMM end to end.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "bench_pack.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"
#include "ingot_emu/emulator.h"

namespace {

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

void BM_EmulatedMfmaLoop(benchmark::State& state) {
  using namespace ingot::emu;
  const auto target = state.range(0) == 942 ? Target::kGfx942 : Target::kGfx950;
  const auto threads = static_cast<uint32_t>(state.range(1));
  Emulator emu(EmulatorOptions{.target = target, .host_threads = threads});
  const std::string path = std::string(INGOT_BENCH_KERNEL_DIR) + "/mfma_loop." + std::string(target_name(target)) + ".co";
  auto module = emu.load_module(read_file(path));
  if (!module) {
    state.SkipWithError(module.status().to_string().c_str());
    return;
  }
  std::vector<uint8_t> kernarg(64, 0);
  LaunchConfig config;
  config.grid = {8, 1, 1};
  config.workgroup = {256, 1, 1};
  config.kernarg = kernarg;
  uint64_t flops = 0;
  for (auto _ : state) {
    auto profile = emu.launch(*module, "mfma_loop", config);
    if (!profile) {
      state.SkipWithError(profile.status().to_string().c_str());
      return;
    }
    flops += profile->mfma_flops;
  }
  state.counters["emulated_mfma_flops_per_host_second"] = benchmark::Counter(static_cast<double>(flops), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_EmulatedMfmaLoop)->Args({942, 1})->Args({942, 2})->Args({950, 1})->Unit(benchmark::kMillisecond)->UseRealTime();

// The pack's bf16 GEMM end to end through libingot, exactly as a caller would run it: Pack::open ->
// select (or the kernel named by INGOT_BENCH_GEMM_KERNEL) -> load_code_object (size, sha256, arch and
// symbol checked) -> prepare_launch (kernargs and grid from the manifest). The default kernel is the one
// selection picks for the bf16 x bf16 -> f32 problem of the benchmark's size on gfx942 with 304 CUs.
// Issue 3's speed target: 1024^3 under 10 s on 2 cores. Args: size, host threads. Skipped without
// INGOT_PACK_DIR.
ingot::Problem gemm_problem(int64_t n) {
  ingot::Problem p("gemm");
  p.key("dtype_a", "bf16").key("dtype_b", "bf16").key("dtype_c", "f32");
  p.integer("M", n).integer("N", n).integer("K", n).integer("lda", n).integer("ldb", n).integer("ldc", n);
  p.integer("has_bias", 0).scalar("alpha", 1.0);
  return p;
}

// The kernel to time: INGOT_BENCH_GEMM_KERNEL by id, else the selection for gfx942 / 304 CUs. The
// result check below reads C as f32 from bf16 inputs, so other dtypes are refused rather than misread.
ingot::Result<const ingot::ManifestKernel*> gemm_kernel(const ingot::Pack& pack, const ingot::Problem& problem) {
  const ingot::ManifestKernel* kernel = nullptr;
  if (const char* id = std::getenv("INGOT_BENCH_GEMM_KERNEL")) {
    kernel = pack.find(id);
    if (kernel == nullptr) {
      return ingot::Status(ingot::StatusCode::kNotFound, std::string("INGOT_BENCH_GEMM_KERNEL: no kernel '") + id +
                                                             "' in " + pack.dir().string());
    }
  } else {
    ingot::DeviceInfo device;
    device.arch = "gfx942";
    device.cus = 304;
    auto selection = pack.select(problem, device);
    if (!selection) return selection.status();
    kernel = selection->kernel;
  }
  for (const auto& [key, value] : problem.keys) {
    auto it = kernel->match.find(key);
    if (it != kernel->match.end() && ingot::param_to_string(it->second) != value) {
      return ingot::Status(ingot::StatusCode::kUnsupported, kernel->id + ": " + key + " is " +
                                                                ingot::param_to_string(it->second) +
                                                                "; this bench checks bf16 x bf16 -> f32 only");
    }
  }
  return kernel;
}

void BM_PackGemmBf16(benchmark::State& state) {
  using namespace ingot::emu;
  auto pack = ingot::bench::open_bench_pack();
  if (!pack) return state.SkipWithError(pack.status().to_string().c_str());
  const auto n = static_cast<int64_t>(state.range(0));
  ingot::Problem problem = gemm_problem(n);
  auto kernel = gemm_kernel(*pack, problem);
  if (!kernel) return state.SkipWithError(kernel.status().to_string().c_str());
  const std::optional<Target> target = parse_target((*kernel)->arch);
  if (!target) return state.SkipWithError(((*kernel)->id + ": the emulator does not model " + (*kernel)->arch).c_str());
  Emulator emu(EmulatorOptions{.target = *target, .host_threads = static_cast<uint32_t>(state.range(1))});
  ingot::DeviceInfo device;
  device.arch = (*kernel)->arch;
  device.cus = emu.cus();
  if (const ingot::Status accepts = ingot::check_kernel_accepts(**kernel, problem, device); !accepts.is_ok()) {
    return state.SkipWithError(accepts.to_string().c_str());
  }

  // bf16 A (M x K) and B (N x K) filled with small exact values; C (f32, M x N) zeroed, as split-K
  // kernels accumulate into it.
  std::vector<uint16_t> ab(static_cast<size_t>(n * n));
  for (size_t i = 0; i < ab.size(); ++i) ab[i] = static_cast<uint16_t>(0x3f80 + (i % 7) * 0x10);
  const std::vector<float> zeros(static_cast<size_t>(n * n), 0.0f);
  auto a = emu.allocate(ab.size() * 2), b = emu.allocate(ab.size() * 2), c = emu.allocate(zeros.size() * 4);
  if (!a || !b || !c || !emu.copy_to_device(*a, ab.data(), ab.size() * 2).is_ok() ||
      !emu.copy_to_device(*b, ab.data(), ab.size() * 2).is_ok()) {
    return state.SkipWithError("device allocation failed");
  }
  problem.buffer("A", *a).buffer("B", *b).buffer("C", *c);
  // A split-K kernel needs its zero-filled workspace (arrival counters and partial tiles); its last
  // arriver resets the counters, so one workspace serves every iteration.
  auto workspace = ingot::workspace_bytes(**kernel, problem, device);
  if (!workspace) return state.SkipWithError(workspace.status().to_string().c_str());
  if (*workspace > 0) {
    const std::vector<uint8_t> zero_bytes(*workspace, 0);
    auto ws = emu.allocate(*workspace);
    if (!ws || !emu.copy_to_device(*ws, zero_bytes.data(), zero_bytes.size()).is_ok()) {
      return state.SkipWithError("workspace allocation failed");
    }
    problem.buffer("workspace", *ws);
  }

  auto launch = ingot::prepare_launch(**kernel, problem, device);
  if (!launch) return state.SkipWithError(launch.status().to_string().c_str());
  auto code = pack->load_code_object(**kernel);
  if (!code) return state.SkipWithError(code.status().to_string().c_str());
  auto module = emu.load_module(code->bytes);
  if (!module) return state.SkipWithError(module.status().to_string().c_str());
  LaunchConfig config;
  config.grid = {launch->grid_workgroups[0], launch->grid_workgroups[1], launch->grid_workgroups[2]};
  config.workgroup = {launch->workgroup[0], launch->workgroup[1], launch->workgroup[2]};
  config.kernarg = launch->kernargs;
  config.dynamic_lds = launch->dynamic_lds;
  state.SetLabel((*kernel)->id);

  uint64_t flops = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const bool cleared = emu.copy_to_device(*c, zeros.data(), zeros.size() * 4).is_ok();
    state.ResumeTiming();
    if (!cleared) return state.SkipWithError("clearing C failed");
    auto profile = emu.launch(*module, (*kernel)->symbol, config);
    if (!profile) return state.SkipWithError(profile.status().to_string().c_str());
    flops += 2 * static_cast<uint64_t>(n * n * n);
  }
  // A timing of wrong work is worthless: spot-check C against a plain dot product (inputs are small
  // multiples of 1/16 with n terms, so the f32 sums are exact).
  std::vector<float> result(static_cast<size_t>(n * n));
  if (!emu.copy_to_host(result.data(), *c, result.size() * 4).is_ok()) return state.SkipWithError("copy back failed");
  auto value = [&](int64_t i) {
    const uint32_t bits = uint32_t{ab[static_cast<size_t>(i)]} << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return static_cast<double>(f);
  };
  for (int64_t m = 0; m < n; m += n / 8 + 1) {
    for (int64_t col = 0; col < n; col += n / 8 + 3) {
      double expected = 0;
      for (int64_t k = 0; k < n; ++k) expected += value(m * n + k) * value(col * n + k);
      if (static_cast<double>(result[static_cast<size_t>(m * n + col)]) != expected) {
        return state.SkipWithError(("C[" + std::to_string(m) + "][" + std::to_string(col) + "] = " +
                                    std::to_string(result[static_cast<size_t>(m * n + col)]) + ", expected " +
                                    std::to_string(expected)).c_str());
      }
    }
  }
  // Useful GEMM FLOPs the emulator completes per second of host wall time: a speed of the emulator on
  // this machine, not a GPU rate.
  state.counters["emulated_flops_per_host_second"] = benchmark::Counter(static_cast<double>(flops), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_PackGemmBf16)->Args({256, 2})->Args({1024, 2})->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
