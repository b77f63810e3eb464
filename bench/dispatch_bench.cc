// Host cost of one op call before the GPU sees it: selection, workspace binding, kernarg packing and
// the module-cache hit, for the decode GEMM the issue names (M=1, N=K=7168, bf16 and fp8) on an
// MI300X-sized device (gfx942, 304 CUs) that launches nothing. Host time only: no GPU time is measured.
//   warm:   the same shape again (the per-shape selection cache hits);
//   cold:   a shape not seen before (every call changes ldc, which the selection reads), modules loaded;
//   interpreted: the tree-walking select + prepare_launch over string-keyed maps that `ingot select`
//           still uses for its explanations (the path every call took before the compiled dispatch).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <memory>

#include "bench_pack.h"
#include "ingot/tooling/device.h"
#include "ingot/ops.h"
#include "ingot/tooling/select.h"

namespace {

using namespace ingot;

// Accepts everything, runs nothing: what remains is libingot's own host work.
class NullDevice final : public Device {
 public:
  NullDevice() { info_ = DeviceInfo{"gfx942", 304}; }
  DeviceKind kind() const override { return DeviceKind::kOther; }
  const DeviceInfo& info() const override { return info_; }
  std::string description() const override { return "null device (gfx942, 304 CUs)"; }
  Result<uint64_t> allocate(size_t bytes) override {
    const uint64_t address = next_;
    next_ += (bytes + 0xfff) & ~uint64_t{0xfff};
    return address;
  }
  Status free(uint64_t) override { return Status::ok(); }
  Status copy_to_device(uint64_t, const void*, size_t) override { return Status::ok(); }
  Status copy_to_host(void*, uint64_t, size_t) override { return Status::ok(); }
  Result<ModuleHandle> load_module(const VerifiedCodeObject&) override { return ModuleHandle{++modules_}; }
  Result<KernelHandle> get_kernel(ModuleHandle module, std::string_view) override { return KernelHandle{module.value}; }
  Status launch(KernelHandle, const LaunchConfig& config, hipStream_t) override {
    benchmark::DoNotOptimize(config.kernargs.data());
    return Status::ok();
  }
  Status synchronize(hipStream_t) override { return Status::ok(); }

 private:
  DeviceInfo info_;
  uint64_t next_ = 0x7f0000000000;
  uint64_t modules_ = 0;
};

Runtime& runtime() {
  static std::unique_ptr<Runtime> instance = [] {
    auto pack = bench::open_bench_pack();
    if (!pack) {
      std::cerr << pack.status().to_string() << "\n";
      std::exit(1);
    }
    return Runtime::create(std::move(pack).value(), std::make_unique<NullDevice>());
  }();
  return *instance;
}

GemmArgs decode_args(bool fp8) {
  GemmArgs args;
  args.A = 0x7f1000000000, args.B = 0x7f2000000000, args.C = 0x7f3000000000;
  args.M = 1, args.N = 7168, args.K = 7168;
  if (fp8) {
    args.dtype_a = args.dtype_b = "fp8";
    args.dtype_c = "bf16";
    args.A_scale = 0x7f4000000000, args.B_scale = 0x7f5000000000;
  }
  return args;
}

void must(const Status& status, benchmark::State& state) {
  if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
}

void BM_GemmWarm(benchmark::State& state) {
  const GemmArgs args = decode_args(state.range(0) != 0);
  must(gemm(runtime(), args), state);  // loads the module, fills the cache
  for (auto _ : state) benchmark::DoNotOptimize(gemm(runtime(), args));
  const auto problem = gemm_problem(args, runtime().device().info());
  state.SetLabel(runtime().select(problem.value())->kernel->id);
}
BENCHMARK(BM_GemmWarm)->Arg(0)->Arg(1)->ArgName("fp8");
BENCHMARK(BM_GemmWarm)->Arg(0)->Arg(1)->ArgName("fp8")->Threads(2);

void BM_GemmCold(benchmark::State& state) {
  GemmArgs args = decode_args(state.range(0) != 0);
  must(gemm(runtime(), args), state);  // the module is loaded: cold means selection only
  int64_t step = 0;
  for (auto _ : state) {
    args.ldc = args.N + 64 * (1 + step++ % 1000000);  // a shape the cache has not seen
    benchmark::DoNotOptimize(gemm(runtime(), args));
  }
  state.SetLabel(runtime().select(gemm_problem(args, runtime().device().info()).value())->kernel->id);
}
BENCHMARK(BM_GemmCold)->Arg(0)->Arg(1)->ArgName("fp8");

void BM_InterpretedSelectAndPack(benchmark::State& state) {
  const GemmArgs args = decode_args(state.range(0) != 0);
  const DeviceInfo& device = runtime().device().info();
  for (auto _ : state) {
    auto problem = gemm_problem(args, device);
    auto selection = runtime().select(problem.value());
    auto config = prepare_launch(*selection->kernel, problem.value(), device);
    benchmark::DoNotOptimize(config);
  }
}
BENCHMARK(BM_InterpretedSelectAndPack)->Arg(0)->Arg(1)->ArgName("fp8");

}  // namespace

BENCHMARK_MAIN();
