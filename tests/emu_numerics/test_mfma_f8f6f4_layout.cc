// Which k each lane element holds in gfx950 f8f6f4 operands (mfma_layout.h), pinned against published
// tables rather than against a formula restated:
//  * Composable Kernel, test/mx_mfma_op/mx_mfma_op.hpp (ROCm/composable_kernel), "Register Mapping for
//    16x128 for FP6" and "for 32x64 for FP6": per lane group, the K range held by registers 0-2 and by
//    registers 3-5 (16 six-bit values each), transcribed below as K starts.
//  * CDNA4 ISA guide 11.4 (MFMA transpose loads): the K values the first of the two loads of a matrix
//    puts in a wave's registers: DS_READ_B64_TR_B8 "(0..7, 16..23, 32..39 and 48..55)" (FP8; 16 lane
//    groups of 16x16x128), DS_READ_B64_TR_B4 and DS_READ_B96_TR_B6 "(0..15, 32..47)" (two lane groups:
//    32x32x64); the second load holds "the other K values". A load fills a lane's first 8 (b8) or 16
//    (b4, b6) elements.
// Together they settle FP6 as 32 consecutive k per lane group (like FP4, unlike FP8's two K halves).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ingot_emu/mfma_layout.h"

namespace {

using namespace ingot::emu;

const MfmaShape& shape(const char* mnemonic) {
  const MfmaShape* s = find_mfma_shape(mnemonic);
  EXPECT_NE(s, nullptr) << mnemonic;
  return *s;
}

// CK's FP6 tables: K start of [lane group][register triple] (registers 0-2, 3-5).
constexpr int kCk16x128[4][2] = {{0, 16}, {32, 48}, {64, 80}, {96, 112}};
constexpr int kCk32x64[2][2] = {{0, 16}, {32, 48}};

void expect_ck_fp6_table(const MfmaShape& s, const int (*table)[2]) {
  for (int lane = 0; lane < 64; ++lane) {
    for (int elem = 0; elem < 32; ++elem) {
      const int want_k = table[lane / s.m][elem / 16] + elem % 16;
      const MfmaCoord a = mfma_a_coord(s, lane, elem, 6);
      const MfmaCoord b = mfma_b_coord(s, lane, elem, 6);
      const std::string where = std::string(s.mnemonic) + " lane " + std::to_string(lane) + " elem " +
                                std::to_string(elem);
      EXPECT_EQ(a.col, want_k) << where;
      EXPECT_EQ(a.row, lane % s.m) << where;
      EXPECT_EQ(b.row, want_k) << where;
      EXPECT_EQ(b.col, lane % s.n) << where;
    }
  }
}

TEST(MfmaF8F6F4Layout, Fp6MatchesComposableKernelTable) {
  expect_ck_fp6_table(shape("v_mfma_f32_16x16x128_f8f6f4"), kCk16x128);
  expect_ck_fp6_table(shape("v_mfma_f32_32x32x64_f8f6f4"), kCk32x64);
  expect_ck_fp6_table(shape("v_mfma_scale_f32_16x16x128_f8f6f4"), kCk16x128);
  expect_ck_fp6_table(shape("v_mfma_scale_f32_32x32x64_f8f6f4"), kCk32x64);
}

// The k values held by elements [first, first + count) of every lane of A.
std::set<int> k_held(const MfmaShape& s, int elem_bits, int first, int count) {
  std::set<int> ks;
  for (int lane = 0; lane < 64; ++lane) {
    for (int e = first; e < first + count; ++e) ks.insert(mfma_a_coord(s, lane, e, elem_bits).col);
  }
  return ks;
}

std::set<int> ranges(std::initializer_list<std::pair<int, int>> inclusive) {
  std::set<int> out;
  for (const auto& [lo, hi] : inclusive) {
    for (int k = lo; k <= hi; ++k) out.insert(k);
  }
  return out;
}

TEST(MfmaF8F6F4Layout, TransposeLoadKSetsMatchIsaGuide) {
  const MfmaShape& s16 = shape("v_mfma_f32_16x16x128_f8f6f4");
  const MfmaShape& s32 = shape("v_mfma_f32_32x32x64_f8f6f4");
  // DS_READ_B64_TR_B8: 8 FP8 elements per lane per load.
  EXPECT_EQ(k_held(s16, 8, 0, 8), ranges({{0, 7}, {16, 23}, {32, 39}, {48, 55}}));
  EXPECT_EQ(k_held(s16, 8, 8, 8), ranges({{8, 15}, {24, 31}, {40, 47}, {56, 63}}));
  // DS_READ_B64_TR_B4 (16 FP4 per lane) and DS_READ_B96_TR_B6 (16 FP6 per lane, 3 VGPRs).
  for (const int bits : {4, 6}) {
    EXPECT_EQ(k_held(s32, bits, 0, 16), ranges({{0, 15}, {32, 47}})) << bits << "-bit";
    EXPECT_EQ(k_held(s32, bits, 16, 16), ranges({{16, 31}, {48, 63}})) << bits << "-bit";
  }
}

// Scaled forms take the scale of A[i][k] from lane i + M*floor(k/32). With 32 consecutive k per lane
// group, every FP6/FP4 element a lane holds is scaled by that lane's own E8M0 value.
TEST(MfmaF8F6F4Layout, Fp6AndFp4LanesHoldOneScaleBlock) {
  for (const char* name : {"v_mfma_scale_f32_16x16x128_f8f6f4", "v_mfma_scale_f32_32x32x64_f8f6f4"}) {
    const MfmaShape& s = shape(name);
    for (const int bits : {4, 6}) {
      for (int lane = 0; lane < 64; ++lane) {
        for (int elem = 0; elem < 32; ++elem) {
          const MfmaCoord a = mfma_a_coord(s, lane, elem, bits);
          EXPECT_EQ(a.row + s.m * (a.col / 32), lane) << name << " " << bits << "-bit lane " << lane << " elem " << elem;
        }
      }
    }
  }
}

}  // namespace
