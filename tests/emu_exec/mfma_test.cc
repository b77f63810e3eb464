// v_mfma_f32_32x32x8_f16 with AGPR results read back by v_accvgpr_read, against a plain triple loop.
// Operand and result layouts are AMD's (matrix instruction calculator, CDNA3): lane l holds
// A[l%32][4*(l/32) + e] for e = 0..3 (two f16 per dword); D register r, lane l is
// D[8*(r/4) + 4*(l/32) + r%4][l%32]. Small integer inputs make every sum exact.
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

// IEEE half of a small integer (|v| < 2048), from the format's definition.
uint16_t half_of_int(int v) {
  if (v == 0) return 0;
  const int sign = v < 0 ? 0x8000 : 0;
  int magnitude = v < 0 ? -v : v;
  int exponent = 0;
  while ((magnitude >> (exponent + 1)) != 0) ++exponent;
  const int mantissa = (magnitude << (10 - exponent)) & 1023;
  return static_cast<uint16_t>(sign | (exponent + 15) << 10 | mantissa);
}

class Mfma : public ::testing::TestWithParam<Target> {};

TEST_P(Mfma, F32_32x32x8F16MatchesReference) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  int A[32][8], B[8][32];
  for (int i = 0; i < 32; ++i) {
    for (int k = 0; k < 8; ++k) {
      A[i][k] = (i * 3 + k * 5) % 7 - 3;
      B[k][i] = (i * 2 + k * 7) % 9 - 4;
    }
  }
  std::vector<uint32_t> a(128), b(128);
  for (int l = 0; l < 64; ++l) {
    for (int e = 0; e < 4; ++e) {
      const int k = 4 * (l / 32) + e;
      const uint32_t ha = half_of_int(A[l % 32][k]), hb = half_of_int(B[k][l % 32]);
      a[2 * l + e / 2] |= ha << (16 * (e % 2));
      b[2 * l + e / 2] |= hb << (16 * (e % 2));
    }
  }
  DeviceArray<uint32_t> da = upload(emu, a), db = upload(emu, b);
  DeviceArray<float> dd = upload(emu, std::vector<float>(16 * 64, -1.0f));
  auto profile = run_kernel(emu, "mfma_f16", {1, 1, 1}, {64, 1, 1}, kernargs({da.address, db.address, dd.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<float> d = download(emu, dd);
  for (int r = 0; r < 16; ++r) {
    for (int l = 0; l < 64; ++l) {
      const int i = 8 * (r / 4) + 4 * (l / 32) + r % 4, j = l % 32;
      int expected = 0;
      for (int k = 0; k < 8; ++k) expected += A[i][k] * B[k][j];
      EXPECT_EQ(d[r * 64 + l], static_cast<float>(expected)) << "D[" << i << "][" << j << "]";
    }
  }
  EXPECT_EQ(profile->instructions.mfma, 1u);
  EXPECT_EQ(profile->mfma_flops, 2u * 32 * 32 * 8);
  EXPECT_EQ(profile->mfma_busy_cycles, 4u * 8);  // 8 passes (LLVM's gfx940 scheduling model)
}

INGOT_FOR_BOTH_TARGETS(Mfma);

}  // namespace
}  // namespace ingot::emu::testing
