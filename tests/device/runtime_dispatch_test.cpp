// The Runtime's cached dispatch against the interpreter, call by call: every launch of a sequence of
// gemm calls (shapes repeated and interleaved, so the thread's recent shapes, the shared cache and fresh
// selections all serve some; buffers new on every call; a dtype changed in place, same string storage)
// carries the kernel, grid, LDS and kernarg bytes that the interpreted select + prepare_launch give.
#include <gtest/gtest.h>

#include "fake_device.h"
#include "ingot/ops.h"
#include "ingot/tooling/select.h"
#include "test_pack.h"

namespace ingot {
namespace {

using testing::FakeDevice;

struct Shape {
  const char* dtype;
  const char* out;
  const char* scaling;  // fp8 only
  bool bias;
  float alpha;
  int64_t m, n, k, ldc_pad;
};

// The interpreter's launch for the same call: select + prepare_launch over the generic Problem.
void expect_interpreted_launch(const Runtime& runtime, const GemmArgs& args, const FakeDevice& device) {
  const DeviceInfo& info = device.info();
  auto problem = gemm_problem(args, info);
  ASSERT_TRUE(problem.is_ok()) << problem.status().to_string();
  problem->buffer("workspace", args.workspace).integer("workspace_bytes", static_cast<int64_t>(args.workspace_bytes));
  auto selection = runtime.select(problem.value());
  ASSERT_TRUE(selection.is_ok()) << selection.status().to_string();
  auto expected = prepare_launch(*selection->kernel, problem.value(), info);
  ASSERT_TRUE(expected.is_ok()) << expected.status().to_string();
  const LaunchConfig& launched = device.launches.back();
  const KernelHandle handle = device.launched_kernels.back();
  EXPECT_EQ(device.kernel_symbols.at(handle.value % 1000 - 1), selection->kernel->symbol) << problem->describe();
  EXPECT_EQ(launched.grid_workgroups, expected->grid_workgroups) << problem->describe();
  EXPECT_EQ(launched.workgroup, expected->workgroup) << problem->describe();
  EXPECT_EQ(launched.dynamic_lds, expected->dynamic_lds) << problem->describe();
  EXPECT_EQ(launched.kernargs, expected->kernargs) << problem->describe();
}

TEST(RuntimeDispatch, EveryCachedLaunchIsTheInterpretersLaunch) {
  const auto dir = testing::real_pack_dir();
  if (dir.empty()) GTEST_SKIP() << "no built pack (build the `pack` target)";
  const std::vector<Shape> shapes = {
      {"bf16", "f32", "", false, 1.0f, 1, 7168, 7168, 0},   {"bf16", "bf16", "", true, 0.5f, 1, 7168, 7168, 0},
      {"f16", "f32", "", false, 1.0f, 7, 520, 256, 8},      {"bf16", "f32", "", false, 2.0f, 333, 520, 104, 0},
      {"fp8", "bf16", "", false, 1.0f, 1, 7168, 7168, 0},   {"fp8", "bf16", "per_token", false, 1.0f, 64, 7168, 7168, 0},
      {"fp8", "bf16", "block128", false, 1.0f, 4096, 128, 256, 64}, {"f16", "f16", "", true, 1.0f, 64, 128, 7168, 0},
  };
  for (const char* arch : {"gfx942", "gfx950"}) {
    auto pack = Pack::open(dir);
    ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
    auto owned = std::make_unique<FakeDevice>(arch, std::string(arch) == "gfx942" ? 304 : 256);
    FakeDevice& device = *owned;
    auto runtime = Runtime::create(std::move(pack).value(), std::move(owned));
    uint64_t next = 0x7f1000000000;
    auto fresh = [&] { return next += 0x100000; };  // a new buffer address per call
    int compared = 0;
    // Each shape three times, interleaved: 0 1 0 2 1 0 ... (recent hits and misses, shared-cache hits).
    for (int round = 0; round < 3; ++round) {
      for (size_t i = 0; i < shapes.size(); ++i) {
        for (size_t j : {i, (i + 3) % shapes.size()}) {
          const Shape& shape = shapes[j];
          GemmArgs args;
          args.A = fresh(), args.B = fresh(), args.C = fresh();
          args.M = shape.m, args.N = shape.n, args.K = shape.k;
          args.ldc = shape.ldc_pad != 0 ? shape.n + shape.ldc_pad : 0;
          args.dtype_a = args.dtype_b = shape.dtype;
          args.dtype_c = shape.out;
          args.alpha = shape.alpha;
          if (shape.bias) args.bias = fresh();
          args.scaling = shape.scaling;
          if (args.dtype_a == "fp8") args.A_scale = fresh(), args.B_scale = fresh();
          args.workspace = fresh();
          args.workspace_bytes = uint64_t{64} << 20;
          const Status status = gemm(*runtime, args);
          ASSERT_TRUE(status.is_ok()) << status.to_string();
          expect_interpreted_launch(*runtime, args, device);
          ++compared;
        }
      }
    }
    // The same string storage with other contents: the key reads the bytes, not the pointer.
    GemmArgs args;
    args.A = fresh(), args.B = fresh(), args.C = fresh();
    args.M = 64, args.N = 520, args.K = 256;
    args.workspace = fresh();
    args.workspace_bytes = uint64_t{64} << 20;
    for (const char* out : {"f32", "f16", "f32", "bf16"}) {  // f32 and f16: even the length is the same
      args.dtype_c.assign(out);
      ASSERT_TRUE(gemm(*runtime, args).is_ok());
      expect_interpreted_launch(*runtime, args, device);
      ++compared;
    }
    EXPECT_EQ(compared, 3 * 2 * static_cast<int>(shapes.size()) + 4);
    EXPECT_EQ(device.launches.size(), static_cast<size_t>(compared));
  }
}

}  // namespace
}  // namespace ingot
