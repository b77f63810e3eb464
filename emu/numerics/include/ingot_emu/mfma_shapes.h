// MFMA shape table: one row per MFMA instruction of gfx942 (CDNA3) and gfx950 (CDNA4), as data.
//
// This is the single place where MFMA shapes, operand widths and pass counts live. The ISA room reads
// operand widths from it, the profiler reads passes (1 pass = 4 cycles), mfma_execute reads everything.
//
// Sources (see emu/numerics/README.md for the full list):
//   shapes, operand widths : LLVM MC tests llvm/test/MC/AMDGPU/mai-gfx940.s, mai-gfx950.s (register
//                            ranges of each operand) and AMD's matrix instruction calculator.
//   passes                 : LLVM llvm-mca tests llvm/test/tools/llvm-mca/AMDGPU/gfx940-mfma.s,
//                            gfx942-mfma.s, gfx950.s (HWXDL resource cycles = passes) and ROCm rocRoller's
//                            per-arch instruction info (gfx950 f8f6f4, i8 and f64 rows).
//   Rows whose pass count has only one source are marked (verify) in the README.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace ingot::emu {

// The two targets the numerics differ on. Values are stable (used as array indices below).
enum class Gfx : uint8_t { k942 = 0, k950 = 1 };
inline constexpr int kGfxCount = 2;

// Element type of an MFMA operand as the instruction names it.
//   kFp8 / kBf8: gfx942 reads them as FNUZ (e4m3fnuz / e5m2fnuz), gfx950 as OCP (e4m3fn / e5m2).
//   kF8F6F4: gfx950 scaled-family operand whose format is chosen per instruction by cbsz (A) and
//            blgp (B): see MfmaF8F6F4Format in mfma.h.
//   kXf32: f32 register read with a reduced mantissa (gfx942 only).
enum class MfmaType : uint8_t { kF32, kXf32, kF16, kBf16, kI8, kFp8, kBf8, kF8F6F4, kF64, kI32 };

struct MfmaShape {
  std::string_view mnemonic;  // LLVM spelling, e.g. "v_mfma_f32_32x32x8_bf16"
  uint8_t m, n;               // rows of A / D, columns of B / D (per block)
  uint8_t k;                  // reduction depth per block
  uint8_t blocks;             // independent matmuls per instruction (the _Nb suffix); 1 otherwise
  MfmaType a_type, b_type, cd_type;
  // VGPRs (or AGPRs) per lane. For kF8F6F4 this is the widest form (FP8/BF8); FP6/BF6 use 6 and FP4
  // uses 4: see mfma_f8f6f4_operand_regs().
  uint8_t a_regs, b_regs, cd_regs;
  // Passes per target, indexed by Gfx ({gfx942, gfx950}); 0 = the target does not have the instruction.
  std::array<uint8_t, kGfxCount> passes;
  // kF8F6F4 only: passes when A or B is FP8/BF8 (passes[] then holds the FP6/FP4-only count).
  uint8_t passes_with_fp8;
  bool scaled;  // v_mfma_scale_*: takes E8M0 scale operands (VOP3PX2 encoding)

  constexpr bool available_on(Gfx gfx) const { return passes[static_cast<int>(gfx)] != 0; }
};

