// Precomputed register<->matrix index maps for every MFMA shape, built once from the layout formulas in
// mfma_layout.h so the per-instruction path is a plain gather/scatter with no index arithmetic.
#pragma once

#include <cstdint>
#include <vector>

#include "ingot_emu/mfma_shapes.h"

namespace ingot::emu::detail {

// For an input operand: entry [lane * k_per_lane + elem] is the index of that element in the dense
// operand array (A: [block][i][k], B: [block][k][j], both row-major).
// For C/D: entry [elem * 64 + lane] is the index in the dense [block][i][j] array.
struct MfmaPlan {
  std::vector<uint16_t> a_index[3];  // by element width: [0] the shape's own width (FP8 for f8f6f4),
  std::vector<uint16_t> b_index[3];  //                   [1] 6-bit, [2] 4-bit (f8f6f4 only)
  std::vector<uint16_t> cd_index;
};

// The plan for a shape: a row of kMfmaShapes, or a copy of one (matched by mnemonic); nullptr for a
// shape that is not in the table.
const MfmaPlan* mfma_plan(const MfmaShape& shape);

// 0 for the shape's own width, 1 for 6-bit, 2 for 4-bit operands.
constexpr int plan_width_slot(int elem_bits) { return elem_bits == 6 ? 1 : (elem_bits == 4 ? 2 : 0); }

}  // namespace ingot::emu::detail
