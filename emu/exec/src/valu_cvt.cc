// Conversions: int <-> float, f16 / bf16 / f64, and FP8/BF8 through the numerics room (FNUZ formats
// on gfx942, OCP on gfx950: the same opcode reads bytes differently on the two chips).
#include <algorithm>
#include <cmath>
#include <limits>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

using u32 = uint32_t;


template <typename Int>
u32 float_to_int(double value) {
  if (std::isnan(value)) return 0;
  const double lo = static_cast<double>(std::numeric_limits<Int>::min());
  const double hi = static_cast<double>(std::numeric_limits<Int>::max());
  return static_cast<u32>(static_cast<Int>(std::clamp(std::trunc(value), lo, hi)));
}

// One 32-bit source (with f32 modifiers when Float), one 32-bit result.
template <auto F, bool Float>
Status cvt32(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  if (Float) apply_abs_neg_f32(inst, 0, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = F(s.v[l]);
  write_result(wave, inst, d, mask);
  return Status::ok();
}

Status cvt_f16_f32(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  apply_abs_neg_f32(inst, 0, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const float x = as_f32(s.v[l]);
    d.v[l] = f16_result(wave, output_mods_f32(inst, x), std::isinf(x));
  }
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

Status cvt_f32_f16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  select_half_f16(inst, 0, s, true);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = f32_bits(output_mods_f32(inst, f16_to_f32(uint16_t(s.v[l]))));
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// Two f32 sources packed into one dword of two 16-bit results, each under MODE.FP16_OVFL (a no-op for
// the round-toward-zero form, which cannot overflow).
template <u32 (*Pack)(float, RoundMode), u32 (*Overflow)(const Wave&, u32, bool) = f16_overflow_mode>
Status cvt_pk16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes a, b;
  fetch_source(wave, inst, 0, a, mask);
  fetch_source(wave, inst, 1, b, mask);
  apply_abs_neg_f32(inst, 0, a);
  apply_abs_neg_f32(inst, 1, b);
  const RoundMode round = round_f16(wave);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const float x = as_f32(a.v[l]), y = as_f32(b.v[l]);
    const u32 lo = Overflow(wave, Pack(x, round), std::isinf(x)), hi = Overflow(wave, Pack(y, round), std::isinf(y));
    d.v[l] = (lo & 0xffff) | (hi << 16);
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// Pack functions get MODE's f16 round mode; the fixed-rounding forms ignore it.
u32 f16_rtz(float x, RoundMode) { return f32_to_f16(x, RoundMode::kTowardZero); }
u32 bf16_rne(float x, RoundMode) { return f32_to_bf16(x, RoundMode::kNearestEven); }
// gfx950 v_cvt_pk_f16_f32 (LLVM selects it for fptrunc <2 x float> to <2 x half>).
u32 f16_mode(float x, RoundMode round) { return f32_to_f16(x, round); }

// v_cvt_pk_fp8_f32 / v_cvt_pk_bf8_f32: two f32 -> two bytes in the word op_sel[3] picks; the other
// word of vdst is kept. Overflow saturates only under MODE.FP16_OVFL (see valu_cvt_narrow.cc for the
// sources); the encoding's CLAMP bit, which LLVM refuses to set here, has no documented effect.
template <bool Bf8>
Status cvt_pk_f8(Wave& wave, const Inst& inst) {
  if (inst.mods.clamp) {
    return Status(StatusCode::kUnsupported,
                  "clamp on v_cvt_pk_fp8/bf8_f32 is not emulated (undocumented; LLVM rejects it): "
                  "saturation is MODE.FP16_OVFL's job");
  }
  const bool saturate = fp16_overflow_saturates(wave);
  LaneMask mask = wave.exec();
  Lanes a, b;
  fetch_source(wave, inst, 0, a, mask);
  fetch_source(wave, inst, 1, b, mask);
  apply_abs_neg_f32(inst, 0, a);
  apply_abs_neg_f32(inst, 1, b);
  const Fp8Format format = fp8_format(gfx_of(wave), Bf8);
  const bool high = (inst.mods.op_sel >> 3) & 1;
  Lanes old;
  read_lanes(wave, vdst(inst), old);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 word = f32_to_fp8(as_f32(a.v[l]), format, saturate) |
                     u32{f32_to_fp8(as_f32(b.v[l]), format, saturate)} << 8;
    d.v[l] = high ? (old.v[l] & 0xffffu) | (word << 16) : (old.v[l] & 0xffff0000u) | word;
  }
  write_lanes(wave, vdst(inst), d, mask);
  return Status::ok();
}

// Which byte (or word, for the packed form) of the source a FP8 -> f32 conversion reads: SDWA
// src0_sel in the VOP1 form, op_sel in the VOP3 form.
u32 f8_source_select(const Inst& inst, bool word) {
  if (inst.extension == Extension::kSdwa) {
    const u32 sel = inst.sdwa.src0_sel;
    return word ? (sel == 5 ? 1u : 0u) : (sel <= 3 ? sel : 0u);
  }
  if (inst.encoding == Encoding::kVop3) return word ? (inst.mods.op_sel & 1u) : (inst.mods.op_sel & 3u);
  return 0;
}

template <bool Bf8>
Status cvt_f32_f8(Wave& wave, const Inst& inst) {
  const LaneMask mask = wave.exec();
  Lanes s;
  read_lanes(wave, vsrc(inst, 0), s);  // the select is the byte pick, not a generic SDWA extract
  const float* table = fp8_decode_table(fp8_format(gfx_of(wave), Bf8));
  const u32 shift = 8 * f8_source_select(inst, false);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = f32_bits(output_mods_f32(inst, table[(s.v[l] >> shift) & 0xff]));
  write_lanes(wave, vdst(inst), d, mask);
  return Status::ok();
}

template <bool Bf8>
Status cvt_pk_f32_f8(Wave& wave, const Inst& inst) {
  const LaneMask mask = wave.exec();
  Lanes s;
  read_lanes(wave, vsrc(inst, 0), s);
  const float* table = fp8_decode_table(fp8_format(gfx_of(wave), Bf8));
  const u32 shift = 16 * f8_source_select(inst, true);
  Lanes lo, hi;
  for (int l = 0; l < kWaveSize; ++l) {
    lo.v[l] = f32_bits(table[(s.v[l] >> shift) & 0xff]);
    hi.v[l] = f32_bits(table[(s.v[l] >> (shift + 8)) & 0xff]);
  }
  write_lanes(wave, vdst(inst), lo, mask, 0);
  write_lanes(wave, vdst(inst), hi, mask, 1);
  return Status::ok();
}

Status pack_b32_f16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes a, b;
  fetch_source(wave, inst, 0, a, mask);
  fetch_source(wave, inst, 1, b, mask);
  select_half_f16(inst, 0, a, true);
  select_half_f16(inst, 1, b, true);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = (a.v[l] & 0xffff) | (b.v[l] << 16);
  write_lanes(wave, vdst(inst), d, mask);
  return Status::ok();
}

