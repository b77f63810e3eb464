#include "valu_common.h"

namespace ingot::emu {
namespace {

// DPP_CTRL values (GFX9 / CDNA).
constexpr uint16_t kQuadPermLast = 0xff;
constexpr uint16_t kRowShl0 = 0x100, kRowShr0 = 0x110, kRowRor0 = 0x120;
constexpr uint16_t kWaveShl1 = 0x130, kWaveRol1 = 0x134, kWaveShr1 = 0x138, kWaveRor1 = 0x13c;
constexpr uint16_t kRowMirror = 0x140, kRowHalfMirror = 0x141, kRowBcast15 = 0x142, kRowBcast31 = 0x143;
constexpr uint16_t kRowNewBcast0 = 0x150;

int dpp_source(uint16_t ctrl, int lane) {
  const int row_base = lane & ~15, in_row = lane & 15;
  if (ctrl <= kQuadPermLast) return (lane & ~3) | ((ctrl >> (2 * (lane & 3))) & 3);
  if (ctrl > kRowShl0 && ctrl < kRowShl0 + 16) {
    const int n = ctrl - kRowShl0;
    return in_row + n < 16 ? lane + n : -1;
  }
  if (ctrl > kRowShr0 && ctrl < kRowShr0 + 16) {
    const int n = ctrl - kRowShr0;
    return in_row >= n ? lane - n : -1;
  }
  if (ctrl > kRowRor0 && ctrl < kRowRor0 + 16) return row_base + ((in_row - (ctrl - kRowRor0)) & 15);
  switch (ctrl) {
    case kWaveShl1: return lane < 63 ? lane + 1 : -1;
    case kWaveRol1: return (lane + 1) & 63;
    case kWaveShr1: return lane > 0 ? lane - 1 : -1;
    case kWaveRor1: return (lane + 63) & 63;
    case kRowMirror: return row_base + 15 - in_row;
    case kRowHalfMirror: return (lane & ~7) + 7 - (lane & 7);
    case kRowBcast15: return lane >= 16 ? row_base - 1 : -1;
    case kRowBcast31: return lane >= 32 ? 31 : -1;
    default: break;
  }
  if (ctrl >= kRowNewBcast0 && ctrl < kRowNewBcast0 + 16) return row_base + (ctrl - kRowNewBcast0);
  return -1;
}

uint32_t sdwa_select(uint32_t value, uint8_t sel, bool sext) {
  if (sel <= 3) {
    const uint32_t byte = (value >> (8 * sel)) & 0xff;
    return sext ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(byte))) : byte;
  }
  if (sel <= 5) {
    const uint32_t word = (value >> (16 * (sel - 4))) & 0xffff;
    return sext ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(word))) : word;
  }
  return value;
}

}  // namespace

LaneMask dpp_source_lanes(const Wave& wave, const DppControl& dpp, int8_t source[kWaveSize]) {
  const LaneMask exec = wave.exec();
  LaneMask writable = 0;
  for (int lane = 0; lane < kWaveSize; ++lane) {
    int from = dpp_source(dpp.ctrl, lane);
    // Reading a lane that is out of range or disabled in EXEC counts as out of range.
    if (from >= 0 && !((exec >> from) & 1)) from = -1;
    source[lane] = static_cast<int8_t>(from);
    const bool row_on = (dpp.row_mask >> (lane >> 4)) & 1;
    const bool bank_on = (dpp.bank_mask >> ((lane >> 2) & 3)) & 1;
    if (row_on && bank_on && (from >= 0 || dpp.bound_ctrl)) writable |= LaneMask{1} << lane;
  }
  return writable;
}

void fetch_source(const Wave& wave, const Inst& inst, int i, Lanes& out, LaneMask& mask) {
  const Operand* op = vsrc(inst, i);
  read_lanes(wave, op, out);
  if (inst.extension == Extension::kDpp && i == 0) {
    int8_t source[kWaveSize];
    mask &= dpp_source_lanes(wave, inst.dpp, source);
    Lanes moved;
    for (int lane = 0; lane < kWaveSize; ++lane) moved.v[lane] = source[lane] >= 0 ? out.v[source[lane]] : 0;
    out = moved;
  } else if (inst.extension == Extension::kSdwa && i <= 1) {
    const uint8_t sel = i == 0 ? inst.sdwa.src0_sel : inst.sdwa.src1_sel;
    const bool sext = i == 0 ? inst.sdwa.src0_sext : inst.sdwa.src1_sext;
    if (sel != 6) {
      for (int lane = 0; lane < kWaveSize; ++lane) out.v[lane] = sdwa_select(out.v[lane], sel, sext);
    }
  }
}

