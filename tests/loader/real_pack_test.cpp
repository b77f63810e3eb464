// The pack built by the top-level build (INGOT_PACK_DIR), when present: it must validate cleanly,
// open, and every kernel's code object must load through the verified path.
#include <gtest/gtest.h>

#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"
#include "ingot/tooling/validate.h"
#include "support/test_pack.h"
#include "test_support.h"

namespace ingot {
namespace {

TEST(RealPack, Validates) {
  auto dir = test::real_pack_dir();
  if (!dir) GTEST_SKIP() << "no pack at " << test_support::pack_dir();
  const ValidationReport report = validate_pack(*dir);
  std::string text;
  for (const ValidationIssue& issue : report.issues) text += issue.to_string() + "\n";
  EXPECT_TRUE(report.ok()) << text;
  EXPECT_GT(report.kernels_checked, 0u);
}

TEST(RealPack, EveryKernelLoadsVerified) {
  auto dir = test::real_pack_dir();
  if (!dir) GTEST_SKIP() << "no pack at " << test_support::pack_dir();
  auto pack = Pack::open(*dir);
  ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
  for (const ManifestKernel& kernel : pack->kernels()) {
    auto verified = pack->load_code_object(kernel);
    EXPECT_TRUE(verified.is_ok()) << kernel.id << ": " << verified.status().to_string();
  }
}

}  // namespace
}  // namespace ingot

namespace ingot {
namespace {

// Selection over the real manifest: a well-formed bf16 GEMM finds a kernel with a reason, and a K
// the GEMM families reject gives kNoKernel naming op and arch.
TEST(RealPack, SelectsAGemmAndExplainsAMiss) {
  auto dir = test::real_pack_dir();
  if (!dir) GTEST_SKIP() << "no pack at " << test_support::pack_dir();
  auto pack = Pack::open(*dir);
  ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
  const DeviceInfo device{"gfx942", 304};
  if (pack->candidates("gemm", device.arch).empty()) GTEST_SKIP() << "pack has no gemm kernels for gfx942";
  Problem problem("gemm");
  problem.key("dtype_a", "bf16").key("dtype_b", "bf16").key("dtype_c", "f32");
  problem.integer("M", 256).integer("N", 256).integer("K", 256).integer("lda", 256).integer("ldb", 256).integer("ldc", 256);
  problem.integer("has_bias", 0);
  problem.buffer("A", 0x10000).buffer("B", 0x20000).buffer("C", 0x30000).buffer("bias", 0x40000);
  problem.buffer("workspace", 0x50000);  // bound whether or not the chosen kernel takes one
  problem.scalar("alpha", 1.0).scalar("beta", 0.0);
  auto selection = pack->select(problem, device);
  ASSERT_TRUE(selection.is_ok()) << selection.status().to_string();
  EXPECT_GT(selection->accepted, 0u);
  EXPECT_NE(selection->why.find("lowest of"), std::string::npos);
  auto launch = prepare_launch(*selection->kernel, problem, device);
  EXPECT_TRUE(launch.is_ok()) << launch.status().to_string();

  problem.integer("K", 101);
  auto miss = pack->select(problem, device);
  ASSERT_FALSE(miss.is_ok());
  EXPECT_EQ(miss.status().code(), StatusCode::kNoKernel);
  EXPECT_NE(miss.status().message().find("no gemm kernel for gfx942: "), std::string::npos) << miss.status().message();
}

}  // namespace
}  // namespace ingot
