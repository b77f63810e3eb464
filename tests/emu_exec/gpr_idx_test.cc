// VGPR index mode: s_set_gpr_idx_on / _mode / _off and the VALU operands it moves (kernels/gpr_idx.s,
// written as LLVM compiles a dynamic extractelement: s_set_gpr_idx_on s2, gpr_idx(SRC0); v_mov_b32;
// s_set_gpr_idx_off). Expected values follow AMD's descriptions (M0[7:0] = index, M0[15:12] = SRC0, SRC1,
// SRC2, DST enables; other M0 bits kept) and LLVM's reading of gpr_idx(...).
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 64;
constexpr int kSlots = 10;  // as in kernels/gpr_idx.s
constexpr uint32_t kM0Before = 0xabcd5f00u;  // the kernel's M0 before the first s_set_gpr_idx_on

class GprIdx : public ::testing::TestWithParam<Target> {};

Result<std::vector<uint32_t>> run_gpr_idx(Target target, uint32_t s2) {
  Emulator emu(EmulatorOptions{.target = target});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kLanes * kSlots, 0xdeadbeefu));
  auto profile = run_kernel(emu, "gpr_idx", {1, 1, 1}, {64, 1, 1}, kernargs({out.address, s2}));
  if (!profile) return profile.status();
  return download(emu, out);
}

TEST_P(GprIdx, MovesTheSelectedOperandsByM0) {
  // s2 = 0x301 checks that only S0[7:0] is the index.
  for (uint32_t s2 : {0u, 1u, 2u, 3u, 0x301u}) {
    SCOPED_TRACE("s2 = " + std::to_string(s2));
    const uint32_t idx = s2 & 0xff;
    auto r = run_gpr_idx(GetParam(), s2);
    ASSERT_TRUE(r.is_ok()) << r.status().to_string();
    auto got = [&](int slot, int lane) { return (*r)[static_cast<size_t>(slot * kLanes + lane)]; };
    for (int l = 0; l < kLanes; ++l) {
      SCOPED_TRACE("lane " + std::to_string(l));
      const uint32_t base = static_cast<uint32_t>(l) * 16;  // v10 + k = base + k
      EXPECT_EQ(got(0, l), base + idx);                     // v3 = v[10 + idx]
      for (uint32_t k = 0; k < 4; ++k) {                    // v[20 + idx] = v[12 + idx] + v[14 + idx]
        EXPECT_EQ(got(1 + static_cast<int>(k), l), k == idx ? (base + 2 + idx) + (base + 4 + idx) : 0xdead0000u + k) << k;
      }
      EXPECT_EQ(got(5, l), base + 1 + 100);  // gpr_idx(): nothing moved
      EXPECT_EQ(got(6, l), base + 1 + 100);  // written to v[5 + idx], read back from there
      EXPECT_EQ(got(7, l), (kM0Before & ~0xf0ffu) | (1u << 12) | idx);  // last mode: gpr_idx(SRC0)
      EXPECT_EQ(got(8, l), base);            // index mode off again
      EXPECT_EQ(got(9, l), idx == 0 ? base + 101 : 0u);  // v5 itself (registers start at zero)
    }
  }
}

TEST_P(GprIdx, IndexPastTheWavesVgprsIsAFault) {
  // The kernel has 32 VGPRs: v10 moved by 40 is v50.
  auto r = run_gpr_idx(GetParam(), 40);
  ASSERT_FALSE(r.is_ok());
  const std::string message = r.status().to_string();
  EXPECT_EQ(r.status().code(), StatusCode::kEmulatorFault) << message;
  EXPECT_NE(message.find("kernel gpr_idx"), std::string::npos) << message;
  EXPECT_NE(message.find("pc 0x"), std::string::npos) << message;
  EXPECT_NE(message.find("v_mov_b32"), std::string::npos) << message;
  EXPECT_NE(message.find("moves v10 by M0[7:0] = 40 to v50, past the wave's 32 VGPRs"), std::string::npos) << message;
}

TEST_P(GprIdx, IndexModeOnAMemoryInstructionIsRefused) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kLanes, 0u));
  auto profile = run_kernel(emu, "gpr_idx_global", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
  ASSERT_FALSE(profile.is_ok());
  const std::string message = profile.status().to_string();
  EXPECT_EQ(profile.status().code(), StatusCode::kUnsupported) << message;
  EXPECT_NE(message.find("global_store_dword with VGPR index mode on (gpr_idx(SRC0,DST), v1) is not emulated"),
            std::string::npos)
      << message;
}

INGOT_FOR_BOTH_TARGETS(GprIdx);

}  // namespace
}  // namespace ingot::emu::testing
