// SCRATCH (private segment) loads and stores: each lane owns private_segment_fixed_size bytes
// (from the descriptor); the three address forms (vaddr, saddr, offset only) and sub-dword / multi-dword
// accesses read back what the same lane wrote, never a neighbour's data. An access past the segment is
// a fault naming kernel, PC, lane and the private offset. Expected values follow from the SCRATCH
// addressing rule (LLVM AMDGPUUsage: private offset = saddr + vaddr + offset) and the stores' data.
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Scratch : public ::testing::TestWithParam<Target> {};

TEST_P(Scratch, EachLaneReadsBackItsOwnPrivateData) {
  for (uint32_t threads : {1u, 2u}) {
    Emulator emu(EmulatorOptions{.target = GetParam(), .host_threads = threads});
    DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 5, 0xdeadbeef));
    auto profile = run_kernel(emu, "scratch_ops", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
    ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
    const std::vector<uint32_t> r = download(emu, out);
    for (uint32_t l = 0; l < 64; ++l) {
      SCOPED_TRACE("lane " + std::to_string(l));
      EXPECT_EQ(r[0 * 64 + l], 2000 + l);  // dwords 1, 2 of the dwordx4 at (l%8)*16 + 32
      EXPECT_EQ(r[1 * 64 + l], 3000 + l);
      EXPECT_EQ(r[2 * 64 + l], 3 * l);     // offset-only form, private offset 0
      EXPECT_EQ(r[3 * 64 + l], l);         // saddr form: 8 + 200
      const int8_t byte1 = static_cast<int8_t>(((1000 + l) >> 8) & 0xff);
      EXPECT_EQ(r[4 * 64 + l], static_cast<uint32_t>(static_cast<int32_t>(byte1)));  // sign-extended byte 33
    }
  }
}

TEST_P(Scratch, AccessPastThePrivateSegmentIsAFault) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  auto profile = run_kernel(emu, "scratch_oob", {1, 1, 1}, {64, 1, 1}, kernargs({}));
  ASSERT_FALSE(profile.is_ok());
  const std::string& message = profile.status().message();
  EXPECT_EQ(profile.status().code(), StatusCode::kEmulatorFault);
  EXPECT_NE(message.find("lane 32"), std::string::npos) << message;
  EXPECT_NE(message.find("private offset 256"), std::string::npos) << message;
  EXPECT_NE(message.find("256 bytes of private segment"), std::string::npos) << message;
  EXPECT_NE(message.find("scratch_oob"), std::string::npos) << message;
  EXPECT_NE(message.find("pc 0x"), std::string::npos) << message;
}

// scratch_load_lds_dword: lane l's private dword lands in LDS at M0 + offset + 4l (CDNA4 ISA guide 10.3).
TEST_P(Scratch, LoadToLdsPutsEachLanesDwordAtItsSlot) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64, 0xdeadbeef));
  auto profile = run_kernel(emu, "scratch_lds", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  for (uint32_t l = 0; l < 64; ++l) EXPECT_EQ(r[l], 5000 + l) << "lane " << l;
}

// scratch_load_lds_{ubyte,sbyte,ushort,sshort}: lane l's element fills its LDS dword at M0 + 4l,
// zero-extended (the rule of the GLOBAL/MUBUF direct-to-LDS loads, global_test.cc). The kernel first
// fills LDS with 0xa5a5a5a5, so a partial write would show.
TEST_P(Scratch, SubDwordLoadsToLdsFillOneDwordPerLane) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(4 * 64, 0xdeadbeef));
  auto profile = run_kernel(emu, "scratch_lds_narrow", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  for (uint32_t l = 0; l < 64; ++l) {
    const uint32_t a = 0xc0000080u | l << 8 | l << 16, b = 0x0101u * l;  // private dwords 0 and 1
    EXPECT_EQ(r[0 * 64 + l], a & 0xff) << "ubyte lane " << l;
    EXPECT_EQ(r[1 * 64 + l], (a >> 8) & 0xff) << "sbyte lane " << l;
    EXPECT_EQ(r[2 * 64 + l], a >> 16 & 0xffff) << "ushort lane " << l;
    EXPECT_EQ(r[3 * 64 + l], b & 0xffff) << "sshort lane " << l;
  }
}

TEST_P(Scratch, NegativeSignedSubDwordLoadToLdsIsRefused) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(4 * 64, 0));
  auto profile = run_kernel(emu, "scratch_lds_negative", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
  ASSERT_FALSE(profile.is_ok());
  const std::string& message = profile.status().message();
  EXPECT_EQ(profile.status().code(), StatusCode::kUnsupported) << message;
  EXPECT_NE(message.find("scratch_load_lds_sbyte by lane 0"), std::string::npos) << message;
}

INGOT_FOR_BOTH_TARGETS(Scratch);

}  // namespace
}  // namespace ingot::emu::testing