void write_result(Wave& wave, const Inst& inst, const Lanes& result, LaneMask mask) {
  const Operand* dst = vdst(inst);
  if (inst.extension != Extension::kSdwa || inst.sdwa.dst_sel == 6 || dst == nullptr ||
      dst->kind != OperandKind::kVgpr) {
    write_lanes(wave, dst, result, mask);
    return;
  }
  const uint8_t sel = inst.sdwa.dst_sel;
  const uint32_t shift = sel <= 3 ? 8u * sel : 16u * (sel - 4u);
  const uint32_t width_mask = sel <= 3 ? 0xffu : 0xffffu;
  const uint32_t field = width_mask << shift;
  const uint32_t* old = wave.vrow(vector_row(wave, *dst));
  Lanes merged;
  for (int lane = 0; lane < kWaveSize; ++lane) {
    const uint32_t value = (result.v[lane] & width_mask) << shift;
    uint32_t out = value;
    if (inst.sdwa.dst_unused == 2) {
      out = (old[lane] & ~field) | value;
    } else if (inst.sdwa.dst_unused == 1) {
      const uint32_t sign_bit = 1u << (shift + (sel <= 3 ? 7 : 15));
      if (value & sign_bit) out |= ~((sign_bit << 1) - 1);
    }
    merged.v[lane] = out;
  }
  write_lanes(wave, dst, merged, mask);
}

void write_result_16(Wave& wave, const Inst& inst, const Lanes& result16, LaneMask mask) {
  const Operand* dst = vdst(inst);
  if (dst == nullptr || !(dst->kind == OperandKind::kVgpr || dst->kind == OperandKind::kAgpr)) return;
  if (inst.extension == Extension::kSdwa) {
    write_result(wave, inst, result16, mask);
    return;
  }
  const bool high = inst.encoding == Encoding::kVop3 && ((inst.mods.op_sel >> 3) & 1);
  const uint32_t* old = wave.vrow(vector_row(wave, *dst));
  Lanes merged;
  for (int lane = 0; lane < kWaveSize; ++lane) {
    const uint32_t half = result16.v[lane] & 0xffff;
    merged.v[lane] = high ? (old[lane] & 0xffffu) | (half << 16) : half;
  }
  write_lanes(wave, dst, merged, mask);
}

void read_lanes64(const Wave& wave, const Operand* op, uint64_t out[kWaveSize], bool f64) {
  if (op != nullptr && (op->kind == OperandKind::kInline || op->kind == OperandKind::kLiteral)) {
    uint64_t value = op->value;  // inline constants are already 64-bit (sign-extended / f64)
    if (op->kind == OperandKind::kLiteral) value = f64 ? (op->value & 0xffffffffu) << 32 : (op->value & 0xffffffffu);
    for (int l = 0; l < kWaveSize; ++l) out[l] = value;
    return;
  }
  Lanes lo, hi;
  read_lanes(wave, op, lo, 0);
  read_lanes(wave, op, hi, 1);
  for (int l = 0; l < kWaveSize; ++l) out[l] = lo.v[l] | (uint64_t{hi.v[l]} << 32);
}

void write_lanes64(Wave& wave, const Operand* op, const uint64_t value[kWaveSize], LaneMask mask) {
  Lanes lo, hi;
  for (int l = 0; l < kWaveSize; ++l) {
    lo.v[l] = static_cast<uint32_t>(value[l]);
    hi.v[l] = static_cast<uint32_t>(value[l] >> 32);
  }
  write_lanes(wave, op, lo, mask, 0);
  write_lanes(wave, op, hi, mask, 1);
}

}  // namespace ingot::emu
