// Global atomics across lanes, waves and workgroups (and host threads): f32 add of 1.0 from every
// lane sums exactly; u32 add with return hands out every ticket once. Out-of-bounds access is a
// fault naming lane and address, never a host crash.
// Direct-to-LDS loads of GLOBAL and MUBUF (sub-dword and, on gfx950, 3- and 4-dword): the expected LDS
// image is built here from the published rule, not from the emulator: lane l's element lands at
// M0 offset + 4l (16l for 3 and 4 dwords, a 3-dword load leaving the 4th dword untouched), a byte or
// short zero-extended to the whole dword (AMD CDNA3/CDNA4 ISA guides 9.1.9 and 10.3; rocRoller's
// hardware test of sub-dword Direct2LDS loads, rocm-libraries PR #5084); global takes M0[17:2] * 4.
#include <algorithm>
#include <numeric>
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Global : public ::testing::TestWithParam<Target> {};

TEST_P(Global, AtomicsFromEveryLane) {
  for (uint32_t threads : {1u, 2u}) {
    Emulator emu(EmulatorOptions{.target = GetParam(), .host_threads = threads});
    const uint32_t groups = 8;
    DeviceArray<float> sum = upload(emu, std::vector<float>{0.0f});
    DeviceArray<uint32_t> counter = upload(emu, std::vector<uint32_t>{0});
    DeviceArray<uint32_t> tickets = upload(emu, std::vector<uint32_t>(groups * 64, 0));
    auto profile = run_kernel(emu, "global_atomic", {groups, 1, 1}, {64, 1, 1},
                              kernargs({sum.address, counter.address, tickets.address}));
    ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
    EXPECT_EQ(download(emu, sum)[0], static_cast<float>(groups * 64));
    EXPECT_EQ(download(emu, counter)[0], groups * 64);
    std::vector<uint32_t> got = download(emu, tickets);
    std::sort(got.begin(), got.end());
    std::vector<uint32_t> expected(groups * 64);
    std::iota(expected.begin(), expected.end(), 0u);
    EXPECT_EQ(got, expected);
  }
}

