// Packing conversions that narrow into a byte or a 16-bit half of a dword: v_cvt_pk_u8_f32 and
// v_cvt_pkaccum_u8_f32 (an f32 rounded and saturated to an unsigned byte, written into the byte S1[1:0]
// picks, the other bytes kept), v_cvt_pk_u16_u32 and v_cvt_pk_i16_i32 (two 32-bit integers saturated
// to 16 bits). The CDNA3/CDNA4 guides name f32_to_u8 / u32_to_u16 / i32_to_i16 without defining them;
// the rounding and saturation followed here, and their sources, are in emu/README.md ("packing
// conversions").
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

using u32 = uint32_t;

constexpr u32 kByteMax = 0xff;
constexpr u32 kU16Max = 0xffff;
constexpr int32_t kI16Min = -32768, kI16Max = 32767;

// f32_to_u8: rounded with MODE's f32 round mode (why the mode and not truncation: emu/README.md),
// then saturated to [0, 255]; NaN gives 0.
u32 f32_to_u8(float x, RoundMode round) {
  if (std::isnan(x)) return 0;
  float r = x;
  switch (round) {
    case RoundMode::kNearestEven: r = std::nearbyint(x); break;
    case RoundMode::kTowardPositive: r = std::ceil(x); break;
    case RoundMode::kTowardNegative: r = std::floor(x); break;
    case RoundMode::kTowardZero: r = std::trunc(x); break;
  }
  return static_cast<u32>(std::clamp(r, 0.0f, static_cast<float>(kByteMax)));
}

// The encodings accept clamp (LLVM assembles it), but no source says what it does to an integer result.
Status refuse_clamp(const Inst& inst) {
  return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) +
                                              " with clamp is not emulated (its effect on the byte result is "
                                              "not documented)");
}

// v_cvt_pk_u8_f32 D, S0, S1, S2: D = S2 with byte S1[1:0] replaced; v_cvt_pkaccum_u8_f32 D, S0, S1: the
// same with D itself as S2 (it accumulates four bytes over four instructions).
template <bool Accumulate>
Status cvt_pk_u8_f32(Wave& wave, const Inst& inst) {
  if (inst.mods.clamp) return refuse_clamp(inst);
  LaneMask mask = wave.exec();
  Lanes value, select, old;
  fetch_source(wave, inst, 0, value, mask);
  fetch_source(wave, inst, 1, select, mask);
  if (Accumulate) {
    read_lanes(wave, vdst(inst), old);
  } else {
    fetch_source(wave, inst, 2, old, mask);
  }
  apply_abs_neg_f32(inst, 0, value);
  const RoundMode round = round_f32(wave);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 shift = 8 * (select.v[l] & 3);
    d.v[l] = (old.v[l] & ~(kByteMax << shift)) | (f32_to_u8(as_f32(value.v[l]), round) << shift);
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

u32 sat_u16(u32 x) { return std::min(x, kU16Max); }
u32 sat_i16(u32 x) { return static_cast<u32>(std::clamp(static_cast<int32_t>(x), kI16Min, kI16Max)) & kU16Max; }

// v_cvt_pk_u16_u32 / v_cvt_pk_i16_i32: S0 saturated to the low half, S1 to the high half.
template <u32 (*Saturate)(u32)>
Status cvt_pk_16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes a, b;
  fetch_source(wave, inst, 0, a, mask);
  fetch_source(wave, inst, 1, b, mask);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = Saturate(a.v[l]) | (Saturate(b.v[l]) << 16);
  write_result(wave, inst, d, mask);
  return Status::ok();
}

}  // namespace

void register_valu_cvt_pack(HandlerRegistry& r) {
  r.add("v_cvt_pk_u8_f32", cvt_pk_u8_f32<false>);
  r.add("v_cvt_pkaccum_u8_f32", cvt_pk_u8_f32<true>);
  r.add("v_cvt_pk_u16_u32", cvt_pk_16<sat_u16>);
  r.add("v_cvt_pk_i16_i32", cvt_pk_16<sat_i16>);
}

}  // namespace ingot::emu
