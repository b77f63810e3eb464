// Selection must never hand a problem to a kernel that silently ignores part of it. Demonstrated end to
// end: a pack holding only the `gemm` kernels that take no bias (a valid pack: each kernel stands alone)
// and Runtime::gemm with a bias. Those kernels have no bias argument, so the only right answer is "no
// kernel"; accepting the problem would drop the bias. In the full pack a bias kernel always exists, which
// hides a missing has_bias match key. (Finding E2E-1 of the last review, first shown on the retired
// gemm_bf16 baseline.)
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

#include "device_run.h"
#include "e2e_pack.h"
#include "gemm_cases.h"
#include "ingot/ops.h"
#include "ingot/tooling/select.h"

namespace ingot::e2e {
using namespace ingot::harness;
namespace {

TEST(SelectionContract, PackWithoutBiasKernelsRefusesABias) {
  const Pack* full = shared_pack();
  if (full == nullptr) GTEST_SKIP() << shared_pack_problem();
  std::ifstream file(full->dir() / "manifest.json");
  nlohmann::json manifest = nlohmann::json::parse(file, nullptr, false);
  ASSERT_FALSE(manifest.is_discarded());
  nlohmann::json kept = nlohmann::json::array();
  for (const auto& k : manifest["kernels"]) {
    if (k["family"] == "gemm" && k["arch"] == "gfx942" && k["params"]["has_bias"] == false) kept.push_back(k);
  }
  if (kept.empty()) GTEST_SKIP() << "no bias-free gemm kernels for gfx942 in the pack";
  manifest["kernels"] = kept;
  nlohmann::json families = nlohmann::json::object();
  if (manifest["families"].contains("gemm")) families["gemm"] = manifest["families"]["gemm"];
  manifest["families"] = families;
  auto pack = Pack::from_manifest_text(manifest.dump(), full->dir());
  ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();

  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = "gfx942";
  auto device = open_emu_device(options);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  auto runtime = Runtime::create(std::move(pack).value(), std::move(device).value());

  DenseGemm g{"bf16", "f32", true, 0.5f};
  const GemmShape shape{40, 24, 64, 64, 64, 24};
  HostCase hc = make_dense_case(g, shape, 5);
  DeviceBuffers buffers(runtime->device());
  ASSERT_TRUE(buffers.upload(hc).is_ok());
  GemmArgs args;
  args.A = buffers.address("A");
  args.B = buffers.address("B");
  args.C = buffers.address("C");
  args.bias = buffers.address("bias");
  args.M = shape.M, args.N = shape.N, args.K = shape.K;
  args.lda = shape.lda, args.ldb = shape.ldb, args.ldc = shape.ldc;
  args.dtype_c = "f32";
  args.alpha = g.alpha;
  // None of the kept kernels takes a bias, so the only right answer is "no kernel".
  const Status ran = runtime->gemm(args);
  EXPECT_EQ(ran.code(), StatusCode::kNoKernel) << ran.to_string();
}

}  // namespace
}  // namespace ingot::e2e

namespace ingot::e2e {
using namespace ingot::harness;
namespace {

// The same contract for the FP8 kernels, which take neither alpha nor bias: a call with either must find
// no kernel (gen/families/gemm_fp8.py matches has_bias = false and constrains alpha == 1).
TEST(SelectionContract, Fp8KernelsRefuseAlphaAndBias) {
  const Pack* pack = shared_pack();
  if (pack == nullptr) GTEST_SKIP() << shared_pack_problem();
  for (const std::string& arch : pack->manifest().archs) {
    SCOPED_TRACE(arch);
    auto format = fp8_format_for_arch(arch);
    ASSERT_TRUE(format.is_ok()) << format.status().to_string();
    GemmArgs args;
    args.A = args.B = args.C = args.A_scale = args.B_scale = 0x1000;
    args.M = 64, args.N = 128, args.K = 256, args.lda = 256, args.ldb = 256, args.ldc = 128;
    args.dtype_a = args.dtype_b = "fp8";
    args.dtype_c = "bf16";
    args.scaling = "block128";
    args.fp8_format = format.value();
    DeviceInfo device;
    device.arch = arch;
    device.cus = 304;
    ASSERT_TRUE(pack->select(gemm_problem(args, device).value(), device).is_ok()) << "the plain FP8 call must find a kernel";
    args.bias = 0x2000;
    EXPECT_EQ(pack->select(gemm_problem(args, device).value(), device).status().code(), StatusCode::kNoKernel) << "bias dropped";
    args.bias = 0;
    args.alpha = 2.0f;
    EXPECT_EQ(pack->select(gemm_problem(args, device).value(), device).status().code(), StatusCode::kNoKernel) << "alpha dropped";
  }
}

}  // namespace
}  // namespace ingot::e2e
