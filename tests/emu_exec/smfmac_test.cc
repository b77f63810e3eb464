// Sparse MFMA end to end: LLVM-assembled kernels (kernels/smfmac_*.s) run through the emulator, checked
// against a host triple loop over the dense A the sparse registers stand for. The register layouts are
// written here from their sources, not taken from the numerics library:
//   gfx942 v_smfmac_f32_16x16x32_f16 (AMD matrix instruction calculator, CDNA3): lane l holds row l%16,
//     lane group g = l/16 covers dense k 8g..8g+7; stored value s (of 4) belongs to the 4-wide group
//     8g + 4*(s/2), its 2-bit position at bits 2s of the index set, set ABID = 1 being bits 15:8.
//     B: lane l holds B[8*(l/16) + e][l%16], e = 0..7. D: register r, lane l is D[4*(l/16) + r][l%16].
//   gfx950 v_smfmac_f32_16x16x128_fp8_fp8 and _16x16x64_f16 (hardware one-hot probes, "GFX950 SMFMAC
//     Sparse Trick Notes"); fp8:
//     lane group g covers dense k 32g..32g+31 (16 stored bytes); B byte e of lane l is
//     B[64*(e/16) + 16*(l/16) + e%16][l%16]; one 32-bit index set, read with CBSZ != 0.
// Small integer inputs make every sum exact.
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

// A small integer (|v| <= 15) in a float format with `man` mantissa bits and exponent bias `bias`,
// from the format's definition (normal numbers only, which these are).
uint32_t small_int_code(int v, int man, int bias) {
  if (v == 0) return 0;
  const uint32_t sign = v < 0 ? 1u : 0u;
  const int magnitude = v < 0 ? -v : v;
  int exponent = 0;
  while ((magnitude >> (exponent + 1)) != 0) ++exponent;
  const uint32_t mantissa = static_cast<uint32_t>((magnitude << man) >> exponent) & ((1u << man) - 1u);
  const int width = 1 + (man == 10 ? 5 : 4) + man;  // f16 (5-bit exponent) or e4m3
  return sign << (width - 1) | static_cast<uint32_t>(exponent + bias) << man | mantissa;
}

// The 6 ascending pairs of positions a pruned 4-wide group can keep.
constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

class Smfmac : public ::testing::TestWithParam<Target> {};

