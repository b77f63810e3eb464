// gfx950 v_mfma_scale_* end to end: assembled by LLVM (so op_sel / op_sel_hi / cbsz / blgp are LLVM's
// encoding), decoded, executed, and compared with a reference written here from the OCP MX spec
// (D[i][j] = sum_k A[i][k] * 2^(XA-127) * B[k][j] * 2^(XB-127)) and the published operand layouts:
//  * A/B: FP8 holds k in two 16-wide pieces, lane = row + M*((k mod K/2) / 16), element
//    16*floor(k / (K/2)) + k mod 16; FP4 and FP6 hold 32 consecutive k, lane = row + M*floor(k/32)
//    (AMD's "Matrix Core Programming on AMD CDNA3 and CDNA4" load code for FP8/FP4; FP6 per
//    Composable Kernel's test/mx_mfma_op register-mapping table and the CDNA4 ISA guide 11.4).
//  * D: AMD matrix instruction calculator (16x16: lane 16*(i/4) + j, register i%4; 32x32: lane
//    32*((i/4)%2) + j, register 4*(i/8) + i%4).
//  * Scale of A[i][k]: lane i + M*floor(k/32) (Triton's chooseScaledMfmaScaleLayout); byte n chosen
//    by op_sel[0] = n&1, op_sel_hi[0] = n>>1 (LLVM's lowering of the intrinsic's byte index).
// Every byte of every scale word differs from the others, so reading a wrong byte or lane fails.
#include <algorithm>
#include <cmath>
#include <random>

#include "../emu_numerics/reference_formats.h"
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 64;


// Element code of A[row][k] (or B[k][col]) read from lane-major registers (8 dwords per lane).
uint32_t element(const std::vector<uint32_t>& lane_major, int m, int kdim, int format, int row, int k) {
  const int bits = ref::f8f6f4_bits(format);
  int lane = 0, elem = 0;
  if (bits != 8) {
    lane = row + m * (k / 32);
    elem = k % 32;
  } else {
    const int half = kdim / 2;
    lane = row + m * ((k % half) / 16);
    elem = 16 * (k / half) + k % 16;
  }
  uint32_t code = 0;
  for (int b = 0; b < bits; ++b) {
    const int pos = elem * bits + b;
    code |= ((lane_major[static_cast<size_t>(lane * 8 + pos / 32)] >> (pos % 32)) & 1u) << b;
  }
  return code;
}

struct Variant {
  int m, k;
  int a_format, b_format;
  int a_byte, b_byte;
  int first_row;  // first of the kernel's output rows
};

TEST(MfmaScale, Gfx950ScaledMfmaMatchesMxReference) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(2026);
  // Element bytes: FP8 codes of small integers and halves, so every FP8 sum is exact in f32; the FP4 /
  // FP6 view of the same bits is whatever those bits mean (all codes finite).
  const uint8_t fp8_codes[] = {0x00, 0x38, 0xB8, 0x40, 0xC0, 0x30, 0xB0, 0x44, 0xC4, 0x48};
  std::vector<uint32_t> a(kLanes * 8), b(kLanes * 8), scales(kLanes * 2);
  for (auto* operand : {&a, &b}) {
    for (auto& word : *operand) {
      word = 0;
      for (int byte = 0; byte < 4; ++byte) word |= uint32_t{fp8_codes[rng() % 10]} << (8 * byte);
    }
  }
  for (auto& word : scales) {
    int exps[4] = {-3, -1, 1, 3};
    std::shuffle(exps, exps + 4, rng);
    word = 0;
    for (int byte = 0; byte < 4; ++byte) word |= static_cast<uint32_t>(127 + exps[byte]) << (8 * byte);
  }
  DeviceArray<uint32_t> da = upload(emu, a), db = upload(emu, b), ds = upload(emu, scales);
  DeviceArray<float> dd = upload(emu, std::vector<float>(36 * kLanes, -1.0f));
  auto profile = run_kernel(emu, "mfma_scale", {1, 1, 1}, {64, 1, 1},
                            kernargs({da.address, db.address, ds.address, dd.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<float> d = download(emu, dd);

  // Bits of the fp8 x bf8 B operand in the 32x32x64 MFMA are read as E5M2; the FP8 codes above are
  // E4M3 values, so B changes meaning there, which the reference follows through ref::f8f6f4().
  const Variant variants[] = {
      {16, 128, 0, 0, 0, 3, 0},  {16, 128, 0, 0, 1, 2, 4},  {16, 128, 0, 0, 2, 1, 8},
      {16, 128, 0, 0, 3, 0, 12}, {16, 128, 4, 2, 2, 1, 16}, {32, 64, 0, 1, 3, 2, 20},
  };
  for (const Variant& v : variants) {
    int bad = 0;
    for (int i = 0; i < v.m; ++i) {
      for (int j = 0; j < v.m; ++j) {
        double sum = 0, magnitude = 0;
        for (int k = 0; k < v.k; ++k) {
          const uint32_t xa = (scales[static_cast<size_t>(2 * (i + v.m * (k / 32)))] >> (8 * v.a_byte)) & 0xFF;
          const uint32_t xb = (scales[static_cast<size_t>(2 * (j + v.m * (k / 32)) + 1)] >> (8 * v.b_byte)) & 0xFF;
          const double term = ref::f8f6f4(v.a_format, element(a, v.m, v.k, v.a_format, i, k)) *
                              std::ldexp(1.0, static_cast<int>(xa) - 127) *
                              ref::f8f6f4(v.b_format, element(b, v.m, v.k, v.b_format, j, k)) *
                              std::ldexp(1.0, static_cast<int>(xb) - 127);
          sum += term;
          magnitude += std::fabs(term);
        }
        const int lane = v.m == 16 ? 16 * (i / 4) + j : 32 * ((i / 4) % 2) + j;
        const int reg = v.m == 16 ? i % 4 : 4 * (i / 8) + i % 4;
        const float got = d[static_cast<size_t>((v.first_row + reg) * kLanes + lane)];
        const double bound = magnitude * (v.k + 1) * std::ldexp(1.0, -24);
        if (!(std::fabs(got - sum) <= bound) && bad++ < 4) {
          ADD_FAILURE() << "variant at row " << v.first_row << " (m=" << v.m << " cbsz=" << v.a_format
                        << " blgp=" << v.b_format << " bytes " << v.a_byte << "," << v.b_byte << "): D[" << i << "]["
                        << j << "] = " << got << ", MX reference " << sum;
        }
      }
    }
    EXPECT_EQ(bad, 0) << "variant at row " << v.first_row;
  }
  EXPECT_EQ(profile->instructions.mfma, 6u);
  // Passes (rocRoller gfx950 table): 16x16x128 = 8 with an FP8 operand, 4 for FP4 x FP6; 32x32x64 = 16.
  EXPECT_EQ(profile->mfma_busy_cycles, 4u * (4 * 8 + 4 + 16));
}

}  // namespace
}  // namespace ingot::emu::testing
