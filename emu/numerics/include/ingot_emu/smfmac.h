// Sparse MFMA (v_smfmac_*): shape table, register layouts and execution, for gfx942 and gfx950.
//
// D += A * B, where A (M x K) has 4:2 structured sparsity along K: of every 4 consecutive k values only
// 2 are stored in the A registers, and a 2-bit index per stored value (in the "index" VGPR, the
// instruction's SRC2 field) says which of the 4 positions it sits at. C is D (read and written); there
// is no separate C operand. B (K x N) and D are dense.
//
// Sources (details and what is single-sourced: emu/numerics/README.md, "Sparse MFMA"):
//   shapes, operand widths : LLVM MC tests (mai-gfx940.s, mai-gfx950.s) and llvm-mca gfx942-mfma.s /
//                            gfx950.s (register ranges of each operand).
//   passes                 : llvm-mca gfx940-mfma.s, gfx942-mfma.s, gfx950.s (HWXDL resource cycles);
//                            matches AMD's published sparse peaks (2x the dense FP16/FP8 peaks).
//   layouts, index bits,   : AMD matrix instruction calculator (CDNA3) README "Example of Printing
//   CBSZ/ABID                Compression Index Information"; CBSZ/ABID also from CK's amd_smfmac.hpp and
//                            MLIR's amdgpu.sparse_mfma docs; gfx950 from one-hot hardware probes.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "ingot/status.h"
#include "ingot_emu/mfma_shapes.h"

namespace ingot::emu {

struct SmfmacShape {
  std::string_view mnemonic;  // LLVM spelling, e.g. "v_smfmac_f32_16x16x32_f16"
  uint8_t m, n;               // rows of A / D, columns of B / D (one block: no smfmac has more)
  uint8_t k;                  // dense reduction depth (the name's K); A stores k/2 values per row
  MfmaType a_type, b_type, cd_type;
  uint8_t a_regs, b_regs, cd_regs;  // VGPRs (or AGPRs) per lane; the index operand is always one VGPR
  std::array<uint8_t, kGfxCount> passes;  // by Gfx; 0 = the target lacks the instruction

