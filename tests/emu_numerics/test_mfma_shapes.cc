// The MFMA shape table against outside facts: pass counts transcribed from LLVM's llvm-mca tests
// (llvm/test/tools/llvm-mca/AMDGPU/gfx942-mfma.s and gfx950.s, HWXDL/HWVALU resource cycles), operand
// widths from LLVM's MC tests (mai-gfx940.s / mai-gfx950.s register ranges), and internal consistency.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ingot_emu/mfma_shapes.h"

namespace {

using namespace ingot::emu;

struct Expected {
  const char* mnemonic;
  int passes942;  // 0 = not on gfx942
  int passes950;  // 0 = not on gfx950
  int a_regs, b_regs, cd_regs;  // as written in the LLVM test operands, e.g. v[4:5] -> 2
};

// Transcribed from the LLVM tests named above (gfx950 passes of the old shapes and of the new i8/f64
// rows from ROCm rocRoller's gfx950 instruction table).
const Expected kExpected[] = {
    {"v_mfma_f32_16x16x4_f32", 8, 8, 1, 1, 4},
    {"v_mfma_f32_32x32x2_f32", 16, 16, 1, 1, 16},
    {"v_mfma_f32_4x4x1_16b_f32", 2, 2, 1, 1, 4},
    {"v_mfma_f32_16x16x1_4b_f32", 8, 8, 1, 1, 16},
    {"v_mfma_f32_32x32x1_2b_f32", 16, 16, 1, 1, 32},
    {"v_mfma_f32_16x16x16_f16", 4, 4, 2, 2, 4},
    {"v_mfma_f32_32x32x8_f16", 8, 8, 2, 2, 16},
    {"v_mfma_f32_16x16x16_bf16", 4, 4, 2, 2, 4},
    {"v_mfma_f32_32x32x8_bf16", 8, 8, 2, 2, 16},
    {"v_mfma_f32_4x4x4_16b_f16", 2, 2, 2, 2, 4},
    {"v_mfma_f32_16x16x4_4b_f16", 8, 8, 2, 2, 16},
    {"v_mfma_f32_32x32x4_2b_f16", 16, 16, 2, 2, 32},
    {"v_mfma_f32_4x4x4_16b_bf16", 2, 2, 2, 2, 4},
    {"v_mfma_f32_16x16x4_4b_bf16", 8, 8, 2, 2, 16},
    {"v_mfma_f32_32x32x4_2b_bf16", 16, 16, 2, 2, 32},
    {"v_mfma_i32_16x16x32_i8", 4, 4, 2, 2, 4},
    {"v_mfma_i32_32x32x16_i8", 8, 8, 2, 2, 16},
    {"v_mfma_i32_4x4x4_16b_i8", 2, 2, 1, 1, 4},
    {"v_mfma_i32_16x16x4_4b_i8", 8, 8, 1, 1, 16},
    {"v_mfma_i32_32x32x4_2b_i8", 16, 16, 1, 1, 32},
    {"v_mfma_f32_16x16x32_bf8_bf8", 4, 4, 2, 2, 4},
    {"v_mfma_f32_16x16x32_bf8_fp8", 4, 4, 2, 2, 4},
    {"v_mfma_f32_16x16x32_fp8_bf8", 4, 4, 2, 2, 4},
    {"v_mfma_f32_16x16x32_fp8_fp8", 4, 4, 2, 2, 4},
    {"v_mfma_f32_32x32x16_bf8_bf8", 8, 8, 2, 2, 16},
    {"v_mfma_f32_32x32x16_bf8_fp8", 8, 8, 2, 2, 16},
    {"v_mfma_f32_32x32x16_fp8_bf8", 8, 8, 2, 2, 16},
    {"v_mfma_f32_32x32x16_fp8_fp8", 8, 8, 2, 2, 16},
    {"v_mfma_f64_4x4x4_4b_f64", 4, 4, 2, 2, 2},
    {"v_mfma_f64_16x16x4_f64", 8, 16, 2, 2, 8},
    {"v_mfma_f32_16x16x32_f16", 0, 4, 4, 4, 4},
    {"v_mfma_f32_32x32x16_f16", 0, 8, 4, 4, 16},
    {"v_mfma_f32_32x32x16_bf16", 0, 8, 4, 4, 16},
    {"v_mfma_f32_16x16x32_bf16", 0, 4, 4, 4, 4},
    {"v_mfma_i32_16x16x64_i8", 0, 4, 4, 4, 4},
    {"v_mfma_i32_32x32x32_i8", 0, 8, 4, 4, 16},
    {"v_mfma_f32_16x16x8_xf32", 4, 0, 2, 2, 4},
    {"v_mfma_f32_32x32x4_xf32", 8, 0, 2, 2, 16},
    {"v_mfma_f32_16x16x128_f8f6f4", 0, 4, 8, 8, 4},
    {"v_mfma_f32_32x32x64_f8f6f4", 0, 8, 8, 8, 16},
    {"v_mfma_scale_f32_16x16x128_f8f6f4", 0, 4, 8, 8, 4},
    {"v_mfma_scale_f32_32x32x64_f8f6f4", 0, 8, 8, 8, 16},
};

TEST(MfmaShapes, EveryRowMatchesLlvm) {
  for (const Expected& e : kExpected) {
    const MfmaShape* s = find_mfma_shape(e.mnemonic);
    ASSERT_NE(s, nullptr) << e.mnemonic;
    EXPECT_EQ(s->passes[0], e.passes942) << e.mnemonic;
    EXPECT_EQ(s->passes[1], e.passes950) << e.mnemonic;
    EXPECT_EQ(s->a_regs, e.a_regs) << e.mnemonic;
    EXPECT_EQ(s->b_regs, e.b_regs) << e.mnemonic;
    EXPECT_EQ(s->cd_regs, e.cd_regs) << e.mnemonic;
  }
  EXPECT_EQ(mfma_shapes().size(), std::size(kExpected)) << "a row without an outside check";
}

TEST(MfmaShapes, MnemonicsUniqueAndNamesMatchShapes) {
  std::set<std::string> seen;
  for (const MfmaShape& s : mfma_shapes()) {
    EXPECT_TRUE(seen.insert(std::string(s.mnemonic)).second) << s.mnemonic;
    const std::string dims = std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
    EXPECT_NE(std::string(s.mnemonic).find(dims), std::string::npos) << s.mnemonic;
    if (s.blocks > 1) {
      EXPECT_NE(std::string(s.mnemonic).find("_" + std::to_string(s.blocks) + "b_"), std::string::npos);
    }
  }
}

TEST(MfmaShapes, OperandWidthsFollowFromShape) {
  for (const MfmaShape& s : mfma_shapes()) {
    // Every lane holds M*K*blocks/64 elements of A; C/D hold M*N*blocks elements over 64 lanes.
    EXPECT_EQ(s.m * s.k * s.blocks * mfma_type_bits(s.a_type), s.a_regs * 32 * 64) << s.mnemonic;
    EXPECT_EQ(s.n * s.k * s.blocks * mfma_type_bits(s.b_type), s.b_regs * 32 * 64) << s.mnemonic;
    EXPECT_EQ(s.m * s.n * s.blocks * mfma_type_bits(s.cd_type), s.cd_regs * 32 * 64) << s.mnemonic;
  }
}

TEST(MfmaShapes, F8F6F4PassesAndWidthsDependOnFormats) {
  const MfmaShape* s = find_mfma_shape("v_mfma_f32_16x16x128_f8f6f4");
  ASSERT_NE(s, nullptr);
  using F = MfmaF8F6F4Format;
  // AMD CDNA4 matrix core article: 16 cycles for FP6/FP4 only, 32 when A or B is FP8.
  EXPECT_EQ(mfma_passes(*s, Gfx::k950, F::kFp4E2M1, F::kFp6E2M3) * 4, 16);
  EXPECT_EQ(mfma_passes(*s, Gfx::k950, F::kFp8E4M3, F::kFp4E2M1) * 4, 32);
  EXPECT_EQ(mfma_passes(*s, Gfx::k942), 0);
  EXPECT_EQ(mfma_f8f6f4_operand_regs(*s, F::kBf8E5M2), 8);
  EXPECT_EQ(mfma_f8f6f4_operand_regs(*s, F::kBf6E3M2), 6);
  EXPECT_EQ(mfma_f8f6f4_operand_regs(*s, F::kFp4E2M1), 4);
  const MfmaShape* big = find_mfma_shape("v_mfma_f32_32x32x64_f8f6f4");
  ASSERT_NE(big, nullptr);
  EXPECT_EQ(mfma_passes(*big, Gfx::k950, F::kBf8E5M2, F::kBf8E5M2) * 4, 64);
  EXPECT_EQ(mfma_passes(*big, Gfx::k950, F::kFp6E2M3, F::kBf6E3M2) * 4, 32);
}

TEST(MfmaShapes, PeakThroughputMatchesPublishedNumbers) {
  // MI300X: 1216 matrix cores at 2.1 GHz -> 1307 TFLOP/s dense bf16 (AMD's published figure).
  const MfmaShape* s = find_mfma_shape("v_mfma_f32_32x32x8_bf16");
  ASSERT_NE(s, nullptr);
  const double tflops = 2.0 * s->m * s->n * s->k * 1216 * 2.1e9 / (4.0 * s->passes[0]) / 1e12;
  EXPECT_NEAR(tflops, 1307.4, 0.5);
  // MI355X: 1024 matrix cores at 2.4 GHz -> 2517 TFLOP/s dense bf16 with the new 16x16x32 shape.
  const MfmaShape* s950 = find_mfma_shape("v_mfma_f32_16x16x32_bf16");
  ASSERT_NE(s950, nullptr);
  const double tflops950 = 2.0 * s950->m * s950->n * s950->k * 1024 * 2.4e9 / (4.0 * s950->passes[1]) / 1e12;
  EXPECT_NEAR(tflops950, 2516.6, 1.0);
}

}  // namespace
