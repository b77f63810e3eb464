// Dot products (VOP3P v_dot*, VOP2 v_dot*c accumulating into D) and the mixed-precision v_fma_mix*.
// Integer dots are exact (wrapping, or saturating with clamp). Float dots: products and sum in f64,
// rounded once to f32 (the ISA guides give no intermediate rounding; see emu/README.md).
#include <algorithm>
#include <cmath>
#include <string>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

using u32 = uint32_t;
using i64 = int64_t;

// Sources 0, 1 (and 2 unless the op accumulates into D, the VOP2 "c" forms).
LaneMask fetch_dot_sources(const Wave& wave, const Inst& inst, Lanes (&s)[3]) {
  LaneMask mask = wave.exec();
  fetch_source(wave, inst, 0, s[0], mask);
  fetch_source(wave, inst, 1, s[1], mask);
  if (vsrc(inst, 2) != nullptr) {
    fetch_source(wave, inst, 2, s[2], mask);
  } else {
    read_lanes(wave, vdst(inst), s[2]);
  }
  return mask;
}

// Element e of a packed source: VOP3P op_sel (e = 0) / op_sel_hi (e = 1) pick its half; other encodings
// read halves in order.
u32 half_of(const Inst& inst, int source, int e, u32 value) {
  bool high = e == 1;
  if (inst.encoding == Encoding::kVop3p) {
    high = (((e == 0 ? inst.mods.op_sel : inst.mods.op_sel_hi) >> source) & 1) != 0;
  }
  return high ? value >> 16 : value & 0xffff;
}

