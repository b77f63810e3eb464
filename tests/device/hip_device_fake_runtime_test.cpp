// HipDevice against a fake HIP runtime (fake_hip_runtime.cpp): the dlopen path, the device's arch and
// CU count read through the runtime, and the kernarg buffer handed over whole in extra[].
#include <gtest/gtest.h>
#include <dlfcn.h>

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ingot/ops.h"
#include "ingot/tooling/device.h"
#include "test_pack.h"

namespace ingot {
namespace {

using LastLaunchFn = int (*)(unsigned*, unsigned*, const uint8_t**, size_t*, const char**, int*);

class FakeHipRuntime : public ::testing::Test {
 protected:
  void SetUp() override { setenv("INGOT_HIP_LIBRARY", INGOT_FAKE_HIP_LIBRARY, 1); }
  void TearDown() override { unsetenv("INGOT_HIP_LIBRARY"); }
};

TEST_F(FakeHipRuntime, DeviceFactsComeFromTheRuntime) {
  auto device = open_hip_device(0);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  EXPECT_EQ(device.value()->kind(), DeviceKind::kHip);
  EXPECT_EQ(device.value()->info().arch, "gfx942");  // from gcnArchName, features stripped
  EXPECT_EQ(device.value()->info().cus, 80);         // an MI308X: not the MI300X's 304
  EXPECT_NE(device.value()->description().find("AMD Instinct MI308X"), std::string::npos);
  EXPECT_NE(device.value()->description().find("gfx942:sramecc+:xnack-"), std::string::npos);
  auto missing = open_hip_device(1);
  EXPECT_EQ(missing.status().code(), StatusCode::kNoDevice);
}

TEST_F(FakeHipRuntime, AutoPrefersHipWhenItHasADevice) {
  auto device = open_device({});
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  EXPECT_EQ(device.value()->kind(), DeviceKind::kHip);
}

TEST_F(FakeHipRuntime, GemmPassesTheKernargBufferAndGridInWorkgroups) {
  const auto pack_dir = testing::real_pack_dir();
  if (pack_dir.empty()) GTEST_SKIP() << "no built pack";
  auto pack = Pack::open(pack_dir);
  ASSERT_TRUE(pack.is_ok());
  auto device = open_hip_device(0);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  auto runtime = Runtime::create(std::move(pack).value(), std::move(device).value());

  GemmArgs args;
  auto a = runtime->allocate(64), b = runtime->allocate(64), c = runtime->allocate(64);
  ASSERT_TRUE(a.is_ok() && b.is_ok() && c.is_ok());
  args.A = a.value();
  args.B = b.value();
  args.C = c.value();
  args.M = 300;
  args.N = 200;
  args.K = 64;
  args.lda = args.ldb = 64;
  args.ldc = 200;
  Status status = runtime->gemm(args);
  ASSERT_TRUE(status.is_ok()) << status.to_string();
  EXPECT_TRUE(runtime->synchronize().is_ok());

  void* lib = dlopen(INGOT_FAKE_HIP_LIBRARY, RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(lib, nullptr);
  auto last_launch = reinterpret_cast<LastLaunchFn>(dlsym(lib, "fake_hip_last_launch"));
  ASSERT_NE(last_launch, nullptr);
  unsigned grid[3], block[3];
  const uint8_t* kernargs = nullptr;
  size_t kernarg_size = 0;
  const char* function = nullptr;
  int was_elf = 0;
  ASSERT_EQ(last_launch(grid, block, &kernargs, &kernarg_size, &function, &was_elf), 1);
  EXPECT_EQ(was_elf, 1) << "the module image is the code object";

  std::ifstream in(pack_dir / "manifest.json");
  const auto manifest = nlohmann::json::parse(in);
  const nlohmann::json* entry = nullptr;
  for (const auto& k : manifest["kernels"]) {
    if (k["symbol"] == function) entry = &k;
  }
  ASSERT_NE(entry, nullptr) << "launched function " << function << " is a pack kernel";
  EXPECT_EQ((*entry)["arch"], "gfx942");
  ASSERT_EQ(kernarg_size, (*entry)["kernarg"]["size"].get<size_t>());
  for (const auto& arg : (*entry)["kernarg"]["args"]) {
    if (arg["name"] == "A" || arg["name"] == "C") {
      uint64_t value = 0;
      std::memcpy(&value, kernargs + arg["offset"].get<size_t>(), 8);
      EXPECT_EQ(value, arg["name"] == "A" ? args.A : args.C);
    }
    if (arg["name"] == "M") {
      int32_t value = 0;
      std::memcpy(&value, kernargs + arg["offset"].get<size_t>(), 4);
      EXPECT_EQ(value, 300);
    }
  }
  // hipModuleLaunchKernel takes workgroups (blocks), not work-items.
  const int64_t bm = (*entry)["params"]["bm"], bn = (*entry)["params"]["bn"];
  EXPECT_EQ(uint64_t{grid[0]} * grid[1] * grid[2], static_cast<uint64_t>(((300 + bm - 1) / bm) * ((200 + bn - 1) / bn)));
  EXPECT_EQ(block[0], (*entry)["launch"]["workgroup"][0].get<unsigned>());
  EXPECT_EQ(block[1], (*entry)["launch"]["workgroup"][1].get<unsigned>());
  EXPECT_EQ(block[2], (*entry)["launch"]["workgroup"][2].get<unsigned>());
  for (auto address : {a.value(), b.value(), c.value()}) EXPECT_TRUE(runtime->free(address).is_ok());
}

}  // namespace
}  // namespace ingot
