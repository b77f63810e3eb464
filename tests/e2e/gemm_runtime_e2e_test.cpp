// The selection path: Runtime::gemm (select -> module cache -> kernargs -> launch) on the emulator of
// each arch in the pack, for a few hand-picked problems (tails, M=1, bias, every dtype pair) and
// random legal shapes from a fixed seed, against the dense CPU reference. Whatever kernel selection
// picks must produce the reference's numbers.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "device_run.h"
#include "e2e_pack.h"
#include "gemm_cases.h"
#include "ingot/ops.h"
#include "ingot/tooling/select.h"

namespace ingot::e2e {
using namespace ingot::harness;
namespace {

struct RuntimeCase {
  DenseGemm gemm;
  GemmShape shape;
};

std::vector<RuntimeCase> runtime_cases() {
  std::vector<RuntimeCase> cases = {
      {{"bf16", "f32", false, 1.0f}, {77, 50, 72, 80, 72, 53}},
      {{"bf16", "bf16", true, 0.5f}, {1, 200, 264, 264, 272, 203}},
      {{"f16", "f16", false, -1.25f}, {130, 65, 136, 136, 144, 65}},
      {{"f16", "f32", true, 2.0f}, {33, 129, 40, 48, 40, 130}},
      {{"bf16", "f16", false, 1.0f}, {3, 17, 8, 8, 8, 17}},
  };
  // Random legal shapes (K a multiple of 8, strides at least the row), fixed seed.
  std::mt19937 rng(20261121);
  const char* ins[] = {"bf16", "f16"};
  const char* outs[] = {"bf16", "f16", "f32"};
  for (int i = 0; i < 4; ++i) {
    auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
    RuntimeCase c;
    c.gemm.dtype_in = ins[pick(0, 1)];
    c.gemm.dtype_out = outs[pick(0, 2)];
    c.gemm.has_bias = pick(0, 1) == 1;
    c.gemm.alpha = static_cast<float>(pick(1, 8)) * 0.25f;
    c.shape.M = pick(1, 200);
    c.shape.N = pick(1, 200);
    c.shape.K = 8 * pick(1, 40);
    c.shape.lda = c.shape.K + 8 * pick(0, 3);
    c.shape.ldb = c.shape.K + 8 * pick(0, 3);
    c.shape.ldc = c.shape.N + pick(0, 5);
    cases.push_back(c);
  }
  return cases;
}

std::vector<std::string> pack_archs() {
  const Pack* pack = shared_pack();
  return pack == nullptr ? std::vector<std::string>{} : pack->manifest().archs;
}

class GemmThroughRuntime : public ::testing::TestWithParam<std::string> {};

TEST_P(GemmThroughRuntime, SelectedKernelsMatchCpuReference) {
  const Pack* pack = shared_pack();
  ASSERT_NE(pack, nullptr) << shared_pack_problem();
  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = GetParam();
  auto device = open_emu_device(options);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  std::unique_ptr<Runtime> runtime = Runtime::create(*pack, std::move(device).value());

  uint32_t seed = 7;
  for (const RuntimeCase& c : runtime_cases()) {
    SCOPED_TRACE(c.gemm.dtype_in + "->" + c.gemm.dtype_out + (c.gemm.has_bias ? " bias" : "") + " alpha " +
                 std::to_string(c.gemm.alpha) + " " + c.shape.describe());
    HostCase hc = make_dense_case(c.gemm, c.shape, seed++);
    DeviceBuffers buffers(runtime->device());
    ASSERT_TRUE(buffers.upload(hc).is_ok());
    GemmArgs args;
    args.A = buffers.address("A");
    args.B = buffers.address("B");
    args.C = buffers.address("C");
    args.M = c.shape.M;
    args.N = c.shape.N;
    args.K = c.shape.K;
    args.lda = c.shape.lda;
    args.ldb = c.shape.ldb;
    args.ldc = c.shape.ldc;
    args.dtype_a = args.dtype_b = c.gemm.dtype_in;
    args.dtype_c = c.gemm.dtype_out;
    args.alpha = c.gemm.alpha;
    if (c.gemm.has_bias) args.bias = buffers.address("bias");

    auto selection = runtime->select(gemm_problem(args, runtime->device().info()).value());
    ASSERT_TRUE(selection.is_ok()) << selection.status().to_string();
    SCOPED_TRACE("selected " + selection.value().kernel->id + ": " + selection.value().why);
    const Status ran = runtime->gemm(args);
    ASSERT_TRUE(ran.is_ok()) << ran.to_string();
    ASSERT_TRUE(runtime->device().synchronize().is_ok());
    auto failures = buffers.verify(hc);
    ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
    for (const std::string& line : failures.value()) ADD_FAILURE() << line;
  }
}

INSTANTIATE_TEST_SUITE_P(Pack, GemmThroughRuntime, ::testing::ValuesIn(pack_archs()),
                         [](const ::testing::TestParamInfo<std::string>& arch) { return arch.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GemmThroughRuntime);

}  // namespace
}  // namespace ingot::e2e
