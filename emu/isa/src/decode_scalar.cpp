// SOP1 / SOP2 / SOPC / SOPK / SOPP and SMEM.
#include "decode_internal.h"

namespace ingot::emu::detail {
namespace {

struct OpField {
  Encoding encoding;
  unsigned opcode;
};

OpField scalar_opcode(Encoding encoding, uint32_t w) {
  switch (encoding) {
    case Encoding::kSop2: return {encoding, bits(w, 29, 23)};
    case Encoding::kSopk: return {encoding, bits(w, 27, 23)};
    case Encoding::kSop1: return {encoding, bits(w, 15, 8)};
    case Encoding::kSopc: return {encoding, bits(w, 22, 16)};
    default: return {encoding, bits(w, 22, 16)};  // SOPP
  }
}

const char* encoding_name(Encoding encoding) {
  switch (encoding) {
    case Encoding::kSop1: return "SOP1";
    case Encoding::kSop2: return "SOP2";
    case Encoding::kSopk: return "SOPK";
    case Encoding::kSopc: return "SOPC";
    case Encoding::kSopp: return "SOPP";
    default: return "scalar";
  }
}

Status unknown(const char* what, unsigned opcode, Target target) {
  return fail(std::string("unknown ") + what + " opcode " + std::to_string(opcode) + " on " +
              std::string(target_name(target)));
}

// The simm16 operand and, for branches, the static target.
Operand simm16_operand(Inst& inst, const OperandSpec& spec, uint32_t raw) {
  inst.simm16 = sign_extend(raw, 16);
  const bool is_signed = spec.type == SigType::kImm || spec.type == SigType::kLabel;  // value, not printing
  Operand op = immediate(Role::kSimm16, is_signed ? inst.simm16 : static_cast<int64_t>(raw));
  op.code = static_cast<uint16_t>(raw);
  if (spec.type == SigType::kLabel) {
    inst.branch_target = inst.address + 4 + static_cast<uint64_t>(static_cast<int64_t>(inst.simm16) * 4);
  }
  return op;
}

}  // namespace

Status decode_scalar_alu(DecodeState& s, Encoding encoding, uint32_t w) {
  Inst& inst = s.inst;
  const OpField f = scalar_opcode(encoding, w);
  const std::optional<Op> op = lookup_opcode(s.target, encoding, f.opcode);
  if (!op) return unknown(encoding_name(encoding), f.opcode, s.target);
  const OpInfo& info = op_info(*op);
  inst.op = *op;
  inst.encoding = encoding;
  inst.size = 4;

  const unsigned ssrc0 = bits(w, 7, 0), ssrc1 = bits(w, 15, 8), sdst = bits(w, 22, 16);
  const bool has_ssrc = encoding == Encoding::kSop1 || encoding == Encoding::kSop2 || encoding == Encoding::kSopc;
  bool wants_literal = false;
  for (int i = 0; i < info.num_operands; ++i) {
    const SigField field = info.operands[i].field;
    if (has_ssrc && ((field == SigField::kSsrc0 && ssrc0 == kLiteralCode) ||
                     (field == SigField::kSsrc1 && ssrc1 == kLiteralCode))) {
      wants_literal = true;
    }
  }
  if (info.find(SigField::kLiteralK) != nullptr) wants_literal = true;  // s_setreg_imm32_b32
  if (wants_literal) {
    if (!s.words.has(1)) return fail("truncated: the literal constant is missing");
    s.literal = s.words.at(1);
    inst.size = 8;
  }
  return decode_operands(inst, info, [&](const OperandSpec& spec, int dwords, Operand& op_out) -> Status {
    switch (spec.field) {
      case SigField::kSdst:
        INGOT_RETURN_IF_ERROR(scalar_dest(sdst, spec, dwords, op_out));
        break;
      case SigField::kSdstSrc:  // SOPK compare/setreg: the SDST field names a source
        INGOT_RETURN_IF_ERROR(source_operand(s, sdst, spec, dwords, false, op_out));
        break;
      case SigField::kSsrc0:
        INGOT_RETURN_IF_ERROR(source_operand(s, ssrc0, spec, dwords, false, op_out));
        break;
      case SigField::kSsrc1:
        INGOT_RETURN_IF_ERROR(source_operand(s, ssrc1, spec, dwords, false, op_out));
        break;
      case SigField::kSimm16:  // SOPC (s_set_gpr_idx_on): the immediate sits in the SSRC1 field
        op_out = simm16_operand(inst, spec, encoding == Encoding::kSopc ? ssrc1 : bits(w, 15, 0));
        break;
      case SigField::kLiteralK:
        INGOT_RETURN_IF_ERROR(source_operand(s, kLiteralCode, spec, 1, false, op_out));
        break;
      default:
        return fail("internal: unexpected operand in scalar signature");
    }
    return Status::ok();
  });
}

Status decode_smem(DecodeState& s, uint32_t w0) {
  Inst& inst = s.inst;
  if (!s.words.has(1)) return fail("truncated: SMEM needs 8 bytes");
  const uint32_t w1 = s.words.at(1);
  inst.encoding = Encoding::kSmem;
  inst.size = 8;
  const unsigned opcode = bits(w0, 25, 18);
  const std::optional<Op> op = lookup_opcode(s.target, Encoding::kSmem, opcode);
  if (!op) return unknown("SMEM", opcode, s.target);
  inst.op = *op;
  const OpInfo& info = op_info(*op);
  MemFields& mem = inst.mem;
  mem.smem_imm = bits(w0, 17, 17) != 0;
  mem.soffset_imm = bits(w0, 14, 14) != 0;
  mem.sc0 = bits(w0, 16, 16) != 0;
  mem.nt = bits(w0, 15, 15) != 0;
  const unsigned sdata = bits(w0, 12, 6), sbase = bits(w0, 5, 0) * 2;
  const Status operands = decode_operands(inst, info, [&](const OperandSpec& spec, int dwords, Operand& op_out) -> Status {
    switch (spec.field) {
      case SigField::kSdata:
        INGOT_RETURN_IF_ERROR(scalar_dest(sdata, spec, dwords, op_out));
        break;
      case SigField::kSdataSrc:
        INGOT_RETURN_IF_ERROR(source_operand(s, sdata, spec, dwords, false, op_out));
        break;
      case SigField::kSbase:
        INGOT_RETURN_IF_ERROR(source_operand(s, sbase, spec, dwords, false, op_out));
        break;
      case SigField::kSoffset: {
        const OperandSpec sgpr_spec{SigField::kSoffset, SigType::kB32};
        if (mem.smem_imm) mem.offset = sign_extend(bits(w1, 20, 0), 21);
        if (mem.soffset_imm) {
          INGOT_RETURN_IF_ERROR(source_operand(s, bits(w1, 31, 25), sgpr_spec, 1, false, op_out));
        } else if (!mem.smem_imm) {
          // IMM=0: the low bits of OFFSET name the offset SGPR.
          INGOT_RETURN_IF_ERROR(source_operand(s, bits(w1, 7, 0), sgpr_spec, 1, false, op_out));
          if (!op_out.is_register()) return fail("SMEM offset register is not an SGPR");
        } else {
          op_out = immediate(Role::kSoffset, mem.offset);
        }
        break;
      }
      default:
        return fail("internal: unexpected operand in SMEM signature");
    }
    return Status::ok();
  });
  if (!operands.is_ok()) return operands;
  if (info.has_flag(kFlagAtomic) && mem.sc0) {
    // With glc a scalar atomic returns the pre-op value into sdata (cmpswap: its first half), as the
    // vector atomics do into vdata: same registers, not printed twice.
    const OperandSpec* data = info.find(SigField::kSdataSrc);
    const int data_dwords = data != nullptr ? sig_type_dwords(data->type) : 1;
    const int return_dwords = info.has_flag(kFlagCmpswap) ? data_dwords / 2 : data_dwords;
    const OperandSpec ret_spec{SigField::kSdata, return_dwords == 1 ? SigType::kB32 : SigType::kB64};
    Operand ret;
    INGOT_RETURN_IF_ERROR(scalar_dest(sdata, ret_spec, return_dwords, ret));
    ret.hidden = true;
    add_operand(inst, ret);
  }
  return Status::ok();
}

}  // namespace ingot::emu::detail
