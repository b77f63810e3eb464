// The VALU ops inherited from graphics shaders that compilers rarely emit but the ISA still defines:
// sums of absolute differences (motion estimation), cube-map face selection, the 4-bit offset table,
// 16-bit saturating packs, normalized 16-bit conversions and the legacy 16-bit integer mads. Each
// follows the CDNA4 ISA guide's pseudocode (VOP1 / VOP3 opcode sections); the guide gives the same
// definitions for the CDNA3 opcodes.
#include <algorithm>
#include <array>
#include <cmath>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

using u32 = uint32_t;
using u64 = uint64_t;

u32 absdiff(u32 x, u32 y) { return x > y ? x - y : y - x; }

// v_sad_u8 / v_msad_u8 on one dword of bytes; the masked form skips bytes whose reference (S1) is 0.
template <bool Masked>
u32 sad_bytes(u32 a, u32 b, u32 acc) {
  for (int i = 0; i < 4; ++i) {
    const u32 x = (a >> (8 * i)) & 0xff, y = (b >> (8 * i)) & 0xff;
    if (!(Masked && y == 0)) acc += absdiff(x, y);
  }
  return acc;
}
u32 sad_hi_u8(u32 a, u32 b, u32 c) { return (sad_bytes<false>(a, b, 0) << 16) + c; }
u32 sad_u16(u32 a, u32 b, u32 c) { return c + absdiff(a & 0xffff, b & 0xffff) + absdiff(a >> 16, b >> 16); }

// A per-lane function of N raw source dwords. A float result gets VOP3's omod / clamp; a 16-bit one is
// written by write_result_16 (high half zeroed unless op_sel[3]).
enum class Result { kBits, kF32, kHalf };
template <u32 (*F)(u32, u32, u32), int N, Result R = Result::kBits>
Status lane_op(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s[3] = {};
  for (int i = 0; i < N; ++i) fetch_source(wave, inst, i, s[i], mask);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 r = F(s[0].v[l], s[1].v[l], s[2].v[l]);
    d.v[l] = R == Result::kF32 ? f32_bits(output_mods_f32(inst, as_f32(r))) : r;
  }
  if (R == Result::kHalf) {
    write_result_16(wave, inst, d, mask);
  } else {
    write_result(wave, inst, d, mask);
  }
  return Status::ok();
}

// v_qsad_pk_u16_u8 / v_mqsad_pk_u16_u8 (64-bit S0, S2, D: four 16-bit sums) and v_mqsad_u32_u8
// (128-bit S2 and D: four 32-bit sums). Sum k compares bytes k..k+3 of S0 with S1's four bytes.
template <bool Masked, bool Wide>
Status quad_sad(Wave& wave, const Inst& inst) {
  u64 a[kWaveSize];
  read_lanes64(wave, vsrc(inst, 0), a);
  Lanes b;
  read_lanes(wave, vsrc(inst, 1), b);
  u64 c64[kWaveSize] = {};
  Lanes c32[4];
  if (Wide) {
    for (int k = 0; k < 4; ++k) read_lanes(wave, vsrc(inst, 2), c32[k], k);
  } else {
    read_lanes64(wave, vsrc(inst, 2), c64);
  }
  Lanes d[4];
  for (int l = 0; l < kWaveSize; ++l) {
    for (int k = 0; k < 4; ++k) {
      const u32 window = static_cast<u32>(a[l] >> (8 * k));
      const u32 acc = Wide ? c32[k].v[l] : static_cast<u32>((c64[l] >> (16 * k)) & 0xffff);
      d[k].v[l] = sad_bytes<Masked>(window, b.v[l], acc);
    }
  }
  const Operand* dst = vdst(inst);
  if (Wide) {
    for (int k = 0; k < 4; ++k) write_lanes(wave, dst, d[k], wave.exec(), k);
    return Status::ok();
  }
  u64 packed[kWaveSize];
  for (int l = 0; l < kWaveSize; ++l) {
    packed[l] = 0;
    for (int k = 0; k < 4; ++k) packed[l] |= u64{d[k].v[l] & 0xffff} << (16 * k);
  }
  write_lanes64(wave, dst, packed, wave.exec());
  return Status::ok();
}