// f64 conversions (register pairs).
Status cvt_f64_f32(Wave& wave, const Inst& inst) {
  Lanes s;
  read_lanes(wave, vsrc(inst, 0), s);
  apply_abs_neg_f32(inst, 0, s);
  Lanes lo, hi;
  for (int l = 0; l < kWaveSize; ++l) {
    const uint64_t bits = f64_bits(static_cast<double>(as_f32(s.v[l])));
    lo.v[l] = static_cast<u32>(bits);
    hi.v[l] = static_cast<u32>(bits >> 32);
  }
  write_lanes(wave, vdst(inst), lo, wave.exec(), 0);
  write_lanes(wave, vdst(inst), hi, wave.exec(), 1);
  return Status::ok();
}

Status cvt_f32_f64(Wave& wave, const Inst& inst) {
  Lanes lo, hi;
  read_lanes(wave, vsrc(inst, 0), lo, 0);
  read_lanes(wave, vsrc(inst, 0), hi, 1);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    d.v[l] = f32_bits(static_cast<float>(as_f64(lo.v[l] | uint64_t{hi.v[l]} << 32)));
  }
  write_lanes(wave, vdst(inst), d, wave.exec());
  return Status::ok();
}

// f64 <-> 32-bit integer: truncate and saturate as the f32 forms (NaN -> 0); int -> f64 is exact.
template <typename Int>
Status cvt_int_f64(Wave& wave, const Inst& inst) {
  uint64_t s[kWaveSize];
  read_lanes64(wave, vsrc(inst, 0), s, true);
  const uint64_t abs = inst.mods.abs & 1 ? ~(uint64_t{1} << 63) : ~uint64_t{0};
  const uint64_t neg = inst.mods.neg & 1 ? uint64_t{1} << 63 : 0;
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = float_to_int<Int>(as_f64((s[l] & abs) ^ neg));
  write_lanes(wave, vdst(inst), d, wave.exec());
  return Status::ok();
}

template <typename Int>
Status cvt_f64_int(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  uint64_t d[kWaveSize];
  for (int l = 0; l < kWaveSize; ++l) d[l] = f64_bits(static_cast<double>(static_cast<Int>(s.v[l])));
  write_lanes64(wave, vdst(inst), d, mask);
  return Status::ok();
}

// 16-bit integer <-> f16: one source half in, one 16-bit result (zero-extended low half like other
// 16-bit results). int -> f16 rounds with MODE's f16 round mode; f16 -> int truncates and saturates to
// the 16-bit range (NaN -> 0).
template <typename Int16>
u32 int16_to_f16(const Inst& inst, uint16_t x, RoundMode round) {
  return f32_to_f16(output_mods_f32(inst, static_cast<float>(static_cast<Int16>(x))), round);
}
template <typename Int16>
u32 f16_to_int16(const Inst&, uint16_t x, RoundMode) { return float_to_int<Int16>(f16_to_f32(x)) & 0xffffu; }

