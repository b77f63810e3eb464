// The suite must be able to fail: each planted fault below (an output never written, a C buffer one row
// too short, a row stride the reference does not expect, an unrun reference check, a second launch on the
// workspace that differs from the first) has to be reported by the same checks the per-kernel tests rely
// on. The workspace path is exercised on a pack kernel whose entry is given a workspace it does not use
// (until the pack has split-K kernels of its own, which the per-kernel tests then cover for real).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "device_run.h"
#include "e2e_pack.h"
#include "gemm_cases.h"
#include "ingot/tooling/device.h"
#include "gemm_shapes.h"

namespace ingot::e2e {
using namespace ingot::harness;
namespace {

bool mentions(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& line : lines) {
    if (line.find(text) != std::string::npos) return true;
  }
  return false;
}

class HarnessSelfTest : public ::testing::Test {
 protected:
  void SetUp() override {
    pack_ = shared_pack();
    if (pack_ == nullptr) GTEST_SKIP() << shared_pack_problem();
    for (const ManifestKernel& k : pack_->kernels()) {
      if (k.op == "gemm" && family_has_reference(k.family)) {
        kernel_ = &k;
        break;
      }
    }
    if (kernel_ == nullptr) GTEST_SKIP() << "no gemm kernel with a reference in the pack";
    DeviceOptions options;
    options.choice = DeviceChoice::kEmulator;
    options.emu_arch = kernel_->arch;
    auto device = open_emu_device(options);
    ASSERT_TRUE(device.is_ok()) << device.status().to_string();
    device_ = std::move(device).value();
    modules_ = std::make_unique<ModuleCache>(*pack_, *device_);
    auto shape = legalize(*kernel_, desired_shapes(*kernel_, 1).front().shape, device_->info());
    ASSERT_TRUE(shape.is_ok()) << shape.status().to_string();
    shape_ = shape.value();
  }

  HostCase make_case() {
    auto hc = make_kernel_case(*kernel_, shape_, 99);
    EXPECT_TRUE(hc.is_ok()) << hc.status().to_string();
    return std::move(hc).value();
  }

  const Pack* pack_ = nullptr;
  const ManifestKernel* kernel_ = nullptr;
  std::unique_ptr<Device> device_;
  std::unique_ptr<ModuleCache> modules_;
  GemmShape shape_;
};

TEST_F(HarnessSelfTest, CleanRunPasses) {
  HostCase hc = make_case();
  auto failures = run_forced(*kernel_, *modules_, *device_, hc);
  ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
  EXPECT_TRUE(failures.value().empty()) << kernel_->id << ": " << failures.value().front();
}

TEST_F(HarnessSelfTest, UnwrittenOutputFailsTheReferenceCheck) {
  HostCase hc = make_case();
  const auto& c = hc.buffers.at("C");
  EXPECT_TRUE(mentions(hc.check_output(c, c), "want")) << "the sentinel C compared equal to the reference";
}

TEST_F(HarnessSelfTest, WriteIntoPaddingColumnsIsReported) {
  HostCase hc = make_case();
  ASSERT_GT(shape_.ldc, shape_.N) << "the first shape should have ldc > N";
  // The reference expects ldc-strided rows; the kernel is told rows are N long, so it writes compactly
  // over what the reference layout calls padding.
  hc.problem.integer("ldc", shape_.N);
  auto failures = run_forced(*kernel_, *modules_, *device_, hc);
  ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
  EXPECT_FALSE(failures.value().empty());
}

TEST_F(HarnessSelfTest, WriteBeyondTheOutputIsCaughtByTheGuard) {
  HostCase hc = make_case();
  // C one row short: the kernel's last row lands in the guard bytes.
  auto& c = hc.buffers.at("C");
  const auto row = static_cast<std::ptrdiff_t>(c.size()) / shape_.M;
  c.erase(c.end() - row, c.end());  // (not resize: GCC -O1 warns about the growing path it cannot take)
  hc.check_output = nullptr;
  auto failures = run_forced(*kernel_, *modules_, *device_, hc);
  ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
  EXPECT_TRUE(mentions(failures.value(), "guard byte")) << "a write past C went unnoticed";
}

// The test kernel's manifest entry with `launch.workspace` set to `bytes`, as a one-kernel pack.
std::optional<Pack> pack_with_workspace(const Pack& full, const std::string& id, int64_t bytes) {
  std::ifstream file(full.dir() / "manifest.json");
  nlohmann::json manifest = nlohmann::json::parse(file, nullptr, false);
  if (manifest.is_discarded()) return std::nullopt;
  nlohmann::json kept = nlohmann::json::array();
  for (auto k : manifest["kernels"]) {
    if (k["id"] != id) continue;
    k["launch"]["workspace"] = bytes;
    kept.push_back(k);
  }
  manifest["kernels"] = kept;
  auto pack = Pack::from_manifest_text(manifest.dump(), full.dir());
  if (!pack.is_ok()) return std::nullopt;
  return std::move(pack).value();
}

// Runs the test kernel, declared with `workspace_bytes` of workspace, through run_forced with the hook.
class HarnessWorkspaceSelfTest : public HarnessSelfTest {
 protected:
  Result<std::vector<std::string>> run_with_workspace(int64_t workspace_bytes, HostCase& hc,
                                                      const BeforeRelaunch& hook) {
    auto pack = pack_with_workspace(*pack_, kernel_->id, workspace_bytes);
    if (!pack) return Status(StatusCode::kInternal, "could not rewrite the manifest");
    const ManifestKernel* kernel = pack->find(kernel_->id);
    if (kernel == nullptr) return Status(StatusCode::kInternal, kernel_->id + " vanished from the rewritten pack");
    ModuleCache modules(*pack, *device_);
    return run_forced(*kernel, modules, *device_, hc, hook);
  }
};

TEST_F(HarnessWorkspaceSelfTest, WorkspaceKernelIsBoundRelaunchedAndStillPasses) {
  HostCase hc = make_case();
  int relaunches = 0;
  auto failures = run_with_workspace(4096, hc, [&](DeviceBuffers& buffers) {
    ++relaunches;
    // The workspace the harness bound: the size the entry asks for, zero-filled (nothing used it).
    auto bytes = buffers.read("workspace", 4096);
    if (!bytes) return bytes.status();
    for (uint8_t b : bytes.value()) {
      if (b != 0) return Status(StatusCode::kInternal, "workspace was not zero-filled");
    }
    return Status();
  });
  ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
  EXPECT_TRUE(failures.value().empty()) << failures.value().front();
  EXPECT_EQ(relaunches, 1);
  EXPECT_EQ(hc.problem.buffers.count("workspace"), 1u);
}

TEST_F(HarnessWorkspaceSelfTest, RelaunchThatChangesCIsReported) {
  HostCase hc = make_case();
  // Stands in for a kernel whose second run sees state its first run left behind: A changes in between.
  auto failures = run_with_workspace(256, hc, [&](DeviceBuffers& buffers) {
    std::vector<uint8_t> a = hc.buffers.at("A");
    for (auto& byte : a) byte ^= 0x40;
    return buffers.device().copy_to_device(buffers.address("A"), a.data(), a.size());
  });
  ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
  EXPECT_TRUE(mentions(failures.value(), "second launch on the same workspace")) << "a changed relaunch went unnoticed";
}

}  // namespace
}  // namespace ingot::e2e
