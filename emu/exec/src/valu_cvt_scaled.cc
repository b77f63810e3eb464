// gfx950 v_cvt_scalef32_* up-conversions: FP8 / BF8 (OCP) and FP4 (E2M1) elements to f32, f16 or
// bf16, multiplied by a power-of-two scale taken from an f32 operand. The down-conversions (scaled
// and stochastic) are in valu_cvt_narrow.cc, the 32-element FP6 / BF6 forms in valu_cvt_fp6.cc.
//
// Sources for the semantics:
//  * The scale is "the exponent part of scale" (MLIR ROCDL dialect docs of the rocdl.cvt.scale*
//    conversions): 2^(E - 127) for the f32's exponent field E, mantissa ignored. E = 0xFF gives NaN
//    and an overflowing result inf, as AMD's HIP host reference of these builtins does
//    (amd_hip_ocp_host.hpp `to_float`: "Overflow: return infinity (gfx950 HW behavior)").
//  * Up-conversion multiplies (MLIR arith.scaling_extf, "extf(in) * 2^scale", lowers to
//    amdgpu.scaled_ext_packed -> rocdl.cvt.scalef32.pk.*; CK's cast_to_f32_from_f8_scaled).
//  * Selects, from LLVM's lowering of the llvm.amdgcn.cvt.scalef32.* intrinsics (checked with the
//    pinned LLVM): the source byte index (f32_fp8, f16_fp8 and the FP4 pairs) is op_sel[0] | op_sel[1]
//    << 1; the source word of the packed FP8 forms is op_sel[0]; the f16_fp8 destination half is
//    op_sel[3] (the other half is kept). FP4 pairs: the low nibble is the first element.
// The product is exact in double; f32 results round once (RNE, IEEE overflow to inf), f16 / bf16
// results round once from that f32 (the product has at most 4 significant bits, so the f32 is exact
// unless it leaves f32 range).

#include "valu_cvt_scaled.h"

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {

float scale_up(double element, uint32_t scale_bits) {
  const double factor = e8m0_to_f32(static_cast<uint8_t>((scale_bits >> 23) & 0xff));
  return static_cast<float>(element * factor);
}

uint32_t round_scaled(ScaledDst dst, float value) {
  switch (dst) {
    case ScaledDst::kF32: return f32_bits(value);
    case ScaledDst::kF16: return f32_to_f16(value, RoundMode::kNearestEven);
    case ScaledDst::kBf16: return f32_to_bf16(value, RoundMode::kNearestEven);
  }
  return 0;
}

namespace {

using u32 = uint32_t;
using Dst = ScaledDst;

enum class Src : uint8_t { kFp8, kBf8, kFp4 };

double element_value(Src src, u32 code) {
  switch (src) {
    case Src::kFp8: return fp8_to_f32(static_cast<uint8_t>(code), Fp8Format::kE4M3Fn);
    case Src::kBf8: return fp8_to_f32(static_cast<uint8_t>(code), Fp8Format::kE5M2);
    case Src::kFp4: return fp4_e2m1_to_f32(static_cast<uint8_t>(code & 0xf));
  }
  return 0;
}


// Count elements (1 or 2) converted from the selected byte (or, for packed FP8, word) of src0.
template <Src S, Dst D, int Count>
Status cvt_scaled(Wave& wave, const Inst& inst) {
  const LaneMask mask = wave.exec();
  Lanes s, scale;
  read_lanes(wave, vsrc(inst, 0), s);
  read_lanes(wave, vsrc(inst, 1), scale);
  const u32 op_sel = inst.mods.op_sel;
  const bool word_select = S != Src::kFp4 && Count == 2;
  const u32 shift = word_select ? 16 * (op_sel & 1u) : 8 * (op_sel & 3u);
  const u32 element_bits = S == Src::kFp4 ? 4 : 8;
  Lanes out[2];
  for (int l = 0; l < kWaveSize; ++l) {
    for (int e = 0; e < Count; ++e) {
      const u32 code = (s.v[l] >> (shift + element_bits * static_cast<u32>(e))) & ((1u << element_bits) - 1);
      out[e].v[l] = round_scaled(D, scale_up(element_value(S, code), scale.v[l]));
    }
  }
  const Operand* dst = vdst(inst);
  if constexpr (D == Dst::kF32) {
    for (int e = 0; e < Count; ++e) write_lanes(wave, dst, out[e], mask, e);
  } else if constexpr (Count == 2) {
    for (int l = 0; l < kWaveSize; ++l) out[0].v[l] |= out[1].v[l] << 16;
    write_lanes(wave, dst, out[0], mask);
  } else {
    // One f16 into the half op_sel[3] names; the other half of the destination is kept.
    Lanes old;
    read_lanes(wave, dst, old);
    const bool high = (op_sel >> 3) & 1u;
    for (int l = 0; l < kWaveSize; ++l) {
      out[0].v[l] = high ? (old.v[l] & 0xffffu) | (out[0].v[l] << 16) : (old.v[l] & 0xffff0000u) | out[0].v[l];
    }
    write_lanes(wave, dst, out[0], mask);
  }
  return Status::ok();
}

}  // namespace

// The down-conversions (valu_cvt_narrow.cc) and the 32-element FP6 / BF6 forms (valu_cvt_fp6.cc)
// register through this room's entry point.
void register_valu_cvt_narrow(HandlerRegistry& r);
void register_valu_cvt_fp6(HandlerRegistry& r);

void register_valu_cvt_scaled(HandlerRegistry& r) {
  register_valu_cvt_narrow(r);
  register_valu_cvt_fp6(r);
  r.add("v_cvt_scalef32_f32_fp8", cvt_scaled<Src::kFp8, Dst::kF32, 1>);
  r.add("v_cvt_scalef32_f32_bf8", cvt_scaled<Src::kBf8, Dst::kF32, 1>);
  r.add("v_cvt_scalef32_pk_f32_fp8", cvt_scaled<Src::kFp8, Dst::kF32, 2>);
  r.add("v_cvt_scalef32_pk_f32_bf8", cvt_scaled<Src::kBf8, Dst::kF32, 2>);
  r.add("v_cvt_scalef32_pk_f32_fp4", cvt_scaled<Src::kFp4, Dst::kF32, 2>);
  r.add("v_cvt_scalef32_f16_fp8", cvt_scaled<Src::kFp8, Dst::kF16, 1>);
  r.add("v_cvt_scalef32_f16_bf8", cvt_scaled<Src::kBf8, Dst::kF16, 1>);
  r.add("v_cvt_scalef32_pk_f16_fp8", cvt_scaled<Src::kFp8, Dst::kF16, 2>);
  r.add("v_cvt_scalef32_pk_f16_bf8", cvt_scaled<Src::kBf8, Dst::kF16, 2>);
  r.add("v_cvt_scalef32_pk_f16_fp4", cvt_scaled<Src::kFp4, Dst::kF16, 2>);
  r.add("v_cvt_scalef32_pk_bf16_fp8", cvt_scaled<Src::kFp8, Dst::kBf16, 2>);
  r.add("v_cvt_scalef32_pk_bf16_bf8", cvt_scaled<Src::kBf8, Dst::kBf16, 2>);
  r.add("v_cvt_scalef32_pk_bf16_fp4", cvt_scaled<Src::kFp4, Dst::kBf16, 2>);
}

}  // namespace ingot::emu