  constexpr bool available_on(Gfx gfx) const { return passes[static_cast<int>(gfx)] != 0; }
};

namespace smfmac_shape_detail {
using T = MfmaType;

// clang-format off
inline constexpr SmfmacShape kTable[] = {
  // mnemonic                            m   n   k    A        B        C/D     a  b  cd  passes
  // ---- gfx942 (CDNA3), also on gfx950 ----
  {"v_smfmac_f32_16x16x32_f16",         16, 16,  32, T::kF16,  T::kF16,  T::kF32, 2, 4,  4, {4, 4}},
  {"v_smfmac_f32_32x32x16_f16",         32, 32,  16, T::kF16,  T::kF16,  T::kF32, 2, 4, 16, {8, 8}},
  {"v_smfmac_f32_16x16x32_bf16",        16, 16,  32, T::kBf16, T::kBf16, T::kF32, 2, 4,  4, {4, 4}},
  {"v_smfmac_f32_32x32x16_bf16",        32, 32,  16, T::kBf16, T::kBf16, T::kF32, 2, 4, 16, {8, 8}},
  {"v_smfmac_i32_16x16x64_i8",          16, 16,  64, T::kI8,   T::kI8,   T::kI32, 2, 4,  4, {4, 4}},
  {"v_smfmac_i32_32x32x32_i8",          32, 32,  32, T::kI8,   T::kI8,   T::kI32, 2, 4, 16, {8, 8}},
  {"v_smfmac_f32_16x16x64_bf8_bf8",     16, 16,  64, T::kBf8,  T::kBf8,  T::kF32, 2, 4,  4, {4, 4}},
  {"v_smfmac_f32_16x16x64_bf8_fp8",     16, 16,  64, T::kBf8,  T::kFp8,  T::kF32, 2, 4,  4, {4, 4}},
  {"v_smfmac_f32_16x16x64_fp8_bf8",     16, 16,  64, T::kFp8,  T::kBf8,  T::kF32, 2, 4,  4, {4, 4}},
  {"v_smfmac_f32_16x16x64_fp8_fp8",     16, 16,  64, T::kFp8,  T::kFp8,  T::kF32, 2, 4,  4, {4, 4}},
  {"v_smfmac_f32_32x32x32_bf8_bf8",     32, 32,  32, T::kBf8,  T::kBf8,  T::kF32, 2, 4, 16, {8, 8}},
  {"v_smfmac_f32_32x32x32_bf8_fp8",     32, 32,  32, T::kBf8,  T::kFp8,  T::kF32, 2, 4, 16, {8, 8}},
  {"v_smfmac_f32_32x32x32_fp8_bf8",     32, 32,  32, T::kFp8,  T::kBf8,  T::kF32, 2, 4, 16, {8, 8}},
  {"v_smfmac_f32_32x32x32_fp8_fp8",     32, 32,  32, T::kFp8,  T::kFp8,  T::kF32, 2, 4, 16, {8, 8}},
  // ---- gfx950 (CDNA4) additions: twice the K, A 4 and B 8 registers ----
  {"v_smfmac_f32_16x16x64_f16",         16, 16,  64, T::kF16,  T::kF16,  T::kF32, 4, 8,  4, {0, 4}},
  {"v_smfmac_f32_32x32x32_f16",         32, 32,  32, T::kF16,  T::kF16,  T::kF32, 4, 8, 16, {0, 8}},
  {"v_smfmac_f32_16x16x64_bf16",        16, 16,  64, T::kBf16, T::kBf16, T::kF32, 4, 8,  4, {0, 4}},
  {"v_smfmac_f32_32x32x32_bf16",        32, 32,  32, T::kBf16, T::kBf16, T::kF32, 4, 8, 16, {0, 8}},
  {"v_smfmac_i32_16x16x128_i8",         16, 16, 128, T::kI8,   T::kI8,   T::kI32, 4, 8,  4, {0, 4}},
  {"v_smfmac_i32_32x32x64_i8",          32, 32,  64, T::kI8,   T::kI8,   T::kI32, 4, 8, 16, {0, 8}},
  {"v_smfmac_f32_16x16x128_bf8_bf8",    16, 16, 128, T::kBf8,  T::kBf8,  T::kF32, 4, 8,  4, {0, 4}},
  {"v_smfmac_f32_16x16x128_bf8_fp8",    16, 16, 128, T::kBf8,  T::kFp8,  T::kF32, 4, 8,  4, {0, 4}},
  {"v_smfmac_f32_16x16x128_fp8_bf8",    16, 16, 128, T::kFp8,  T::kBf8,  T::kF32, 4, 8,  4, {0, 4}},
  {"v_smfmac_f32_16x16x128_fp8_fp8",    16, 16, 128, T::kFp8,  T::kFp8,  T::kF32, 4, 8,  4, {0, 4}},
  {"v_smfmac_f32_32x32x64_bf8_bf8",     32, 32,  64, T::kBf8,  T::kBf8,  T::kF32, 4, 8, 16, {0, 8}},
  {"v_smfmac_f32_32x32x64_bf8_fp8",     32, 32,  64, T::kBf8,  T::kFp8,  T::kF32, 4, 8, 16, {0, 8}},
  {"v_smfmac_f32_32x32x64_fp8_bf8",     32, 32,  64, T::kFp8,  T::kBf8,  T::kF32, 4, 8, 16, {0, 8}},
  {"v_smfmac_f32_32x32x64_fp8_fp8",     32, 32,  64, T::kFp8,  T::kFp8,  T::kF32, 4, 8, 16, {0, 8}},
};
// clang-format on
}  // namespace smfmac_shape_detail

inline constexpr const auto& kSmfmacShapes = smfmac_shape_detail::kTable;

inline constexpr std::span<const SmfmacShape> smfmac_shapes() { return kSmfmacShapes; }

// The row for an LLVM mnemonic, or nullptr when the name is not a sparse MFMA.
constexpr const SmfmacShape* find_smfmac_shape(std::string_view mnemonic) {
  for (const SmfmacShape& shape : kSmfmacShapes) {
    if (shape.mnemonic == mnemonic) return &shape;
  }
  return nullptr;
}

constexpr int smfmac_passes(const SmfmacShape& shape, Gfx gfx) { return shape.passes[static_cast<int>(gfx)]; }

// ---- Layouts (formulas; see README "Sparse MFMA" for the sources) ----
//
// Lanes form 64/M lane groups; lane l holds row i = l % M of A and column j = l % N of B/D, and group
// g = l / M covers the g-th K/groups slice of dense k.

constexpr int smfmac_lane_groups(const SmfmacShape& s) { return 64 / s.m; }

// Stored (non-zero) A values per lane: half of the lane's dense k slice.
constexpr int smfmac_a_per_lane(const SmfmacShape& s) { return s.k / smfmac_lane_groups(s) / 2; }

// B elements per lane (dense).
constexpr int smfmac_b_per_lane(const SmfmacShape& s) { return s.k / smfmac_lane_groups(s); }

// First dense k of the 4-wide group that stored A value `slot` of a lane in group `group` belongs to:
// stored values pair up (slots 2q, 2q+1) per 4-wide group, groups in increasing k order.
constexpr int smfmac_a_group_base(const SmfmacShape& s, int group, int slot) {
  return group * smfmac_b_per_lane(s) + 4 * (slot / 2);
}

// Dense k of B element `elem` of a lane in group `group`. A lane's B data is cut into 16-byte pieces and
// piece p covers the p-th K/pieces slice of k (the same rule as the gfx950 dense 32-byte operands; every
// gfx942 smfmac B operand is one 16-byte piece, i.e. contiguous).
constexpr int smfmac_b_k(const SmfmacShape& s, int group, int elem) {
  const int per_lane = smfmac_b_per_lane(s);
  const int piece = 128 / mfma_type_bits(s.b_type);
  const int elems = per_lane < piece ? per_lane : piece;
  const int pieces = per_lane / elems;
  return (elem / elems) * (s.k / pieces) + group * elems + elem % elems;
}

// Index VGPR: each stored A value has a 2-bit position (0-3) within its 4-wide group; a lane's indices
// form one "set" of 2 * smfmac_a_per_lane bits, value `slot` at bits [2*slot+1 : 2*slot] of the set.
// A 32-bit VGPR holds 32 / set_bits sets: CBSZ == 0 lets ABID pick one, CBSZ != 0 selects set 0.
constexpr int smfmac_index_set_bits(const SmfmacShape& s) { return 2 * smfmac_a_per_lane(s); }
constexpr int smfmac_index_sets(const SmfmacShape& s) { return 32 / smfmac_index_set_bits(s); }

// The index set an instruction reads, or -1 when ABID names a set the VGPR does not have (what the
// hardware does then is not published: not emulated).
constexpr int smfmac_index_set(const SmfmacShape& s, int cbsz, int abid) {
  if (cbsz != 0) return 0;
  return abid < smfmac_index_sets(s) ? abid : -1;
}

// ---- Execution ----

struct SmfmacModifiers {
  uint8_t cbsz = 0;  // != 0: index set 0, ABID ignored
  uint8_t abid = 0;  // index set when cbsz == 0
  uint8_t blgp = 0;  // not part of the smfmac syntax; a non-zero field is rejected as not emulated
};

// Executes one smfmac: `a` holds a_regs*64 words, `b` b_regs*64, `index` 64 words (the index VGPR),
// `c` and `d` cd_regs*64 (register-major, 64 lanes per register); `d` may alias `c`, `a` or `b`.
// Each stored A value multiplies the B row its index names; the products are added to C in increasing
// (lane group, slot) order, which is increasing dense k order when the two indices of a pair ascend,
// rounding to f32 after every addition (int32 wraps). Zero A entries are never multiplied, so an inf or
// NaN in a B row that no index names does not reach D.
// Returns kUnsupported if `gfx` lacks the instruction or the modifiers are not modelled,
// kInvalidArgument on null pointers; `d` is untouched on error.
ingot::Status smfmac_execute(const SmfmacShape& shape, Gfx gfx, const uint32_t* a, const uint32_t* b,
                             const uint32_t* index, const uint32_t* c, uint32_t* d,
                             const SmfmacModifiers& mods = {});

}  // namespace ingot::emu
