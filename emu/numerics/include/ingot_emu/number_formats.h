// Number formats the emulator reads and writes: bf16, f16, FP8 (FNUZ on gfx942, OCP on gfx950),
// FP6/FP4 and the E8M0 scale of gfx950's MX formats.
//
// All functions are pure, allocation-free and branch-light so the execution engine can call them in
// its per-lane loops. The fidelity of each (exact / approximate / unsupported) is in
// emu/numerics/README.md.
#pragma once

#include <bit>
#include <cstdint>

#include "ingot_emu/float_mode.h"
#include "ingot_emu/mfma_shapes.h"

namespace ingot::emu {

// ---- bf16 ----
// Exact: bf16 is the top half of an f32 (NaN payloads and signs kept).
constexpr float bf16_to_f32(uint16_t bits) { return std::bit_cast<float>(uint32_t{bits} << 16); }
// Rounds per `round`; NaN stays NaN (quieted, sign kept); overflow follows IEEE for the mode (RNE gives
// inf, toward-zero gives the largest finite). Denormals are kept unless `flush_denorm`.
uint16_t f32_to_bf16(float value, RoundMode round = RoundMode::kNearestEven, bool flush_denorm = false);

// ---- f16 ----
// Exact for every code (denormals included; NaN payload shifted into the f32 mantissa and quieted).
float f16_to_f32(uint16_t bits);
// v_cvt_f16_f32: honours MODE round mode and the f16 output-denorm bit.
uint16_t f32_to_f16(float value, RoundMode round = RoundMode::kNearestEven, bool flush_denorm = false);

// ---- FP8 ----
enum class Fp8Format : uint8_t {
  kE4M3Fnuz,  // gfx942 "fp8": bias 8, max 240, 0x80 is the only NaN, no inf, no -0
  kE5M2Fnuz,  // gfx942 "bf8": bias 16, max 57344, 0x80 is the only NaN, no inf, no -0
  kE4M3Fn,    // gfx950 "fp8" (OCP): bias 7, max 448, S.1111.111 NaN, no inf
  kE5M2,      // gfx950 "bf8" (OCP): bias 15, max 57344, S.11111.00 inf, S.11111.{01,10,11} NaN
};

// Which FP8 format an instruction's "fp8"/"bf8" operand means on a target.
constexpr Fp8Format fp8_format(Gfx gfx, bool is_bf8) {
  if (gfx == Gfx::k942) return is_bf8 ? Fp8Format::kE5M2Fnuz : Fp8Format::kE4M3Fnuz;
  return is_bf8 ? Fp8Format::kE5M2 : Fp8Format::kE4M3Fn;
}

// Exact decode of every code (table lookup).
float fp8_to_f32(uint8_t code, Fp8Format format);
// The whole 256-entry decode table of a format (for vectorised gathers).
const float* fp8_decode_table(Fp8Format format);

// Encode as v_cvt_pk_fp8_f32 / v_cvt_pk_bf8_f32 do: round to nearest even. Overflow (a value that
// rounds above the largest finite), inf and NaN:
//   saturate == false: FNUZ -> 0x80 (NaN); E4M3Fn -> S.1111.111 (NaN); E5M2 -> S.11111.00 (inf) for
//                      overflow and inf, a quiet NaN for NaN.
//   saturate == true (the instruction's clamp bit): finite overflow and inf -> +-max finite; NaN
//                      stays NaN.
// Denormal results are produced (never flushed). FNUZ has no -0: a result that rounds to zero is +0.
uint8_t f32_to_fp8(float value, Fp8Format format, bool saturate);
// v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32: stochastic rounding with the seed operand's bits. We add the low
// bits of `random_bits` (as many as the conversion drops) to the dropped bits and round up on carry, so
// the probability of rounding up equals the dropped fraction (verify: which seed bits the hardware
// uses is not documented). Overflow/NaN policy as f32_to_fp8.
uint8_t f32_to_fp8_sr(float value, Fp8Format format, uint32_t random_bits, bool saturate);

// ---- Narrowing an exact value with a stated overflow mode (gfx950 v_cvt_scalef32_* down-conversions,
// v_cvt_sr_*) ----
// `value` is the source element widened exactly to double and divided by the scale (NaN, +-inf allowed).
// Rounding is to nearest even, or stochastic: the fraction below the result's last kept bit, truncated
// to `fraction_bits` bits (source mantissa bits - target mantissa bits), plus the top `fraction_bits`
// bits of `seed`; a carry out of the fraction rounds the magnitude up (AMD's HIP host reference
// amd_hip_ocp_host.hpp `from_float_sr`: "align random value to be one past the kept mant bit").
// Overflow (a rounded magnitude above the largest finite) and +-inf:
//   saturate == false: E4M3Fn -> S.1111.111 (NaN), E5M2 -> S.11111.00 (inf), FNUZ -> 0x80 (NaN),
//                      f16 / bf16 -> +-inf, E2M1 -> +-6, FP6 E2M3 -> +-7.5, E3M2 -> +-28 (no inf or NaN);
//   saturate == true (MODE.FP16_OVFL): +-max finite; f16 / bf16 keep a true inf input as inf.
// NaN -> E4M3Fn S.1111.111, E5M2 S.11111.10, FNUZ 0x80, E2M1 S.111, E2M3 / E3M2 S.11111 (HIP
// amd_hip_ocp_host.hpp `nan`: the MX formats' largest magnitude), f16 / bf16 quiet NaN (sign kept).
// Zero and results that round to zero keep the sign (FNUZ: +0).
enum class NarrowFormat : uint8_t { kE4M3Fnuz, kE5M2Fnuz, kE4M3Fn, kE5M2, kE2M1, kF16, kBf16, kE2M3, kE3M2 };
constexpr NarrowFormat narrow_format(Fp8Format format) {
  switch (format) {
    case Fp8Format::kE4M3Fnuz: return NarrowFormat::kE4M3Fnuz;
    case Fp8Format::kE5M2Fnuz: return NarrowFormat::kE5M2Fnuz;
    case Fp8Format::kE4M3Fn: return NarrowFormat::kE4M3Fn;
    case Fp8Format::kE5M2: return NarrowFormat::kE5M2;
  }
  return NarrowFormat::kE4M3Fn;
}
struct StochasticBits {
  uint32_t seed = 0;
  int fraction_bits = 0;  // 1..32
};
// Mantissa bits of a narrowing target (for StochasticBits::fraction_bits).
int narrow_mantissa_bits(NarrowFormat format);
uint32_t narrow_exact(double value, NarrowFormat format, bool saturate, const StochasticBits* stochastic = nullptr);

// ---- gfx950 FP6 / FP4 (OCP MX element formats; no inf, no NaN) and the E8M0 scale ----
// Codes are the low 6 (or 4) bits of the argument.
float fp6_e2m3_to_f32(uint8_t code);  // bias 1, max 7.5
float fp6_e3m2_to_f32(uint8_t code);  // bias 3, max 28
float fp4_e2m1_to_f32(uint8_t code);  // bias 1, max 6
// RNE, saturating to +-max (the formats have no inf/NaN; NaN input gives +max, as OCP MX leaves it
// implementation-defined (verify against gfx950 v_cvt_scalef32_pk_fp4_f32)).
uint8_t f32_to_fp6_e2m3(float value);
uint8_t f32_to_fp6_e3m2(float value);
uint8_t f32_to_fp4_e2m1(float value);
// 2^(code-127); 0xFF is NaN. Exact for all codes (0 gives 2^-127, an f32 denormal).
float e8m0_to_f32(uint8_t code);

}  // namespace ingot::emu
