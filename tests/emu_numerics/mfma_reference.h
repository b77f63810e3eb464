// An independent reference for MFMA register layouts, written in the coordinate -> register direction
// from AMD's published formulas, so it shares no code with the library (which maps the other way):
//   - AMD matrix instruction calculator (ROCm/amd_matrix_instruction_calculator, CDNA "_coord_to_lane"
//     and "_coord_to_output_reg" equations): A/B lane = M*block + M*blocks*floor(k/K_L) + i,
//     element k % K_L; C/D register and lane per shape below; BLGP lane patterns; CBSZ/ABID blocks.
//   - AMD's CDNA4 matrix-core article (Salykov et al., 2025, "Matrix Core Programming on AMD CDNA3 and
//     CDNA4", its v_mfma_scale_f32_32x32x64_f8f6f4 FP8 and FP4 load code) for gfx950 f8f6f4 operands,
//     and the ROCm blog's 16x16x128 FP8 lane mapping (k chunks 16*row_group and 16*row_group + 64);
//     FP6/BF6 from Composable Kernel's register-mapping table (test/mx_mfma_op/mx_mfma_op.hpp).
#pragma once

#include "ingot_emu/mfma_shapes.h"

namespace mfma_ref {

using ingot::emu::MfmaShape;
using ingot::emu::MfmaType;

struct Slot {
  int lane;
  int elem;  // element index inside the lane's packed operand (input) or register / pair (output)
};

// A[block][i][k] (pass i) or B[block][k][j] (pass j): where the entry lives.
inline Slot input_slot(const MfmaShape& s, int block, int i_or_j, int k, int elem_bits) {
  const int m = s.m;
  if (s.a_type == MfmaType::kF8F6F4) {
    if (elem_bits == 8) {
      // Article, FP8: lane l loads k = 16*floor(l/M) + 32*half + (0..15) for 32x32x64, i.e. the
      // register file holds two K/2-wide halves, 16 k per lane group in each.
      const int half_k = s.k / 2;
      return {i_or_j + m * ((k % half_k) / 16), 16 * (k / half_k) + k % 16};
    }
    if (elem_bits == 6) {
      // Composable Kernel's "Register Mapping for 16x128 for FP6" table (test/mx_mfma_op): lane group g
      // holds K 32g..32g+15 in registers 0-2 and K 32g+16..32g+31 in registers 3-5, 16 six-bit
      // values per register triple.
      const int triple = (k % 32) / 16;
      return {i_or_j + m * (k / 32), 16 * triple + k % 16};
    }
    // Article, FP4: 32 consecutive k per lane group.
    return {i_or_j + m * (k / 32), k % 32};
  }
  const int k_per_lane = s.m * s.k * s.blocks / 64;
  return {m * block + m * s.blocks * (k / k_per_lane) + i_or_j, k % k_per_lane};
}

// C/D[block][i][j]: register (f32/i32) or register pair (f64) and lane.
inline Slot output_slot(const MfmaShape& s, int block, int i, int j) {
  if (s.cd_type == MfmaType::kF64) {
    if (s.blocks == 1) return {16 * (i % 4) + j, i / 4};
    return {16 * (i % 4) + 4 * block + j, 0};
  }
  if (s.m == 32) return {(32 * (i / 4)) % 64 + j, 16 * block + 4 * (i / 8) + i % 4};
  if (s.m == 16) return {16 * (i / 4) + j, 4 * block + i % 4};
  return {4 * block + j, i};  // 4x4, 16 blocks side by side in the lanes
}

// Calculator's BLGP transformation, transcribed case by case.
inline int blgp_lane(int lane, int blgp) {
  switch (blgp) {
    case 1: return lane % 32;
    case 2: return lane < 32 ? lane + 32 : lane;
    case 3: return (lane + 16) % 64;
    case 4: return lane % 16;
    case 5: return lane < 16 ? lane + 16 : (lane >= 48 ? lane - 32 : (lane >= 32 ? lane - 16 : lane));
    case 6: return lane >= 48 ? lane - 16 : (lane < 16 ? lane + 32 : (lane < 32 ? lane + 16 : lane));
    case 7: return lane + (3 - lane / 16) * 16;
    default: return lane;
  }
}

// Calculator's CBSZ/ABID: the A block a block reads.
inline int cbsz_block(int block, int cbsz, int abid) {
  const int group = 1 << cbsz;
  return (block / group) * group + abid;
}

}  // namespace mfma_ref