TEST_P(Global, OutOfBoundsStoreIsReportedNotACrash) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> small = upload(emu, std::vector<uint32_t>(64, 0));  // 256 bytes
  auto profile = run_kernel(emu, "oob_global", {1, 1, 1}, {64, 1, 1}, kernargs({small.address}));
  ASSERT_FALSE(profile.is_ok());
  const Status& status = profile.status();
  EXPECT_EQ(status.code(), StatusCode::kEmulatorFault);
  // Lane 32 is the first past the end: it stores at base + 256.
  char address[32];
  std::snprintf(address, sizeof address, "0x%llx", static_cast<unsigned long long>(small.address + 256));
  EXPECT_NE(status.message().find("lane 32"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find(address), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("oob_global"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("pc 0x"), std::string::npos) << status.message();
}

constexpr uint32_t kLdsFill = 0xa5a5a5a5u;  // what the kernels write to LDS before the loads

uint32_t le16(const std::vector<uint8_t>& bytes, size_t at) { return bytes[at] | uint32_t{bytes[at + 1]} << 8; }

TEST_P(Global, SubDwordLoadsToLdsFillOneDwordPerLane) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::mt19937 rng(7);
  std::vector<uint8_t> in(128), pos(128);
  for (auto& b : in) b = static_cast<uint8_t>(rng() | 0x80);  // high bit set: zero- vs sign-extension shows
  for (auto& b : pos) b = static_cast<uint8_t>(rng() & 0x7f);
  const uint32_t records = 40;  // MUBUF: bytes 0..39 in range
  DeviceArray<uint8_t> d_in = upload(emu, in);
  DeviceArray<uint8_t> d_pos = upload(emu, pos);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(8 * 64, 0xdeadbeef));
  auto profile = run_kernel(emu, "lds_direct_narrow", {1, 1, 1}, {64, 1, 1},
                            kernargs({d_in.address, d_pos.address, out.address, records}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  for (uint32_t l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const bool byte_in = l + 1 <= records, short_in = 2 * l + 2 <= records;
    EXPECT_EQ(r[0 * 64 + l], in[l]) << "global_load_lds_ubyte";
    EXPECT_EQ(r[1 * 64 + l], le16(in, 2 * l)) << "global_load_lds_ushort, M0 = 0x103 -> 0x100";
    EXPECT_EQ(r[2 * 64 + l], pos[l]) << "global_load_lds_sbyte";
    EXPECT_EQ(r[3 * 64 + l], le16(pos, 2 * l)) << "global_load_lds_sshort";
    EXPECT_EQ(r[4 * 64 + l], byte_in ? in[l] : 0u) << "buffer_load_ubyte lds";
    EXPECT_EQ(r[5 * 64 + l], short_in ? le16(in, 2 * l) : 0u) << "buffer_load_ushort lds";
    EXPECT_EQ(r[6 * 64 + l], byte_in ? pos[l] : 0u) << "buffer_load_sbyte lds";
    EXPECT_EQ(r[7 * 64 + l], short_in ? le16(pos, 2 * l) : 0u) << "buffer_load_sshort lds";
  }
}

// A negative signed element would need the unsettled sign-vs-zero fill: refused, naming op and lane.
TEST_P(Global, NegativeSignedSubDwordLoadToLdsIsRefused) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::vector<uint8_t> bytes(128, 0x11);
  bytes[5] = 0x80;  // lane 5's byte for global_load_lds_sbyte (the first signed load)
  DeviceArray<uint8_t> d_in = upload(emu, bytes);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(8 * 64, 0));
  auto profile = run_kernel(emu, "lds_direct_narrow", {1, 1, 1}, {64, 1, 1},
                            kernargs({d_in.address, d_in.address, out.address, 128}));
  ASSERT_FALSE(profile.is_ok());
  const std::string& message = profile.status().message();
  EXPECT_EQ(profile.status().code(), StatusCode::kUnsupported) << message;
  EXPECT_NE(message.find("global_load_lds_sbyte by lane 5"), std::string::npos) << message;
  EXPECT_NE(message.find("not emulated"), std::string::npos) << message;
}

TEST(GlobalGfx950, WideLoadsToLdsUseA16ByteLaneStride) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::vector<uint32_t> in(256);
  for (uint32_t i = 0; i < in.size(); ++i) in[i] = 0x10000u * (i + 1) + i;
  const uint32_t records = 12 * 50 + 8;  // MUBUF x3: lane 50 keeps dwords 0, 1; x4: lanes < 38 and 2 of lane 38
  DeviceArray<uint32_t> d_in = upload(emu, in);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(1024, 0xdeadbeef));
  auto profile = run_kernel(emu, "lds_direct_wide", {1, 1, 1}, {64, 1, 1}, kernargs({d_in.address, out.address, records}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  std::vector<uint32_t> expected(1024, kLdsFill);
  for (uint32_t l = 0; l < 64; ++l) {
    for (uint32_t d = 0; d < 4; ++d) {
      const bool x3_in = 12 * l + 4 * (d + 1) <= records, x4_in = 16 * l + 4 * (d + 1) <= records;
      if (d < 3) expected[0 * 256 + 4 * l + d] = in[3 * l + d];  // global x3 from in + 12l
      expected[1 * 256 + 4 * l + d] = in[4 * l + d];              // global x4 from in + 16l
      if (d < 3) expected[2 * 256 + 4 * l + d] = x3_in ? in[3 * l + d] : 0u;
      expected[3 * 256 + 4 * l + d] = x4_in ? in[4 * l + d] : 0u;
    }
  }
  const std::vector<uint32_t> r = download(emu, out);
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(r[i], expected[i]) << "slot " << i / 256 << " lane " << (i % 256) / 4 << " dword " << i % 4;
  }
}

INGOT_FOR_BOTH_TARGETS(Global);

}  // namespace
}  // namespace ingot::emu::testing
