// The suite must be able to fail: each planted fault below (an output never written, a C buffer one row
// too short, a row stride the reference does not expect, an unrun reference check) has to be reported
// by the same checks the per-kernel tests rely on.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "device_run.h"
#include "e2e_pack.h"
#include "gemm_families.h"
#include "ingot/device.h"
#include "shapes.h"

namespace ingot::e2e {
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
  const size_t row = c.size() / static_cast<size_t>(shape_.M);
  c.resize(c.size() - row);
  hc.check_output = nullptr;
  auto failures = run_forced(*kernel_, *modules_, *device_, hc);
  ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
  EXPECT_TRUE(mentions(failures.value(), "guard byte")) << "a write past C went unnoticed";
}

}  // namespace
}  // namespace ingot::e2e