template <u32 (*F)(const Inst&, uint16_t, RoundMode), bool FloatSource>
Status cvt16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  select_half_f16(inst, 0, s, FloatSource);
  const RoundMode round = round_f16(wave);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 r = F(inst, static_cast<uint16_t>(s.v[l]), round);
    d.v[l] = FloatSource ? r : f16_overflow_mode(wave, r, false);  // int -> f16 (65535 overflows)
  }
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

// gfx950 v_cvt_f32_bf16: bf16 is the high half of an f32, so the conversion is exact. The source word
// comes from SDWA src0_sel (or VOP3 op_sel); abs / neg act on the f32 value.
Status cvt_f32_bf16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  select_half_f16(inst, 0, s, false);
  for (int l = 0; l < kWaveSize; ++l) s.v[l] <<= 16;
  apply_abs_neg_f32(inst, 0, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = f32_bits(output_mods_f32(inst, as_f32(s.v[l])));
  write_result(wave, inst, d, mask);
  return Status::ok();
}

}  // namespace

void register_valu_cvt(HandlerRegistry& r) {
  r.add("v_cvt_f32_i32", cvt32<([](u32 x) { return f32_bits(static_cast<float>(static_cast<int32_t>(x))); }), false>);
  r.add("v_cvt_f32_u32", cvt32<([](u32 x) { return f32_bits(static_cast<float>(x)); }), false>);
  r.add("v_cvt_i32_f32", cvt32<([](u32 x) { return float_to_int<int32_t>(as_f32(x)); }), true>);
  r.add("v_cvt_u32_f32", cvt32<([](u32 x) { return float_to_int<uint32_t>(as_f32(x)); }), true>);
  r.add("v_cvt_flr_i32_f32", cvt32<([](u32 x) { return float_to_int<int32_t>(std::floor(as_f32(x))); }), true>);
  r.add("v_cvt_rpi_i32_f32", cvt32<([](u32 x) { return float_to_int<int32_t>(std::floor(as_f32(x) + 0.5f)); }), true>);
  r.add("v_cvt_f32_ubyte0", cvt32<([](u32 x) { return f32_bits(static_cast<float>(x & 0xff)); }), false>);
  r.add("v_cvt_f32_ubyte1", cvt32<([](u32 x) { return f32_bits(static_cast<float>((x >> 8) & 0xff)); }), false>);
  r.add("v_cvt_f32_ubyte2", cvt32<([](u32 x) { return f32_bits(static_cast<float>((x >> 16) & 0xff)); }), false>);
  r.add("v_cvt_f32_ubyte3", cvt32<([](u32 x) { return f32_bits(static_cast<float>(x >> 24)); }), false>);
  r.add("v_cvt_f16_f32", cvt_f16_f32);
  r.add("v_cvt_f32_f16", cvt_f32_f16);
  r.add("v_cvt_pkrtz_f16_f32", cvt_pk16<f16_rtz>);
  r.add("v_cvt_pk_bf16_f32", cvt_pk16<bf16_rne, bf16_overflow_mode>);
  r.add("v_cvt_pk_fp8_f32", cvt_pk_f8<false>);
  r.add("v_cvt_pk_bf8_f32", cvt_pk_f8<true>);
  r.add("v_cvt_f32_fp8", cvt_f32_f8<false>);
  r.add("v_cvt_f32_bf8", cvt_f32_f8<true>);
  r.add("v_cvt_pk_f32_fp8", cvt_pk_f32_f8<false>);
  r.add("v_cvt_pk_f32_bf8", cvt_pk_f32_f8<true>);
  r.add("v_pack_b32_f16", pack_b32_f16);
  r.add("v_cvt_f64_f32", cvt_f64_f32);
  r.add("v_cvt_f32_f64", cvt_f32_f64);
  r.add("v_cvt_i32_f64", cvt_int_f64<int32_t>);
  r.add("v_cvt_u32_f64", cvt_int_f64<uint32_t>);
  r.add("v_cvt_f64_i32", cvt_f64_int<int32_t>);
  r.add("v_cvt_f64_u32", cvt_f64_int<uint32_t>);
  r.add("v_cvt_f16_i16", cvt16<int16_to_f16<int16_t>, false>);
  r.add("v_cvt_f16_u16", cvt16<int16_to_f16<uint16_t>, false>);
  r.add("v_cvt_i16_f16", cvt16<f16_to_int16<int16_t>, true>);
  r.add("v_cvt_u16_f16", cvt16<f16_to_int16<uint16_t>, true>);
  r.add("v_cvt_pk_f16_f32", cvt_pk16<f16_mode>);
  r.add("v_cvt_f32_bf16", cvt_f32_bf16);
}

}  // namespace ingot::emu
