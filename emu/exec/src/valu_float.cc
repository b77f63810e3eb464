// Floating-point VALU: f32, f16, packed f16 and packed f32 (VOP1/VOP2/VOP3/VOP3P), transcendentals
// via the numerics room. f16 math is done in f32/f64 and rounded once to f16 by f16_result (MODE's f16
// round mode, then MODE.FP16_OVFL).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "handler_table.h"
#include "ingot_emu/transcendental.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

// Sources for an op with N inputs; v_mac / v_fmac read their destination as the third input.
template <int N>
LaneMask fetch_f32_sources(const Wave& wave, const Inst& inst, Lanes (&s)[3]) {
  LaneMask mask = wave.exec();
  for (int i = 0; i < N; ++i) {
    if (i == 2 && vsrc(inst, 2) == nullptr) {
      read_lanes(wave, vdst(inst), s[2]);
    } else {
      fetch_source(wave, inst, i, s[i], mask);
    }
    apply_abs_neg_f32(inst, i, s[i]);
  }
  return mask;
}

template <auto F, int N>
Status f32_op(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_f32_sources<N>(wave, inst, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const float r = F(as_f32(s[0].v[l]), as_f32(s[1].v[l]), as_f32(s[2].v[l]));
    d.v[l] = f32_bits(output_mods_f32(inst, r));
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// Unary f32 ops whose result depends on MODE's denormal setting (the numerics room's functions).
template <float (*F)(float, DenormMode)>
Status f32_trans(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_f32_sources<1>(wave, inst, s);
  const DenormMode denorm = denorm_f32(wave);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = f32_bits(output_mods_f32(inst, F(as_f32(s[0].v[l]), denorm)));
  write_result(wave, inst, d, mask);
  return Status::ok();
}

template <auto F, int N>
Status f16_op(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s[3];
  for (int i = 0; i < N; ++i) {
    if (i == 2 && vsrc(inst, 2) == nullptr) {
      read_lanes(wave, vdst(inst), s[2]);
    } else {
      fetch_source(wave, inst, i, s[i], mask);
    }
    select_half_f16(inst, i, s[i], true);
  }
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    float x[3] = {0.0f, 0.0f, 0.0f};
    bool inf_operand = false;
    for (int i = 0; i < N; ++i) {
      x[i] = f16_to_f32(uint16_t(s[i].v[l]));
      inf_operand |= std::isinf(x[i]);
    }
    d.v[l] = f16_result(wave, output_mods_f32(inst, F(x[0], x[1], x[2])), inf_operand);
  }
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

template <uint16_t (*F)(uint16_t, DenormMode)>
Status f16_trans(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  select_half_f16(inst, 0, s, true);
  const DenormMode denorm = denorm_f16(wave);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    d.v[l] = f16_overflow_mode(wave, F(uint16_t(s.v[l]), denorm), (s.v[l] & 0x7fffu) == kF16Inf);
  }
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

// VOP3P packed 16-bit: for the low result, op_sel bit i picks source i's half; for the high result,
// op_sel_hi. neg / neg_hi negate (float forms only).
uint32_t pk_half(uint32_t value, bool high) { return high ? value >> 16 : value & 0xffff; }

// v_pk_fmac_f16 (VOP2) reads its destination as the third source and, having no op_sel fields, takes
// each result half from the same half of every source.
template <auto F, int N, bool Float>
Status pk16_op(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s[3];
  for (int i = 0; i < N; ++i) {
    if (i == 2 && vsrc(inst, 2) == nullptr) {
      read_lanes(wave, vdst(inst), s[2]);
    } else {
      fetch_source(wave, inst, i, s[i], mask);
    }
  }
  const bool vop3p = inst.encoding == Encoding::kVop3p;
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    uint32_t out = 0;
    for (int h = 0; h < 2; ++h) {
      const uint8_t sel = h == 0 ? (vop3p ? inst.mods.op_sel : 0) : (vop3p ? inst.mods.op_sel_hi : 7);
      const uint8_t neg = h == 0 ? inst.mods.neg : inst.mods.neg_hi;
      uint32_t x[3];
      bool inf_operand = false;
      for (int i = 0; i < 3; ++i) {
        x[i] = i < N ? pk_half(s[i].v[l], (sel >> i) & 1) : 0;
        if (Float && ((neg >> i) & 1)) x[i] ^= 0x8000u;
        inf_operand |= (x[i] & 0x7fffu) == kF16Inf;
      }
      uint32_t r;
      if constexpr (Float) {
        float value = F(f16_to_f32(uint16_t(x[0])), f16_to_f32(uint16_t(x[1])), f16_to_f32(uint16_t(x[2])));
        if (inst.mods.clamp) value = std::isnan(value) ? 0.0f : std::clamp(value, 0.0f, 1.0f);
        r = f16_result(wave, value, inf_operand);
      } else {
        r = F(x[0], x[1], x[2]) & 0xffff;
      }
      out |= r << (16 * h);
    }
    d.v[l] = out;
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// gfx940+ packed f32 (v_pk_fma_f32 ...): sources are VGPR pairs; op_sel / op_sel_hi pick the dword.
template <auto F, int N>
Status pk_f32_op(Wave& wave, const Inst& inst) {
  const LaneMask mask = wave.exec();
  Lanes s[3][2];
  for (int i = 0; i < N; ++i) {
    read_lanes(wave, vsrc(inst, i), s[i][0], 0);
    const Operand* op = vsrc(inst, i);
    const bool pair = op && (op->kind == OperandKind::kVgpr || op->kind == OperandKind::kAgpr ||
                             (op->kind == OperandKind::kScalar && op->dwords >= 2));
    read_lanes(wave, op, s[i][1], pair ? 1 : 0);
  }
  Lanes d[2];
  for (int h = 0; h < 2; ++h) {
    const uint8_t sel = h == 0 ? inst.mods.op_sel : inst.mods.op_sel_hi;
    const uint8_t neg = h == 0 ? inst.mods.neg : inst.mods.neg_hi;
    for (int l = 0; l < kWaveSize; ++l) {
      float x[3] = {0, 0, 0};
      for (int i = 0; i < N; ++i) {
        x[i] = as_f32(s[i][(sel >> i) & 1].v[l] ^ (((neg >> i) & 1) ? 0x80000000u : 0u));
      }
      float r = F(x[0], x[1], x[2]);
      if (inst.mods.clamp) r = std::isnan(r) ? 0.0f : std::clamp(r, 0.0f, 1.0f);
      d[h].v[l] = f32_bits(r);
    }
  }
  write_lanes(wave, vdst(inst), d[0], mask, 0);
  write_lanes(wave, vdst(inst), d[1], mask, 1);
  return Status::ok();
}

float fmaf_exact(float a, float b, float c) { return std::fma(a, b, c); }
float med3(float a, float b, float c) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(c)) return std::fmin(std::fmin(a, b), c);
  return std::max(std::min(a, b), std::min(std::max(a, b), c));
}
// fract: inf gives NaN, NaN stays NaN (std::fmin would drop it).
float fract(float a) {
  if (std::isnan(a)) return a;
  if (std::isinf(a)) return std::numeric_limits<float>::quiet_NaN();
  return std::fmin(a - std::floor(a), 0x1.fffffep-1f);
}
// v_sin / v_cos take revolutions: sin(2*pi*x).
float sin_rev(float a) { return static_cast<float>(std::sin(2.0 * std::numbers::pi * static_cast<double>(a))); }
float cos_rev(float a) { return static_cast<float>(std::cos(2.0 * std::numbers::pi * static_cast<double>(a))); }
// Single-rounding f16 fma: the exact f16 product fits in an f32; the add is done in f64.
float fma16(float a, float b, float c) {
  return static_cast<float>(static_cast<double>(a) * static_cast<double>(b) + static_cast<double>(c));
}

// v_fmamk_f32: D = S0 * K + S1; v_fmaak_f32: D = S0 * S1 + K (K: the instruction's 32-bit constant).
template <bool KIsAddend>
Status fma_k(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_f32_sources<2>(wave, inst, s);
  const Operand* k_op = inst.find(Role::kConstK);
  const float k = as_f32(k_op ? static_cast<uint32_t>(k_op->value) : 0u);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const float a = as_f32(s[0].v[l]), b = as_f32(s[1].v[l]);
    d.v[l] = f32_bits(KIsAddend ? std::fma(a, b, k) : std::fma(a, k, b));
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// v_ldexp_f32 / v_frexp_*: S1 (ldexp) is a signed 32-bit exponent. frexp: mantissa in [0.5, 1) and the
// matching exponent; inf / NaN give the input back (mantissa) or 0 (exponent).
Status ldexp_f32(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes a, e;
  fetch_source(wave, inst, 0, a, mask);
  fetch_source(wave, inst, 1, e, mask);
  apply_abs_neg_f32(inst, 0, a);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    d.v[l] = f32_bits(output_mods_f32(inst, std::ldexp(as_f32(a.v[l]), static_cast<int32_t>(e.v[l]))));
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

float frexp_mant(float a) {
  if (!std::isfinite(a)) return a;
  int exp = 0;
  return std::frexp(a, &exp);
}
uint32_t frexp_exp(float a) {
  int exp = 0;
  if (std::isfinite(a)) std::frexp(a, &exp);
  return static_cast<uint32_t>(exp);
}

Status frexp_exp_f32(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_f32_sources<1>(wave, inst, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = frexp_exp(as_f32(s[0].v[l]));
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// f16 forms: v_ldexp_f16 (S1: a signed 16-bit exponent, clamped to +-64 first so that the f32
// intermediate stays exact: beyond that every f16 result is already 0 or inf) and v_frexp_exp_i16_f16.
Status ldexp_f16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes a, e;
  fetch_source(wave, inst, 0, a, mask);
  fetch_source(wave, inst, 1, e, mask);
  select_half_f16(inst, 0, a, true);
  select_half_f16(inst, 1, e, false);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const int exp = std::clamp(static_cast<int>(static_cast<int16_t>(e.v[l])), -64, 64);
    const float x = f16_to_f32(uint16_t(a.v[l]));
    d.v[l] = f16_result(wave, output_mods_f32(inst, std::ldexp(x, exp)), std::isinf(x));
  }
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

Status frexp_exp_f16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes a;
  fetch_source(wave, inst, 0, a, mask);
  select_half_f16(inst, 0, a, true);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = frexp_exp(f16_to_f32(uint16_t(a.v[l]))) & 0xffffu;
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

// IEEE 754-2019 minimum / maximum (gfx950 v_minimum3_f32 / v_maximum3_f32, LLVM's fminimum /
// fmaximum): a NaN operand gives NaN, and -0 orders below +0.
float minimum(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
float maximum(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

}  // namespace

void register_valu_float(HandlerRegistry& r) {
  // ---- f32 ----
  r.add("v_add_f32", f32_op<([](float a, float b, float) { return a + b; }), 2>);
  r.add("v_sub_f32", f32_op<([](float a, float b, float) { return a - b; }), 2>);
  r.add("v_subrev_f32", f32_op<([](float a, float b, float) { return b - a; }), 2>);
  r.add("v_mul_f32", f32_op<([](float a, float b, float) { return a * b; }), 2>);
  r.add("v_mul_legacy_f32", f32_op<([](float a, float b, float) { return (a == 0.0f || b == 0.0f) ? 0.0f : a * b; }), 2>);
  r.add("v_min_f32", f32_op<([](float a, float b, float) { return std::fmin(a, b); }), 2>);
  r.add("v_max_f32", f32_op<([](float a, float b, float) { return std::fmax(a, b); }), 2>);
  r.add("v_mac_f32", f32_op<([](float a, float b, float c) { return a * b + c; }), 3>);
  r.add("v_mad_f32", f32_op<([](float a, float b, float c) { return a * b + c; }), 3>);
  r.add("v_fmac_f32", f32_op<fmaf_exact, 3>);
  r.add("v_fma_f32", f32_op<fmaf_exact, 3>);
  r.add("v_min3_f32", f32_op<([](float a, float b, float c) { return std::fmin(std::fmin(a, b), c); }), 3>);
  r.add("v_max3_f32", f32_op<([](float a, float b, float c) { return std::fmax(std::fmax(a, b), c); }), 3>);
  r.add("v_med3_f32", f32_op<med3, 3>);
  r.add("v_floor_f32", f32_op<([](float a, float, float) { return std::floor(a); }), 1>);
  r.add("v_ceil_f32", f32_op<([](float a, float, float) { return std::ceil(a); }), 1>);
  r.add("v_trunc_f32", f32_op<([](float a, float, float) { return std::trunc(a); }), 1>);
  r.add("v_rndne_f32", f32_op<([](float a, float, float) { return std::nearbyint(a); }), 1>);
  r.add("v_fract_f32", f32_op<([](float a, float, float) { return fract(a); }), 1>);
  r.add("v_sin_f32", f32_op<([](float a, float, float) { return sin_rev(a); }), 1>);
  r.add("v_cos_f32", f32_op<([](float a, float, float) { return cos_rev(a); }), 1>);
  r.add("v_exp_f32", f32_trans<v_exp_f32>);
  r.add("v_log_f32", f32_trans<v_log_f32>);
  // The legacy forms: the same specials and (unquantified) accuracy class as v_exp/v_log_f32 (CLRX's GCN notes,
  // gem5's pow/log2 description); see the README row "v_exp/log_legacy_f32".
  r.add("v_exp_legacy_f32", f32_trans<v_exp_f32>);
  r.add("v_log_legacy_f32", f32_trans<v_log_f32>);
  r.add("v_rcp_f32", f32_trans<v_rcp_f32>);
  r.add("v_rcp_iflag_f32", f32_trans<v_rcp_f32>);
  r.add("v_rsq_f32", f32_trans<v_rsq_f32>);
  r.add("v_sqrt_f32", f32_trans<v_sqrt_f32>);
  r.add("v_fmamk_f32", fma_k<false>);
  r.add("v_fmaak_f32", fma_k<true>);
  r.add("v_ldexp_f32", ldexp_f32);
  r.add("v_frexp_mant_f32", f32_op<([](float a, float, float) { return frexp_mant(a); }), 1>);
  r.add("v_frexp_exp_i32_f32", frexp_exp_f32);
  r.add("v_minimum3_f32", f32_op<([](float a, float b, float c) { return minimum(minimum(a, b), c); }), 3>);
  r.add("v_maximum3_f32", f32_op<([](float a, float b, float c) { return maximum(maximum(a, b), c); }), 3>);
  // ---- f16 ----
  r.add("v_add_f16", f16_op<([](float a, float b, float) { return a + b; }), 2>);
  r.add("v_sub_f16", f16_op<([](float a, float b, float) { return a - b; }), 2>);
  r.add("v_subrev_f16", f16_op<([](float a, float b, float) { return b - a; }), 2>);
  r.add("v_mul_f16", f16_op<([](float a, float b, float) { return a * b; }), 2>);
  r.add("v_min_f16", f16_op<([](float a, float b, float) { return std::fmin(a, b); }), 2>);
  r.add("v_max_f16", f16_op<([](float a, float b, float) { return std::fmax(a, b); }), 2>);
  r.add("v_fma_f16", f16_op<fma16, 3>);
  r.add("v_fmac_f16", f16_op<fma16, 3>);
  r.add("v_mac_f16", f16_op<fma16, 3>);
  r.add("v_mad_f16", f16_op<fma16, 3>);
  // The legacy forms differ only in zeroing the high half, which write_result_16 already does.
  r.add("v_mad_legacy_f16", f16_op<fma16, 3>);
  r.add("v_fma_legacy_f16", f16_op<fma16, 3>);
  r.add("v_exp_f16", f16_trans<v_exp_f16>);
  r.add("v_log_f16", f16_trans<v_log_f16>);
  r.add("v_rcp_f16", f16_trans<v_rcp_f16>);
  r.add("v_sin_f16", f16_op<([](float a, float, float) { return sin_rev(a); }), 1>);
  r.add("v_cos_f16", f16_op<([](float a, float, float) { return cos_rev(a); }), 1>);
  r.add("v_rsq_f16", f16_trans<v_rsq_f16>);
  r.add("v_sqrt_f16", f16_trans<v_sqrt_f16>);
  r.add("v_floor_f16", f16_op<([](float a, float, float) { return std::floor(a); }), 1>);
  r.add("v_ceil_f16", f16_op<([](float a, float, float) { return std::ceil(a); }), 1>);
  r.add("v_trunc_f16", f16_op<([](float a, float, float) { return std::trunc(a); }), 1>);
  r.add("v_rndne_f16", f16_op<([](float a, float, float) { return std::nearbyint(a); }), 1>);
  // The largest f16 below 1 (0x3bff) caps fract, as 0x1.fffffep-1 does for f32.
  r.add("v_fract_f16", f16_op<([](float a, float, float) {
          return std::isnan(a) || std::isinf(a) ? std::numeric_limits<float>::quiet_NaN()
                                                : std::fmin(a - std::floor(a), 0x1.ffcp-1f); }), 1>);
  r.add("v_frexp_mant_f16", f16_op<([](float a, float, float) { return frexp_mant(a); }), 1>);
  r.add("v_frexp_exp_i16_f16", frexp_exp_f16);
  r.add("v_ldexp_f16", ldexp_f16);
  r.add("v_min3_f16", f16_op<([](float a, float b, float c) { return std::fmin(std::fmin(a, b), c); }), 3>);
  r.add("v_max3_f16", f16_op<([](float a, float b, float c) { return std::fmax(std::fmax(a, b), c); }), 3>);
  r.add("v_med3_f16", f16_op<med3, 3>);
  // ---- packed f16 / i16 ----
  r.add("v_pk_add_f16", pk16_op<([](float a, float b, float) { return a + b; }), 2, true>);
  r.add("v_pk_mul_f16", pk16_op<([](float a, float b, float) { return a * b; }), 2, true>);
  r.add("v_pk_fma_f16", pk16_op<fma16, 3, true>);
  r.add("v_pk_fmac_f16", pk16_op<fma16, 3, true>);
  r.add("v_pk_min_f16", pk16_op<([](float a, float b, float) { return std::fmin(a, b); }), 2, true>);
  r.add("v_pk_max_f16", pk16_op<([](float a, float b, float) { return std::fmax(a, b); }), 2, true>);
  r.add("v_pk_add_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a + b; }), 2, false>);
  r.add("v_pk_sub_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a - b; }), 2, false>);
  r.add("v_pk_add_i16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a + b; }), 2, false>);
  r.add("v_pk_sub_i16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a - b; }), 2, false>);
  r.add("v_pk_mul_lo_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a * b; }), 2, false>);
  r.add("v_pk_mad_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t c) { return a * b + c; }), 3, false>);
  r.add("v_pk_mad_i16", pk16_op<([](uint32_t a, uint32_t b, uint32_t c) { return a * b + c; }), 3, false>);
  r.add("v_pk_lshlrev_b16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return b << (a & 15); }), 2, false>);
  r.add("v_pk_lshrrev_b16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return b >> (a & 15); }), 2, false>);
  r.add("v_pk_ashrrev_i16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) {
          return uint32_t(int32_t(int16_t(b)) >> (a & 15)); }), 2, false>);
  r.add("v_pk_max_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return std::max(a, b); }), 2, false>);
  r.add("v_pk_min_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return std::min(a, b); }), 2, false>);
  r.add("v_pk_max_i16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) {
          return uint32_t(std::max(int16_t(a), int16_t(b))); }), 2, false>);
  r.add("v_pk_min_i16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) {
          return uint32_t(std::min(int16_t(a), int16_t(b))); }), 2, false>);
  // ---- packed f32 (gfx940+) ----
  r.add("v_pk_fma_f32", pk_f32_op<fmaf_exact, 3>);
  r.add("v_pk_mul_f32", pk_f32_op<([](float a, float b, float) { return a * b; }), 2>);
  r.add("v_pk_add_f32", pk_f32_op<([](float a, float b, float) { return a + b; }), 2>);
  r.add("v_pk_mov_b32", pk_f32_op<([](float a, float, float) { return a; }), 2>);
}

}  // namespace ingot::emu
