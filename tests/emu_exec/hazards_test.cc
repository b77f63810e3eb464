// Kernel bugs the emulator must catch: a register read before the s_waitcnt that covers its load
// (VMEM in order; SMEM only at lgkmcnt(0)).
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Hazards : public ::testing::TestWithParam<Target> {};

TEST_P(Hazards, ReadBeforeVmcntIsReported) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> in = upload(emu, std::vector<uint32_t>(64, 1));
  auto profile = run_kernel(emu, "waitcnt_violation", {1, 1, 1}, {64, 1, 1}, kernargs({in.address}));
  ASSERT_FALSE(profile.is_ok());
  const std::string& message = profile.status().message();
  EXPECT_EQ(profile.status().code(), StatusCode::kEmulatorFault);
  EXPECT_NE(message.find("read of v2 before s_waitcnt"), std::string::npos) << message;
  EXPECT_NE(message.find("global_load_dword"), std::string::npos) << message;
  EXPECT_NE(message.find("v_add_u32"), std::string::npos) << message;
}

TEST_P(Hazards, CheckCanBeTurnedOff) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_waitcnt = false});
  DeviceArray<uint32_t> in = upload(emu, std::vector<uint32_t>(64, 1));
  auto profile = run_kernel(emu, "waitcnt_violation", {1, 1, 1}, {64, 1, 1}, kernargs({in.address}));
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
}

TEST_P(Hazards, WriteOverAnInFlightLoadIsReported) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> in = upload(emu, std::vector<uint32_t>(64, 1));
  auto profile = run_kernel(emu, "waw_violation", {1, 1, 1}, {64, 1, 1}, kernargs({in.address}));
  ASSERT_FALSE(profile.is_ok());
  EXPECT_NE(profile.status().message().find("write of v2 while a load to it is in flight"), std::string::npos)
      << profile.status().message();
}

TEST_P(Hazards, SmemNeedsLgkmcntZero) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> in = upload(emu, std::vector<uint32_t>(64, 1));
  auto profile = run_kernel(emu, "smem_violation", {1, 1, 1}, {64, 1, 1}, kernargs({in.address}));
  ASSERT_FALSE(profile.is_ok());
  EXPECT_NE(profile.status().message().find("read of s4 before s_waitcnt"), std::string::npos)
      << profile.status().message();
}

INGOT_FOR_BOTH_TARGETS(Hazards);

}  // namespace
}  // namespace ingot::emu::testing
