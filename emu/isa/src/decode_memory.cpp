// DS, MUBUF and FLAT / GLOBAL / SCRATCH.
#include "decode_internal.h"

namespace ingot::emu::detail {
namespace {

constexpr unsigned kSaddrOff = 0x7F;
// FLAT SEG field values.
constexpr unsigned kSegFlat = 0, kSegScratch = 1, kSegGlobal = 2;

Status need_second_word(DecodeState& s, const char* what, uint32_t& w1) {
  if (!s.words.has(1)) return fail(std::string("truncated: ") + what + " needs 8 bytes");
  w1 = s.words.at(1);
  s.inst.size = 8;
  return Status::ok();
}

Status unknown(const char* what, unsigned opcode, Target target) {
  return fail(std::string("unknown ") + what + " opcode " + std::to_string(opcode) + " on " +
              std::string(target_name(target)));
}

Operand off_operand(Role role) {
  Operand op;
  op.kind = OperandKind::kOff;
  op.role = role;
  return op;
}

int data_dwords(const OpInfo& info) {
  for (int i = 0; i < info.num_operands; ++i) {
    const SigField f = info.operands[i].field;
    if (f == SigField::kVdata || f == SigField::kVdataSrc) return sig_type_dwords(info.operands[i].type);
  }
  return 0;
}

// The register an atomic returns into: half the data for cmpswap (data = {src, cmp}).
int atomic_return_dwords(const OpInfo& info) {
  const int data = data_dwords(info);
  return info.has_flag(kFlagCmpswap) ? data / 2 : data;
}

}  // namespace

Status decode_ds(DecodeState& s, uint32_t w0) {
  Inst& inst = s.inst;
  uint32_t w1 = 0;
  INGOT_RETURN_IF_ERROR(need_second_word(s, "DS", w1));
  inst.encoding = Encoding::kDs;
  const unsigned opcode = bits(w0, 24, 17);
  const std::optional<Op> op = lookup_opcode(s.target, Encoding::kDs, opcode);
  if (!op) return unknown("DS", opcode, s.target);
  inst.op = *op;
  const OpInfo& info = op_info(*op);
  const bool acc = bits(w0, 25, 25) != 0;
  MemFields& mem = inst.mem;
  mem.offset0 = static_cast<uint8_t>(bits(w0, 7, 0));
  mem.offset1 = static_cast<uint8_t>(bits(w0, 15, 8));
  mem.offset = static_cast<int32_t>(bits(w0, 15, 0));
  mem.gds = bits(w0, 16, 16) != 0;
  return decode_operands(inst, info, [&](const OperandSpec& spec, int dwords, Operand& out) -> Status {
    switch (spec.field) {
      case SigField::kVdst: {
        const Status status = vector_reg(bits(w1, 31, 24), spec, dwords, acc, out);
        if (!status.is_ok() && !(info.has_flag(kFlagAnyAlign) && out.index + dwords <= 256)) return status;
        break;
      }
      case SigField::kAddr:
        INGOT_RETURN_IF_ERROR(vector_reg(bits(w1, 7, 0), spec, dwords, false, out));
        break;
      case SigField::kData0:
        INGOT_RETURN_IF_ERROR(vector_reg(bits(w1, 15, 8), spec, dwords, acc, out));
        break;
      case SigField::kData1:
        INGOT_RETURN_IF_ERROR(vector_reg(bits(w1, 23, 16), spec, dwords, acc, out));
        break;
      default:
        return fail("internal: unexpected operand in DS signature");
    }
    return Status::ok();
  });
}

Status decode_mubuf(DecodeState& s, uint32_t w0) {
  Inst& inst = s.inst;
  uint32_t w1 = 0;
  INGOT_RETURN_IF_ERROR(need_second_word(s, "MUBUF", w1));
  inst.encoding = Encoding::kMubuf;
  const unsigned opcode = bits(w0, 24, 18);
  const std::optional<Op> op = lookup_opcode(s.target, Encoding::kMubuf, opcode);
  if (!op) return unknown("MUBUF", opcode, s.target);
  inst.op = *op;
  const OpInfo& info = op_info(*op);
  MemFields& mem = inst.mem;
  mem.offset = static_cast<int32_t>(bits(w0, 11, 0));
  mem.offen = bits(w0, 12, 12) != 0;
  mem.idxen = bits(w0, 13, 13) != 0;
  mem.sc0 = bits(w0, 14, 14) != 0;
  mem.sc1 = bits(w0, 15, 15) != 0;
  mem.lds = bits(w0, 16, 16) != 0;
  mem.nt = bits(w0, 17, 17) != 0;
  const bool acc = bits(w1, 23, 23) != 0;
  if (info.has_flag(kFlagCachePolicy)) return Status::ok();  // buffer_wbl2 / buffer_inv: no operands
  const bool lds_ok = info.has_flag(kFlagLdsOk) || (info.has_flag(kFlagLdsOkGfx950) && s.target == Target::kGfx950);
  if (mem.lds && !lds_ok) {
    return fail(std::string(info.mnemonic) + " cannot load to LDS (lds bit set) on " +
                std::string(target_name(s.target)));
  }
  const unsigned vaddr = bits(w1, 7, 0), vdata = bits(w1, 15, 8), srsrc = bits(w1, 20, 16) * 4,
                 soffset = bits(w1, 31, 24);
  for (int i = 0; i < info.num_operands; ++i) {
    const OperandSpec& spec = info.operands[i];
    const int dwords = sig_type_dwords(spec.type);
    Operand out;
    switch (spec.field) {
      case SigField::kVdata:
        if (mem.lds) continue;  // direct-to-LDS loads write LDS at M0, not VGPRs
        INGOT_RETURN_IF_ERROR(vector_reg(vdata, spec, dwords, acc, out));
        break;
      case SigField::kVdataSrc:
        INGOT_RETURN_IF_ERROR(vector_reg(vdata, spec, dwords, acc, out));
        break;
      case SigField::kVaddr: {
        const int addr_dwords = (mem.offen ? 1 : 0) + (mem.idxen ? 1 : 0);
        if (addr_dwords == 0) {
          out = off_operand(Role::kAddr);
        } else {
          const OperandSpec addr_spec{SigField::kVaddr, addr_dwords == 2 ? SigType::kB64 : SigType::kB32};
          INGOT_RETURN_IF_ERROR(vector_reg(vaddr, addr_spec, addr_dwords, false, out));
        }
        break;
      }
      case SigField::kSrsrc: {
        const OperandSpec rsrc_spec{SigField::kSrsrc, SigType::kB128};
        INGOT_RETURN_IF_ERROR(source_operand(s, srsrc, rsrc_spec, 4, false, out));
        break;
      }
      case SigField::kSoffset: {
        const OperandSpec off_spec{SigField::kSoffset, SigType::kB32};
        if (soffset == kLiteralCode) return fail("MUBUF soffset cannot be a literal");
        INGOT_RETURN_IF_ERROR(source_operand(s, soffset, off_spec, 1, false, out));
        break;
      }
      default:
        return fail("internal: unexpected operand in MUBUF signature");
    }
    add_operand(inst, out);
  }
  if (info.has_flag(kFlagAtomic) && mem.sc0) {
    // The returning form writes the pre-op value back into vdata: same registers, not printed twice.
    const OperandSpec ret_spec{SigField::kVdata, SigType::kB32};
    Operand ret;
    INGOT_RETURN_IF_ERROR(vector_reg(vdata, ret_spec, atomic_return_dwords(info), acc, ret));
    ret.hidden = true;
    add_operand(inst, ret);
  }
  return Status::ok();
}

Status decode_flat(DecodeState& s, uint32_t w0) {
  Inst& inst = s.inst;
  uint32_t w1 = 0;
  INGOT_RETURN_IF_ERROR(need_second_word(s, "FLAT", w1));
  const unsigned seg = bits(w0, 15, 14);
  const Encoding encoding = seg == kSegFlat      ? Encoding::kFlat
                            : seg == kSegScratch ? Encoding::kScratch
                            : seg == kSegGlobal  ? Encoding::kGlobal
                                                 : Encoding::kFlat;
  if (seg > kSegGlobal) return fail("reserved FLAT segment 3");
  inst.encoding = encoding;
  const unsigned opcode = bits(w0, 24, 18);
  const char* family = encoding == Encoding::kFlat ? "FLAT" : encoding == Encoding::kGlobal ? "GLOBAL" : "SCRATCH";
  const std::optional<Op> op = lookup_opcode(s.target, encoding, opcode);
  if (!op) return unknown(family, opcode, s.target);
  inst.op = *op;
  const OpInfo& info = op_info(*op);
  MemFields& mem = inst.mem;
  // FLAT takes a 12-bit unsigned offset; GLOBAL and SCRATCH a 13-bit signed one.
  mem.offset = encoding == Encoding::kFlat ? static_cast<int32_t>(bits(w0, 11, 0)) : sign_extend(bits(w0, 12, 0), 13);
  if (encoding == Encoding::kFlat && bits(w0, 12, 12) != 0) return fail("FLAT offset bit 12 is reserved");
  mem.sve = bits(w0, 13, 13) != 0;
  if (mem.sve && encoding != Encoding::kScratch) return fail("FLAT/GLOBAL bit 13 (SVE/LDS) is reserved on CDNA3/4");
  mem.sc0 = bits(w0, 16, 16) != 0;
  mem.nt = bits(w0, 17, 17) != 0;
  mem.sc1 = bits(w0, 25, 25) != 0;
  mem.lds = info.has_flag(kFlagLds);
  const bool acc = bits(w1, 23, 23) != 0;
  const unsigned addr = bits(w1, 7, 0), data = bits(w1, 15, 8), saddr = bits(w1, 22, 16), vdst = bits(w1, 31, 24);
  const bool saddr_off = saddr == kSaddrOff;
  // FLAT (segment 0) has no saddr: LLVM leaves the field 0 and the hardware ignores it.

  if (info.has_flag(kFlagAtomic) && mem.sc0) {
    const OperandSpec ret_spec{SigField::kVdst, SigType::kB32};
    Operand ret;
    INGOT_RETURN_IF_ERROR(vector_reg(vdst, ret_spec, atomic_return_dwords(info), acc, ret));
    add_operand(inst, ret);
  }
  return decode_operands(inst, info, [&](const OperandSpec& spec, int dwords, Operand& out) -> Status {
    switch (spec.field) {
      case SigField::kVdst:
        INGOT_RETURN_IF_ERROR(vector_reg(vdst, spec, dwords, acc, out));
        break;
      case SigField::kVdataSrc:
        INGOT_RETURN_IF_ERROR(vector_reg(data, spec, dwords, acc, out));
        break;
      case SigField::kVaddr: {
        // 64-bit address without saddr (FLAT, GLOBAL off); 32-bit offset with saddr; SCRATCH: 32-bit if SVE.
        if (encoding == Encoding::kScratch && !mem.sve) {
          out = off_operand(Role::kAddr);
          break;
        }
        const int addr_dwords = encoding == Encoding::kFlat ? 2 : (encoding == Encoding::kScratch || !saddr_off) ? 1 : 2;
        const OperandSpec addr_spec{SigField::kVaddr, addr_dwords == 2 ? SigType::kB64 : SigType::kB32};
        INGOT_RETURN_IF_ERROR(vector_reg(addr, addr_spec, addr_dwords, false, out));
        break;
      }
      case SigField::kSaddr: {
        if (saddr_off) {
          out = off_operand(Role::kSaddr);
          break;
        }
        const int saddr_dwords = encoding == Encoding::kScratch ? 1 : 2;
        const OperandSpec saddr_spec{SigField::kSaddr, saddr_dwords == 2 ? SigType::kB64 : SigType::kB32};
        INGOT_RETURN_IF_ERROR(source_operand(s, saddr, saddr_spec, saddr_dwords, false, out));
        if (!out.is_register()) return fail("saddr must be an SGPR");
        break;
      }
      default:
        return fail("internal: unexpected operand in FLAT signature");
    }
    return Status::ok();
  });
}

}  // namespace ingot::emu::detail
