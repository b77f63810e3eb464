// Where each matrix entry of an MFMA lives in the register file, as formulas (no lane searching).
//
// Registers are register-major with 64 lanes per register. An input operand (A or B) gives each lane
// K_L = mfma_k_per_lane(shape) consecutive-in-memory elements, packed little-endian across the
// operand's registers (element e occupies bits [e*bits, (e+1)*bits) of the lane's concatenated
// registers). The formulas follow AMD's matrix instruction calculator (CDNA1-3 shapes) and AMD's
// CDNA4 matrix-core write-up (gfx950 shapes); see README.md for sources and what is (verify).
#pragma once

#include <algorithm>

#include "ingot_emu/mfma_shapes.h"

namespace ingot::emu {

// An entry of one block's matrix: A[row=i][col=k], B[row=k][col=j] or C/D[row=i][col=j].
struct MfmaCoord {
  int block;
  int row;
  int col;
};

// The k index held by element `elem` of a lane in lane group `group_k` (the lane's k-group).
// Lanes hold K_L consecutive k values, except gfx950's FP8/BF8 f8f6f4 operands (32 bytes per lane):
// those are cut into two 16-byte pieces and piece p covers the p-th half of K (AMD's CDNA4
// matrix-core article; CDNA4 ISA guide 11.4, DS_READ_B64_TR_B8 "first loads K values (0..7, 16..23,
// 32..39 and 48..55)"). FP6/BF6 (24 bytes) and FP4 (16 bytes) are not cut: 32 consecutive k per
// lane group. FP6 sources: Composable Kernel's test/mx_mfma_op/mx_mfma_op.hpp ("Register Mapping for
// 16x128 for FP6": registers 0-2 hold K 0-15 / 32-47 / 64-79 / 96-111 for lanes 0-15 / 16-31 /
// 32-47 / 48-63, registers 3-5 the next 16; its loader reads 32 consecutive k per lane) and the
// CDNA4 ISA guide 11.4 (DS_READ_B96_TR_B6, like TR_B4, "first loads K values (0..15, 32..47)").
constexpr int mfma_k_of_element(const MfmaShape& shape, int group_k, int elem, int elem_bits) {
  const int k_per_lane = mfma_k_per_lane(shape);
  const int piece_elems = elem_bits == 6 ? k_per_lane : std::min(k_per_lane, 128 / elem_bits);
  const int pieces = k_per_lane / piece_elems;
  return (elem / piece_elems) * (shape.k / pieces) + group_k * piece_elems + elem % piece_elems;
}

// Operand A: lane = i + M*block + M*blocks*kgroup (the calculator's "M * block + M*blocks *
// floor(k / K_L) + i").
constexpr MfmaCoord mfma_a_coord(const MfmaShape& shape, int lane, int elem, int elem_bits) {
  const int group = lane / shape.m;
  return {group % shape.blocks, lane % shape.m,
          mfma_k_of_element(shape, group / shape.blocks, elem, elem_bits)};
}

// Operand B: the same formula with j in place of i.
constexpr MfmaCoord mfma_b_coord(const MfmaShape& shape, int lane, int elem, int elem_bits) {
  const int group = lane / shape.n;
  return {group % shape.blocks, mfma_k_of_element(shape, group / shape.blocks, elem, elem_bits),
          lane % shape.n};
}

// C/D: output element `elem` of `lane` (elem = register index for 32-bit outputs, register pair index
// for f64 outputs).
constexpr MfmaCoord mfma_cd_coord(const MfmaShape& shape, int lane, int elem) {
  if (shape.cd_type == MfmaType::kF64) {
    if (shape.blocks == 1) return {0, 4 * elem + lane / 16, lane % 16};  // 16x16x4: lane = 16*(i%4)+j
    return {(lane / 4) % 4, lane / 16, lane % 4};                         // 4x4x4_4b: lane = 16i+4b+j
  }
  switch (shape.m) {
    case 32: {  // 16 registers per block; each group of 4 registers covers 8 rows
      const int r = elem % 16;
      return {elem / 16, 8 * (r / 4) + 4 * (lane / 32) + r % 4, lane % 32};
    }
    case 16:  // 4 registers per block
      return {elem / 4, 4 * (lane / 16) + elem % 4, lane % 16};
    default:  // 4x4: the block is chosen by the lane, the row by the register
      return {lane / 4, elem, lane % 4};
  }
}

// BLGP lane patterns for B (not on f8f6f4, where blgp is B's format, nor on f64, where it is NEG):
// the physical lane whose B data logical lane `lane` uses.
constexpr int mfma_blgp_source_lane(int lane, int blgp) {
  switch (blgp) {
    case 1: return lane % 32;                        // broadcast lanes 0-31
    case 2: return lane % 32 + 32;                   // broadcast lanes 32-63
    case 3: return (lane + 16) % 64;                 // rotate down by 16
    case 4: case 5: case 6: case 7:
      return lane % 16 + 16 * (blgp - 4);            // broadcast one group of 16 lanes
    default: return lane;
  }
}

// CBSZ/ABID for A on multi-block shapes: blocks are grouped 2^cbsz at a time and every block of a
// group reads block `abid` of its group.
constexpr int mfma_cbsz_source_block(int block, int cbsz, int abid) {
  return ((block >> cbsz) << cbsz) + abid;
}

}  // namespace ingot::emu
