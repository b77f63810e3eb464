// Scalar ALU: SOP1, SOP2, SOPK, SOPC. SCC rules follow the CDNA3 ISA guide's per-instruction text.
#include <bit>

#include "gpr_index.h"
#include "handler_table.h"
#include "operands.h"

namespace ingot::emu {
namespace {

using u32 = uint32_t;
using u64 = uint64_t;
using i32 = int32_t;
using i64 = int64_t;

const Operand* src(const Inst& inst, int i) {
  const Role role = i == 0 ? Role::kSrc0 : (i == 1 ? Role::kSrc1 : Role::kSrc2);
  if (const Operand* op = inst.find(role)) return op;
  // Fall back to position: destination first, then sources.
  const int base = inst.find(Role::kDst) ? 1 : 0;
  return base + i < inst.num_operands ? &inst.operands[static_cast<size_t>(base + i)] : nullptr;
}
const Operand* dst(const Inst& inst) { return inst.find(Role::kDst); }

// D = f(S0, S1, SCC&): the function may set SCC.
template <auto F>
Status sop2_32(Wave& wave, const Inst& inst) {
  bool scc = wave.scc;
  const u32 d = F(read_s32(wave, src(inst, 0)), read_s32(wave, src(inst, 1)), scc);
  write_s32(wave, dst(inst), d);
  wave.scc = scc;
  return Status::ok();
}
template <auto F>
Status sop2_64(Wave& wave, const Inst& inst) {
  bool scc = wave.scc;
  const u64 d = F(read_s64(wave, src(inst, 0)), read_s64(wave, src(inst, 1)), scc);
  write_s64(wave, dst(inst), d);
  wave.scc = scc;
  return Status::ok();
}
// 64-bit source 0, 32-bit source 1 (shifts, bfe).
template <auto F>
Status sop2_64_32(Wave& wave, const Inst& inst) {
  bool scc = wave.scc;
  const u64 d = F(read_s64(wave, src(inst, 0)), read_s32(wave, src(inst, 1)), scc);
  write_s64(wave, dst(inst), d);
  wave.scc = scc;
  return Status::ok();
}
template <auto F>
Status sop1_32(Wave& wave, const Inst& inst) {
  bool scc = wave.scc;
  const u32 d = F(read_s32(wave, src(inst, 0)), read_s32(wave, dst(inst)), scc);
  write_s32(wave, dst(inst), d);
  wave.scc = scc;
  return Status::ok();
}
template <auto F>
Status sop1_64(Wave& wave, const Inst& inst) {
  bool scc = wave.scc;
  const u64 d = F(read_s64(wave, src(inst, 0)), read_s64(wave, dst(inst)), scc);
  write_s64(wave, dst(inst), d);
  wave.scc = scc;
  return Status::ok();
}
// 64-bit source, 32-bit result (bit counts, find-first).
template <auto F>
Status sop1_32_of_64(Wave& wave, const Inst& inst) {
  bool scc = wave.scc;
  const u32 d = F(read_s64(wave, src(inst, 0)), scc);
  write_s32(wave, dst(inst), d);
  wave.scc = scc;
  return Status::ok();
}
template <auto F>
Status sopc_32(Wave& wave, const Inst& inst) {
  const Operand* a = inst.num_operands > 0 ? &inst.operands[0] : nullptr;
  const Operand* b = inst.num_operands > 1 ? &inst.operands[1] : nullptr;
  wave.scc = F(read_s32(wave, a), read_s32(wave, b));
  return Status::ok();
}
template <auto F>
Status sopc_64(Wave& wave, const Inst& inst) {
  const Operand* a = inst.num_operands > 0 ? &inst.operands[0] : nullptr;
  const Operand* b = inst.num_operands > 1 ? &inst.operands[1] : nullptr;
  wave.scc = F(read_s64(wave, a), b && b->dwords == 2 ? read_s64(wave, b) : read_s32(wave, b));
  return Status::ok();
}
// SOPK: operand 0 is the register (destination and/or source), simm16 the immediate.
template <auto F>
Status sopk(Wave& wave, const Inst& inst) {
  const Operand* reg = inst.num_operands > 0 ? &inst.operands[0] : nullptr;
  bool scc = wave.scc;
  bool write = true;
  const u32 d = F(read_s32(wave, reg), static_cast<u32>(inst.simm16), scc, write);
  if (write) write_s32(wave, reg, d);
  wave.scc = scc;
  return Status::ok();
}

// *_saveexec_b64: D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0.
template <auto F>
Status saveexec(Wave& wave, const Inst& inst) {
  const u64 exec = wave.exec();
  const u64 s0 = read_s64(wave, src(inst, 0));
  const u64 next = F(s0, exec);
  write_s64(wave, dst(inst), exec);
  wave.set_exec(next);
  wave.scc = next != 0;
  return Status::ok();
}
// *_wrexec_b64: EXEC = f(S0, EXEC); D = EXEC (the new one); SCC = EXEC != 0.
template <auto F>
Status wrexec(Wave& wave, const Inst& inst) {
  const u64 next = F(read_s64(wave, src(inst, 0)), wave.exec());
  wave.set_exec(next);
  write_s64(wave, dst(inst), next);
  wave.scc = next != 0;
  return Status::ok();
}

u32 bfe_u32(u32 value, u32 control) {
  const u32 offset = control & 31, width = (control >> 16) & 0x7f;
  if (width == 0) return 0;
  const u64 shifted = u64{value} >> offset;
  return width >= 32 ? static_cast<u32>(shifted) : static_cast<u32>(shifted & ((u64{1} << width) - 1));
}
i32 bfe_i32(u32 value, u32 control) {
  const u32 width = (control >> 16) & 0x7f;
  const u32 field = bfe_u32(value, control);
  if (width == 0) return 0;
  if (width >= 32) return static_cast<i32>(field);
  const u32 sign = 1u << (width - 1);
  return static_cast<i32>((field ^ sign) - sign);
}
u64 bfe_u64(u64 value, u32 control) {
  const u32 offset = control & 63, width = (control >> 16) & 0x7f;
  if (width == 0) return 0;
  const u64 shifted = value >> offset;
  return width >= 64 ? shifted : shifted & ((u64{1} << width) - 1);
}
i64 bfe_i64(u64 value, u32 control) {
  const u32 width = (control >> 16) & 0x7f;
  const u64 field = bfe_u64(value, control);
  if (width == 0 || width >= 64) return static_cast<i64>(field);
  const u64 sign = u64{1} << (width - 1);
  return static_cast<i64>((field ^ sign) - sign);
}

template <int N>
u32 lshl_add(u32 a, u32 b, bool& scc) {
  const u64 r = (u64{a} << N) + b;
  scc = (r >> 32) != 0;
  return static_cast<u32>(r);
}

u32 brev32(u32 x) {
  u32 r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}

// s_movrels: D = s[S0 + M0]; s_movreld: s[D + M0] = S0 (M0 counts dwords). The 64-bit forms move an
// aligned pair: "M0 must be even" (GCN3 / Vega ISA guides, S_MOVRELS_B64), so an odd M0 is a fault.
template <bool Dest, int Dwords>
Status movrel(Wave& wave, const Inst& inst) {
  const char* name = Dest ? "s_movreld" : "s_movrels";
  const Operand* relative = Dest ? dst(inst) : src(inst, 0);
  const u32 m0 = wave.s[kSlotM0];
  if (Dwords == 2 && (m0 & 1) != 0) return fault(std::string(name) + "_b64 with odd M0 " + std::to_string(m0));
  const uint64_t slot = uint64_t{relative ? relative->index : 0u} + m0;
  if (slot + Dwords > 102) {
    return fault(std::string(name) + " " + (Dest ? "writes" : "reads") + " s" + std::to_string(slot + Dwords - 1) +
                 ", past s101");
  }
  const auto index = static_cast<size_t>(slot);
  if constexpr (Dest) {
    if (Dwords == 1) wave.s[index] = read_s32(wave, src(inst, 0));
    if (Dwords == 2) wave.set_s64(static_cast<int>(index), read_s64(wave, src(inst, 0)));
  } else {
    if (Dwords == 1) write_s32(wave, dst(inst), wave.s[index]);
    if (Dwords == 2) write_s64(wave, dst(inst), wave.s[index] | uint64_t{wave.s[index + 1]} << 32);
  }
  return Status::ok();
}

// s_set_gpr_idx_on: M0[7:0] = S0[7:0], M0[15:12] = the 4-bit mode (SSRC1 field), other M0 bits kept,
// index mode on. s_set_gpr_idx_mode: M0[15:12] = SIMM16[3:0] only. (AMD's descriptions as carried in
// gem5 vega/insts: "MODE.gpr_idx_en = 1; M0[7:0] = S0.u[7:0]; M0[15:12] = SIMM4"; "M0[15:12] = SIMM4".)
void set_gpr_idx_mode_bits(Wave& wave, uint32_t mode) {
  const u32 field = kGprIdxModeMask << kGprIdxModeShift;
  wave.s[kSlotM0] = (wave.s[kSlotM0] & ~field) | ((mode & kGprIdxModeMask) << kGprIdxModeShift);
}

Status gpr_idx_on(Wave& wave, const Inst& inst) {
  const Operand* mode = inst.find(Role::kSimm16);
  wave.s[kSlotM0] = (wave.s[kSlotM0] & ~kGprIdxIndexMask) | (read_s32(wave, src(inst, 0)) & kGprIdxIndexMask);
  set_gpr_idx_mode_bits(wave, mode ? mode->code : 0u);
  wave.gpr_idx_on = true;
  return Status::ok();
}

Status gpr_idx_mode(Wave& wave, const Inst& inst) {
  const Operand* mode = inst.find(Role::kSimm16);
  set_gpr_idx_mode_bits(wave, mode ? mode->code : 0u);
  return Status::ok();
}

}  // namespace

void register_salu(HandlerRegistry& r) {
  // ---- SOP2, 32-bit ----
  r.add("s_add_u32", sop2_32<([](u32 a, u32 b, bool& scc) { u64 s = u64{a} + b; scc = s >> 32; return u32(s); })>);
  r.add("s_sub_u32", sop2_32<([](u32 a, u32 b, bool& scc) { scc = b > a; return a - b; })>);
  r.add("s_add_i32", sop2_32<([](u32 a, u32 b, bool& scc) {
          const u32 d = a + b; scc = ((~(a ^ b) & (a ^ d)) >> 31) != 0; return d; })>);
  r.add("s_sub_i32", sop2_32<([](u32 a, u32 b, bool& scc) {
          const u32 d = a - b; scc = (((a ^ b) & (a ^ d)) >> 31) != 0; return d; })>);
  r.add("s_addc_u32", sop2_32<([](u32 a, u32 b, bool& scc) {
          const u64 s = u64{a} + b + (scc ? 1 : 0); scc = s >> 32; return u32(s); })>);
  r.add("s_subb_u32", sop2_32<([](u32 a, u32 b, bool& scc) {
          const u64 sub = u64{b} + (scc ? 1 : 0); scc = sub > a; return u32(u64{a} - sub); })>);
  r.add("s_min_i32", sop2_32<([](u32 a, u32 b, bool& scc) { scc = i32(a) < i32(b); return scc ? a : b; })>);
  r.add("s_min_u32", sop2_32<([](u32 a, u32 b, bool& scc) { scc = a < b; return scc ? a : b; })>);
  r.add("s_max_i32", sop2_32<([](u32 a, u32 b, bool& scc) { scc = i32(a) > i32(b); return scc ? a : b; })>);
  r.add("s_max_u32", sop2_32<([](u32 a, u32 b, bool& scc) { scc = a > b; return scc ? a : b; })>);
  r.add("s_cselect_b32", sop2_32<([](u32 a, u32 b, bool& scc) { return scc ? a : b; })>);
  r.add("s_and_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = a & b; scc = d != 0; return d; })>);
  r.add("s_or_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = a | b; scc = d != 0; return d; })>);
  r.add("s_xor_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = a ^ b; scc = d != 0; return d; })>);
  r.add("s_andn2_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = a & ~b; scc = d != 0; return d; })>);
  r.add("s_orn2_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = a | ~b; scc = d != 0; return d; })>);
  r.add("s_nand_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = ~(a & b); scc = d != 0; return d; })>);
  r.add("s_nor_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = ~(a | b); scc = d != 0; return d; })>);
  r.add("s_xnor_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = ~(a ^ b); scc = d != 0; return d; })>);
  r.add("s_lshl_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = a << (b & 31); scc = d != 0; return d; })>);
  r.add("s_lshr_b32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = a >> (b & 31); scc = d != 0; return d; })>);
  r.add("s_ashr_i32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = u32(i32(a) >> (b & 31)); scc = d != 0; return d; })>);
  r.add("s_bfm_b32", sop2_32<([](u32 a, u32 b, bool&) { return u32(((u64{1} << (a & 31)) - 1) << (b & 31)); })>);
  r.add("s_mul_i32", sop2_32<([](u32 a, u32 b, bool&) { return a * b; })>);
  r.add("s_mul_hi_u32", sop2_32<([](u32 a, u32 b, bool&) { return u32((u64{a} * b) >> 32); })>);
  r.add("s_mul_hi_i32", sop2_32<([](u32 a, u32 b, bool&) { return u32(u64(i64(i32(a)) * i32(b)) >> 32); })>);
  r.add("s_bfe_u32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = bfe_u32(a, b); scc = d != 0; return d; })>);
  r.add("s_bfe_i32", sop2_32<([](u32 a, u32 b, bool& scc) { u32 d = u32(bfe_i32(a, b)); scc = d != 0; return d; })>);
  r.add("s_absdiff_i32", sop2_32<([](u32 a, u32 b, bool& scc) {
          i64 d = i64(i32(a)) - i32(b); u32 m = u32(d < 0 ? -d : d); scc = m != 0; return m; })>);
  r.add("s_lshl1_add_u32", sop2_32<lshl_add<1>>);
  r.add("s_lshl2_add_u32", sop2_32<lshl_add<2>>);
  r.add("s_lshl3_add_u32", sop2_32<lshl_add<3>>);
  r.add("s_lshl4_add_u32", sop2_32<lshl_add<4>>);
  r.add("s_pack_ll_b32_b16", sop2_32<([](u32 a, u32 b, bool&) { return (a & 0xffff) | (b << 16); })>);
  r.add("s_pack_lh_b32_b16", sop2_32<([](u32 a, u32 b, bool&) { return (a & 0xffff) | (b & 0xffff0000u); })>);
  r.add("s_pack_hh_b32_b16", sop2_32<([](u32 a, u32 b, bool&) { return (a >> 16) | (b & 0xffff0000u); })>);
  // ---- SOP2, 64-bit ----
  r.add("s_cselect_b64", sop2_64<([](u64 a, u64 b, bool& scc) { return scc ? a : b; })>);
  r.add("s_and_b64", sop2_64<([](u64 a, u64 b, bool& scc) { u64 d = a & b; scc = d != 0; return d; })>);
  r.add("s_or_b64", sop2_64<([](u64 a, u64 b, bool& scc) { u64 d = a | b; scc = d != 0; return d; })>);
  r.add("s_xor_b64", sop2_64<([](u64 a, u64 b, bool& scc) { u64 d = a ^ b; scc = d != 0; return d; })>);
  r.add("s_andn2_b64", sop2_64<([](u64 a, u64 b, bool& scc) { u64 d = a & ~b; scc = d != 0; return d; })>);
  r.add("s_orn2_b64", sop2_64<([](u64 a, u64 b, bool& scc) { u64 d = a | ~b; scc = d != 0; return d; })>);
  r.add("s_nand_b64", sop2_64<([](u64 a, u64 b, bool& scc) { u64 d = ~(a & b); scc = d != 0; return d; })>);
  r.add("s_nor_b64", sop2_64<([](u64 a, u64 b, bool& scc) { u64 d = ~(a | b); scc = d != 0; return d; })>);
  r.add("s_xnor_b64", sop2_64<([](u64 a, u64 b, bool& scc) { u64 d = ~(a ^ b); scc = d != 0; return d; })>);
  r.add("s_lshl_b64", sop2_64_32<([](u64 a, u32 b, bool& scc) { u64 d = a << (b & 63); scc = d != 0; return d; })>);
  r.add("s_lshr_b64", sop2_64_32<([](u64 a, u32 b, bool& scc) { u64 d = a >> (b & 63); scc = d != 0; return d; })>);
  r.add("s_ashr_i64", sop2_64_32<([](u64 a, u32 b, bool& scc) { u64 d = u64(i64(a) >> (b & 63)); scc = d != 0; return d; })>);
  r.add("s_bfe_u64", sop2_64_32<([](u64 a, u32 b, bool& scc) { u64 d = bfe_u64(a, b); scc = d != 0; return d; })>);
  r.add("s_bfe_i64", sop2_64_32<([](u64 a, u32 b, bool& scc) { u64 d = u64(bfe_i64(a, b)); scc = d != 0; return d; })>);
  r.add("s_bfm_b64", sop2_64<([](u64 a, u64 b, bool&) {
          const u32 width = u32(a) & 63; const u64 mask = width == 0 ? 0 : (~u64{0} >> (64 - width));
          return mask << (u32(b) & 63); })>);
  // ---- SOP1 ----
  r.add("s_mov_b32", sop1_32<([](u32 a, u32, bool&) { return a; })>);
  r.add("s_mov_b64", sop1_64<([](u64 a, u64, bool&) { return a; })>);
  r.add("s_cmov_b32", sop1_32<([](u32 a, u32 d, bool& scc) { return scc ? a : d; })>);
  r.add("s_cmov_b64", sop1_64<([](u64 a, u64 d, bool& scc) { return scc ? a : d; })>);
  r.add("s_not_b32", sop1_32<([](u32 a, u32, bool& scc) { u32 d = ~a; scc = d != 0; return d; })>);
  r.add("s_not_b64", sop1_64<([](u64 a, u64, bool& scc) { u64 d = ~a; scc = d != 0; return d; })>);
  r.add("s_brev_b32", sop1_32<([](u32 a, u32, bool&) { return brev32(a); })>);
  r.add("s_brev_b64", sop1_64<([](u64 a, u64, bool&) { return (u64{brev32(u32(a))} << 32) | brev32(u32(a >> 32)); })>);
  r.add("s_bcnt0_i32_b32", sop1_32<([](u32 a, u32, bool& scc) { u32 d = u32(std::popcount(~a)); scc = d != 0; return d; })>);
  r.add("s_bcnt1_i32_b32", sop1_32<([](u32 a, u32, bool& scc) { u32 d = u32(std::popcount(a)); scc = d != 0; return d; })>);
  r.add("s_bcnt0_i32_b64", sop1_32_of_64<([](u64 a, bool& scc) { u32 d = u32(std::popcount(~a)); scc = d != 0; return d; })>);
  r.add("s_bcnt1_i32_b64", sop1_32_of_64<([](u64 a, bool& scc) { u32 d = u32(std::popcount(a)); scc = d != 0; return d; })>);
  r.add("s_ff0_i32_b32", sop1_32<([](u32 a, u32, bool&) { return ~a == 0 ? ~0u : u32(std::countr_zero(~a)); })>);
  r.add("s_ff1_i32_b32", sop1_32<([](u32 a, u32, bool&) { return a == 0 ? ~0u : u32(std::countr_zero(a)); })>);
  r.add("s_ff0_i32_b64", sop1_32_of_64<([](u64 a, bool&) { return ~a == 0 ? ~0u : u32(std::countr_zero(~a)); })>);
  r.add("s_ff1_i32_b64", sop1_32_of_64<([](u64 a, bool&) { return a == 0 ? ~0u : u32(std::countr_zero(a)); })>);
  r.add("s_flbit_i32_b32", sop1_32<([](u32 a, u32, bool&) { return a == 0 ? ~0u : u32(std::countl_zero(a)); })>);
  r.add("s_flbit_i32_b64", sop1_32_of_64<([](u64 a, bool&) { return a == 0 ? ~0u : u32(std::countl_zero(a)); })>);
  r.add("s_flbit_i32", sop1_32<([](u32 a, u32, bool&) {
          return (a == 0 || a == ~0u) ? ~0u : u32(std::countl_zero(i32(a) < 0 ? ~a : a)); })>);
  r.add("s_flbit_i32_i64", sop1_32_of_64<([](u64 a, bool&) {
          return (a == 0 || a == ~u64{0}) ? ~0u : u32(std::countl_zero(i64(a) < 0 ? ~a : a)); })>);
  r.add("s_sext_i32_i8", sop1_32<([](u32 a, u32, bool&) { return u32(i32(int8_t(a & 0xff))); })>);
  r.add("s_sext_i32_i16", sop1_32<([](u32 a, u32, bool&) { return u32(i32(int16_t(a & 0xffff))); })>);
  r.add("s_bitset0_b32", sop1_32<([](u32 a, u32 d, bool&) { return d & ~(1u << (a & 31)); })>);
  r.add("s_bitset1_b32", sop1_32<([](u32 a, u32 d, bool&) { return d | (1u << (a & 31)); })>);
  r.add("s_bitset0_b64", sop1_64<([](u64 a, u64 d, bool&) { return d & ~(u64{1} << (a & 63)); })>);
  r.add("s_bitset1_b64", sop1_64<([](u64 a, u64 d, bool&) { return d | (u64{1} << (a & 63)); })>);
  r.add("s_abs_i32", sop1_32<([](u32 a, u32, bool& scc) { u32 d = i32(a) < 0 ? 0u - a : a; scc = d != 0; return d; })>);
  r.add("s_bitreplicate_b64_b32", sop1_64<([](u64 a, u64, bool&) {
          u64 d = 0; for (int i = 0; i < 32; ++i) d |= ((a >> i) & 1) * (u64{3} << (2 * i)); return d; })>);
  r.add("s_quadmask_b32", sop1_32<([](u32 a, u32, bool& scc) {
          u32 d = 0; for (int i = 0; i < 8; ++i) d |= ((a >> (4 * i)) & 0xf ? 1u : 0u) << i; scc = d != 0; return d; })>);
  r.add("s_quadmask_b64", sop1_64<([](u64 a, u64, bool& scc) {
          u64 d = 0; for (int i = 0; i < 16; ++i) d |= ((a >> (4 * i)) & 0xf ? u64{1} : 0) << i; scc = d != 0; return d; })>);
  r.add("s_wqm_b32", sop1_32<([](u32 a, u32, bool& scc) {
          u32 d = 0; for (int i = 0; i < 8; ++i) d |= ((a >> (4 * i)) & 0xf ? 0xfu : 0u) << (4 * i); scc = d != 0; return d; })>);
  r.add("s_wqm_b64", sop1_64<([](u64 a, u64, bool& scc) {
          u64 d = 0; for (int i = 0; i < 16; ++i) d |= ((a >> (4 * i)) & 0xf ? u64{0xf} : 0) << (4 * i); scc = d != 0; return d; })>);
  r.add("s_and_saveexec_b64", saveexec<([](u64 s, u64 e) { return s & e; })>);
  r.add("s_or_saveexec_b64", saveexec<([](u64 s, u64 e) { return s | e; })>);
  r.add("s_xor_saveexec_b64", saveexec<([](u64 s, u64 e) { return s ^ e; })>);
  r.add("s_andn2_saveexec_b64", saveexec<([](u64 s, u64 e) { return s & ~e; })>);
  r.add("s_orn2_saveexec_b64", saveexec<([](u64 s, u64 e) { return s | ~e; })>);
  r.add("s_nand_saveexec_b64", saveexec<([](u64 s, u64 e) { return ~(s & e); })>);
  r.add("s_nor_saveexec_b64", saveexec<([](u64 s, u64 e) { return ~(s | e); })>);
  r.add("s_xnor_saveexec_b64", saveexec<([](u64 s, u64 e) { return ~(s ^ e); })>);
  r.add("s_andn1_saveexec_b64", saveexec<([](u64 s, u64 e) { return ~s & e; })>);
  r.add("s_orn1_saveexec_b64", saveexec<([](u64 s, u64 e) { return ~s | e; })>);
  r.add("s_andn1_wrexec_b64", wrexec<([](u64 s, u64 e) { return ~s & e; })>);
  r.add("s_andn2_wrexec_b64", wrexec<([](u64 s, u64 e) { return s & ~e; })>);
  r.add("s_movrels_b32", movrel<false, 1>);
  r.add("s_movrels_b64", movrel<false, 2>);
  r.add("s_movreld_b32", movrel<true, 1>);
  r.add("s_movreld_b64", movrel<true, 2>);
  // VGPR index mode (gpr_index.h): the index and operand bits live in M0, the enable in the wave.
  r.add("s_set_gpr_idx_on", gpr_idx_on);
  r.add("s_set_gpr_idx_mode", gpr_idx_mode);
  r.add("s_set_gpr_idx_off", +[](Wave& wave, const Inst&) -> Status {
    wave.gpr_idx_on = false;
    return Status::ok();
  });
  // ---- SOPC ----
  r.add("s_cmp_eq_i32", sopc_32<([](u32 a, u32 b) { return a == b; })>);
  r.add("s_cmp_lg_i32", sopc_32<([](u32 a, u32 b) { return a != b; })>);
  r.add("s_cmp_gt_i32", sopc_32<([](u32 a, u32 b) { return i32(a) > i32(b); })>);
  r.add("s_cmp_ge_i32", sopc_32<([](u32 a, u32 b) { return i32(a) >= i32(b); })>);
  r.add("s_cmp_lt_i32", sopc_32<([](u32 a, u32 b) { return i32(a) < i32(b); })>);
  r.add("s_cmp_le_i32", sopc_32<([](u32 a, u32 b) { return i32(a) <= i32(b); })>);
  r.add("s_cmp_eq_u32", sopc_32<([](u32 a, u32 b) { return a == b; })>);
  r.add("s_cmp_lg_u32", sopc_32<([](u32 a, u32 b) { return a != b; })>);
  r.add("s_cmp_gt_u32", sopc_32<([](u32 a, u32 b) { return a > b; })>);
  r.add("s_cmp_ge_u32", sopc_32<([](u32 a, u32 b) { return a >= b; })>);
  r.add("s_cmp_lt_u32", sopc_32<([](u32 a, u32 b) { return a < b; })>);
  r.add("s_cmp_le_u32", sopc_32<([](u32 a, u32 b) { return a <= b; })>);
  r.add("s_bitcmp0_b32", sopc_32<([](u32 a, u32 b) { return ((a >> (b & 31)) & 1) == 0; })>);
  r.add("s_bitcmp1_b32", sopc_32<([](u32 a, u32 b) { return ((a >> (b & 31)) & 1) == 1; })>);
  r.add("s_bitcmp0_b64", sopc_64<([](u64 a, u64 b) { return ((a >> (b & 63)) & 1) == 0; })>);
  r.add("s_bitcmp1_b64", sopc_64<([](u64 a, u64 b) { return ((a >> (b & 63)) & 1) == 1; })>);
  r.add("s_cmp_eq_u64", sopc_64<([](u64 a, u64 b) { return a == b; })>);
  r.add("s_cmp_lg_u64", sopc_64<([](u64 a, u64 b) { return a != b; })>);
  // ---- SOPK ----
  r.add("s_movk_i32", sopk<([](u32, u32 k, bool&, bool&) { return u32(i32(int16_t(k))); })>);
  r.add("s_cmovk_i32", sopk<([](u32 d, u32 k, bool& scc, bool&) { return scc ? u32(i32(int16_t(k))) : d; })>);
  r.add("s_cmpk_eq_i32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = i32(d) == int16_t(k); return d; })>);
  r.add("s_cmpk_lg_i32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = i32(d) != int16_t(k); return d; })>);
  r.add("s_cmpk_gt_i32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = i32(d) > int16_t(k); return d; })>);
  r.add("s_cmpk_ge_i32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = i32(d) >= int16_t(k); return d; })>);
  r.add("s_cmpk_lt_i32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = i32(d) < int16_t(k); return d; })>);
  r.add("s_cmpk_le_i32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = i32(d) <= int16_t(k); return d; })>);
  r.add("s_cmpk_eq_u32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = d == (k & 0xffff); return d; })>);
  r.add("s_cmpk_lg_u32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = d != (k & 0xffff); return d; })>);
  r.add("s_cmpk_gt_u32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = d > (k & 0xffff); return d; })>);
  r.add("s_cmpk_ge_u32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = d >= (k & 0xffff); return d; })>);
  r.add("s_cmpk_lt_u32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = d < (k & 0xffff); return d; })>);
  r.add("s_cmpk_le_u32", sopk<([](u32 d, u32 k, bool& scc, bool& w) { w = false; scc = d <= (k & 0xffff); return d; })>);
  r.add("s_addk_i32", sopk<([](u32 d, u32 k, bool& scc, bool&) {
          const u32 b = u32(i32(int16_t(k))); const u32 s = d + b;
          scc = ((~(d ^ b) & (d ^ s)) >> 31) != 0; return s; })>);
  r.add("s_mulk_i32", sopk<([](u32 d, u32 k, bool&, bool&) { return d * u32(i32(int16_t(k))); })>);
}

}  // namespace ingot::emu
