// The MFMA shape table as C++ data: one row per MFMA instruction of gfx942 (CDNA3) and gfx950 (CDNA4).
// The rows live in the one arch table, arch/mfma_shapes.def (each column and its sources described
// there), which the generator reads too (gen/arch_facts.py), so the emulator's passes and the wait states
// gen emits come from the same numbers. The ISA room reads operand widths from it, the profiler reads
// passes (1 pass = 4 cycles), mfma_execute reads everything.
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
using T = MfmaType;

inline constexpr MfmaShape kTable[] = {
// (Parameters in capitals: `k` is pasted into the type names below, so no parameter may be called k.)
#define INGOT_MFMA(MNEMONIC, M, N, K, BLOCKS, A, B, CD, A_REGS, B_REGS, CD_REGS, PASSES_GFX942, PASSES_GFX950, \
                   PASSES_FP8, SCALED)                                                                         \
  {#MNEMONIC, M, N, K, BLOCKS, T::k##A, T::k##B, T::k##CD, A_REGS, B_REGS, CD_REGS, {PASSES_GFX942, PASSES_GFX950}, \
   PASSES_FP8, SCALED != 0},
#include "mfma_shapes.def"
#undef INGOT_MFMA
};
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
