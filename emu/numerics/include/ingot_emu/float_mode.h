// Floating-point MODE bits that change the result of VALU conversions and math.
#pragma once

#include <cstdint>

namespace ingot::emu {

// MODE.FP_ROUND field encoding (2 bits per precision group): the values are the hardware's.
enum class RoundMode : uint8_t {
  kNearestEven = 0,
  kTowardPositive = 1,
  kTowardNegative = 2,
  kTowardZero = 3,
};

// MODE.FP_DENORM for one precision group, reduced to what changes a result: whether denormal inputs are
// read as zero and whether denormal results are flushed to zero. The hardware's 2-bit field is
// bit0 = allow input denormals, bit1 = allow output denormals (3 = keep all, the gfx9 default for
// f16/f64; 0 = flush all, the default for f32 in most compiled kernels).
struct DenormMode {
  bool flush_inputs = false;
  bool flush_outputs = false;

  static constexpr DenormMode from_mode_bits(uint32_t two_bits) {
    return DenormMode{(two_bits & 1u) == 0, (two_bits & 2u) == 0};
  }
  static constexpr DenormMode keep() { return {false, false}; }
  static constexpr DenormMode flush() { return {true, true}; }
};

}  // namespace ingot::emu
