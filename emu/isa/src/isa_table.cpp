// Builds the OpInfo rows from isa_ops.def at compile time (the signature strings are parsed by constexpr
// code, so a malformed row fails the build), and the opcode -> Op reverse maps on first use.
#include "ingot_emu/isa_table.h"

#include <vector>

namespace ingot::emu {
namespace {

struct Word {
  std::string_view name;
  std::string_view value;
};

constexpr SigField parse_field(std::string_view name) {
  struct Entry { std::string_view name; SigField field; };
  constexpr Entry kFields[] = {
      {"sdst", SigField::kSdst}, {"sdst_src", SigField::kSdstSrc}, {"ssrc0", SigField::kSsrc0},
      {"ssrc1", SigField::kSsrc1}, {"simm16", SigField::kSimm16}, {"sdata", SigField::kSdata},
      {"sdata_src", SigField::kSdataSrc}, {"sbase", SigField::kSbase}, {"soffset", SigField::kSoffset},
      {"vdst", SigField::kVdst}, {"vdst_sgpr", SigField::kVdstSgpr}, {"vdst_acc", SigField::kVdstAcc},
      {"src0", SigField::kSrc0}, {"src1", SigField::kSrc1}, {"src2", SigField::kSrc2},
      {"src0_acc", SigField::kSrc0Acc}, {"src0_vgpr", SigField::kSrc0Vgpr}, {"addr", SigField::kAddr},
      {"data0", SigField::kData0}, {"data1", SigField::kData1}, {"vdata", SigField::kVdata},
      {"vdata_src", SigField::kVdataSrc}, {"vaddr", SigField::kVaddr}, {"srsrc", SigField::kSrsrc},
      {"saddr", SigField::kSaddr}, {"k", SigField::kLiteralK}, {"scale_a", SigField::kScaleA},
      {"scale_b", SigField::kScaleB},
  };
  for (const Entry& e : kFields) {
    if (e.name == name) return e.field;
  }
  return SigField::kNone;
}

constexpr SigType parse_type(std::string_view name) {
  struct Entry { std::string_view name; SigType type; };
  constexpr Entry kTypes[] = {
      {"b16", SigType::kB16}, {"b32", SigType::kB32}, {"b64", SigType::kB64}, {"b96", SigType::kB96},
      {"b128", SigType::kB128}, {"b192", SigType::kB192}, {"b256", SigType::kB256}, {"b512", SigType::kB512},
      {"b1024", SigType::kB1024},
      {"f16", SigType::kF16}, {"bf16", SigType::kBF16}, {"f32", SigType::kF32}, {"f64", SigType::kF64},
      {"pk_f16", SigType::kPkF16}, {"pk_bf16", SigType::kPkBF16}, {"pk_i16", SigType::kPkI16},
      {"pk_f32", SigType::kPkF32}, {"pk_b32", SigType::kPkB32}, {"mix", SigType::kMix},
      {"sel", SigType::kSel}, {"mfma_a", SigType::kMfmaA}, {"mfma_b", SigType::kMfmaB},
      {"mfma_c", SigType::kMfmaC}, {"mfma_d", SigType::kMfmaD}, {"imm", SigType::kImm},
      {"uimm", SigType::kUimm}, {"label", SigType::kLabel}, {"waitcnt", SigType::kWaitcnt},
      {"hwreg", SigType::kHwreg}, {"sendmsg", SigType::kSendmsg}, {"gpridx", SigType::kGprIdx},
      {"optimm", SigType::kOptImm},
  };
  for (const Entry& e : kTypes) {
    if (e.name == name) return e.type;
  }
  return SigType::kNone;
}

// Parses the signature text into `info`; sets signature_ok only if every word was understood.
constexpr void parse_signature(std::string_view text, OpInfo& info) {
  info.num_operands = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    while (pos < text.size() && text[pos] == ' ') ++pos;
    if (pos >= text.size()) break;
    size_t end = pos;
    while (end < text.size() && text[end] != ' ') ++end;
    const std::string_view word = text.substr(pos, end - pos);
    pos = end;
    const size_t eq = word.find('=');
    const std::string_view name = word.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view{} : word.substr(eq + 1);
    if (name == "atomic") {
      info.flags |= kFlagAtomic;
      if (value == "cmpswap") info.flags |= kFlagCmpswap;
      else if (!value.empty()) return;
      continue;
    }
    if (name == "lds") { info.flags |= kFlagLds; continue; }
    if (name == "swizzle") { info.flags |= kFlagSwizzle; continue; }
    if (name == "cachepolicy") { info.flags |= kFlagCachePolicy; continue; }
    if (name == "offset2") { info.flags |= kFlagOffset2; continue; }
    if (name == "e32only") { info.flags |= kFlagE32Only; continue; }
    if (name == "opsel4") { info.flags |= kFlagOpSel4; continue; }
    if (name == "bc_fi") { info.flags |= kFlagBcFi; continue; }
    if (name == "sdwa_nodst") { info.flags |= kFlagSdwaNoDst; continue; }
    if (name == "any_align") { info.flags |= kFlagAnyAlign; continue; }
    if (name == "bitop3") { info.flags |= kFlagBitop3; continue; }
    if (name == "lds_ok") { info.flags |= kFlagLdsOk; continue; }
    if (name == "lds_ok_gfx950") { info.flags |= kFlagLdsOkGfx950; continue; }
    SigField field = parse_field(name);
    // A VALU "sdst" is a 64-bit lane mask (VOPC result, VOP3B carry); the SALU one is a plain SDST.
    if (field == SigField::kSdst && info.format != Encoding::kSop1 && info.format != Encoding::kSop2 &&
        info.format != Encoding::kSopk) {
      field = SigField::kSdst64;
    }
    if (field == SigField::kNone) return;
    SigType type = SigType::kNone;
    if (!value.empty()) {
      type = parse_type(value);
      if (type == SigType::kNone) return;
    }
    if (info.num_operands >= kMaxSignatureOperands) return;
    info.operands[info.num_operands++] = OperandSpec{field, type};
  }
  info.signature_ok = true;
}

constexpr Encoding format_of(std::string_view name) {
  struct Entry { std::string_view name; Encoding encoding; };
  constexpr Entry kFormats[] = {
      {"SOP1", Encoding::kSop1}, {"SOP2", Encoding::kSop2}, {"SOPK", Encoding::kSopk},
      {"SOPC", Encoding::kSopc}, {"SOPP", Encoding::kSopp}, {"SMEM", Encoding::kSmem},
      {"VOP1", Encoding::kVop1}, {"VOP2", Encoding::kVop2}, {"VOPC", Encoding::kVopc},
      {"VOP3", Encoding::kVop3}, {"VOP3P", Encoding::kVop3p}, {"MAI", Encoding::kVop3pMai},
      {"DS", Encoding::kDs}, {"MUBUF", Encoding::kMubuf}, {"FLAT", Encoding::kFlat},
      {"GLOBAL", Encoding::kGlobal}, {"SCRATCH", Encoding::kScratch},
      {"MAI_SCALE", Encoding::kVop3pMaiScaled},
  };
  for (const Entry& e : kFormats) {
    if (e.name == name) return e.encoding;
  }
  return Encoding::kSopp;
}

constexpr OpInfo make_row(Op op, std::string_view mnemonic, std::string_view format, int opcode_gfx942,
                          int opcode_gfx950, ExecClass exec_class, std::string_view signature) {
  OpInfo info;
  info.op = op;
  info.mnemonic = mnemonic;
  info.format = format_of(format);
  info.opcode = {static_cast<int16_t>(opcode_gfx942), static_cast<int16_t>(opcode_gfx950)};
  info.exec_class = exec_class;
  parse_signature(signature, info);
  return info;
}

// Spellings used in the .def columns.
constexpr int NA = kNoOpcode;
constexpr ExecClass SALU = ExecClass::kSalu, SMEM = ExecClass::kSmem, BRANCH = ExecClass::kBranch,
                    SYNC = ExecClass::kSync, VALU = ExecClass::kValu, TRANS = ExecClass::kValuTrans,
                    F64 = ExecClass::kValuF64, MFMA = ExecClass::kMfma, LDS = ExecClass::kLds,
                    VLOAD = ExecClass::kVmemLoad, VSTORE = ExecClass::kVmemStore,
                    VATOMIC = ExecClass::kVmemAtomic;

constexpr OpInfo kOps[] = {
#define INGOT_ISA_OP(mnemonic, format, opcode_gfx942, opcode_gfx950, exec_class, signature) \
  make_row(Op::mnemonic, #mnemonic, #format, opcode_gfx942, opcode_gfx950, exec_class, signature),
#include "ingot_emu/isa_ops.def"
#undef INGOT_ISA_OP
};
static_assert(std::size(kOps) == static_cast<size_t>(Op::kNumOps));

constexpr bool all_signatures_parse() {
  for (const OpInfo& info : kOps) {
    if (!info.signature_ok) return false;
  }
  return true;
}
static_assert(all_signatures_parse(), "a signature in isa_ops.def does not parse (see isa_table.h)");

constexpr int kEncodingCount = static_cast<int>(Encoding::kVop3pMaiScaled) + 1;
constexpr int kOpcodeSpace = 1024;  // the widest OP field (VOP3) is 10 bits

// opcode -> Op index + 1 (0 = none), per target and encoding.
struct ReverseMap {
  std::vector<uint16_t> slots = std::vector<uint16_t>(kNumTargets * kEncodingCount * kOpcodeSpace, 0);
  static size_t at(int target, int encoding, unsigned opcode) {
    return (static_cast<size_t>(target) * kEncodingCount + static_cast<size_t>(encoding)) * kOpcodeSpace +
           opcode;
  }
};

const ReverseMap& reverse_map() {
  static const ReverseMap map = [] {
    ReverseMap m;
    for (size_t i = 0; i < std::size(kOps); ++i) {
      for (int t = 0; t < kNumTargets; ++t) {
        const int16_t opcode = kOps[i].opcode[t];
        if (opcode == kNoOpcode) continue;
        m.slots[ReverseMap::at(t, static_cast<int>(kOps[i].format), static_cast<unsigned>(opcode))] =
            static_cast<uint16_t>(i + 1);
      }
    }
    return m;
  }();
  return map;
}

}  // namespace

std::span<const OpInfo> all_ops() { return kOps; }

const OpInfo& op_info(Op op) {
  const auto index = static_cast<size_t>(op);
  return index < std::size(kOps) ? kOps[index] : kOps[0];
}

std::string_view mnemonic(Op op) {
  const auto index = static_cast<size_t>(op);
  return index < std::size(kOps) ? kOps[index].mnemonic : std::string_view("<invalid>");
}

std::optional<Op> lookup_opcode(Target target, Encoding encoding, unsigned opcode) {
  if (opcode >= kOpcodeSpace) return std::nullopt;
  const uint16_t slot =
      reverse_map().slots[ReverseMap::at(static_cast<int>(target), static_cast<int>(encoding), opcode)];
  if (slot == 0) return std::nullopt;
  return static_cast<Op>(slot - 1);
}

int sig_type_dwords(SigType type) {
  switch (type) {
    case SigType::kB16: case SigType::kB32: case SigType::kF16: case SigType::kBF16: case SigType::kF32:
    case SigType::kPkF16: case SigType::kPkBF16: case SigType::kPkI16: case SigType::kMix: case SigType::kSel:
      return 1;
    case SigType::kB64: case SigType::kF64: case SigType::kPkF32: case SigType::kPkB32: return 2;
    case SigType::kB96: return 3;
    case SigType::kB128: return 4;
    case SigType::kB192: return 6;  // 32 six-bit values (gfx950 v_cvt_scalef32_*pk32*)
    case SigType::kB256: return 8;
    case SigType::kB512: return 16;
    case SigType::kB1024: return 32;
    default: return 0;
  }
}

NumType sig_num_type(SigType type) {
  switch (type) {
    case SigType::kF16: return NumType::kF16;
    case SigType::kBF16: return NumType::kBF16;
    case SigType::kF32: case SigType::kPkF32: case SigType::kMix: return NumType::kF32;
    case SigType::kF64: return NumType::kF64;
    case SigType::kPkF16: return NumType::kPkF16;
    case SigType::kPkBF16: return NumType::kPkBF16;
    case SigType::kPkI16: return NumType::kPkInt;
    case SigType::kB16: return NumType::kI16;
    default: return NumType::kInt;
  }
}

}  // namespace ingot::emu
