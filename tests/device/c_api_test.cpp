// The C API: statuses as ints, messages per thread, NULLs refused.
#include <gtest/gtest.h>

#include <string>

#include "ingot/ingot_c.h"
#include "test_pack.h"

namespace {

TEST(CApi, NullArgumentsAreInvalidNotCrashes) {
  EXPECT_EQ(ingot_runtime_open(nullptr, nullptr, nullptr), INGOT_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ingot_last_error()), "");
  int64_t cus = 0;
  EXPECT_EQ(ingot_device_info(nullptr, nullptr, 0, &cus), INGOT_INVALID_ARGUMENT);
  EXPECT_EQ(ingot_gemm(nullptr, nullptr, nullptr), INGOT_INVALID_ARGUMENT);
  EXPECT_EQ(ingot_free(nullptr, 0), INGOT_INVALID_ARGUMENT);
  ingot_runtime_close(nullptr);
}

TEST(CApi, MissingPackNamesThePath) {
  ingot_runtime* runtime = reinterpret_cast<ingot_runtime*>(0x1);
  const int status = ingot_runtime_open("/nonexistent/pack", "emu", &runtime);
  EXPECT_NE(status, INGOT_OK);
  EXPECT_EQ(runtime, nullptr);
  EXPECT_NE(std::string(ingot_last_error()).find("/nonexistent/pack"), std::string::npos) << ingot_last_error();
}

TEST(CApi, UnknownDeviceNameIsInvalid) {
  ingot_runtime* runtime = nullptr;
  EXPECT_EQ(ingot_runtime_open("/nonexistent/pack", "tpu", &runtime), INGOT_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ingot_last_error()).find("tpu"), std::string::npos);
}

TEST(CApi, StatusNames) {
  EXPECT_STREQ(ingot_status_name(INGOT_OK), "ok");
  EXPECT_STREQ(ingot_status_name(INGOT_NO_KERNEL), "no kernel");
  EXPECT_STREQ(ingot_status_name(INGOT_NO_DEVICE), "no device");
  EXPECT_STREQ(ingot_status_name(999), "unknown");
}

TEST(CApi, ForcedHipWithoutAGpuIsNoDevice) {
  const auto pack = ingot::testing::real_pack_dir();
  if (pack.empty()) GTEST_SKIP() << "no built pack";
  setenv("INGOT_HIP_LIBRARY", "/nonexistent/libamdhip64.so", 1);
  ingot_runtime* runtime = nullptr;
  const int status = ingot_runtime_open(pack.c_str(), "hip", &runtime);
  unsetenv("INGOT_HIP_LIBRARY");
  EXPECT_EQ(status, INGOT_NO_DEVICE) << ingot_last_error();
  EXPECT_EQ(runtime, nullptr);
}

}  // namespace

namespace {

TEST(CApi, GemmArgsInitGivesAlphaOneAndNoBias) {
  const ingot_gemm_args args = ingot_gemm_args_init();
  EXPECT_EQ(args.alpha, 1.0f);
  EXPECT_EQ(args.bias, 0u);
  EXPECT_EQ(args.dtype_a, nullptr);
  EXPECT_EQ(args.m, 0);
}

}  // namespace
