// An independent reference for sparse MFMA (v_smfmac_*) register layouts, written in the coordinate ->
// register direction (the library maps registers -> coordinates), from:
//   - AMD's matrix instruction calculator (ROCm/amd_matrix_instruction_calculator, README "Example of
//     Printing Compression Index Information for a Sparse Matrix Instruction", CDNA3): A[i][k] sits in
//     lane i + M*floor(k/K_L) (K_L = dense k per lane group); each 4-wide k group keeps 2 values and
//     their 2-bit positions ("K[2][31] = v0{50}.[7:4]" for v_smfmac_f32_16x16x32_f16; with CBSZ=0 ABID=3
//     "v0{50}.[31:28]": one 8-bit index set per ABID for 16-bit inputs, 16-bit sets for 8-bit inputs,
//     CBSZ != 0 reads set 0). B and D are laid out as the dense MFMA of the same M, N, K.
//   - gfx950 (no calculator support yet): one-hot probes of v_smfmac_f32_16x16x64_f16 and
//     v_smfmac_f32_16x16x128_fp8_fp8 on hardware (public note "GFX950 SMFMAC Sparse Trick Notes"):
//     "D0 A0/G2 <- B8/G0", "D0 A4/G0 <- B0/G1", fp8 "bg = 2*(ag%2) + floor(a/8)": B's 32 bytes per lane
//     are two 16-byte halves, half h holding k in [h*K/2, (h+1)*K/2), 16 bytes' worth per lane group.
#pragma once

#include "ingot_emu/smfmac.h"

namespace smfmac_ref {

using ingot::emu::SmfmacShape;

inline int bits_of(ingot::emu::MfmaType t) {
  using ingot::emu::MfmaType;
  return (t == MfmaType::kF16 || t == MfmaType::kBf16) ? 16 : 8;
}

// Dense k per lane group (the calculator's K_L): M*K/64.
inline int k_per_group(const SmfmacShape& s) { return s.m * s.k / 64; }

struct Slot {
  int lane;
  int elem;  // element index in the lane's packed operand
};

// The n-th (0 or 1) stored value of the 4-wide group holding dense k in row i.
inline Slot a_slot(const SmfmacShape& s, int i, int k, int n) {
  const int kl = k_per_group(s);
  return {i + s.m * (k / kl), 2 * ((k % kl) / 4) + n};
}

// Bit offset in the index VGPR (of lane a_slot().lane) of that value's 2-bit position.
inline int index_bit(const SmfmacShape& s, int k, int n, int set) {
  const int kl = k_per_group(s);
  return set * kl + 4 * ((k % kl) / 4) + 2 * n;
}

inline Slot b_slot(const SmfmacShape& s, int k, int j) {
  const int per_lane = s.k * s.n / 64;
  const int lane_bytes = per_lane * bits_of(s.b_type) / 8;
  if (lane_bytes <= 16) return {j + s.n * (k / per_lane), k % per_lane};  // calculator (CDNA3)
  const int half = s.k / 2, per_half = per_lane / 2;                       // gfx950 probes
  return {j + s.n * ((k % half) / per_half), (k / half) * per_half + k % per_half};
}

// D[i][j]: register and lane (dense MFMA layouts, calculator).
inline Slot d_slot(const SmfmacShape& s, int i, int j) {
  if (s.m == 32) return {(32 * (i / 4)) % 64 + j, 4 * (i / 8) + i % 4};
  return {16 * (i / 4) + j, i % 4};
}

// Writes `value` (width `bits`) as element `elem` of `lane` into register-major `regs`.
inline void put(uint32_t* regs, int lane, int elem, int bits, uint32_t value) {
  const int bit = elem * bits;
  uint32_t& word = regs[(bit / 32) * 64 + lane];
  const uint32_t mask = bits == 32 ? 0xffffffffu : ((1u << bits) - 1u);
  word = (word & ~(mask << (bit % 32))) | ((value & mask) << (bit % 32));
}

}  // namespace smfmac_ref