namespace mfma_shape_detail {
using T = MfmaType;  // keeps the table rows readable

// clang-format off
inline constexpr MfmaShape kTable[] = {
  // mnemonic                               m   n   k  blk  A          B          C/D      a  b  cd  passes     fp8 scaled
  // ---- f32 ----
  {"v_mfma_f32_32x32x1_2b_f32",            32, 32,  1,  2, T::kF32,   T::kF32,   T::kF32, 1, 1, 32, {16, 16}, 0, false},
  {"v_mfma_f32_16x16x1_4b_f32",            16, 16,  1,  4, T::kF32,   T::kF32,   T::kF32, 1, 1, 16, {8, 8},   0, false},
  {"v_mfma_f32_4x4x1_16b_f32",              4,  4,  1, 16, T::kF32,   T::kF32,   T::kF32, 1, 1,  4, {2, 2},   0, false},
  {"v_mfma_f32_32x32x2_f32",               32, 32,  2,  1, T::kF32,   T::kF32,   T::kF32, 1, 1, 16, {16, 16}, 0, false},
  {"v_mfma_f32_16x16x4_f32",               16, 16,  4,  1, T::kF32,   T::kF32,   T::kF32, 1, 1,  4, {8, 8},   0, false},
  // ---- xf32 (removed on gfx950) ----
  {"v_mfma_f32_16x16x8_xf32",              16, 16,  8,  1, T::kXf32,  T::kXf32,  T::kF32, 2, 2,  4, {4, 0},   0, false},
  {"v_mfma_f32_32x32x4_xf32",              32, 32,  4,  1, T::kXf32,  T::kXf32,  T::kF32, 2, 2, 16, {8, 0},   0, false},
  // ---- f16 ----
  {"v_mfma_f32_32x32x4_2b_f16",            32, 32,  4,  2, T::kF16,   T::kF16,   T::kF32, 2, 2, 32, {16, 16}, 0, false},
  {"v_mfma_f32_16x16x4_4b_f16",            16, 16,  4,  4, T::kF16,   T::kF16,   T::kF32, 2, 2, 16, {8, 8},   0, false},
  {"v_mfma_f32_4x4x4_16b_f16",              4,  4,  4, 16, T::kF16,   T::kF16,   T::kF32, 2, 2,  4, {2, 2},   0, false},
  {"v_mfma_f32_32x32x8_f16",               32, 32,  8,  1, T::kF16,   T::kF16,   T::kF32, 2, 2, 16, {8, 8},   0, false},
  {"v_mfma_f32_16x16x16_f16",              16, 16, 16,  1, T::kF16,   T::kF16,   T::kF32, 2, 2,  4, {4, 4},   0, false},
  {"v_mfma_f32_32x32x16_f16",              32, 32, 16,  1, T::kF16,   T::kF16,   T::kF32, 4, 4, 16, {0, 8},   0, false},
  {"v_mfma_f32_16x16x32_f16",              16, 16, 32,  1, T::kF16,   T::kF16,   T::kF32, 4, 4,  4, {0, 4},   0, false},
  // ---- bf16 (the "_1k" forms; the older 2-per-register bf16 forms are gone since gfx940) ----
  {"v_mfma_f32_32x32x4_2b_bf16",           32, 32,  4,  2, T::kBf16,  T::kBf16,  T::kF32, 2, 2, 32, {16, 16}, 0, false},
  {"v_mfma_f32_16x16x4_4b_bf16",           16, 16,  4,  4, T::kBf16,  T::kBf16,  T::kF32, 2, 2, 16, {8, 8},   0, false},
  {"v_mfma_f32_4x4x4_16b_bf16",             4,  4,  4, 16, T::kBf16,  T::kBf16,  T::kF32, 2, 2,  4, {2, 2},   0, false},
  {"v_mfma_f32_32x32x8_bf16",              32, 32,  8,  1, T::kBf16,  T::kBf16,  T::kF32, 2, 2, 16, {8, 8},   0, false},
  {"v_mfma_f32_16x16x16_bf16",             16, 16, 16,  1, T::kBf16,  T::kBf16,  T::kF32, 2, 2,  4, {4, 4},   0, false},
  {"v_mfma_f32_32x32x16_bf16",             32, 32, 16,  1, T::kBf16,  T::kBf16,  T::kF32, 4, 4, 16, {0, 8},   0, false},
  {"v_mfma_f32_16x16x32_bf16",             16, 16, 32,  1, T::kBf16,  T::kBf16,  T::kF32, 4, 4,  4, {0, 4},   0, false},
  // ---- i8 ----
  {"v_mfma_i32_32x32x4_2b_i8",             32, 32,  4,  2, T::kI8,    T::kI8,    T::kI32, 1, 1, 32, {16, 16}, 0, false},
  {"v_mfma_i32_16x16x4_4b_i8",             16, 16,  4,  4, T::kI8,    T::kI8,    T::kI32, 1, 1, 16, {8, 8},   0, false},
  {"v_mfma_i32_4x4x4_16b_i8",               4,  4,  4, 16, T::kI8,    T::kI8,    T::kI32, 1, 1,  4, {2, 2},   0, false},
  {"v_mfma_i32_32x32x16_i8",               32, 32, 16,  1, T::kI8,    T::kI8,    T::kI32, 2, 2, 16, {8, 8},   0, false},
  {"v_mfma_i32_16x16x32_i8",               16, 16, 32,  1, T::kI8,    T::kI8,    T::kI32, 2, 2,  4, {4, 4},   0, false},
  {"v_mfma_i32_32x32x32_i8",               32, 32, 32,  1, T::kI8,    T::kI8,    T::kI32, 4, 4, 16, {0, 8},   0, false},
  {"v_mfma_i32_16x16x64_i8",               16, 16, 64,  1, T::kI8,    T::kI8,    T::kI32, 4, 4,  4, {0, 4},   0, false},
  // ---- fp8 / bf8 (A type first in the name; FNUZ on gfx942, OCP on gfx950) ----
  {"v_mfma_f32_16x16x32_bf8_bf8",          16, 16, 32,  1, T::kBf8,   T::kBf8,   T::kF32, 2, 2,  4, {4, 4},   0, false},
  {"v_mfma_f32_16x16x32_bf8_fp8",          16, 16, 32,  1, T::kBf8,   T::kFp8,   T::kF32, 2, 2,  4, {4, 4},   0, false},
  {"v_mfma_f32_16x16x32_fp8_bf8",          16, 16, 32,  1, T::kFp8,   T::kBf8,   T::kF32, 2, 2,  4, {4, 4},   0, false},
  {"v_mfma_f32_16x16x32_fp8_fp8",          16, 16, 32,  1, T::kFp8,   T::kFp8,   T::kF32, 2, 2,  4, {4, 4},   0, false},
  {"v_mfma_f32_32x32x16_bf8_bf8",          32, 32, 16,  1, T::kBf8,   T::kBf8,   T::kF32, 2, 2, 16, {8, 8},   0, false},
  {"v_mfma_f32_32x32x16_bf8_fp8",          32, 32, 16,  1, T::kBf8,   T::kFp8,   T::kF32, 2, 2, 16, {8, 8},   0, false},
  {"v_mfma_f32_32x32x16_fp8_bf8",          32, 32, 16,  1, T::kFp8,   T::kBf8,   T::kF32, 2, 2, 16, {8, 8},   0, false},
  {"v_mfma_f32_32x32x16_fp8_fp8",          32, 32, 16,  1, T::kFp8,   T::kFp8,   T::kF32, 2, 2, 16, {8, 8},   0, false},
  // ---- gfx950 f8f6f4 (formats from cbsz/blgp; passes[] = FP6/FP4 only, passes_with_fp8 otherwise) ----
  {"v_mfma_f32_16x16x128_f8f6f4",          16, 16, 128, 1, T::kF8F6F4, T::kF8F6F4, T::kF32, 8, 8,  4, {0, 4},  8, false},
  {"v_mfma_f32_32x32x64_f8f6f4",           32, 32, 64,  1, T::kF8F6F4, T::kF8F6F4, T::kF32, 8, 8, 16, {0, 8}, 16, false},
  {"v_mfma_scale_f32_16x16x128_f8f6f4",    16, 16, 128, 1, T::kF8F6F4, T::kF8F6F4, T::kF32, 8, 8,  4, {0, 4},  8, true},
  {"v_mfma_scale_f32_32x32x64_f8f6f4",     32, 32, 64,  1, T::kF8F6F4, T::kF8F6F4, T::kF32, 8, 8, 16, {0, 8}, 16, true},
  // ---- f64 (runs on the DGEMM path; gfx950 halves 16x16x4's rate (verify)) ----
  {"v_mfma_f64_16x16x4_f64",               16, 16,  4,  1, T::kF64,   T::kF64,   T::kF64, 2, 2,  8, {8, 16},  0, false},
  {"v_mfma_f64_4x4x4_4b_f64",               4,  4,  4,  4, T::kF64,   T::kF64,   T::kF64, 2, 2,  2, {4, 4},   0, false},
};
// clang-format on
}  // namespace mfma_shape_detail