// Cube maps: the major axis is z if |z| >= |x|, |y|, else y if |y| >= |x|, else x.
enum class CubeOut { kId, kSc, kTc, kMa };
template <CubeOut Out>
float cube(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  if (az >= ax && az >= ay) {
    switch (Out) {
      case CubeOut::kId: return z < 0.0f ? 5.0f : 4.0f;
      case CubeOut::kSc: return z < 0.0f ? -x : x;
      case CubeOut::kTc: return -y;
      case CubeOut::kMa: return z * 2.0f;
    }
  }
  if (ay >= ax) {
    switch (Out) {
      case CubeOut::kId: return y < 0.0f ? 3.0f : 2.0f;
      case CubeOut::kSc: return x;
      case CubeOut::kTc: return y < 0.0f ? -z : z;
      case CubeOut::kMa: return y * 2.0f;
    }
  }
  switch (Out) {
    case CubeOut::kId: return x < 0.0f ? 1.0f : 0.0f;
    case CubeOut::kSc: return x < 0.0f ? z : -z;
    case CubeOut::kTc: return -y;
    case CubeOut::kMa: return x * 2.0f;
  }
  return 0.0f;
}

template <CubeOut Out>
Status cube_op(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s[3];
  for (int i = 0; i < 3; ++i) {
    fetch_source(wave, inst, i, s[i], mask);
    apply_abs_neg_f32(inst, i, s[i]);
  }
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    d.v[l] = f32_bits(output_mods_f32(inst, cube<Out>(as_f32(s[0].v[l]), as_f32(s[1].v[l]), as_f32(s[2].v[l]))));
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// v_cvt_off_f32_i4: S0[3:0] as a signed 4-bit integer, divided by 16 (the guide's table).
u32 cvt_off_f32_i4(u32 a, u32, u32) {
  const int nibble = static_cast<int>(a & 0xf);
  return f32_bits(static_cast<float>(nibble >= 8 ? nibble - 16 : nibble) / 16.0f);
}

// v_sat_pk_u8_i16: each signed 16-bit half clamped to [0, 255], packed into the low 16 bits.
u32 sat_pk_u8_i16(u32 a, u32, u32) {
  const int lo = std::clamp<int>(static_cast<int16_t>(a & 0xffff), 0, 255);
  const int hi = std::clamp<int>(static_cast<int16_t>(a >> 16), 0, 255);
  return static_cast<u32>(lo | (hi << 8));
}

// v_mad_legacy_u16 / i16: 16-bit a * b + c; clamp saturates to the 16-bit range. The result goes to
// the low half with the high half zeroed, or (op_sel[3]) to the high half keeping the low half:
// exactly write_result_16's rule.
template <bool Signed>
Status mad_legacy_16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s[3];
  for (int i = 0; i < 3; ++i) {
    fetch_source(wave, inst, i, s[i], mask);
    select_half_f16(inst, i, s[i], false);
  }
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    int64_t v[3];
    for (int i = 0; i < 3; ++i) v[i] = Signed ? int64_t{static_cast<int16_t>(s[i].v[l])} : int64_t{s[i].v[l] & 0xffff};
    int64_t r = v[0] * v[1] + v[2];
    if (inst.mods.clamp) r = Signed ? std::clamp<int64_t>(r, -32768, 32767) : std::clamp<int64_t>(r, 0, 65535);
    d.v[l] = static_cast<u32>(r) & 0xffff;
  }
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

