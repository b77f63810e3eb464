// Selection must never hand a problem to a kernel that silently ignores part of it. Demonstrated end to
// end: a pack holding only the gemm_bf16 baseline (a valid pack: the family stands alone) and
// Runtime::gemm with alpha != 1 and a bias. gemm_bf16 kernels take neither argument, yet their manifest
// entries neither match has_bias nor constrain alpha, so selection accepts the problem and the result
// drops alpha and bias. In the full pack the `gemm` family always wins on cost, which hides this.
// Finding E2E-1 in /work/briefs/e2e_findings.md; disabled until gen/families/gemm_bf16.py declares
// has_bias=false and alpha == 1 (run with --gtest_also_run_disabled_tests to see it fail).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

#include "device_run.h"
#include "e2e_pack.h"
#include "gemm_families.h"
#include "ingot/ops.h"

namespace ingot::e2e {
namespace {

TEST(SelectionContract, BaselineOnlyPackHonoursAlphaAndBias) {
  const Pack* full = shared_pack();
  if (full == nullptr) GTEST_SKIP() << shared_pack_problem();
  std::ifstream file(full->dir() / "manifest.json");
  nlohmann::json manifest = nlohmann::json::parse(file, nullptr, false);
  ASSERT_FALSE(manifest.is_discarded());
  nlohmann::json kept = nlohmann::json::array();
  for (const auto& k : manifest["kernels"]) {
    if (k["family"] == "gemm_bf16" && k["arch"] == "gfx942") kept.push_back(k);
  }
  if (kept.empty()) GTEST_SKIP() << "no gemm_bf16 kernels for gfx942 in the pack";
  manifest["kernels"] = kept;
  nlohmann::json families = nlohmann::json::object();
  if (manifest["families"].contains("gemm_bf16")) families["gemm_bf16"] = manifest["families"]["gemm_bf16"];
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
  // The baseline kernels take neither alpha nor bias, so the only right answer is "no kernel".
  const Status ran = runtime->gemm(args);
  EXPECT_EQ(ran.code(), StatusCode::kNoKernel) << ran.to_string();
}

}  // namespace
}  // namespace ingot::e2e