// The table (an array, so std::size and pointer ranges work on it).
inline constexpr const auto& kMfmaShapes = mfma_shape_detail::kTable;

inline constexpr std::span<const MfmaShape> mfma_shapes() { return kMfmaShapes; }

// The row for an LLVM mnemonic, or nullptr when the name is not an MFMA we know.
constexpr const MfmaShape* find_mfma_shape(std::string_view mnemonic) {
  for (const MfmaShape& shape : kMfmaShapes) {
    if (shape.mnemonic == mnemonic) return &shape;
  }
  return nullptr;
}

// Bits of one element of an operand type (kF8F6F4: the FP8 width; see mfma_f8f6f4_operand_regs).
constexpr int mfma_type_bits(MfmaType type) {
  switch (type) {
    case MfmaType::kF32: case MfmaType::kXf32: case MfmaType::kI32: return 32;
    case MfmaType::kF16: case MfmaType::kBf16: return 16;
    case MfmaType::kI8: case MfmaType::kFp8: case MfmaType::kBf8: case MfmaType::kF8F6F4: return 8;
    case MfmaType::kF64: return 64;
  }
  return 0;
}

// Consecutive k values one lane holds for A (and B, since all shapes here have M == N): the lanes of a
// block are split into 64/(M*blocks) groups along k.
constexpr int mfma_k_per_lane(const MfmaShape& shape) {
  return shape.k * shape.m * shape.blocks / 64;
}

