// Down-conversions to FP8 / BF8 / FP4 / f16 / bf16 that round once from the exact source value:
// gfx950 v_cvt_scalef32_pk_{fp8,bf8,fp4}_* (round to nearest even) and v_cvt_scalef32_sr_* (stochastic),
// gfx942 + gfx950 v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32, gfx950 v_cvt_sr_f16_f32 / v_cvt_sr_bf16_f32.
// The rounding and overflow rules are numerics' narrow_exact (number_formats.h); the sources for each
// rule are in the fidelity rows of emu/README.md. What this file adds:
//  * Scaled forms divide by 2^(E-127), E = the f32 scale's exponent field (mantissa ignored), E = 0xFF
//    gives NaN (AMD's HIP host reference amd_hip_ocp_host.hpp `from_float`: `srcExp -= scale_exp`;
//    CK mxf8_utils.hpp "If fval / scale > max fp8, returns Nan"; MLIR arith.scaling_truncf).
//  * Overflow saturates only when MODE.FP16_OVFL (MODE bit 23) is set: Triton's adjustModeRegister
//    ("When the bit is 0/1, the conversion from fp32/fp16/bf16 to fp8/bf8 is in non-saturation/
//    saturation mode"); these encodings have no clamp bit (LLVM rejects `clamp`).
//  * Stochastic rounding adds the top (source mantissa bits - target mantissa bits) bits of the seed
//    below the kept mantissa (HIP `from_float_sr`, ROCm rocjitsu data_types.h `seed >> 12` for E4M3).
//  * Selects, from LLVM's lowering of the intrinsics (checked with the pinned LLVM): packed FP8 results
//    go to the word op_sel[3]; single FP8 and FP4-pair results to the byte op_sel[2] | op_sel[3] << 1;
//    f16 / bf16 results to the half op_sel[3]; the rest of the destination is kept. A 16-bit scalar
//    source is the low half of src0.
#include <cmath>
#include <string>

#include "handler_table.h"
#include "valu_common.h"
#include "valu_cvt_scaled.h"

namespace ingot::emu {
namespace {

using u32 = uint32_t;

using Src = ScaledSrc;  // the f32 / f16 / bf16 element being narrowed (valu_cvt_scaled.h)

struct Narrow {
  NarrowFormat format;
  bool saturate;
  bool stochastic;
  Src src;
  u32 convert(double value, u32 seed) const {
    const StochasticBits bits{seed, scaled_src_mantissa_bits(src) - narrow_mantissa_bits(format)};
    return narrow_exact(value, format, saturate, stochastic ? &bits : nullptr);
  }
};

// Replace `width` bits at `shift` of `old` with `value`.
u32 insert(u32 old, u32 value, u32 shift, u32 width) {
  const u32 mask = (width == 32 ? 0xffffffffu : ((1u << width) - 1)) << shift;
  return (old & ~mask) | ((value << shift) & mask);
}

Status unsupported(const Inst& inst, const char* what) {
  return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) + " with " + what + " is not emulated");
}

// What no source settles: op_sel[0..1] (LLVM accepts them but never emits them: it shifts a high half
// into place instead) and abs/neg on a 16-bit or paired source.
Status check_modifiers(const Inst& inst, bool float_source_mods) {
  if ((inst.mods.op_sel & 3u) != 0) return unsupported(inst, "op_sel[0] or op_sel[1] set");
  if (!float_source_mods && (inst.mods.abs != 0 || inst.mods.neg != 0)) {
    return unsupported(inst, "abs/neg on a 16-bit or paired source");
  }
  return Status::ok();
}

NarrowFormat fp8_target(const Wave& wave, bool bf8) { return narrow_format(fp8_format(gfx_of(wave), bf8)); }

// v_cvt_scalef32_pk_{fp8,bf8,fp4}_f32: src0, src1 f32, src2 scale. FP8 pairs fill the word op_sel[3],
// FP4 pairs the byte op_sel[2] | op_sel[3] << 1 (element 0 in the low bits).
template <bool Fp4, bool Bf8>
Status scaled_pair_from_f32(Wave& wave, const Inst& inst) {
  if (Status s = check_modifiers(inst, true); !s) return s;
  Lanes a, b, scale, out;
  read_lanes(wave, vsrc(inst, 0), a);
  read_lanes(wave, vsrc(inst, 1), b);
  apply_abs_neg_f32(inst, 0, a);
  apply_abs_neg_f32(inst, 1, b);
  read_lanes(wave, vsrc(inst, 2), scale);
  read_lanes(wave, vdst(inst), out);
  const NarrowFormat format = Fp4 ? NarrowFormat::kE2M1 : fp8_target(wave, Bf8);
  const Narrow n{format, fp16_overflow_saturates(wave), false, Src::kF32};
  const u32 width = Fp4 ? 4 : 8;
  const u32 shift = Fp4 ? 8 * ((inst.mods.op_sel >> 2) & 3u) : 16 * ((inst.mods.op_sel >> 3) & 1u);
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 lo = n.convert(divide_by_scale(scaled_src_value(Src::kF32, a.v[l]), scale.v[l]), 0);
    const u32 hi = n.convert(divide_by_scale(scaled_src_value(Src::kF32, b.v[l]), scale.v[l]), 0);
    out.v[l] = insert(out.v[l], lo | hi << width, shift, 2 * width);
  }
  write_lanes(wave, vdst(inst), out, wave.exec());
  return Status::ok();
}

