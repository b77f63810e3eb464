// Integer and bitwise VALU, v_mov / v_cndmask, carry ops (VOP2: VCC; VOP3B: an SGPR pair), 64-bit
// shifts and adds, and the 16-bit integer forms.
#include <algorithm>
#include <bit>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

using u32 = uint32_t;
using u64 = uint64_t;
using i32 = int32_t;
using i64 = int64_t;
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

template <int N>
LaneMask fetch_int_sources(const Wave& wave, const Inst& inst, Lanes (&s)[3]) {
  LaneMask mask = wave.exec();
  for (int i = 0; i < N; ++i) fetch_source(wave, inst, i, s[i], mask);
  return mask;
}

template <auto F, int N>
Status int_op(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_int_sources<N>(wave, inst, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = F(s[0].v[l], s[1].v[l], s[2].v[l]);
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// 16-bit integer ops: low halves (VOP3 op_sel may pick high halves), result in the low half.
template <auto F, int N>
Status int16_op(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_int_sources<N>(wave, inst, s);
  for (int i = 0; i < N; ++i) select_half_f16(inst, i, s[i], false);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = F(s[0].v[l], s[1].v[l], s[2].v[l]) & 0xffff;
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

// The carry mask an op reads: VOP3B names it as src2; VOP2 uses VCC.
LaneMask carry_in(const Wave& wave, const Inst& inst) {
  const Operand* op = vsrc(inst, 2);
  if (op != nullptr && op->kind == OperandKind::kScalar) return read_s64(wave, op);
  return wave.vcc();
}
void carry_out(Wave& wave, const Inst& inst, LaneMask bits) {
  const LaneMask exec = wave.exec();
  const Operand* sdst = inst.find(Role::kSdst);
  if (sdst != nullptr && sdst->kind == OperandKind::kScalar) {
    // Lanes outside EXEC read as 0 in the carry mask.
    wave.set_s64(sdst->index, bits & exec);
  } else {
    wave.set_vcc(bits & exec);
  }
}

// D = F(a, b, carry_in, carry_out&)
template <auto F, bool UsesCarryIn>
Status carry_op(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_int_sources<2>(wave, inst, s);
  const LaneMask cin = UsesCarryIn ? carry_in(wave, inst) : 0;
  Lanes d;
  LaneMask cout = 0;
  for (int l = 0; l < kWaveSize; ++l) {
    bool carry = false;
    d.v[l] = F(s[0].v[l], s[1].v[l], ((cin >> l) & 1) != 0, carry);
    cout |= LaneMask{carry} << l;
  }
  write_result(wave, inst, d, mask);
  carry_out(wave, inst, cout);
  return Status::ok();
}

Status cndmask(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_int_sources<2>(wave, inst, s);
  // VOP3 takes the select mask as src2 (an SGPR pair); VOP2 uses VCC.
  const Operand* selector = vsrc(inst, 2);
  const LaneMask select = selector != nullptr ? read_s64(wave, selector) : wave.vcc();
  // VOP3 abs/neg apply as float modifiers to the two data sources.
  if (inst.encoding == Encoding::kVop3 && (inst.mods.abs | inst.mods.neg)) {
    apply_abs_neg_f32(inst, 0, s[0]);
    apply_abs_neg_f32(inst, 1, s[1]);
  }
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = ((select >> l) & 1) ? s[1].v[l] : s[0].v[l];
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// 64-bit ops: source i is 32 bits when Wide bit i is clear.
template <auto F, int N, int Wide>
Status op64(Wave& wave, const Inst& inst) {
  u64 s[3][kWaveSize] = {};
  for (int i = 0; i < N; ++i) {
    if ((Wide >> i) & 1) {
      read_lanes64(wave, vsrc(inst, i), s[i]);
    } else {
      Lanes x;
      read_lanes(wave, vsrc(inst, i), x);
      for (int l = 0; l < kWaveSize; ++l) s[i][l] = x.v[l];
    }
  }
  u64 d[kWaveSize];
  for (int l = 0; l < kWaveSize; ++l) d[l] = F(s[0][l], s[1][l], s[2][l]);
  write_lanes64(wave, vdst(inst), d, wave.exec());
  return Status::ok();
}

// v_mad_u64_u32 / v_mad_i64_i32: 64-bit result and a carry-out mask.
template <bool Signed>
Status mad64(Wave& wave, const Inst& inst) {
  Lanes a, b;
  read_lanes(wave, vsrc(inst, 0), a);
  read_lanes(wave, vsrc(inst, 1), b);
  u64 c[kWaveSize];
  read_lanes64(wave, vsrc(inst, 2), c);
  u64 d[kWaveSize];
  LaneMask carry = 0;
  for (int l = 0; l < kWaveSize; ++l) {
    if constexpr (Signed) {
      const i128 r = static_cast<i128>(i64{static_cast<i32>(a.v[l])} * static_cast<i32>(b.v[l])) +
                         static_cast<i64>(c[l]);
      d[l] = static_cast<u64>(r);
      carry |= LaneMask{r > INT64_MAX || r < INT64_MIN} << l;
    } else {
      const u128 r = static_cast<u128>(u64{a.v[l]} * b.v[l]) + c[l];
      d[l] = static_cast<u64>(r);
      carry |= LaneMask{(r >> 64) != 0} << l;
    }
  }
  write_lanes64(wave, vdst(inst), d, wave.exec());
  carry_out(wave, inst, carry);
  return Status::ok();
}

u32 bfe_u(u32 x, u32 offset, u32 width) {
  offset &= 31;
  width &= 31;
  if (width == 0) return 0;
  return static_cast<u32>((u64{x} >> offset) & ((u64{1} << width) - 1));
}
u32 bfe_i(u32 x, u32 offset, u32 width) {
  width &= 31;
  if (width == 0) return 0;
  const u32 field = bfe_u(x, offset, width);
  const u32 sign = 1u << (width - 1);
  return (field ^ sign) - sign;
}
u32 med3_i(u32 a, u32 b, u32 c) {
  const i32 x = i32(a), y = i32(b), z = i32(c);
  return u32(std::max(std::min(x, y), std::min(std::max(x, y), z)));
}
u32 med3_u(u32 a, u32 b, u32 c) { return std::max(std::min(a, b), std::min(std::max(a, b), c)); }
u32 perm_byte(u64 pool, u32 sel) {
  sel &= 0xff;
  if (sel <= 7) return static_cast<u32>((pool >> (8 * sel)) & 0xff);
  if (sel == 12) return 0;
  if (sel >= 13) return 0xff;
  // 8..11: sign of bytes 1, 3, 5, 7 replicated.
  const u32 byte = static_cast<u32>((pool >> (8 * (2 * (sel - 8) + 1))) & 0xff);
  return (byte & 0x80) ? 0xff : 0;
}
u32 perm(u32 a, u32 b, u32 sel) {
  const u64 pool = (u64{a} << 32) | b;  // bytes 0-3 from src1, 4-7 from src0
  u32 d = 0;
  for (int i = 0; i < 4; ++i) d |= perm_byte(pool, sel >> (8 * i)) << (8 * i);
  return d;
}
u32 mbcnt(u32 mask, u32 add, int lane_base, int lane) {
  const int below = std::clamp(lane - lane_base, 0, 32);
  const u32 bits = below >= 32 ? mask : (mask & ((1u << below) - 1));
  return static_cast<u32>(std::popcount(bits)) + add;
}

template <int LaneBase>
Status mbcnt_op(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_int_sources<2>(wave, inst, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = mbcnt(s[0].v[l], s[1].v[l], LaneBase, l);
  write_result(wave, inst, d, mask);
  return Status::ok();
}

Status pk_mov_b32(Wave& wave, const Inst& inst) {
  Lanes lo, hi;
  read_lanes(wave, vsrc(inst, 0), lo, (inst.mods.op_sel & 1) ? 1 : 0);
  read_lanes(wave, vsrc(inst, 1), hi, (inst.mods.op_sel & 2) ? 1 : 0);
  write_lanes(wave, vdst(inst), lo, wave.exec(), 0);
  write_lanes(wave, vdst(inst), hi, wave.exec(), 1);
  return Status::ok();
}

// v_add_i16 / v_sub_i16 (VOP3): 16-bit signed; clamp saturates to [-32768, 32767].
template <bool Subtract>
Status add_sub_i16(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_int_sources<2>(wave, inst, s);
  for (int i = 0; i < 2; ++i) select_half_f16(inst, i, s[i], false);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const int32_t a = int16_t(s[0].v[l]), b = int16_t(s[1].v[l]);
    int32_t r = Subtract ? a - b : a + b;
    if (inst.mods.clamp) r = std::clamp(r, -32768, 32767);
    d.v[l] = u32(r) & 0xffff;
  }
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

// v_mad_u32_u16 / v_mad_i32_i16: 16-bit S0, S1 (op_sel picks halves), 32-bit S2 and result.
template <bool Signed>
Status mad_32_16(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_int_sources<3>(wave, inst, s);
  for (int i = 0; i < 2; ++i) select_half_f16(inst, i, s[i], false);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const u32 a = Signed ? u32(i32(int16_t(s[0].v[l]))) : s[0].v[l];
    const u32 b = Signed ? u32(i32(int16_t(s[1].v[l]))) : s[1].v[l];
    d.v[l] = a * b + s[2].v[l];
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

// gfx950 v_bitop3: bit k of D is bit ((S0[k] << 2) | (S1[k] << 1) | S2[k]) of the 8-bit truth table
// (LLVM's BitOp3 lowering: source bit patterns 0xf0, 0xcc, 0xaa for S0, S1, S2).
u32 bitop3(uint8_t table, u32 a, u32 b, u32 c) {
  u32 r = 0;
  for (int i = 0; i < 8; ++i) {
    if ((table >> i) & 1) r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
  }
  return r;
}

template <bool Half>
Status bitop3_op(Wave& wave, const Inst& inst) {
  Lanes s[3];
  const LaneMask mask = fetch_int_sources<3>(wave, inst, s);
  if (Half) {
    for (int i = 0; i < 3; ++i) select_half_f16(inst, i, s[i], false);
  }
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = bitop3(inst.mods.bitop3, s[0].v[l], s[1].v[l], s[2].v[l]);
  if (Half) {
    for (int l = 0; l < kWaveSize; ++l) d.v[l] &= 0xffff;
    write_result_16(wave, inst, d, mask);
  } else {
    write_result(wave, inst, d, mask);
  }
  return Status::ok();
}

// v_swap_b32: exchanges two VGPRs in the lanes of EXEC.
Status swap_b32(Wave& wave, const Inst& inst) {
  const LaneMask mask = wave.exec();
  Lanes a, b;
  read_lanes(wave, vdst(inst), a);
  read_lanes(wave, vsrc(inst, 0), b);
  write_lanes(wave, vdst(inst), b, mask);
  write_lanes(wave, vsrc(inst, 0), a, mask);
  return Status::ok();
}

// v_lerp_u8: per byte, (S0 + S1 + S2's low bit of that byte) >> 1 ("unsigned eight-bit pixel average";
// AMD's instruction description as carried in public emulator sources, e.g. the SI-era opcode tables).
u32 lerp_u8(u32 a, u32 b, u32 c) {
  u32 d = 0;
  for (int k = 0; k < 32; k += 8) d |= ((((a >> k) & 0xff) + ((b >> k) & 0xff) + ((c >> k) & 1)) >> 1) << k;
  return d;
}

i32 med3_i16(u32 a, u32 b, u32 c) {
  const i32 x = int16_t(a), y = int16_t(b), z = int16_t(c);
  return std::max(std::min(x, y), std::min(std::max(x, y), z));
}

}  // namespace

void register_valu_int(HandlerRegistry& r) {
  r.add("v_mov_b32", int_op<([](u32 a, u32, u32) { return a; }), 1>);
  r.add("v_accvgpr_mov_b32", int_op<([](u32 a, u32, u32) { return a; }), 1>);
  r.add("v_accvgpr_read_b32", int_op<([](u32 a, u32, u32) { return a; }), 1>);
  r.add("v_accvgpr_write_b32", int_op<([](u32 a, u32, u32) { return a; }), 1>);
  r.add("v_not_b32", int_op<([](u32 a, u32, u32) { return ~a; }), 1>);
  r.add("v_bfrev_b32", int_op<([](u32 a, u32, u32) {
          u32 d = 0; for (int i = 0; i < 32; ++i) d |= ((a >> i) & 1u) << (31 - i); return d; }), 1>);
  r.add("v_ffbh_u32", int_op<([](u32 a, u32, u32) { return a == 0 ? ~0u : u32(std::countl_zero(a)); }), 1>);
  r.add("v_ffbl_b32", int_op<([](u32 a, u32, u32) { return a == 0 ? ~0u : u32(std::countr_zero(a)); }), 1>);
  r.add("v_ffbh_i32", int_op<([](u32 a, u32, u32) {
          return (a == 0 || a == ~0u) ? ~0u : u32(std::countl_zero(i32(a) < 0 ? ~a : a)); }), 1>);
  r.add("v_add_u32", int_op<([](u32 a, u32 b, u32) { return a + b; }), 2>);
  r.add("v_sub_u32", int_op<([](u32 a, u32 b, u32) { return a - b; }), 2>);
  r.add("v_subrev_u32", int_op<([](u32 a, u32 b, u32) { return b - a; }), 2>);
  r.add("v_add_i32", int_op<([](u32 a, u32 b, u32) { return a + b; }), 2>);
  r.add("v_sub_i32", int_op<([](u32 a, u32 b, u32) { return a - b; }), 2>);
  r.add("v_mul_lo_u32", int_op<([](u32 a, u32 b, u32) { return a * b; }), 2>);
  r.add("v_mul_hi_u32", int_op<([](u32 a, u32 b, u32) { return u32((u64{a} * b) >> 32); }), 2>);
  r.add("v_mul_hi_i32", int_op<([](u32 a, u32 b, u32) { return u32(u64(i64(i32(a)) * i32(b)) >> 32); }), 2>);
  r.add("v_mul_u32_u24", int_op<([](u32 a, u32 b, u32) { return (a & 0xffffff) * (b & 0xffffff); }), 2>);
  r.add("v_mul_hi_u32_u24", int_op<([](u32 a, u32 b, u32) { return u32((u64{a & 0xffffff} * (b & 0xffffff)) >> 32); }), 2>);
  r.add("v_mul_i32_i24", int_op<([](u32 a, u32 b, u32) { return u32(bfe_i(a, 0, 24) * bfe_i(b, 0, 24)); }), 2>);
  r.add("v_mul_hi_i32_i24", int_op<([](u32 a, u32 b, u32) {
          return u32(u64(i64(i32(bfe_i(a, 0, 24))) * i32(bfe_i(b, 0, 24))) >> 32); }), 2>);
  r.add("v_mad_u32_u24", int_op<([](u32 a, u32 b, u32 c) { return (a & 0xffffff) * (b & 0xffffff) + c; }), 3>);
  r.add("v_mad_i32_i24", int_op<([](u32 a, u32 b, u32 c) { return u32(i32(bfe_i(a, 0, 24)) * i32(bfe_i(b, 0, 24))) + c; }), 3>);
  r.add("v_and_b32", int_op<([](u32 a, u32 b, u32) { return a & b; }), 2>);
  r.add("v_or_b32", int_op<([](u32 a, u32 b, u32) { return a | b; }), 2>);
  r.add("v_xor_b32", int_op<([](u32 a, u32 b, u32) { return a ^ b; }), 2>);
  r.add("v_xnor_b32", int_op<([](u32 a, u32 b, u32) { return ~(a ^ b); }), 2>);
  r.add("v_lshlrev_b32", int_op<([](u32 a, u32 b, u32) { return b << (a & 31); }), 2>);
  r.add("v_lshrrev_b32", int_op<([](u32 a, u32 b, u32) { return b >> (a & 31); }), 2>);
  r.add("v_ashrrev_i32", int_op<([](u32 a, u32 b, u32) { return u32(i32(b) >> (a & 31)); }), 2>);
  r.add("v_min_i32", int_op<([](u32 a, u32 b, u32) { return u32(std::min(i32(a), i32(b))); }), 2>);
  r.add("v_max_i32", int_op<([](u32 a, u32 b, u32) { return u32(std::max(i32(a), i32(b))); }), 2>);
  r.add("v_min_u32", int_op<([](u32 a, u32 b, u32) { return std::min(a, b); }), 2>);
  r.add("v_max_u32", int_op<([](u32 a, u32 b, u32) { return std::max(a, b); }), 2>);
  r.add("v_bcnt_u32_b32", int_op<([](u32 a, u32 b, u32) { return u32(std::popcount(a)) + b; }), 2>);
  r.add("v_bfm_b32", int_op<([](u32 a, u32 b, u32) { return u32(((u64{1} << (a & 31)) - 1) << (b & 31)); }), 2>);
  r.add("v_bfe_u32", int_op<([](u32 a, u32 b, u32 c) { return bfe_u(a, b, c); }), 3>);
  r.add("v_bfe_i32", int_op<([](u32 a, u32 b, u32 c) { return bfe_i(a, b, c); }), 3>);
  r.add("v_bfi_b32", int_op<([](u32 a, u32 b, u32 c) { return (a & b) | (~a & c); }), 3>);
  r.add("v_alignbit_b32", int_op<([](u32 a, u32 b, u32 c) { return u32(((u64{a} << 32) | b) >> (c & 31)); }), 3>);
  r.add("v_alignbyte_b32", int_op<([](u32 a, u32 b, u32 c) { return u32(((u64{a} << 32) | b) >> (8 * (c & 3))); }), 3>);
  r.add("v_lshl_add_u32", int_op<([](u32 a, u32 b, u32 c) { return (a << (b & 31)) + c; }), 3>);
  r.add("v_add_lshl_u32", int_op<([](u32 a, u32 b, u32 c) { return (a + b) << (c & 31); }), 3>);
  r.add("v_lshl_or_b32", int_op<([](u32 a, u32 b, u32 c) { return (a << (b & 31)) | c; }), 3>);
  r.add("v_and_or_b32", int_op<([](u32 a, u32 b, u32 c) { return (a & b) | c; }), 3>);
  r.add("v_or3_b32", int_op<([](u32 a, u32 b, u32 c) { return a | b | c; }), 3>);
  r.add("v_xad_u32", int_op<([](u32 a, u32 b, u32 c) { return (a ^ b) + c; }), 3>);
  r.add("v_add3_u32", int_op<([](u32 a, u32 b, u32 c) { return a + b + c; }), 3>);
  r.add("v_min3_i32", int_op<([](u32 a, u32 b, u32 c) { return u32(std::min({i32(a), i32(b), i32(c)})); }), 3>);
  r.add("v_max3_i32", int_op<([](u32 a, u32 b, u32 c) { return u32(std::max({i32(a), i32(b), i32(c)})); }), 3>);
  r.add("v_min3_u32", int_op<([](u32 a, u32 b, u32 c) { return std::min({a, b, c}); }), 3>);
  r.add("v_max3_u32", int_op<([](u32 a, u32 b, u32 c) { return std::max({a, b, c}); }), 3>);
  r.add("v_med3_i32", int_op<med3_i, 3>);
  r.add("v_med3_u32", int_op<med3_u, 3>);
  r.add("v_sad_u32", int_op<([](u32 a, u32 b, u32 c) { return (a > b ? a - b : b - a) + c; }), 3>);
  r.add("v_perm_b32", int_op<perm, 3>);
  r.add("v_cndmask_b32", cndmask);
  r.add("v_mbcnt_lo_u32_b32", mbcnt_op<0>);
  r.add("v_mbcnt_hi_u32_b32", mbcnt_op<32>);
  r.add("v_pk_mov_b32", pk_mov_b32);
  // ---- carry forms ----
  r.add("v_add_co_u32", carry_op<([](u32 a, u32 b, bool, bool& c) { u64 s = u64{a} + b; c = s >> 32; return u32(s); }), false>);
  r.add("v_sub_co_u32", carry_op<([](u32 a, u32 b, bool, bool& c) { c = b > a; return a - b; }), false>);
  r.add("v_subrev_co_u32", carry_op<([](u32 a, u32 b, bool, bool& c) { c = a > b; return b - a; }), false>);
  r.add("v_addc_co_u32", carry_op<([](u32 a, u32 b, bool ci, bool& c) {
          u64 s = u64{a} + b + ci; c = s >> 32; return u32(s); }), true>);
  r.add("v_subb_co_u32", carry_op<([](u32 a, u32 b, bool ci, bool& c) {
          u64 sub = u64{b} + ci; c = sub > a; return u32(u64{a} - sub); }), true>);
  r.add("v_subbrev_co_u32", carry_op<([](u32 a, u32 b, bool ci, bool& c) {
          u64 sub = u64{a} + ci; c = sub > b; return u32(u64{b} - sub); }), true>);
  // ---- 64-bit ----
  r.add("v_lshlrev_b64", op64<([](u64 a, u64 b, u64) { return b << (a & 63); }), 2, 0b10>);
  r.add("v_lshrrev_b64", op64<([](u64 a, u64 b, u64) { return b >> (a & 63); }), 2, 0b10>);
  r.add("v_ashrrev_i64", op64<([](u64 a, u64 b, u64) { return u64(i64(b) >> (a & 63)); }), 2, 0b10>);
  r.add("v_lshl_add_u64", op64<([](u64 a, u64 b, u64 c) { return (a << (b & 7)) + c; }), 3, 0b101>);
  r.add("v_mov_b64", op64<([](u64 a, u64, u64) { return a; }), 1, 0b1>);
  r.add("v_mad_u64_u32", mad64<false>);
  r.add("v_mad_i64_i32", mad64<true>);
  // ---- 16-bit ----
  r.add("v_add_u16", int16_op<([](u32 a, u32 b, u32) { return a + b; }), 2>);
  r.add("v_sub_u16", int16_op<([](u32 a, u32 b, u32) { return a - b; }), 2>);
  r.add("v_subrev_u16", int16_op<([](u32 a, u32 b, u32) { return b - a; }), 2>);
  r.add("v_mul_lo_u16", int16_op<([](u32 a, u32 b, u32) { return a * b; }), 2>);
  r.add("v_lshlrev_b16", int16_op<([](u32 a, u32 b, u32) { return b << (a & 15); }), 2>);
  r.add("v_lshrrev_b16", int16_op<([](u32 a, u32 b, u32) { return b >> (a & 15); }), 2>);
  r.add("v_ashrrev_i16", int16_op<([](u32 a, u32 b, u32) { return u32(i32(int16_t(b)) >> (a & 15)); }), 2>);
  r.add("v_max_u16", int16_op<([](u32 a, u32 b, u32) { return std::max(a, b); }), 2>);
  r.add("v_min_u16", int16_op<([](u32 a, u32 b, u32) { return std::min(a, b); }), 2>);
  r.add("v_max_i16", int16_op<([](u32 a, u32 b, u32) { return u32(std::max(int16_t(a), int16_t(b))); }), 2>);
  r.add("v_min_i16", int16_op<([](u32 a, u32 b, u32) { return u32(std::min(int16_t(a), int16_t(b))); }), 2>);
  r.add("v_mad_u16", int16_op<([](u32 a, u32 b, u32 c) { return a * b + c; }), 3>);
  r.add("v_mad_i16", int16_op<([](u32 a, u32 b, u32 c) { return a * b + c; }), 3>);  // low 16 bits: as u16
  r.add("v_add_i16", add_sub_i16<false>);
  r.add("v_sub_i16", add_sub_i16<true>);
  r.add("v_min3_u16", int16_op<([](u32 a, u32 b, u32 c) { return std::min({a, b, c}); }), 3>);
  r.add("v_max3_u16", int16_op<([](u32 a, u32 b, u32 c) { return std::max({a, b, c}); }), 3>);
  r.add("v_med3_u16", int16_op<med3_u, 3>);
  r.add("v_min3_i16", int16_op<([](u32 a, u32 b, u32 c) {
          return u32(std::min({i32(int16_t(a)), i32(int16_t(b)), i32(int16_t(c))})); }), 3>);
  r.add("v_max3_i16", int16_op<([](u32 a, u32 b, u32 c) {
          return u32(std::max({i32(int16_t(a)), i32(int16_t(b)), i32(int16_t(c))})); }), 3>);
  r.add("v_med3_i16", int16_op<([](u32 a, u32 b, u32 c) { return u32(med3_i16(a, b, c)); }), 3>);
  r.add("v_mad_u32_u16", mad_32_16<false>);
  r.add("v_mad_i32_i16", mad_32_16<true>);
  // ---- misc ----
  r.add("v_bitop3_b32", bitop3_op<false>);
  r.add("v_bitop3_b16", bitop3_op<true>);
  r.add("v_swap_b32", swap_b32);
  r.add("v_lerp_u8", int_op<lerp_u8, 3>);
  // No architectural effect: v_clrexcp clears exception flags the emulator does not keep.
  r.add("v_nop", +[](Wave&, const Inst&) -> Status { return Status::ok(); });
  r.add("v_clrexcp", +[](Wave&, const Inst&) -> Status { return Status::ok(); });
}

}  // namespace ingot::emu
