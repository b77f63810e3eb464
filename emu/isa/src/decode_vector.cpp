// VOP1 / VOP2 / VOPC (with literal, DPP or SDWA second dword), VOP3A/VOP3B (incl. promoted forms),
// VOP3P and MAI (MFMA).
#include "decode_internal.h"
#include "dpp_sdwa.h"
#include "ingot_emu/mfma_shapes.h"
#include "ingot_emu/smfmac.h"

namespace ingot::emu::detail {
namespace {

constexpr unsigned kVcc = 106;
// VOP3 opcode space: VOPC 0x000-0x0FF, VOP2 0x100-0x13F, VOP1 0x140-0x1BF, native VOP3 up to 0x37F,
// VOP3P (and MAI) from 0x380.
constexpr unsigned kVop3Vop2Base = 0x100, kVop3Vop1Base = 0x140, kVop3NativeBase = 0x1C0,
                   kVop3pBase = 0x380;

Operand implicit_vcc(const OperandSpec& spec) {
  Operand op;
  op.kind = OperandKind::kScalar;
  op.role = role_of(spec.field);
  op.dwords = 2;
  op.index = kVcc;
  op.code = kVcc;
  return op;
}

std::string opcode_text(const char* what, unsigned opcode, Target target) {
  return std::string("unknown ") + what + " opcode " + std::to_string(opcode) + " on " +
         std::string(target_name(target));
}

// A 9-bit source that must name a register (VGPR, or AGPR when `agpr`).
Status register_source(DecodeState& s, unsigned code, const OperandSpec& spec, bool agpr, Operand& out) {
  if (code < 256) return fail("operand must be a " + std::string(agpr ? "AGPR" : "VGPR"));
  return source_operand(s, code, spec, sig_type_dwords(spec.type), agpr, out);
}

Status decode_dpp_word(DecodeState& s, uint32_t w1) {
  DppControl& dpp = s.inst.dpp;
  dpp.ctrl = static_cast<uint16_t>(bits(w1, 16, 8));
  if (!dpp_ctrl_valid(dpp.ctrl)) return fail("invalid DPP control " + std::to_string(dpp.ctrl));
  dpp.bound_ctrl = bits(w1, 19, 19) != 0;
  dpp.bank_mask = static_cast<uint8_t>(bits(w1, 27, 24));
  dpp.row_mask = static_cast<uint8_t>(bits(w1, 31, 28));
  s.inst.mods.neg = static_cast<uint8_t>(bits(w1, 20, 20) | bits(w1, 22, 22) << 1);
  s.inst.mods.abs = static_cast<uint8_t>(bits(w1, 21, 21) | bits(w1, 23, 23) << 1);
  return Status::ok();
}

Status decode_sdwa_word(DecodeState& s, uint32_t w1, bool vopc) {
  SdwaControl& sdwa = s.inst.sdwa;
  s.inst.mods.clamp = bits(w1, 13, 13) != 0;
  if (!vopc) {
    sdwa.dst_sel = static_cast<uint8_t>(bits(w1, 10, 8));
    sdwa.dst_unused = static_cast<uint8_t>(bits(w1, 12, 11));
    s.inst.mods.omod = static_cast<uint8_t>(bits(w1, 15, 14));
    if (sdwa.dst_sel >= kSdwaSelCount || sdwa.dst_unused >= kSdwaUnusedCount) {
      return fail("invalid SDWA destination select");
    }
  }
  sdwa.src0_sel = static_cast<uint8_t>(bits(w1, 18, 16));
  sdwa.src0_sext = bits(w1, 19, 19) != 0;
  sdwa.src0_is_sgpr = bits(w1, 23, 23) != 0;
  sdwa.src1_sel = static_cast<uint8_t>(bits(w1, 26, 24));
  sdwa.src1_sext = bits(w1, 27, 27) != 0;
  sdwa.src1_is_sgpr = bits(w1, 31, 31) != 0;
  s.inst.mods.neg = static_cast<uint8_t>(bits(w1, 20, 20) | bits(w1, 28, 28) << 1);
  s.inst.mods.abs = static_cast<uint8_t>(bits(w1, 21, 21) | bits(w1, 29, 29) << 1);
  if (sdwa.src0_sel >= kSdwaSelCount || sdwa.src1_sel >= kSdwaSelCount) return fail("invalid SDWA select");
  return Status::ok();
}

}  // namespace

Status decode_vop_short(DecodeState& s, Encoding encoding, uint32_t w) {
  Inst& inst = s.inst;
  const unsigned opcode = encoding == Encoding::kVop2   ? bits(w, 30, 25)
                          : encoding == Encoding::kVop1 ? bits(w, 16, 9)
                                                        : bits(w, 24, 17);
  const char* name = encoding == Encoding::kVop2 ? "VOP2" : encoding == Encoding::kVop1 ? "VOP1" : "VOPC";
  const std::optional<Op> op = lookup_opcode(s.target, encoding, opcode);
  if (!op) return fail(opcode_text(name, opcode, s.target));
  inst.op = *op;
  inst.encoding = encoding;
  inst.size = 4;
  const OpInfo& info = op_info(*op);
  const bool vopc = encoding == Encoding::kVopc;

  unsigned src0 = bits(w, 8, 0);
  const unsigned vsrc1 = bits(w, 16, 9), vdst = bits(w, 24, 17);
  uint32_t w1 = 0;
  if (src0 == kDppCode || src0 == kSdwaCode || src0 == kLiteralCode) {
    if (!s.words.has(1)) return fail("truncated: the second dword (literal, DPP or SDWA) is missing");
    w1 = s.words.at(1);
    inst.size = 8;
  }
  if (src0 == kLiteralCode) s.literal = w1;
  if (info.find(SigField::kLiteralK) != nullptr) {
    // v_fmamk/v_fmaak always carry K as a literal dword (shared with src0 if that is a literal too).
    if (src0 == kDppCode || src0 == kSdwaCode) return fail("v_fmamk/v_fmaak take no DPP/SDWA");
    if (!s.words.has(1)) return fail("truncated: the literal constant K is missing");
    s.literal = s.words.at(1);
    inst.size = 8;
  }
  if (src0 == kDppCode) {
    inst.extension = Extension::kDpp;
    INGOT_RETURN_IF_ERROR(decode_dpp_word(s, w1));
    src0 = 256 + bits(w1, 7, 0);
  } else if (src0 == kSdwaCode) {
    inst.extension = Extension::kSdwa;
    INGOT_RETURN_IF_ERROR(decode_sdwa_word(s, w1, vopc));
    src0 = inst.sdwa.src0_is_sgpr ? bits(w1, 7, 0) : 256 + bits(w1, 7, 0);
  }

  return decode_operands(inst, info, [&](const OperandSpec& spec, int dwords, Operand& out) -> Status {
    switch (spec.field) {
      case SigField::kVdst:
        INGOT_RETURN_IF_ERROR(vector_reg(vdst, spec, dwords, false, out));
        break;
      case SigField::kVdstAcc:
        INGOT_RETURN_IF_ERROR(vector_reg(vdst, spec, dwords, true, out));
        break;
      case SigField::kVdstSgpr:
        INGOT_RETURN_IF_ERROR(scalar_dest(vdst, spec, dwords, out));
        break;
      case SigField::kSdst64:
        if (vopc && inst.extension == Extension::kSdwa && bits(w1, 15, 15) != 0) {
          INGOT_RETURN_IF_ERROR(scalar_dest(bits(w1, 14, 8), spec, 2, out));
        } else {
          out = implicit_vcc(spec);
        }
        break;
      case SigField::kSrc0:
        INGOT_RETURN_IF_ERROR(source_operand(s, src0, spec, dwords, false, out));
        break;
      case SigField::kSrc0Acc:
        INGOT_RETURN_IF_ERROR(register_source(s, src0, spec, true, out));
        break;
      case SigField::kSrc0Vgpr:
        INGOT_RETURN_IF_ERROR(register_source(s, src0, spec, false, out));
        break;
      case SigField::kSrc1:
        if (inst.extension == Extension::kSdwa && inst.sdwa.src1_is_sgpr) {
          INGOT_RETURN_IF_ERROR(source_operand(s, vsrc1, spec, dwords, false, out));
        } else {
          INGOT_RETURN_IF_ERROR(source_operand(s, 256 + vsrc1, spec, dwords, false, out));
        }
        break;
      case SigField::kSrc2:  // v_cndmask / v_addc-style carry-in: VCC in the 32-bit forms
        out = implicit_vcc(spec);
        break;
      case SigField::kLiteralK:
        INGOT_RETURN_IF_ERROR(source_operand(s, kLiteralCode, spec, dwords, false, out));
        break;
      default:
        return fail("internal: unexpected operand in VOP signature");
    }
    return Status::ok();
  });
}

namespace {

// On the f64 MFMAs the BLGP field is not a lane pattern but neg:[A,B,C] (LLVM prints it so).
void mods_neg_from_blgp(Inst& inst) { inst.mods.neg = inst.mai.blgp; }

Status decode_mai(DecodeState& s, const OpInfo& info, uint32_t w0, uint64_t w1) {
  Inst& inst = s.inst;
  inst.encoding = Encoding::kVop3pMai;
  MaiModifiers& mai = inst.mai;
  mai.cbsz = static_cast<uint8_t>(bits(w0, 10, 8));
  mai.abid = static_cast<uint8_t>(bits(w0, 14, 11));
  mai.acc_cd = bits(w0, 15, 15) != 0;
  mai.blgp = static_cast<uint8_t>(bits64(w1, 31, 29));
  const bool a_acc = bits64(w1, 27, 27) != 0, b_acc = bits64(w1, 28, 28) != 0;
  const MfmaShape* shape = find_mfma_shape(info.mnemonic);
  // v_smfmac_*: widths from the sparse table; SRC2 is the index VGPR and C is D.
  const SmfmacShape* sparse = shape ? nullptr : find_smfmac_shape(info.mnemonic);
  if (!shape && !sparse) return fail("internal: no MFMA shape for " + std::string(info.mnemonic));
  int a_regs = shape ? shape->a_regs : sparse->a_regs, b_regs = shape ? shape->b_regs : sparse->b_regs;
  const int cd_regs = shape ? shape->cd_regs : sparse->cd_regs;
  const MfmaType cd_type = shape ? shape->cd_type : sparse->cd_type;
  if (shape && shape->a_type == MfmaType::kF8F6F4) {
    // cbsz / blgp choose the A / B element formats on the f8f6f4 instructions.
    if (!mfma_f8f6f4_format_valid(mai.cbsz) || !mfma_f8f6f4_format_valid(mai.blgp)) {
      return fail("invalid f8f6f4 format code (cbsz " + std::to_string(mai.cbsz) + ", blgp " +
                  std::to_string(mai.blgp) + ")");
    }
    a_regs = mfma_f8f6f4_operand_regs(*shape, static_cast<MfmaF8F6F4Format>(mai.cbsz));
    b_regs = mfma_f8f6f4_operand_regs(*shape, static_cast<MfmaF8F6F4Format>(mai.blgp));
  }
  const unsigned vdst = bits(w0, 7, 0);
  const unsigned src0 = static_cast<unsigned>(bits64(w1, 8, 0)), src1 = static_cast<unsigned>(bits64(w1, 17, 9)),
                 src2 = static_cast<unsigned>(bits64(w1, 26, 18));
  for (int i = 0; i < info.num_operands; ++i) {
    const OperandSpec& spec = info.operands[i];
    Operand out;
    switch (spec.type) {
      case SigType::kMfmaD: {
        INGOT_RETURN_IF_ERROR(vector_reg(vdst, spec, cd_regs, mai.acc_cd, out));
        if (cd_type == MfmaType::kF64) {
          out.type = NumType::kF64;
          mods_neg_from_blgp(inst);
        }
        break;
      }
      case SigType::kMfmaA:
        if (src0 < 256) return fail("MFMA A operand must be a register");
        INGOT_RETURN_IF_ERROR(source_operand(s, src0, spec, a_regs, a_acc, out));
        break;
      case SigType::kMfmaB:
        if (src1 < 256) return fail("MFMA B operand must be a register");
        INGOT_RETURN_IF_ERROR(source_operand(s, src1, spec, b_regs, b_acc, out));
        break;
      case SigType::kMfmaC: {
        // An inline constant C reads in the accumulator's type.
        const SigType c_type = cd_type == MfmaType::kF64   ? SigType::kF64
                               : cd_type == MfmaType::kI32 ? SigType::kB32
                                                           : SigType::kF32;
        const OperandSpec c_spec{spec.field, c_type};
        INGOT_RETURN_IF_ERROR(source_operand(s, src2, c_spec, cd_regs, mai.acc_cd, out));
        if (out.kind != OperandKind::kVgpr && out.kind != OperandKind::kAgpr && out.kind != OperandKind::kInline) {
          return fail("MFMA C operand must be a VGPR/AGPR range or an inline constant");
        }
        break;
      }
      default:
        if (spec.field == SigField::kScaleA || spec.field == SigField::kScaleB) continue;
        if (sparse && spec.field == SigField::kSrc2) {
          // The sparse index is one ArchVGPR whatever ACC_CD says (LLVM accepts nothing else).
          if (src2 < 256) return fail("smfmac index operand (SRC2) must be a VGPR");
          INGOT_RETURN_IF_ERROR(source_operand(s, src2, spec, 1, false, out));
          break;
        }
        return fail("internal: unexpected operand in MAI signature");
    }
    add_operand(inst, out);
  }
  return Status::ok();
}

// gfx950 v_mfma_scale_*: a v_mfma_ld_scale_b32 immediately followed by an f8f6f4 MFMA whose ABID bit 0
// is set forms one 16-byte instruction (LLVM decodes it the same way).
std::optional<Op> scaled_mfma_after(DecodeState& s) {
  if (!s.words.has(3)) return std::nullopt;
  const uint32_t next0 = s.words.at(2);
  constexpr uint32_t kVop3Top6 = 0x34;
  if (bits(next0, 31, 26) != kVop3Top6 || bits(next0, 25, 16) < kVop3pBase) return std::nullopt;
  if ((bits(next0, 14, 11) & 1u) == 0) return std::nullopt;
  return lookup_opcode(s.target, Encoding::kVop3pMaiScaled, bits(next0, 25, 16) - kVop3pBase);
}

Status decode_scaled_mfma(DecodeState& s, Op op, uint32_t scale_w0, uint32_t scale_w1) {
  Inst& inst = s.inst;
  inst.op = op;
  const OpInfo& info = op_info(op);
  INGOT_RETURN_IF_ERROR(decode_mai(s, info, s.words.at(2), s.words.at(3)));
  inst.encoding = Encoding::kVop3pMaiScaled;
  inst.size = 16;
  // The scale word carries the VOP3P selects: op_sel picks the scale byte, op_sel_hi as encoded.
  inst.mods.op_sel = static_cast<uint8_t>(bits(scale_w0, 13, 11));
  inst.mods.op_sel_hi = static_cast<uint8_t>(bits(scale_w1, 28, 27) | bits(scale_w0, 14, 14) << 2);
  const unsigned scale_src[2] = {bits(scale_w1, 8, 0), bits(scale_w1, 17, 9)};
  for (int i = 0; i < info.num_operands; ++i) {
    const OperandSpec& spec = info.operands[i];
    if (spec.field != SigField::kScaleA && spec.field != SigField::kScaleB) continue;
    const unsigned code = scale_src[spec.field == SigField::kScaleA ? 0 : 1];
    if (code == kLiteralCode) return fail("a scale operand cannot be a literal");
    Operand out;
    INGOT_RETURN_IF_ERROR(source_operand(s, code, spec, 1, false, out));
    add_operand(inst, out);
  }
  return Status::ok();
}

}  // namespace

Status decode_vop3(DecodeState& s, uint32_t w0) {
  Inst& inst = s.inst;
  if (!s.words.has(1)) return fail("truncated: VOP3 needs 8 bytes");
  const uint32_t w1 = s.words.at(1);
  inst.size = 8;
  const unsigned op10 = bits(w0, 25, 16);

  std::optional<Op> op;
  Encoding native = Encoding::kVop3;
  if (op10 >= kVop3pBase) {
    op = lookup_opcode(s.target, Encoding::kVop3p, op10 - kVop3pBase);
    native = Encoding::kVop3p;
    if (!op) {
      op = lookup_opcode(s.target, Encoding::kVop3pMai, op10 - kVop3pBase);
      native = Encoding::kVop3pMai;
    }
    if (!op) return fail(opcode_text("VOP3P", op10 - kVop3pBase, s.target));
  } else if (op10 < kVop3Vop2Base) {
    native = Encoding::kVopc;
    op = lookup_opcode(s.target, native, op10);
  } else if (op10 < kVop3Vop1Base) {
    native = Encoding::kVop2;
    op = lookup_opcode(s.target, native, op10 - kVop3Vop2Base);
  } else if (op10 < kVop3NativeBase) {
    native = Encoding::kVop1;
    op = lookup_opcode(s.target, native, op10 - kVop3Vop1Base);
  } else {
    op = lookup_opcode(s.target, native, op10);
  }
  if (!op) return fail(opcode_text("VOP3", op10, s.target));
  inst.op = *op;
  const OpInfo& info = op_info(*op);
  if (native == Encoding::kVop3pMai) return decode_mai(s, info, w0, w1);
  if (*op == Op::v_mfma_ld_scale_b32) {
    const std::optional<Op> scaled = scaled_mfma_after(s);
    if (scaled) return decode_scaled_mfma(s, *scaled, w0, w1);
  }

  const bool packed = native == Encoding::kVop3p;
  inst.encoding = packed ? Encoding::kVop3p : Encoding::kVop3;
  const bool vop3b = !packed && native != Encoding::kVopc && info.find(SigField::kSdst64) != nullptr;
  VopModifiers& mods = inst.mods;
  mods.clamp = bits(w0, 15, 15) != 0;
  mods.neg = static_cast<uint8_t>(bits(w1, 31, 29));
  if (packed) {
    mods.neg_hi = static_cast<uint8_t>(bits(w0, 10, 8));
    mods.op_sel = static_cast<uint8_t>(bits(w0, 13, 11));
    mods.op_sel_hi = static_cast<uint8_t>(bits(w1, 28, 27) | bits(w0, 14, 14) << 2);
  } else {
    mods.omod = static_cast<uint8_t>(bits(w1, 28, 27));
    if (!vop3b) {
      mods.abs = static_cast<uint8_t>(bits(w0, 10, 8));
      mods.op_sel = static_cast<uint8_t>(bits(w0, 14, 11));
    }
    if (info.has_flag(kFlagBitop3)) {
      // v_bitop3 reuses the modifier fields: table bits [2:0] in NEG, [5:3] in ABS, [7:6] in OMOD.
      mods.bitop3 = static_cast<uint8_t>(mods.neg | mods.abs << 3 | mods.omod << 6);
      mods.neg = mods.abs = mods.omod = 0;
    }
  }
  const unsigned vdst = bits(w0, 7, 0);
  const unsigned src[3] = {bits(w1, 8, 0), bits(w1, 17, 9), bits(w1, 26, 18)};
  return decode_operands(inst, info, [&](const OperandSpec& spec, int dwords, Operand& out) -> Status {
    switch (spec.field) {
      case SigField::kVdst:
        INGOT_RETURN_IF_ERROR(vector_reg(vdst, spec, dwords, false, out));
        break;
      case SigField::kVdstAcc:
        INGOT_RETURN_IF_ERROR(vector_reg(vdst, spec, dwords, true, out));
        break;
      case SigField::kVdstSgpr:
        INGOT_RETURN_IF_ERROR(scalar_dest(vdst, spec, dwords, out));
        break;
      case SigField::kSdst64:
        INGOT_RETURN_IF_ERROR(scalar_dest(vop3b ? bits(w0, 14, 8) : vdst, spec, 2, out));
        break;
      case SigField::kSrc0: case SigField::kSrc1: case SigField::kSrc2: {
        const int index = spec.field == SigField::kSrc0 ? 0 : spec.field == SigField::kSrc1 ? 1 : 2;
        if (src[index] == kLiteralCode) return fail("VOP3 encodings cannot take a literal constant");
        if (src[index] == kDppCode || src[index] == kSdwaCode) return fail("DPP/SDWA code in a VOP3 source");
        INGOT_RETURN_IF_ERROR(source_operand(s, src[index], spec, dwords, false, out));
        break;
      }
      case SigField::kSrc0Acc:
        INGOT_RETURN_IF_ERROR(register_source(s, src[0], spec, true, out));
        break;
      case SigField::kSrc0Vgpr:
        INGOT_RETURN_IF_ERROR(register_source(s, src[0], spec, false, out));
        break;
      default:
        return fail("internal: unexpected operand in VOP3 signature");
    }
    return Status::ok();
  });
}

}  // namespace ingot::emu::detail
