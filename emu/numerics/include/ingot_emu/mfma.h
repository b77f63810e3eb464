// MFMA arithmetic: D = A * B + C for any row of the shape table, over register-file arrays.
//
// Register arrays are register-major with 64 lanes contiguous: operand A is `a[reg * 64 + lane]` for
// reg in [0, a_regs). MFMA ignores EXEC: every lane takes part.
//
// Arithmetic model (see README.md, "MFMA accumulation"): inputs are decoded exactly to f32 (f64 for
// f64 shapes, int32 for i8), each product is formed in f32 (exact for 16-bit and narrower inputs),
// and the products are added to C one k at a time in increasing k order, rounding to f32 (RNE) after
// every addition. AMD does not document the internal precision of the adder tree; this model is exact
// whenever the partial sums are representable (e.g. small integers) and otherwise approximate.
#pragma once

#include <cstdint>

#include "ingot/status.h"
#include "ingot_emu/mfma_shapes.h"

namespace ingot::emu {

struct MfmaModifiers {
  // Non-f8f6f4 multi-block shapes: CBSZ/ABID broadcast one A block to groups of 2^cbsz blocks.
  // gfx950 f8f6f4: cbsz is A's format (MfmaF8F6F4Format code), abid is ignored (verify).
  uint8_t cbsz = 0;
  uint8_t abid = 0;
  // Non-f8f6f4, non-f64: BLGP lane pattern for B (mfma_blgp_source_lane).
  // gfx950 f8f6f4: B's format code. f64 shapes: the field is NEG; pass it in `neg` instead.
  uint8_t blgp = 0;
  // f64 shapes only: bit 0 negates A, bit 1 B, bit 2 C.
  uint8_t neg = 0;
  // v_mfma_scale_*: 64 lanes of the scale VGPR for A and B and which byte (0-3, from OP_SEL) of each
  // holds the E8M0 scale. Scale of A[i][k] is in lane i + M*floor(k/32); of B[k][j] in lane
  // j + N*floor(k/32) (one scale per row and 32-wide k block).
  const uint32_t* scale_a = nullptr;
  const uint32_t* scale_b = nullptr;
  uint8_t scale_a_byte = 0;
  uint8_t scale_b_byte = 0;
};

// Registers per lane the A (or B) operand occupies for this shape and these modifiers (differs from
// the table's width only for f8f6f4, where the format picks 8, 6 or 4).
int mfma_a_regs(const MfmaShape& shape, const MfmaModifiers& mods);
int mfma_b_regs(const MfmaShape& shape, const MfmaModifiers& mods);

// Executes one MFMA. `a` holds mfma_a_regs()*64 words, `b` mfma_b_regs()*64, `c` and `d`
// shape.cd_regs*64; `d` may alias `c`, `a` or `b` (every input is read before `d` is written).
// Returns kUnsupported if `gfx` lacks the instruction or the modifiers are outside what is modelled,
// kInvalidArgument on null pointers or bad format codes; `d` is untouched on error.
ingot::Status mfma_execute(const MfmaShape& shape, Gfx gfx, const uint32_t* a, const uint32_t* b,
                           const uint32_t* c, uint32_t* d, const MfmaModifiers& mods = {});

}  // namespace ingot::emu
