// Every mla_decode kernel through the checking harness (tests/harness/mla_decode_check.cpp), the same path
// `ingot run mla_decode` takes: forced by id on the library's emulator device of its arch (Pack +
// ModuleCache + prepare_launch + Device), on the shapes the op's check gives it; run_forced checks inputs
// unchanged, guard bytes after every buffer, O and LSE against the reference, and a second launch on the
// same workspace giving the same O. Plus the check's own faults: a wrong reference must fail.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "device_run.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/pack.h"
#include "op_check.h"
#include "mla_test_pack.h"

namespace ingot {
namespace {

using harness::KernelShape;
using harness::OpCheck;

using mla_test::pack_dir;
using mla_test::main_pack;


std::vector<std::string> kernel_ids() {
  std::vector<std::string> ids;
  if (const Pack* pack = main_pack()) {
    for (const ManifestKernel& k : pack->kernels()) {
      if (k.op == "mla_decode") ids.push_back(k.id);
    }
  }
  return ids;
}

class MlaDecodeHarness : public ::testing::TestWithParam<std::string> {};

TEST_P(MlaDecodeHarness, KernelShapesPassTheOpCheck) {
  const Pack* pack = main_pack();
  ASSERT_NE(pack, nullptr);
  const ManifestKernel* kernel = pack->find(GetParam());
  ASSERT_NE(kernel, nullptr);
  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = kernel->arch;
  auto device = open_emu_device(options);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  ModuleCache modules(*pack, *device.value());
  const OpCheck* check = harness::find_op_check("mla_decode");
  ASSERT_NE(check, nullptr);
  auto shapes = check->kernel_shapes(*kernel, device.value()->info(), 1);
  ASSERT_TRUE(shapes.is_ok()) << shapes.status().to_string();
  ASSERT_EQ(shapes.value().size(), 3u);
  for (const KernelShape& shape : shapes.value()) {
    SCOPED_TRACE(kernel->id + " " + shape.describe());
    auto hc = check->kernel_case(*kernel, shape, 7);
    ASSERT_TRUE(hc.is_ok()) << hc.status().to_string();
    auto failures = harness::run_forced(*kernel, modules, *device.value(), hc.value());
    ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
    for (const std::string& line : failures.value()) ADD_FAILURE() << line;
    ASSERT_NE(hc.value().stats, nullptr);
    EXPECT_GT(hc.value().stats->checked, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Pack, MlaDecodeHarness, ::testing::ValuesIn(kernel_ids()),
                         [](const ::testing::TestParamInfo<std::string>& param) { return param.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MlaDecodeHarness);

// The check can fail: O bytes that are not the kernel's (all zeros), and an LSE off by 0.01, are caught.
TEST(MlaDecodeCheckSelfTest, WrongOutputsFail) {
  const OpCheck* check = harness::find_op_check("mla_decode");
  ASSERT_NE(check, nullptr);
  DeviceInfo device;
  device.arch = "gfx942";
  harness::CaseOptions options{{"batch", "1"}, {"heads", "16"}, {"seqlen-k", "40"}, {"lse", ""}};
  auto hc = check->make_case(options, device, 3);
  ASSERT_TRUE(hc.is_ok()) << hc.status().to_string();
  const auto& o = hc.value().buffers.at("O");
  (*hc.value().written)["LSE"] = std::vector<uint8_t>(hc.value().buffers.at("LSE").size(), 0);
  const auto lines = hc.value().check_output(o, std::vector<uint8_t>(o.size(), 0));
  EXPECT_FALSE(lines.empty());
  bool lse_reported = false;
  for (const auto& line : lines) lse_reported = lse_reported || line.find("LSE") != std::string::npos;
  EXPECT_TRUE(lse_reported);
}

}  // namespace
}  // namespace ingot
