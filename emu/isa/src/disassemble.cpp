// Instruction text: mnemonic with LLVM's encoding suffix, operands in signature order, then the
// modifiers each format prints.
#include "ingot_emu/disassemble.h"

#include <cstdio>

#include "disasm_internal.h"
#include "dpp_sdwa.h"

namespace ingot::emu {
namespace {

using detail::hex_text;
using detail::operand_text;

std::string mnemonic_text(const Inst& inst, const OpInfo& info) {
  std::string name(info.mnemonic);
  const bool short_native = info.format == Encoding::kVop1 || info.format == Encoding::kVop2 ||
                            info.format == Encoding::kVopc;
  if (inst.extension == Extension::kDpp) return name + "_dpp";
  if (inst.extension == Extension::kSdwa) return name + "_sdwa";
  if (inst.encoding == Encoding::kVop3 && short_native) return name + "_e64";
  // LLVM prints _e32 with the destination operand, so the VOP1 forms without operands (v_nop, v_clrexcp)
  // have none (llvm/test/MC/AMDGPU/vop1.s: "v_nop ; encoding: [0x00,0x00,0x00,0x7e]").
  if (inst.encoding != Encoding::kVop3 && short_native && !info.has_flag(kFlagE32Only) && info.num_operands > 0) {
    return name + "_e32";
  }
  return name;
}

int src_index(Role role) {
  switch (role) {
    case Role::kSrc0: return 0;
    case Role::kSrc1: return 1;
    case Role::kSrc2: return 2;
    default: return -1;
  }
}

bool is_valu(Encoding e) {
  return e == Encoding::kVop1 || e == Encoding::kVop2 || e == Encoding::kVopc || e == Encoding::kVop3 ||
         e == Encoding::kVop3p || e == Encoding::kVop3pMai || e == Encoding::kVop3pMaiScaled;
}

constexpr unsigned kSmallImmediate = 64;

std::string simm16_text(const Inst& inst, const OperandSpec& spec, const Operand& op) {
  const unsigned raw = op.code;
  switch (spec.type) {
    case SigType::kWaitcnt: return detail::waitcnt_text(raw);
    case SigType::kHwreg: return detail::hwreg_text(raw);
    case SigType::kSendmsg: return detail::sendmsg_text(raw);
    case SigType::kGprIdx: return detail::gpr_idx_text(raw);
    // LLVM prints the branch offset as the unsigned 16-bit field (s_branch 65533 jumps back 3 dwords).
    case SigType::kLabel: return std::to_string(raw);
    case SigType::kOptImm: return std::to_string(raw);
    default:
      // SOPK immediates print as 16-bit hex; SOPP ones (s_nop, s_sleep, s_setprio...) in decimal when
      // small, hex otherwise (LLVM: "s_setprio 0", "s_nop 0x3141").
      if (inst.encoding == Encoding::kSopk) return hex_text(raw);
      return raw <= kSmallImmediate ? std::to_string(raw) : hex_text(raw);
  }
}

std::string bits_list(unsigned bits, int count) {
  std::string out = "[";
  for (int i = 0; i < count; ++i) {
    if (i) out += ',';
    out += ((bits >> i) & 1) ? '1' : '0';
  }
  return out + "]";
}

int count_sources(const Inst& inst) {
  int n = 0;
  for (int i = 0; i < inst.num_operands; ++i) {
    if (src_index(inst.operands[i].role) >= 0) ++n;
  }
  return n;
}

std::string cache_policy(const MemFields& mem) {
  std::string out;
  if (mem.sc0) out += " sc0";
  if (mem.nt) out += " nt";
  if (mem.sc1) out += " sc1";
  return out;
}

std::string omod_text(uint8_t omod) {
  switch (omod) {
    case 1: return " mul:2";
    case 2: return " mul:4";
    case 3: return " div:2";
    default: return "";
  }
}

std::string vop3_modifiers(const Inst& inst, const OpInfo& info) {
  std::string out;
  if (info.has_flag(kFlagBitop3) && inst.mods.bitop3 != 0) out += " bitop3:" + hex_text(inst.mods.bitop3);
  const int nsrc = count_sources(inst);
  if (info.has_flag(kFlagBcFi)) {
    // LLVM prints these op_sel bits by their meaning (bound_ctrl first).
    if (inst.mods.op_sel & 2u) out += " bound_ctrl:1";
    if (inst.mods.op_sel & 1u) out += " fi:1";
  } else if (inst.mods.op_sel != 0) {
    // One entry per source, then the destination select (bit 3 of the field). A select bit set in an
    // unused source position can only be written with all four entries.
    const bool unused_bit = (inst.mods.op_sel & 7u & ~((1u << nsrc) - 1)) != 0;
    const int entries = (info.has_flag(kFlagOpSel4) || unused_bit) ? 4 : nsrc + 1;
    unsigned bits = inst.mods.op_sel & ((1u << nsrc) - 1);
    if (entries == 4) bits = inst.mods.op_sel;
    else bits |= ((inst.mods.op_sel >> 3) & 1u) << nsrc;
    out += " op_sel:" + bits_list(bits, entries);
  }
  if (inst.mods.clamp) out += " clamp";
  out += omod_text(inst.mods.omod);
  return out;
}

std::string vop3p_modifiers(const Inst& inst, const OpInfo& info) {
  if (info.find(SigField::kSrc0Acc) || info.find(SigField::kVdstAcc)) return "";  // v_accvgpr_read/write
  std::string out;
  const int nsrc = count_sources(inst);
  const unsigned mask = (1u << nsrc) - 1;
  const bool mix = info.find(SigField::kSrc0) && info.find(SigField::kSrc0)->type == SigType::kMix;
  const unsigned default_hi = mix ? 0u : mask;
  if ((inst.mods.op_sel & mask) != 0) out += " op_sel:" + bits_list(inst.mods.op_sel, nsrc);
  if ((inst.mods.op_sel_hi & mask) != default_hi) out += " op_sel_hi:" + bits_list(inst.mods.op_sel_hi, nsrc);
  if ((inst.mods.neg & mask) != 0) out += " neg_lo:" + bits_list(inst.mods.neg, nsrc);
  if ((inst.mods.neg_hi & mask) != 0) out += " neg_hi:" + bits_list(inst.mods.neg_hi, nsrc);
  if (inst.mods.clamp) out += " clamp";
  return out;
}

std::string dpp_modifiers(const Inst& inst) {
  char masks[48];
  std::snprintf(masks, sizeof masks, " row_mask:0x%x bank_mask:0x%x", inst.dpp.row_mask, inst.dpp.bank_mask);
  std::string out = " " + detail::dpp_ctrl_text(inst.dpp.ctrl) + masks;
  if (inst.dpp.bound_ctrl) out += " bound_ctrl:1";
  return out;
}

std::string sdwa_modifiers(const Inst& inst, const OpInfo& info) {
  std::string out;
  if (inst.mods.clamp) out += " clamp";
  out += omod_text(inst.mods.omod);
  const bool vopc = inst.encoding == Encoding::kVopc;
  if (!vopc && !info.has_flag(kFlagSdwaNoDst)) {
    out += std::string(" dst_sel:") + detail::sdwa_sel_text(inst.sdwa.dst_sel);
    out += std::string(" dst_unused:") + detail::sdwa_unused_text(inst.sdwa.dst_unused);
  }
  out += std::string(" src0_sel:") + detail::sdwa_sel_text(inst.sdwa.src0_sel);
  if (info.find(SigField::kSrc1)) out += std::string(" src1_sel:") + detail::sdwa_sel_text(inst.sdwa.src1_sel);
  return out;
}

bool is_f64_mfma(const Inst& inst) {
  const Operand* d = inst.find(Role::kDst);
  return d != nullptr && d->type == NumType::kF64;
}

std::string mai_modifiers(const Inst& inst) {
  std::string out;
  if (inst.encoding == Encoding::kVop3pMaiScaled) {
    // The scale word's selects print like VOP3P ones over the three MFMA sources; ABID bit 0 only marks
    // the pairing, so it is not printed.
    if (inst.mods.op_sel & 7) out += " op_sel:" + bits_list(inst.mods.op_sel, 3);
    if ((inst.mods.op_sel_hi & 7) != 7) out += " op_sel_hi:" + bits_list(inst.mods.op_sel_hi, 3);
    if (inst.mai.cbsz) out += " cbsz:" + std::to_string(inst.mai.cbsz);
    if (inst.mai.abid >> 1) out += " abid:" + std::to_string(inst.mai.abid);
    if (inst.mai.blgp) out += " blgp:" + std::to_string(inst.mai.blgp);
    return out;
  }
  if (inst.mai.cbsz) out += " cbsz:" + std::to_string(inst.mai.cbsz);
  if (inst.mai.abid) out += " abid:" + std::to_string(inst.mai.abid);
  if (inst.mai.blgp && is_f64_mfma(inst)) {
    out += " neg:" + bits_list(inst.mai.blgp, 3);  // f64 MFMA: the BLGP field negates A, B, C
  } else if (inst.mai.blgp) {
    out += " blgp:" + std::to_string(inst.mai.blgp);
  }
  return out;
}

std::string memory_modifiers(const Inst& inst, const OpInfo& info) {
  const MemFields& mem = inst.mem;
  std::string out;
  switch (inst.encoding) {
    case Encoding::kSmem: {
      const Operand* soff = inst.find(Role::kSoffset);
      if (soff && soff->is_register() && mem.smem_imm) out += " offset:" + detail::hex_text(static_cast<uint32_t>(mem.offset));
      if (mem.sc0) out += " glc";
      return out;
    }
    case Encoding::kDs:
      if (info.has_flag(kFlagOffset2)) {
        if (mem.offset0) out += " offset0:" + std::to_string(mem.offset0);
        if (mem.offset1) out += " offset1:" + std::to_string(mem.offset1);
      } else if (info.has_flag(kFlagSwizzle)) {
        if (mem.offset) out += " " + detail::swizzle_text(static_cast<unsigned>(mem.offset));
      } else if (mem.offset) {
        out += " offset:" + std::to_string(mem.offset);
      }
      if (mem.gds) out += " gds";
      return out;
    case Encoding::kMubuf:
      if (mem.idxen) out += " idxen";
      if (mem.offen) out += " offen";
      if (mem.offset) out += " offset:" + std::to_string(mem.offset);
      out += cache_policy(mem);
      if (mem.lds) out += " lds";
      return out;
    case Encoding::kFlat: case Encoding::kGlobal: case Encoding::kScratch:
      if (mem.offset) out += " offset:" + std::to_string(mem.offset);
      return out + cache_policy(mem);
    default:
      return out;
  }
}

std::string smem_offset_text(const Inst& inst, const Operand& op) {
  if (op.is_register()) return operand_text(op);
  const int32_t offset = inst.mem.offset;
  return offset < 0 ? "-" + hex_text(static_cast<uint64_t>(-static_cast<int64_t>(offset))) : hex_text(static_cast<uint64_t>(offset));
}

}  // namespace

std::string disassemble(const Inst& inst) {
  if (inst.op == Op::kNumOps) return "<not decoded>";
  const OpInfo& info = op_info(inst.op);
  std::string text = mnemonic_text(inst, info);
  bool first = true;
  for (int i = 0; i < inst.num_operands; ++i) {
    const Operand& op = inst.operands[i];
    if (op.hidden) continue;
    std::string piece;
    if (op.role == Role::kSimm16) {
      const OperandSpec* spec = info.find(SigField::kSimm16);
      if (spec && spec->type == SigType::kOptImm && op.code == 0) continue;  // "s_endpgm", not "s_endpgm 0"
      piece = simm16_text(inst, spec ? *spec : OperandSpec{}, op);
    } else if (inst.encoding == Encoding::kSopk && op.role == Role::kConstK) {
      piece = hex_text(op.value);  // s_setreg_imm32_b32 prints its 32-bit immediate in hex
    } else if (inst.encoding == Encoding::kSmem && op.role == Role::kSoffset) {
      piece = smem_offset_text(inst, op);
    } else if (is_valu(inst.encoding) && src_index(op.role) >= 0) {
      piece = detail::source_with_mods(inst, op, src_index(op.role));
    } else {
      piece = operand_text(op);
    }
    text += first ? " " : ", ";
    text += piece;
    first = false;
  }
  if (inst.extension == Extension::kDpp) return text + dpp_modifiers(inst);
  if (inst.extension == Extension::kSdwa) return text + sdwa_modifiers(inst, info);
  switch (inst.encoding) {
    case Encoding::kVop3: return text + vop3_modifiers(inst, info);
    case Encoding::kVop3p: return text + vop3p_modifiers(inst, info);
    case Encoding::kVop3pMai: case Encoding::kVop3pMaiScaled: return text + mai_modifiers(inst);
    case Encoding::kSmem: case Encoding::kDs: case Encoding::kMubuf: case Encoding::kFlat:
    case Encoding::kGlobal: case Encoding::kScratch:
      return text + memory_modifiers(inst, info);
    default:
      return text;
  }
}

std::string disassemble_listing(std::span<const Inst> program) {
  std::string out;
  char comment[96];
  for (const Inst& inst : program) {
    std::string line = "  " + disassemble(inst);
    if (line.size() < 56) line.resize(56, ' ');
    int n = std::snprintf(comment, sizeof comment, "  // %012llx:", static_cast<unsigned long long>(inst.address));
    for (int w = 0; w * 4 < inst.size && n > 0 && n < static_cast<int>(sizeof comment) - 10; ++w) {
      n += std::snprintf(comment + n, sizeof comment - static_cast<size_t>(n), " %08X", inst.words[static_cast<size_t>(w)]);
    }
    std::string target;
    if (op_info(inst.op).exec_class == ExecClass::kBranch && inst.find(Role::kSimm16) != nullptr) {
      char buf[40];
      std::snprintf(buf, sizeof buf, " <target 0x%llx>", static_cast<unsigned long long>(inst.branch_target));
      target = buf;
    }
    out += line + comment + target + "\n";
  }
  return out;
}

}  // namespace ingot::emu
