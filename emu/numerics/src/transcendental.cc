// Transcendentals computed in double and rounded once: within the ISA's 1 ULP bound.
#include "ingot_emu/transcendental.h"

#include <bit>
#include <cmath>
#include <limits>

#include "ingot_emu/number_formats.h"

namespace ingot::emu {
namespace {

bool is_f32_denormal(float x) {
  const uint32_t bits = std::bit_cast<uint32_t>(x);
  return (bits & 0x7F800000u) == 0 && (bits & 0x007FFFFFu) != 0;
}

float flush_in(float x, DenormMode denorm) {
  return denorm.flush_inputs && is_f32_denormal(x) ? std::copysign(0.0f, x) : x;
}

float finish(double result, DenormMode denorm) {
  const float rounded = static_cast<float>(result);
  return denorm.flush_outputs && is_f32_denormal(rounded) ? std::copysign(0.0f, rounded) : rounded;
}

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// f16 forms: f16 inputs are exact in double; the one rounding is double -> f16 via f32, which is
// innocuous for these functions (double rounding only matters at exact f32 ties, which transcendental
// results do not hit except at exact cases that are exactly representable anyway).
bool is_f16_denormal(uint16_t x) { return (x & 0x7C00u) == 0 && (x & 0x03FFu) != 0; }

uint16_t f16_op(uint16_t x, DenormMode denorm, float (*op)(float, DenormMode)) {
  if (denorm.flush_inputs && is_f16_denormal(x)) x &= 0x8000u;
  const float result = op(f16_to_f32(x), DenormMode::keep());
  return f32_to_f16(result, RoundMode::kNearestEven, denorm.flush_outputs);
}

}  // namespace

float v_exp_f32(float x, DenormMode denorm) {
  x = flush_in(x, denorm);
  if (std::isnan(x)) return x;
  return finish(std::exp2(static_cast<double>(x)), denorm);
}

float v_log_f32(float x, DenormMode denorm) {
  x = flush_in(x, denorm);
  if (std::isnan(x)) return x;
  if (x == 0.0f) return -kInf;
  if (x < 0.0f) return kNaN;
  return finish(std::log2(static_cast<double>(x)), denorm);
}

float v_rcp_f32(float x, DenormMode denorm) {
  x = flush_in(x, denorm);
  if (std::isnan(x)) return x;
  if (x == 0.0f) return std::copysign(kInf, x);
  return finish(1.0 / static_cast<double>(x), denorm);
}

float v_rsq_f32(float x, DenormMode denorm) {
  x = flush_in(x, denorm);
  if (std::isnan(x)) return x;
  if (x == 0.0f) return std::copysign(kInf, x);
  if (x < 0.0f) return kNaN;
  return finish(1.0 / std::sqrt(static_cast<double>(x)), denorm);
}

float v_sqrt_f32(float x, DenormMode denorm) {
  x = flush_in(x, denorm);
  if (std::isnan(x)) return x;
  if (x == 0.0f) return x;  // keeps -0
  if (x < 0.0f) return kNaN;
  return finish(std::sqrt(static_cast<double>(x)), denorm);
}

uint16_t v_exp_f16(uint16_t x, DenormMode denorm) { return f16_op(x, denorm, v_exp_f32); }
uint16_t v_log_f16(uint16_t x, DenormMode denorm) { return f16_op(x, denorm, v_log_f32); }
uint16_t v_rcp_f16(uint16_t x, DenormMode denorm) { return f16_op(x, denorm, v_rcp_f32); }
uint16_t v_rsq_f16(uint16_t x, DenormMode denorm) { return f16_op(x, denorm, v_rsq_f32); }
uint16_t v_sqrt_f16(uint16_t x, DenormMode denorm) { return f16_op(x, denorm, v_sqrt_f32); }

}  // namespace ingot::emu
