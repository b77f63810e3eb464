// Choosing a device: options, $INGOT_DEVICE, and the auto fallback from HIP to the emulator.
#include <gtest/gtest.h>

#include <cstdlib>

#include "ingot/tooling/device.h"

namespace ingot {
namespace {

TEST(DeviceChoice, ParsesTheThreeNamesAndRejectsOthers) {
  EXPECT_EQ(parse_device_choice("hip").value(), DeviceChoice::kHip);
  EXPECT_EQ(parse_device_choice("emu").value(), DeviceChoice::kEmulator);
  EXPECT_EQ(parse_device_choice("auto").value(), DeviceChoice::kAuto);
  auto bad = parse_device_choice("cuda");
  ASSERT_FALSE(bad.is_ok());
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("cuda"), std::string::npos);
}

TEST(DeviceChoice, EnvironmentChoosesWhenOptionsSayAuto) {
  setenv("INGOT_DEVICE", "cuda", 1);
  auto bad = open_device({});
  unsetenv("INGOT_DEVICE");
  ASSERT_FALSE(bad.is_ok());
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("INGOT_DEVICE"), std::string::npos);
}

TEST(DeviceChoice, ForcedHipWithoutAGpuIsNoDevice) {
  DeviceOptions options;
  options.choice = DeviceChoice::kHip;
  options.hip_ordinal = 1000;  // no machine has this one, so the test holds with or without a GPU
  auto device = open_device(options);
  ASSERT_FALSE(device.is_ok());
  EXPECT_EQ(device.status().code(), StatusCode::kNoDevice);
}

TEST(DeviceChoice, EmulatorRejectsAnArchItDoesNotModel) {
  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = "gfx1100";
  auto device = open_device(options);
  ASSERT_FALSE(device.is_ok());
  // kInvalidArgument when the emulator is built, kUnsupported when this build has none.
  EXPECT_TRUE(device.status().code() == StatusCode::kInvalidArgument ||
              device.status().code() == StatusCode::kUnsupported)
      << device.status().to_string();
}

#ifdef INGOT_HAVE_EMU
TEST(DeviceChoice, EmulatorReportsItsArchAndTheFullPartsCuCount) {
  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_threads = 1;
  options.emu_arch = "gfx942";
  auto mi300x = open_device(options);
  ASSERT_TRUE(mi300x.is_ok()) << mi300x.status().to_string();
  EXPECT_EQ(mi300x.value()->kind(), DeviceKind::kEmulator);
  EXPECT_EQ(mi300x.value()->info().arch, "gfx942");
  EXPECT_EQ(mi300x.value()->info().cus, 304);  // AMD's MI300X spec sheet
  options.emu_arch = "gfx950";
  auto mi355x = open_device(options);
  ASSERT_TRUE(mi355x.is_ok()) << mi355x.status().to_string();
  EXPECT_EQ(mi355x.value()->info().cus, 256);  // AMD's MI355X spec sheet
  options.emu_arch = "gfx942";
  options.emu_cus = 80;  // an MI308X-sized part
  auto mi308x = open_device(options);
  ASSERT_TRUE(mi308x.is_ok()) << mi308x.status().to_string();
  EXPECT_EQ(mi308x.value()->info().cus, 80);
}

TEST(DeviceChoice, AutoFallsBackToTheEmulatorWithoutAGpu) {
  DeviceOptions options;
  options.hip_ordinal = 1000;
  options.emu_threads = 1;
  auto device = open_device(options);
  ASSERT_TRUE(device.is_ok()) << device.status().to_string();
  EXPECT_EQ(device.value()->kind(), DeviceKind::kEmulator);
}
#endif

}  // namespace
}  // namespace ingot
