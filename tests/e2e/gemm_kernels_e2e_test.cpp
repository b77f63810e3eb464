// Every op "gemm" kernel of the pack whose family has a CPU reference, forced by id (no selection) on
// the emulator device of its arch, through the public pieces: Pack + ModuleCache (verified code
// objects), prepare_launch (kernargs packed from the manifest layout), Device allocate/copy/launch.
// Each kernel runs the shapes its op's harness check gives it (tests/harness: for gemm, M/N tails, a K
// tail inside the last K tile, padded strides, M=1, K=0, deep K for split-K, seeded random shapes)
// against tests/reference/, with padding columns and guard bytes checked.
// One test per kernel id, so ctest lists (and times) each kernel separately.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "device_run.h"
#include "e2e_pack.h"
#include "gemm_cases.h"
#include "op_check.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "gemm_shapes.h"

namespace ingot::e2e {
using namespace ingot::harness;
namespace {

uint32_t seed_of(const std::string& id) {
  uint32_t h = 2166136261u;  // FNV-1a: a fixed seed per kernel, stable across runs and machines
  for (unsigned char c : id) h = (h ^ c) * 16777619u;
  return h;
}

class GemmKernelOnEmulator : public ::testing::TestWithParam<std::string> {};

TEST_P(GemmKernelOnEmulator, MatchesCpuReference) {
  const Pack* pack = shared_pack();
  ASSERT_NE(pack, nullptr) << shared_pack_problem();
  const ManifestKernel* kernel = pack->find(GetParam());
  ASSERT_NE(kernel, nullptr) << GetParam() << " is no longer in the pack";

  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = kernel->arch;
  auto device = open_emu_device(options);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  ModuleCache modules(*pack, *device.value());

  const uint32_t seed = seed_of(kernel->id);
  const OpCheck* check = find_op_check(kernel->op);
  ASSERT_NE(check, nullptr) << "no harness check for op " << kernel->op;
  auto shapes = check->kernel_shapes(*kernel, device.value()->info(), seed);
  ASSERT_TRUE(shapes.is_ok()) << shapes.status().to_string();
  ASSERT_FALSE(shapes.value().empty()) << kernel->id << ": the check has no shapes for it";
  for (const KernelShape& shape : shapes.value()) {
    SCOPED_TRACE(kernel->id + " shape " + shape.describe());
    auto hc = check->kernel_case(*kernel, shape, seed + 1);
    ASSERT_TRUE(hc.is_ok()) << hc.status().to_string();
    auto workspace = workspace_bytes(*kernel, hc.value().problem, device.value()->info());
    ASSERT_TRUE(workspace.is_ok()) << workspace.status().to_string();
    std::printf("%s %s, workspace %llu bytes\n", kernel->id.c_str(), shape.describe().c_str(),
                static_cast<unsigned long long>(workspace.value()));
    auto failures = run_forced(*kernel, modules, *device.value(), hc.value());
    ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
    for (const std::string& line : failures.value()) ADD_FAILURE() << line;
  }
}

// The same kernel on its tails shape with waves interleaved in a seeded random order: LDS reads that
// rely on a lucky schedule instead of s_barrier / s_waitcnt show up here.
TEST_P(GemmKernelOnEmulator, MatchesCpuReferenceUnderRandomWaveSchedule) {
  const Pack* pack = shared_pack();
  ASSERT_NE(pack, nullptr) << shared_pack_problem();
  const ManifestKernel* kernel = pack->find(GetParam());
  ASSERT_NE(kernel, nullptr) << GetParam() << " is no longer in the pack";
  const uint32_t seed = seed_of(kernel->id);
  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = kernel->arch;
  options.emu_schedule = EmuSchedule::kRandom;
  options.emu_seed = seed;
  auto device = open_emu_device(options);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  ModuleCache modules(*pack, *device.value());
  const NamedShape wanted = desired_shapes(*kernel, seed).front();
  auto shape = legalize(*kernel, wanted.shape, device.value()->info());
  ASSERT_TRUE(shape.is_ok()) << shape.status().to_string();
  SCOPED_TRACE(kernel->id + " random schedule, " + shape.value().describe());
  auto hc = make_kernel_case(*kernel, shape.value(), seed + 2);
  ASSERT_TRUE(hc.is_ok()) << hc.status().to_string();
  auto failures = run_forced(*kernel, modules, *device.value(), hc.value());
  ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
  for (const std::string& line : failures.value()) ADD_FAILURE() << line;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Pack, GemmKernelOnEmulator, ::testing::ValuesIn(gemm_kernel_ids()), test_name);
// Without a pack there is nothing to instantiate; PackCoverage below says so.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GemmKernelOnEmulator);

// What the suite covers, and a loud skip rather than silent success when there is no pack.
TEST(GemmKernelCoverage, EveryGemmFamilyWithAReferenceIsCovered) {
  const Pack* pack = shared_pack();
  if (pack == nullptr) GTEST_SKIP() << shared_pack_problem();
  std::map<std::string, int> covered;
  std::set<std::string> without_reference;
  for (const ManifestKernel& kernel : pack->kernels()) {
    if (kernel.op != "gemm") continue;
    if (family_has_reference(kernel.family)) {
      ++covered[kernel.family];
    } else {
      without_reference.insert(kernel.family);
    }
  }
  EXPECT_FALSE(covered.empty()) << "the pack has no gemm kernel with a CPU reference";
  for (const auto& [family, n] : covered) std::printf("covered: %s, %d kernels\n", family.c_str(), n);
  for (const auto& family : without_reference) std::printf("NOT covered (no CPU reference): %s\n", family.c_str());
}

}  // namespace
}  // namespace ingot::e2e
