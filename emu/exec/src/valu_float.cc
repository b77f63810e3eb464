// Floating-point VALU: f32, f16, packed f16 and packed f32 (VOP1/VOP2/VOP3/VOP3P), transcendentals
// via the numerics room. f16 math is done in f32/f64 and rounded once to f16.
#include <algorithm>
#include <cmath>
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
  const RoundMode round = round_f16(wave);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const float r = F(f16_to_f32(uint16_t(s[0].v[l])), f16_to_f32(uint16_t(s[1].v[l])),
                      f16_to_f32(uint16_t(s[2].v[l])));
    d.v[l] = f32_to_f16(output_mods_f32(inst, r), round);
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
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = F(uint16_t(s.v[l]), denorm);
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

// VOP3P packed 16-bit: for the low result, op_sel bit i picks source i's half; for the high result,
// op_sel_hi. neg / neg_hi negate (float forms only).
uint32_t pk_half(uint32_t value, bool high) { return high ? value >> 16 : value & 0xffff; }

template <auto F, int N, bool Float>
Status pk16_op(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s[3];
  for (int i = 0; i < N; ++i) fetch_source(wave, inst, i, s[i], mask);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    uint32_t out = 0;
    for (int h = 0; h < 2; ++h) {
      const uint8_t sel = h == 0 ? inst.mods.op_sel : inst.mods.op_sel_hi;
      const uint8_t neg = h == 0 ? inst.mods.neg : inst.mods.neg_hi;
      uint32_t x[3];
      for (int i = 0; i < 3; ++i) {
        x[i] = i < N ? pk_half(s[i].v[l], (sel >> i) & 1) : 0;
        if (Float && ((neg >> i) & 1)) x[i] ^= 0x8000u;
      }
      uint32_t r;
      if constexpr (Float) {
        float value = F(f16_to_f32(uint16_t(x[0])), f16_to_f32(uint16_t(x[1])), f16_to_f32(uint16_t(x[2])));
        if (inst.mods.clamp) value = std::isnan(value) ? 0.0f : std::clamp(value, 0.0f, 1.0f);
        r = f32_to_f16(value);
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
float fract(float a) {
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
  r.add("v_rcp_f32", f32_trans<v_rcp_f32>);
  r.add("v_rcp_iflag_f32", f32_trans<v_rcp_f32>);
  r.add("v_rsq_f32", f32_trans<v_rsq_f32>);
  r.add("v_sqrt_f32", f32_trans<v_sqrt_f32>);
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
  r.add("v_exp_f16", f16_trans<v_exp_f16>);
  r.add("v_log_f16", f16_trans<v_log_f16>);
  r.add("v_rcp_f16", f16_trans<v_rcp_f16>);
  r.add("v_rsq_f16", f16_trans<v_rsq_f16>);
  r.add("v_sqrt_f16", f16_trans<v_sqrt_f16>);
  // ---- packed f16 / i16 ----
  r.add("v_pk_add_f16", pk16_op<([](float a, float b, float) { return a + b; }), 2, true>);
  r.add("v_pk_mul_f16", pk16_op<([](float a, float b, float) { return a * b; }), 2, true>);
  r.add("v_pk_fma_f16", pk16_op<fma16, 3, true>);
  r.add("v_pk_min_f16", pk16_op<([](float a, float b, float) { return std::fmin(a, b); }), 2, true>);
  r.add("v_pk_max_f16", pk16_op<([](float a, float b, float) { return std::fmax(a, b); }), 2, true>);
  r.add("v_pk_add_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a + b; }), 2, false>);
  r.add("v_pk_sub_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a - b; }), 2, false>);
  r.add("v_pk_add_i16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a + b; }), 2, false>);
  r.add("v_pk_sub_i16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a - b; }), 2, false>);
  r.add("v_pk_mul_lo_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t) { return a * b; }), 2, false>);
  r.add("v_pk_mad_u16", pk16_op<([](uint32_t a, uint32_t b, uint32_t c) { return a * b + c; }), 3, false>);
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