// f8f6f4 format codes carried by cbsz (A) and blgp (B) on the gfx950 f8f6f4 instructions.
enum class MfmaF8F6F4Format : uint8_t { kFp8E4M3 = 0, kBf8E5M2 = 1, kFp6E2M3 = 2, kBf6E3M2 = 3, kFp4E2M1 = 4 };

constexpr bool mfma_f8f6f4_format_valid(uint8_t code) { return code <= 4; }

constexpr int mfma_f8f6f4_bits(MfmaF8F6F4Format format) {
  switch (format) {
    case MfmaF8F6F4Format::kFp8E4M3: case MfmaF8F6F4Format::kBf8E5M2: return 8;
    case MfmaF8F6F4Format::kFp6E2M3: case MfmaF8F6F4Format::kBf6E3M2: return 6;
    case MfmaF8F6F4Format::kFp4E2M1: return 4;
  }
  return 0;
}

// Registers per lane an f8f6f4 operand occupies in a given format (8 for FP8/BF8, 6 for FP6/BF6, 4 for
// FP4): the elements are packed densely, K/lane-groups of them per lane.
constexpr int mfma_f8f6f4_operand_regs(const MfmaShape& shape, MfmaF8F6F4Format format) {
  return mfma_k_per_lane(shape) * mfma_f8f6f4_bits(format) / 32;
}

// Passes for one issue of `shape` on `gfx` (0 if the target lacks it). For f8f6f4 the formats matter.
constexpr int mfma_passes(const MfmaShape& shape, Gfx gfx,
                          MfmaF8F6F4Format a_format = MfmaF8F6F4Format::kFp8E4M3,
                          MfmaF8F6F4Format b_format = MfmaF8F6F4Format::kFp8E4M3) {
  const int base = shape.passes[static_cast<int>(gfx)];
  if (base == 0 || shape.a_type != MfmaType::kF8F6F4) return base;
  const bool any_fp8 = mfma_f8f6f4_bits(a_format) == 8 || mfma_f8f6f4_bits(b_format) == 8;
  return any_fp8 ? shape.passes_with_fp8 : base;
}

}  // namespace ingot::emu