// v_cvt_scalef32_pk_{fp8,bf8,fp4}_{f16,bf16}: the packed pair in src0, src1 scale.
template <bool Fp4, bool Bf8, Src S>
Status scaled_pair_from_16(Wave& wave, const Inst& inst) {
  if (Status s = check_modifiers(inst, false); !s) return s;
  Lanes a, scale, out;
  read_lanes(wave, vsrc(inst, 0), a);
  read_lanes(wave, vsrc(inst, 1), scale);
  read_lanes(wave, vdst(inst), out);
  const Narrow n{Fp4 ? NarrowFormat::kE2M1 : fp8_target(wave, Bf8), fp16_overflow_saturates(wave), false, S};
  const u32 width = Fp4 ? 4 : 8;
  const u32 shift = Fp4 ? 8 * ((inst.mods.op_sel >> 2) & 3u) : 16 * ((inst.mods.op_sel >> 3) & 1u);
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 lo = n.convert(divide_by_scale(scaled_src_value(S, a.v[l] & 0xffffu), scale.v[l]), 0);
    const u32 hi = n.convert(divide_by_scale(scaled_src_value(S, a.v[l] >> 16), scale.v[l]), 0);
    out.v[l] = insert(out.v[l], lo | hi << width, shift, 2 * width);
  }
  write_lanes(wave, vdst(inst), out, wave.exec());
  return Status::ok();
}

// v_cvt_scalef32_sr_{fp8,bf8}_{f32,f16,bf16}: src0 element, src1 seed, src2 scale -> the byte
// op_sel[2] | op_sel[3] << 1.
template <bool Bf8, Src S>
Status scaled_sr_f8(Wave& wave, const Inst& inst) {
  if (Status s = check_modifiers(inst, S == Src::kF32); !s) return s;
  Lanes a, seed, scale, out;
  read_lanes(wave, vsrc(inst, 0), a);
  if (S == Src::kF32) apply_abs_neg_f32(inst, 0, a);
  read_lanes(wave, vsrc(inst, 1), seed);
  read_lanes(wave, vsrc(inst, 2), scale);
  read_lanes(wave, vdst(inst), out);
  const Narrow n{fp8_target(wave, Bf8), fp16_overflow_saturates(wave), true, S};
  const u32 shift = 8 * ((inst.mods.op_sel >> 2) & 3u);
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 element = S == Src::kF32 ? a.v[l] : a.v[l] & 0xffffu;
    const u32 code = n.convert(divide_by_scale(scaled_src_value(S, element), scale.v[l]), seed.v[l]);
    out.v[l] = insert(out.v[l], code, shift, 8);
  }
  write_lanes(wave, vdst(inst), out, wave.exec());
  return Status::ok();
}

// v_cvt_scalef32_sr_pk_fp4_{f32,f16,bf16}: a pair (src0: two f32 registers, or two packed halves),
// src1 seed (one seed for both elements), src2 scale -> the byte op_sel[2] | op_sel[3] << 1.
template <Src S>
Status scaled_sr_pk_fp4(Wave& wave, const Inst& inst) {
  Lanes a, b, seed, scale, out;
  read_lanes(wave, vsrc(inst, 0), a);
  if (Status s = check_modifiers(inst, false); !s) return s;
  if constexpr (S == Src::kF32) {
    read_lanes(wave, vsrc(inst, 0), b, 1);
  } else {
    for (int l = 0; l < kWaveSize; ++l) b.v[l] = a.v[l] >> 16, a.v[l] &= 0xffffu;
  }
  read_lanes(wave, vsrc(inst, 1), seed);
  read_lanes(wave, vsrc(inst, 2), scale);
  read_lanes(wave, vdst(inst), out);
  const Narrow n{NarrowFormat::kE2M1, fp16_overflow_saturates(wave), true, S};
  const u32 shift = 8 * ((inst.mods.op_sel >> 2) & 3u);
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 lo = n.convert(divide_by_scale(scaled_src_value(S, a.v[l]), scale.v[l]), seed.v[l]);
    const u32 hi = n.convert(divide_by_scale(scaled_src_value(S, b.v[l]), scale.v[l]), seed.v[l]);
    out.v[l] = insert(out.v[l], lo | hi << 4, shift, 8);
  }
  write_lanes(wave, vdst(inst), out, wave.exec());
  return Status::ok();
}

