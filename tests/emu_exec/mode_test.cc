// MODE at dispatch comes from the descriptor's COMPUTE_PGM_RSRC1 (AMDGPUUsage, "compute_pgm_rsrc1 for
// GFX6-GFX12"): DX10_CLAMP -> MODE bit 8, IEEE -> bit 9, FP16_OVFL -> bit 23. FP16_OVFL decides what an FP8
// down-conversion's overflow gives; the expected codes are the formats' own (OCP E4M3 on gfx950: NaN
// S.1111.111, max 448 = 0x7e; FNUZ E4M3 on gfx942: NaN 0x80, max 240 = 0x7f).
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr uint32_t kDx10ClampBit = 1u << 8, kIeeeBit = 1u << 9, kFp16OvflBit = 1u << 23;

struct ModeRun {
  uint32_t fp8_word;
  uint32_t mode;
};

ModeRun run_mode_kernel(Target target, const std::string& kernel) {
  Emulator emu(EmulatorOptions{.target = target});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(2, 0xdeadbeef));
  auto profile = run_kernel(emu, kernel, Dim3{1, 1, 1}, Dim3{64, 1, 1}, kernargs({out.address}));
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> got = download(emu, out);
  return {got[0], got[1]};
}

class ModeFromDescriptor : public ::testing::TestWithParam<Target> {};

TEST_P(ModeFromDescriptor, Fp16OverflowClearGivesNonSaturatingFp8) {
  const ModeRun run = run_mode_kernel(GetParam(), "mode_from_descriptor");  // dx10_clamp 1, ieee 0
  EXPECT_EQ(run.mode & kDx10ClampBit, kDx10ClampBit);
  EXPECT_EQ(run.mode & kIeeeBit, 0u);
  EXPECT_EQ(run.mode & kFp16OvflBit, 0u);
  const uint32_t nan_byte = GetParam() == Target::kGfx950 ? 0x7fu : 0x80u;
  EXPECT_EQ(run.fp8_word, nan_byte | nan_byte << 8);
}

TEST_P(ModeFromDescriptor, Fp16OverflowSetSaturatesFp8) {
  const ModeRun run = run_mode_kernel(GetParam(), "mode_from_descriptor_fp16_ovfl");  // all three flipped
  EXPECT_EQ(run.mode & kDx10ClampBit, 0u);
  EXPECT_EQ(run.mode & kIeeeBit, 0u);
  EXPECT_EQ(run.mode & kFp16OvflBit, kFp16OvflBit);
  const uint32_t max_byte = GetParam() == Target::kGfx950 ? 0x7eu : 0x7fu;
  EXPECT_EQ(run.fp8_word, max_byte | max_byte << 8);
}

INGOT_FOR_BOTH_TARGETS(ModeFromDescriptor);

}  // namespace
}  // namespace ingot::emu::testing