// Integer dot of N-bit elements (N = 16, 8, 4) of S0 and S1 plus S2.
template <int Bits, bool Signed>
Status int_dot(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_dot_sources(wave, inst, s);
  constexpr int kCount = 32 / Bits;
  constexpr u32 kElement = (1u << Bits) - 1;
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    i64 sum = Signed ? i64{static_cast<int32_t>(s[2].v[l])} : i64{s[2].v[l]};
    for (int e = 0; e < kCount; ++e) {
      u32 a = (s[0].v[l] >> (Bits * e)) & kElement, b = (s[1].v[l] >> (Bits * e)) & kElement;
      if (Bits == 16) {
        a = half_of(inst, 0, e, s[0].v[l]);
        b = half_of(inst, 1, e, s[1].v[l]);
      }
      if (Signed) {
        const i64 sa = (i64{a} ^ (i64{1} << (Bits - 1))) - (i64{1} << (Bits - 1));  // sign-extend
        const i64 sb = (i64{b} ^ (i64{1} << (Bits - 1))) - (i64{1} << (Bits - 1));
        sum += sa * sb;
      } else {
        sum += i64{a} * i64{b};
      }
    }
    if (inst.mods.clamp) {
      sum = Signed ? std::clamp<i64>(sum, INT32_MIN, INT32_MAX) : std::clamp<i64>(sum, 0, UINT32_MAX);
    }
    d.v[l] = static_cast<u32>(sum);
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// v_dot2_f32_f16 / _bf16 (and the VOP2 c forms): S0.e0*S1.e0 + S0.e1*S1.e1 + S2.f32, neg_lo / neg_hi
// negating each element (neg bit 2 negates S2).
template <bool Bf16>
Status float_dot2(Wave& wave, const Inst& inst) {
  // VOP2 / VOP3 / DPP abs and neg on a packed source: whether they act on each half or on the dword is
  // not documented, so such forms are refused rather than guessed.
  if (inst.encoding != Encoding::kVop3p && ((inst.mods.abs | inst.mods.neg) & 3) != 0) {
    return Status(StatusCode::kUnsupported,
                  std::string(op_mnemonic(inst.op)) + " with abs/neg on a packed source is not emulated");
  }
  Lanes s[3];
  const LaneMask mask = fetch_dot_sources(wave, inst, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    double sum = as_f32(s[2].v[l]);
    if ((inst.mods.neg >> 2) & 1) sum = -sum;
    for (int e = 0; e < 2; ++e) {
      double product = 1.0;
      for (int i = 0; i < 2; ++i) {
        const uint16_t h = static_cast<uint16_t>(half_of(inst, i, e, s[i].v[l]));
        double x = Bf16 ? bf16_to_f32(h) : f16_to_f32(h);
        if (inst.encoding == Encoding::kVop3p && (((e == 0 ? inst.mods.neg : inst.mods.neg_hi) >> i) & 1)) x = -x;
        product *= x;
      }
      sum += product;
    }
    d.v[l] = f32_bits(output_mods_f32(inst, static_cast<float>(sum)));  // omod (VOP3), then clamp
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// a*b + c for f32 inputs, as an f32 rounded to odd: rounding that to f16 (any mode) equals rounding the
// exact value once, since f32 keeps more than two bits beyond f16's. The product is exact in f64 and
// TwoSum gives the sum's rounding error, so nothing is rounded before that. Clamp acts on the exact value.
float fma_round_odd(float a, float b, float c, bool clamp) {
  const double p = static_cast<double>(a) * static_cast<double>(b);
  double s = p + static_cast<double>(c);
  double e = 0.0;
  if (std::isfinite(s)) {
    const double bb = s - p;
    e = (p - (s - bb)) + (static_cast<double>(c) - bb);
  }
  if (clamp) {
    if (std::isnan(s) || s < 0.0 || (s == 0.0 && e < 0.0)) return 0.0f;
    if (s > 1.0 || (s == 1.0 && e > 0.0)) return 1.0f;
  }
  float t = static_cast<float>(s);
  if (std::fabs(static_cast<double>(t)) > std::fabs(s)) t = std::nextafter(t, 0.0f);  // truncate s
  const bool inexact = static_cast<double>(t) != s || e != 0.0;
  if (static_cast<double>(t) == s && e != 0.0 && (e < 0.0) != (s < 0.0)) t = std::nextafter(t, 0.0f);
  return inexact ? as_f32(f32_bits(t) | 1u) : t;
}

// v_fma_mix*: source i is f16 (the half op_sel[i] picks) when op_sel_hi[i] is set, else f32; neg_hi
// holds abs. mix_f32 is one f32 fma; mixlo / mixhi round a*b+c once to f16 and write the low / high half
// of D, keeping the other.
enum class MixOut { kF32, kLo, kHi };

template <MixOut Out>
Status fma_mix(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s[3];
  for (int i = 0; i < 3; ++i) fetch_source(wave, inst, i, s[i], mask);
  Lanes old;
  read_lanes(wave, vdst(inst), old);
  const RoundMode round = round_f16(wave);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    float x[3];
    for (int i = 0; i < 3; ++i) {
      const u32 v = s[i].v[l];
      const bool f16 = (inst.mods.op_sel_hi >> i) & 1;
      x[i] = f16 ? f16_to_f32(static_cast<uint16_t>(((inst.mods.op_sel >> i) & 1) ? v >> 16 : v)) : as_f32(v);
      if ((inst.mods.neg_hi >> i) & 1) x[i] = std::fabs(x[i]);
      if ((inst.mods.neg >> i) & 1) x[i] = -x[i];
    }
    if constexpr (Out == MixOut::kF32) {
      float r = std::fma(x[0], x[1], x[2]);
      if (inst.mods.clamp) r = std::isnan(r) ? 0.0f : std::clamp(r, 0.0f, 1.0f);
      d.v[l] = f32_bits(r);
    } else {
      const bool inf_operand = std::isinf(x[0]) || std::isinf(x[1]) || std::isinf(x[2]);
      const u32 h = f16_overflow_mode(wave, f32_to_f16(fma_round_odd(x[0], x[1], x[2], inst.mods.clamp), round),
                                      inf_operand);
      d.v[l] = Out == MixOut::kLo ? (old.v[l] & 0xffff0000u) | h : (old.v[l] & 0xffffu) | (h << 16);
    }
  }
  write_lanes(wave, vdst(inst), d, mask);
  return Status::ok();
}

}  // namespace

void register_valu_dot(HandlerRegistry& r) {
  r.add("v_dot2_i32_i16", int_dot<16, true>);
  r.add("v_dot2_u32_u16", int_dot<16, false>);
  r.add("v_dot4_i32_i8", int_dot<8, true>);
  r.add("v_dot4_u32_u8", int_dot<8, false>);
  r.add("v_dot8_i32_i4", int_dot<4, true>);
  r.add("v_dot8_u32_u4", int_dot<4, false>);
  r.add("v_dot2c_i32_i16", int_dot<16, true>);
  r.add("v_dot4c_i32_i8", int_dot<8, true>);
  r.add("v_dot8c_i32_i4", int_dot<4, true>);
  r.add("v_dot2_f32_f16", float_dot2<false>);
  r.add("v_dot2c_f32_f16", float_dot2<false>);
  r.add("v_dot2_f32_bf16", float_dot2<true>);
  r.add("v_dot2c_f32_bf16", float_dot2<true>);
  r.add("v_fma_mix_f32", fma_mix<MixOut::kF32>);
  r.add("v_fma_mixlo_f16", fma_mix<MixOut::kLo>);
  r.add("v_fma_mixhi_f16", fma_mix<MixOut::kHi>);
}

}  // namespace ingot::emu
