// What every VALU family shares: fetching sources through DPP / SDWA / VOP3 input modifiers, and
// writing results under EXEC with output modifiers and sub-dword selects. Handlers compute whole
// 64-lane rows in plain loops the compiler can vectorise; lane masks decide what is written.
#pragma once

#include <cmath>
#include <cstdint>

#include "ingot_emu/number_formats.h"
#include "operands.h"

namespace ingot::emu {

inline const Operand* vsrc(const Inst& inst, int i) {
  return inst.find(i == 0 ? Role::kSrc0 : (i == 1 ? Role::kSrc1 : Role::kSrc2));
}
inline const Operand* vdst(const Inst& inst) { return inst.find(Role::kDst); }

// Lanes a DPP instruction may write: row_mask / bank_mask, and (without bound_ctrl) only lanes whose
// source lane is valid. `source` gets each lane's source lane (or -1 when out of range).
LaneMask dpp_source_lanes(const Wave& wave, const DppControl& dpp, int8_t source[kWaveSize]);

// Source i as 32-bit lanes: register row (or broadcast constant), then DPP (src0) or SDWA select.
// Narrows `mask` for DPP lanes that must not be written.
void fetch_source(const Wave& wave, const Inst& inst, int i, Lanes& out, LaneMask& mask);

// Writes a 32-bit result row to vdst under `mask`, applying SDWA dst_sel / dst_unused.
void write_result(Wave& wave, const Inst& inst, const Lanes& result, LaneMask mask);

// 64-bit sources and results: a register pair, or a 64-bit scalar / constant. A 32-bit literal is
// zero-extended for integer operands and is the high dword of an f64 operand (LLVM AMDGPUOperandSyntax:
// "the literal is the high 32 bits of a 64-bit floating-point value").
void read_lanes64(const Wave& wave, const Operand* op, uint64_t out[kWaveSize], bool f64 = false);
void write_lanes64(Wave& wave, const Operand* op, const uint64_t value[kWaveSize], LaneMask mask);

// ---- floating-point modifiers ----
inline void apply_abs_neg_f32(const Inst& inst, int i, Lanes& x) {
  const uint32_t abs = (inst.mods.abs >> i) & 1 ? 0x7fffffffu : 0xffffffffu;
  const uint32_t neg = (inst.mods.neg >> i) & 1 ? 0x80000000u : 0u;
  for (int l = 0; l < kWaveSize; ++l) x.v[l] = (x.v[l] & abs) ^ neg;
}
// 16-bit source: VOP3 op_sel picks the half, then abs/neg on that half (result in the low 16 bits).
inline void select_half_f16(const Inst& inst, int i, Lanes& x, bool apply_float_mods) {
  const bool high = inst.encoding == Encoding::kVop3 && ((inst.mods.op_sel >> i) & 1);
  const uint32_t abs = apply_float_mods && ((inst.mods.abs >> i) & 1) ? 0x7fffu : 0xffffu;
  const uint32_t neg = apply_float_mods && ((inst.mods.neg >> i) & 1) ? 0x8000u : 0u;
  for (int l = 0; l < kWaveSize; ++l) x.v[l] = (((high ? x.v[l] >> 16 : x.v[l]) & abs) ^ neg) & 0xffff;
}

inline float output_mods_f32(const Inst& inst, float value) {
  switch (inst.mods.omod) {
    case 1: value *= 2.0f; break;
    case 2: value *= 4.0f; break;
    case 3: value *= 0.5f; break;
    default: break;
  }
  if (inst.mods.clamp) value = std::isnan(value) ? 0.0f : std::fmin(std::fmax(value, 0.0f), 1.0f);
  return value;
}

// 16-bit result: the low half unless VOP3 op_sel[3] selects the high half (the other half is kept).
void write_result_16(Wave& wave, const Inst& inst, const Lanes& result16, LaneMask mask);

inline DenormMode denorm_f32(const Wave& wave) { return DenormMode::from_mode_bits((wave.mode >> 4) & 3); }
inline DenormMode denorm_f16(const Wave& wave) { return DenormMode::from_mode_bits((wave.mode >> 6) & 3); }
inline RoundMode round_f32(const Wave& wave) { return static_cast<RoundMode>(wave.mode & 3); }
inline RoundMode round_f16(const Wave& wave) { return static_cast<RoundMode>((wave.mode >> 2) & 3); }
// MODE.FP16_OVFL (bit 23): narrowing conversions to FP8/BF8/FP4/f16/bf16 saturate at the format's
// largest finite value instead of giving inf/NaN (Triton's adjustModeRegister sets it before fp8
// downcasts; the instructions have no clamp bit: LLVM rejects `clamp` on them).
inline bool fp16_overflow_saturates(const Wave& wave) { return (wave.mode >> 23) & 1u; }

// The numerics library's name for the emulated target (FP8 formats, MFMA pass counts).
inline Gfx gfx_of(const Wave& wave) { return wave.launch->target == Target::kGfx950 ? Gfx::k950 : Gfx::k942; }

// The same bit on f16 (and bf16) VALU results: "an overflowed FP16 result is clamped to +/-MAX_FP16,
// regardless of round mode, while still preserving true INF values" (CDNA4 guide, MODE register).
// A true INF is one an operand carried in: an infinity made from finite operands (overflow, and also
// x/0 or log(0), as AMD's rocjitsu measured on RDNA4) becomes the largest finite value of its sign.
// Every f16-result handler funnels its result through here (emu/README.md, "f16 under FP16_OVFL").
constexpr uint32_t kF16Inf = 0x7c00u, kF16Max = 0x7bffu, kBf16Inf = 0x7f80u, kBf16Max = 0x7f7fu;
inline uint32_t saturate_half_overflow(const Wave& wave, uint32_t bits, bool inf_operand, uint32_t inf_bits,
                                       uint32_t max_bits) {
  constexpr uint32_t kSign = 0x8000u;
  if (!fp16_overflow_saturates(wave) || inf_operand || (bits & ~kSign & 0xffffu) != inf_bits) return bits;
  return (bits & kSign) | max_bits;
}
inline uint32_t f16_overflow_mode(const Wave& wave, uint32_t f16, bool inf_operand) {
  return saturate_half_overflow(wave, f16, inf_operand, kF16Inf, kF16Max);
}
inline uint32_t bf16_overflow_mode(const Wave& wave, uint32_t bf16, bool inf_operand) {
  return saturate_half_overflow(wave, bf16, inf_operand, kBf16Inf, kBf16Max);
}
// An f16 result from its value in f32: MODE's f16 round mode, then FP16_OVFL.
inline uint32_t f16_result(const Wave& wave, float value, bool inf_operand) {
  return f16_overflow_mode(wave, f32_to_f16(value, round_f16(wave)), inf_operand);
}

}  // namespace ingot::emu
