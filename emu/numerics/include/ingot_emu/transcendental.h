// VALU transcendental and reciprocal ops: v_exp, v_log, v_rcp, v_rsq, v_sqrt in f32 and f16.
//
// The ISA documents these as accurate to 1 ULP (f32) with IEEE special cases. We compute in double and
// round once to the destination type, which is within that bound (and usually correctly rounded), so
// results can differ from a real GPU in the last bit: see the fidelity table in README.md.
// Denormal handling follows the DenormMode passed in (taken from MODE by the caller).
#pragma once

#include <cstdint>

#include "ingot_emu/float_mode.h"

namespace ingot::emu {

float v_exp_f32(float x, DenormMode denorm);   // 2^x
float v_log_f32(float x, DenormMode denorm);   // log2(x); log(+-0) = -inf, log(x<0) = NaN
float v_rcp_f32(float x, DenormMode denorm);   // 1/x; rcp(+-0) = +-inf
float v_rsq_f32(float x, DenormMode denorm);   // 1/sqrt(x); rsq(+-0) = +-inf, rsq(x<0) = NaN
float v_sqrt_f32(float x, DenormMode denorm);  // sqrt(x); sqrt(-0) = -0, sqrt(x<0) = NaN

// f16 forms on raw f16 bits (result rounded to nearest even).
uint16_t v_exp_f16(uint16_t x, DenormMode denorm);
uint16_t v_log_f16(uint16_t x, DenormMode denorm);
uint16_t v_rcp_f16(uint16_t x, DenormMode denorm);
uint16_t v_rsq_f16(uint16_t x, DenormMode denorm);
uint16_t v_sqrt_f16(uint16_t x, DenormMode denorm);

}  // namespace ingot::emu