// f32_to_snorm / f32_to_unorm (and the f16 forms): clamp to [-1, 1] / [0, 1], scale by 32767 / 65535,
// round to nearest even. The guide names these functions without defining them; the definition is
// tinygrad's pcode helpers' and SPIR-V's PackSnorm2x16 / PackUnorm2x16 (see emu/README.md). The
// product is exact in double. NaN gives 0 (not settled by either source).
template <bool Signed>
u32 to_norm16(float x) {
  if (std::isnan(x)) return 0;
  const double lo = Signed ? -1.0 : 0.0, scale = Signed ? 32767.0 : 65535.0;
  const double v = std::nearbyint(std::clamp(static_cast<double>(x), lo, 1.0) * scale);
  return static_cast<u32>(static_cast<int32_t>(v)) & 0xffff;
}

// v_cvt_pknorm_{i16,u16}_{f32,f16}: S0 to the low half, S1 to the high half.
template <bool Signed, bool Half>
Status cvt_pknorm(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s[2];
  for (int i = 0; i < 2; ++i) {
    fetch_source(wave, inst, i, s[i], mask);
    if (Half) {
      select_half_f16(inst, i, s[i], true);
    } else {
      apply_abs_neg_f32(inst, i, s[i]);
    }
  }
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const float a = Half ? f16_to_f32(static_cast<uint16_t>(s[0].v[l])) : as_f32(s[0].v[l]);
    const float b = Half ? f16_to_f32(static_cast<uint16_t>(s[1].v[l])) : as_f32(s[1].v[l]);
    d.v[l] = to_norm16<Signed>(a) | (to_norm16<Signed>(b) << 16);
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// v_cvt_norm_{i16,u16}_f16 (VOP1): one f16 to a 16-bit normalized integer.
template <bool Signed>
Status cvt_norm_f16(Wave& wave, const Inst& inst) {
  LaneMask mask = wave.exec();
  Lanes s;
  fetch_source(wave, inst, 0, s, mask);
  select_half_f16(inst, 0, s, true);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = to_norm16<Signed>(f16_to_f32(static_cast<uint16_t>(s.v[l])));
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

}  // namespace

void register_valu_legacy(HandlerRegistry& r) {
  r.add("v_sad_u8", lane_op<sad_bytes<false>, 3>);
  r.add("v_msad_u8", lane_op<sad_bytes<true>, 3>);
  r.add("v_sad_hi_u8", lane_op<sad_hi_u8, 3>);
  r.add("v_sad_u16", lane_op<sad_u16, 3>);
  r.add("v_qsad_pk_u16_u8", quad_sad<false, false>);
  r.add("v_mqsad_pk_u16_u8", quad_sad<true, false>);
  r.add("v_mqsad_u32_u8", quad_sad<true, true>);
  r.add("v_cubeid_f32", cube_op<CubeOut::kId>);
  r.add("v_cubesc_f32", cube_op<CubeOut::kSc>);
  r.add("v_cubetc_f32", cube_op<CubeOut::kTc>);
  r.add("v_cubema_f32", cube_op<CubeOut::kMa>);
  r.add("v_cvt_off_f32_i4", lane_op<cvt_off_f32_i4, 1, Result::kF32>);
  r.add("v_sat_pk_u8_i16", lane_op<sat_pk_u8_i16, 1, Result::kHalf>);
  r.add("v_mad_legacy_u16", mad_legacy_16<false>);
  r.add("v_mad_legacy_i16", mad_legacy_16<true>);
  r.add("v_cvt_pknorm_i16_f32", cvt_pknorm<true, false>);
  r.add("v_cvt_pknorm_u16_f32", cvt_pknorm<false, false>);
  r.add("v_cvt_pknorm_i16_f16", cvt_pknorm<true, true>);
  r.add("v_cvt_pknorm_u16_f16", cvt_pknorm<false, true>);
  r.add("v_cvt_norm_i16_f16", cvt_norm_f16<true>);
  r.add("v_cvt_norm_u16_f16", cvt_norm_f16<false>);
}

}  // namespace ingot::emu