TEST_P(Smfmac, F32_16x16x32F16AccumulatesIntoC) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  int A[16][32] = {}, B[32][16], C[16][16];
  std::vector<uint32_t> a(64 * 2, 0), b(64 * 4, 0), idx(64), c(4 * 64), want(4 * 64);
  for (int l = 0; l < 64; ++l) {
    const int i = l % 16, g = l / 16;
    idx[size_t(l)] = 0xA5C300FFu;  // the other three sets hold garbage
    for (int s = 0; s < 4; ++s) {
      const int pattern = (i + 3 * g + s / 2) % 6, pos = kPairs[pattern][s % 2];
      const int k = 8 * g + 4 * (s / 2) + pos, value = (i * 5 + k * 3) % 9 - 4;
      A[i][k] = value;
      a[size_t(2 * l + s / 2)] |= small_int_code(value, 10, 15) << (16 * (s % 2));
      idx[size_t(l)] = (idx[size_t(l)] & ~(3u << (8 + 2 * s))) | static_cast<uint32_t>(pos) << (8 + 2 * s);
    }
    for (int e = 0; e < 8; ++e) {
      const int k = 8 * g + e, j = l % 16;
      B[k][j] = (k * 7 + j * 2) % 11 - 5;
      b[size_t(4 * l + e / 2)] |= small_int_code(B[k][j], 10, 15) << (16 * (e % 2));
    }
  }
  for (int r = 0; r < 4; ++r) {
    for (int l = 0; l < 64; ++l) {
      const int i = 4 * (l / 16) + r, j = l % 16;
      C[i][j] = (i - j) * 10;
      c[size_t(r * 64 + l)] = float_bits(static_cast<float>(C[i][j]));
      int sum = C[i][j];
      for (int k = 0; k < 32; ++k) sum += A[i][k] * B[k][j];
      want[size_t(r * 64 + l)] = float_bits(static_cast<float>(sum));
    }
  }
  DeviceArray<uint32_t> da = upload(emu, a), db = upload(emu, b), di = upload(emu, idx), dc = upload(emu, c);
  DeviceArray<uint32_t> dd = upload(emu, std::vector<uint32_t>(4 * 64, 0xdeadbeefu));
  auto profile = run_kernel(emu, "smfmac_f16", {1, 1, 1}, {64, 1, 1},
                            kernargs({da.address, db.address, di.address, dc.address, dd.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> d = download(emu, dd);
  for (size_t w = 0; w < d.size(); ++w) {
    EXPECT_EQ(as_float(d[w]), as_float(want[w])) << "register " << w / 64 << " lane " << w % 64;
  }
  EXPECT_EQ(profile->instructions.mfma, 1u);
  EXPECT_EQ(profile->mfma_busy_cycles, 4u * 4);  // 4 passes (llvm-mca gfx940-mfma.s, gfx950.s)
  EXPECT_EQ(profile->mfma_flops, 2u * 16 * 16 * 32);  // dense-equivalent, as AMD counts sparse peaks
}

// Runs a gfx950 kernel taking (a, b, idx, d) and checks D (register r, lane l is D[4*(l/16) + r][l%16])
// against the dense product of A (16 x K, row-major) and B (K x 16). Returns the MFMA busy cycles.
uint64_t run_gfx950_16x16(const char* stem, const std::vector<uint32_t>& a, const std::vector<uint32_t>& b,
                          const std::vector<uint32_t>& idx, const std::vector<int>& A, const std::vector<int>& B,
                          int K) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  DeviceArray<uint32_t> da = upload(emu, a), db = upload(emu, b), di = upload(emu, idx);
  DeviceArray<float> dd = upload(emu, std::vector<float>(4 * 64, -1.0f));
  auto profile = run_kernel(emu, stem, {1, 1, 1}, {64, 1, 1}, kernargs({da.address, db.address, di.address, dd.address}));
  if (!profile.is_ok()) {
    ADD_FAILURE() << stem << ": " << profile.status().to_string();
    return 0;
  }
  const std::vector<float> d = download(emu, dd);
  for (int r = 0; r < 4; ++r) {
    for (int l = 0; l < 64; ++l) {
      const int i = 4 * (l / 16) + r, j = l % 16;
      int sum = 0;
      for (int k = 0; k < K; ++k) sum += A[size_t(i * K + k)] * B[size_t(k * 16 + j)];
      EXPECT_EQ(d[size_t(r * 64 + l)], static_cast<float>(sum)) << stem << " D[" << i << "][" << j << "]";
    }
  }
  return profile->mfma_busy_cycles;
}

TEST(SmfmacGfx950, F32_16x16x128Fp8Fp8) {
  std::vector<int> A(16 * 128, 0), B(128 * 16);
  std::vector<uint32_t> a(64 * 4, 0), b(64 * 8, 0), idx(64, 0);
  for (int l = 0; l < 64; ++l) {
    const int i = l % 16, g = l / 16;
    for (int s = 0; s < 16; ++s) {
      const int pattern = (i + g + 5 * (s / 2)) % 6, pos = kPairs[pattern][s % 2];
      const int k = 32 * g + 4 * (s / 2) + pos, value = (i * 3 + k) % 7 - 3;
      A[size_t(i * 128 + k)] = value;
      a[size_t(4 * l + s / 4)] |= small_int_code(value, 3, 7) << (8 * (s % 4));  // OCP e4m3
      idx[size_t(l)] |= static_cast<uint32_t>(pos) << (2 * s);
    }
    for (int e = 0; e < 32; ++e) {
      const int k = 64 * (e / 16) + 16 * g + e % 16, j = l % 16;
      B[size_t(k * 16 + j)] = (k * 5 + j) % 7 - 3;
      b[size_t(8 * l + e / 4)] |= small_int_code(B[size_t(k * 16 + j)], 3, 7) << (8 * (e % 4));
    }
  }
  // 4 passes (llvm-mca gfx950.s, marked TODO there).
  EXPECT_EQ(run_gfx950_16x16("smfmac_fp8_gfx950", a, b, idx, A, B, 128), 4u * 4);
}

TEST(SmfmacGfx950, F32_16x16x64F16UpperIndexSet) {
  // gfx950 v_smfmac_f32_16x16x64_f16 (probes above): lane group g covers dense k 16g..16g+15 (8 stored
  // halves); B half e of lane l is B[32*(e/8) + 8*(l/16) + e%8][l%16]; 16-bit index sets, abid:1 = bits 31:16.
  std::vector<int> A(16 * 64, 0), B(64 * 16);
  std::vector<uint32_t> a(64 * 4, 0), b(64 * 8, 0), idx(64, 0x00005A5Au);  // low set: garbage
  for (int l = 0; l < 64; ++l) {
    const int i = l % 16, g = l / 16;
    for (int s = 0; s < 8; ++s) {
      const int pattern = (2 * i + g + s / 2) % 6, pos = kPairs[pattern][s % 2];
      const int k = 16 * g + 4 * (s / 2) + pos, value = (i + 2 * k) % 9 - 4;
      A[size_t(i * 64 + k)] = value;
      a[size_t(4 * l + s / 2)] |= small_int_code(value, 10, 15) << (16 * (s % 2));
      idx[size_t(l)] |= static_cast<uint32_t>(pos) << (16 + 2 * s);
    }
    for (int e = 0; e < 16; ++e) {
      const int k = 32 * (e / 8) + 8 * g + e % 8, j = l % 16;
      B[size_t(k * 16 + j)] = (3 * k + j) % 7 - 3;
      b[size_t(8 * l + e / 2)] |= small_int_code(B[size_t(k * 16 + j)], 10, 15) << (16 * (e % 2));
    }
  }
  run_gfx950_16x16("smfmac_f16_gfx950", a, b, idx, A, B, 64);
}

INGOT_FOR_BOTH_TARGETS(Smfmac);

}  // namespace
}  // namespace ingot::emu::testing
