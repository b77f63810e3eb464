// Emulated MFMA throughput: how many matrix FLOP/s the CPU emulator sustains (a speed figure for the
// emulator itself, not a GPU number). The lead adds the pack's 1024^3 GEMM case once kernels run.
#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

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
  state.counters["mfma_flops"] = benchmark::Counter(static_cast<double>(flops), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_EmulatedMfmaLoop)->Args({942, 1})->Args({942, 2})->Args({950, 1})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