// v_cvt_sr_{fp8,bf8}_f32 (FNUZ on gfx942, OCP on gfx950): src0 f32, src1 seed -> the byte
// op_sel[2] | op_sel[3] << 1. v_cvt_sr_{f16,bf16}_f32 (gfx950): -> the half op_sel[3].
template <NarrowFormat F>
Status sr_from_f32(Wave& wave, const Inst& inst) {
  if (Status s = check_modifiers(inst, true); !s) return s;
  Lanes a, seed, out;
  read_lanes(wave, vsrc(inst, 0), a);
  apply_abs_neg_f32(inst, 0, a);
  read_lanes(wave, vsrc(inst, 1), seed);
  read_lanes(wave, vdst(inst), out);
  constexpr bool kHalf = F == NarrowFormat::kF16 || F == NarrowFormat::kBf16;
  const NarrowFormat format = kHalf ? F : fp8_target(wave, F == NarrowFormat::kE5M2);
  const Narrow n{format, fp16_overflow_saturates(wave), true, Src::kF32};
  const u32 shift = kHalf ? 16 * ((inst.mods.op_sel >> 3) & 1u) : 8 * ((inst.mods.op_sel >> 2) & 3u);
  for (int l = 0; l < kWaveSize; ++l) {
    out.v[l] = insert(out.v[l], n.convert(scaled_src_value(Src::kF32, a.v[l]), seed.v[l]), shift, kHalf ? 16 : 8);
  }
  write_lanes(wave, vdst(inst), out, wave.exec());
  return Status::ok();
}

}  // namespace

void register_valu_cvt_narrow(HandlerRegistry& r) {
  r.add("v_cvt_scalef32_pk_fp4_f32", scaled_pair_from_f32<true, false>);
  r.add("v_cvt_scalef32_pk_fp4_f16", scaled_pair_from_16<true, false, Src::kF16>);
  r.add("v_cvt_scalef32_pk_fp4_bf16", scaled_pair_from_16<true, false, Src::kBf16>);
  r.add("v_cvt_scalef32_pk_fp8_f32", scaled_pair_from_f32<false, false>);
  r.add("v_cvt_scalef32_pk_bf8_f32", scaled_pair_from_f32<false, true>);
  r.add("v_cvt_scalef32_pk_fp8_f16", scaled_pair_from_16<false, false, Src::kF16>);
  r.add("v_cvt_scalef32_pk_bf8_f16", scaled_pair_from_16<false, true, Src::kF16>);
  r.add("v_cvt_scalef32_pk_fp8_bf16", scaled_pair_from_16<false, false, Src::kBf16>);
  r.add("v_cvt_scalef32_pk_bf8_bf16", scaled_pair_from_16<false, true, Src::kBf16>);
  r.add("v_cvt_scalef32_sr_fp8_f32", scaled_sr_f8<false, Src::kF32>);
  r.add("v_cvt_scalef32_sr_bf8_f32", scaled_sr_f8<true, Src::kF32>);
  r.add("v_cvt_scalef32_sr_fp8_f16", scaled_sr_f8<false, Src::kF16>);
  r.add("v_cvt_scalef32_sr_bf8_f16", scaled_sr_f8<true, Src::kF16>);
  r.add("v_cvt_scalef32_sr_fp8_bf16", scaled_sr_f8<false, Src::kBf16>);
  r.add("v_cvt_scalef32_sr_bf8_bf16", scaled_sr_f8<true, Src::kBf16>);
  r.add("v_cvt_scalef32_sr_pk_fp4_f32", scaled_sr_pk_fp4<Src::kF32>);
  r.add("v_cvt_scalef32_sr_pk_fp4_f16", scaled_sr_pk_fp4<Src::kF16>);
  r.add("v_cvt_scalef32_sr_pk_fp4_bf16", scaled_sr_pk_fp4<Src::kBf16>);
  r.add("v_cvt_sr_fp8_f32", sr_from_f32<NarrowFormat::kE4M3Fn>);
  r.add("v_cvt_sr_bf8_f32", sr_from_f32<NarrowFormat::kE5M2>);
  r.add("v_cvt_sr_f16_f32", sr_from_f32<NarrowFormat::kF16>);
  r.add("v_cvt_sr_bf16_f32", sr_from_f32<NarrowFormat::kBf16>);
}

}  // namespace ingot::emu
