// HipDevice without a GPU: every way of not having one gives kNoDevice with a reason, quietly.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "hip_device.h"
#include "ingot/tooling/device.h"

namespace ingot {
namespace {

// Sets an environment variable for one test and restores it after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value != nullptr) setenv(name, value, 1); else unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_.empty()) unsetenv(name_); else setenv(name_, old_.c_str(), 1);
  }

 private:
  const char* name_;
  std::string old_;
};

TEST(HipDevice, MissingLibraryIsNoDeviceNamingWhatWasTried) {
  ScopedEnv env("INGOT_HIP_LIBRARY", "/nonexistent/libamdhip64.so.99");
  auto device = open_hip_device(0);
  ASSERT_FALSE(device.is_ok());
  EXPECT_EQ(device.status().code(), StatusCode::kNoDevice);
  EXPECT_NE(device.status().message().find("/nonexistent/libamdhip64.so.99"), std::string::npos)
      << device.status().message();
  EXPECT_NE(device.status().message().find("INGOT_HIP_LIBRARY"), std::string::npos);
}

TEST(HipDevice, LibraryWithoutHipSymbolsIsNoDeviceNamingTheMissingSymbols) {
  // libm is on every Linux system and has none of HIP's symbols.
  ScopedEnv env("INGOT_HIP_LIBRARY", "libm.so.6");
  auto device = open_hip_device(0);
  ASSERT_FALSE(device.is_ok());
  EXPECT_EQ(device.status().code(), StatusCode::kNoDevice);
  EXPECT_NE(device.status().message().find("hipModuleLaunchKernel"), std::string::npos)
      << device.status().message();
}

TEST(HipDevice, DefaultRuntimeEitherOpensAGpuOrSaysNoDeviceQuietly) {
  ScopedEnv env("INGOT_HIP_LIBRARY", nullptr);
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  auto device = open_hip_device(0);
  const std::string out = ::testing::internal::GetCapturedStdout();
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(out, "");
  EXPECT_EQ(err, "") << "opening HIP must not print";
  if (device.is_ok()) {
    // A machine with an AMD GPU: what it reports must look like a real device.
    EXPECT_EQ(device.value()->info().arch.rfind("gfx", 0), 0u);
    EXPECT_GT(device.value()->info().cus, 0);
  } else {
    EXPECT_EQ(device.status().code(), StatusCode::kNoDevice) << device.status().to_string();
    EXPECT_FALSE(device.status().message().empty());
  }
}

TEST(HipDevice, OutOfRangeOrdinalIsNoDevice) {
  auto device = open_hip_device(1000);
  ASSERT_FALSE(device.is_ok());
  EXPECT_EQ(device.status().code(), StatusCode::kNoDevice);
}

// hipGetDeviceProperties output, built by hand: the arch name at the offset we expect, somewhere
// else (a runtime with another struct layout), or absent.
std::vector<unsigned char> props_with(const char* text, size_t at, size_t size = 2048) {
  std::vector<unsigned char> props(size, 0);
  std::memset(props.data(), 'x', 40);  // a device name in front, as in the real struct
  props[40] = 0;
  std::memcpy(props.data() + at, text, std::strlen(text) + 1);
  return props;
}

TEST(GcnArchName, ReadAtTheExpectedOffset) {
  auto props = props_with("gfx942:sramecc+:xnack-", 396);
  EXPECT_EQ(hip::find_gcn_arch_name(props.data(), props.size(), 396), "gfx942:sramecc+:xnack-");
}

TEST(GcnArchName, FoundWhenTheLayoutMovedIt) {
  auto props = props_with("gfx950:sramecc+:xnack-", 1160);
  EXPECT_EQ(hip::find_gcn_arch_name(props.data(), props.size(), 396), "gfx950:sramecc+:xnack-");
}

TEST(GcnArchName, AbsentOrMalformedGivesEmpty) {
  std::vector<unsigned char> zeros(2048, 0);
  EXPECT_EQ(hip::find_gcn_arch_name(zeros.data(), zeros.size(), 396), "");
  auto bare = props_with("gfx", 396);  // no digits
  EXPECT_EQ(hip::find_gcn_arch_name(bare.data(), bare.size(), 396), "");
  // Unterminated at the end of the buffer: must not read past it.
  std::vector<unsigned char> tail(16, 0);
  std::memcpy(tail.data() + 10, "gfx942", 6);
  EXPECT_EQ(hip::find_gcn_arch_name(tail.data(), tail.size(), 10), "");
}

}  // namespace
}  // namespace ingot
