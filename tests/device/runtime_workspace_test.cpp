// Runtime and workspaces on a recording device with the real pack: a decode GEMM that splits K across
// workgroups gets a runtime-owned workspace bound at its manifest kernarg, reused by the next call;
// a caller's own workspace is used as given, or refused when smaller than the manifest says.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "fake_device.h"
#include "ingot/ops.h"
#include "ingot/tooling/select.h"
#include "test_pack.h"

namespace ingot {
namespace {

using testing::FakeDevice;

class RuntimeWorkspaceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto dir = testing::real_pack_dir();
    if (dir.empty()) GTEST_SKIP() << "no built pack (build the `pack` target)";
    auto pack = Pack::open(dir);
    ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
    auto device = std::make_unique<FakeDevice>("gfx942", 304);
    device_ = device.get();
    runtime_ = Runtime::create(std::move(pack).value(), std::move(device));
    std::ifstream in(dir / "manifest.json");
    manifest_ = nlohmann::json::parse(in);

    // DeepSeek-V3 decode, M = 1, N = 1536, K = 7168: at most 48 output tiles cannot fill 304 CUs, so
    // the split-K is what a bandwidth-bound kernel needs here.
    args_.A = 0x7f0000001000;
    args_.B = 0x7f0010000000;
    args_.C = 0x7f0020000000;
    args_.M = 1;
    args_.N = args_.ldc = 1536;
    args_.K = args_.lda = args_.ldb = 7168;
    args_.dtype_c = "bf16";
  }

  // The offset of the kernarg valued "workspace" in the raw manifest JSON (not libingot's parse).
  size_t workspace_offset(const std::string& id) const {
    for (const auto& k : manifest_["kernels"]) {
      if (k["id"] != id) continue;
      for (const auto& arg : k["kernarg"]["args"]) {
        if (arg["value"] == "workspace") return arg["offset"];
      }
    }
    ADD_FAILURE() << id << " has no workspace kernarg";
    return 0;
  }

  uint64_t passed_workspace(size_t launch) const {
    const auto id = runtime_->select(gemm_problem(args_, device_->info()).value()).value().kernel->id;
    uint64_t address = 0;
    std::memcpy(&address, device_->launches.at(launch).kernargs.data() + workspace_offset(id), 8);
    return address;
  }

  FakeDevice* device_ = nullptr;
  std::unique_ptr<Runtime> runtime_;
  nlohmann::json manifest_;
  GemmArgs args_;
};

TEST_F(RuntimeWorkspaceTest, SplitKDecodeGetsAReusedRuntimeWorkspace) {
  auto bytes = runtime_->workspace_bytes(gemm_problem(args_, device_->info()).value());
  ASSERT_TRUE(bytes.is_ok()) << bytes.status().to_string();
  ASSERT_GT(bytes.value(), 0u) << "M=1, N=1536, K=7168 on 304 CUs should select a split-K kernel";

  ASSERT_TRUE(runtime_->gemm(args_).is_ok());
  ASSERT_TRUE(runtime_->gemm(args_).is_ok());
  ASSERT_EQ(device_->launches.size(), 2u);
  EXPECT_GT(device_->launches[0].grid_workgroups[2], 1u) << "K is split across workgroups (grid z)";
  const uint64_t first = passed_workspace(0);
  EXPECT_NE(first, 0u);
  EXPECT_NE(first, args_.A);
  EXPECT_EQ(passed_workspace(1), first) << "the second call must reuse the zero-filled buffer";
}

TEST_F(RuntimeWorkspaceTest, CallersWorkspaceIsUsedWhenBigEnough) {
  auto bytes = runtime_->workspace_bytes(gemm_problem(args_, device_->info()).value());
  ASSERT_TRUE(bytes.is_ok() && bytes.value() > 0);
  args_.workspace = 0x7f0030000000;
  args_.workspace_bytes = bytes.value();
  ASSERT_TRUE(runtime_->gemm(args_).is_ok());
  EXPECT_EQ(passed_workspace(0), args_.workspace);

  args_.workspace_bytes = bytes.value() - 1;
  Status small = runtime_->gemm(args_);
  EXPECT_EQ(small.code(), StatusCode::kInvalidArgument) << small.to_string();
  EXPECT_NE(small.message().find(std::to_string(bytes.value())), std::string::npos) << small.message();
  EXPECT_EQ(device_->launches.size(), 1u) << "a refused call launches nothing";
}

TEST_F(RuntimeWorkspaceTest, KernelsWithoutWorkspaceGetNone) {
  args_.M = args_.N = args_.K = args_.lda = args_.ldb = args_.ldc = 4096;  // prefill: no split
  auto bytes = runtime_->workspace_bytes(gemm_problem(args_, device_->info()).value());
  ASSERT_TRUE(bytes.is_ok()) << bytes.status().to_string();
  EXPECT_EQ(bytes.value(), 0u);
  ASSERT_TRUE(runtime_->gemm(args_).is_ok());
}

}  // namespace
}  // namespace ingot
