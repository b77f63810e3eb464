// Operand text: register names, and constants printed by value the way LLVM's printer does.
#include <cstdio>

#include "disasm_internal.h"

namespace ingot::emu::detail {
namespace {

struct NamedScalar {
  unsigned code;
  const char* single;  // name of the one-dword register
  const char* pair;    // name of the 64-bit pair starting here, if any
};

constexpr NamedScalar kNamedScalars[] = {
    {102, "flat_scratch_lo", "flat_scratch"}, {103, "flat_scratch_hi", nullptr},
    {104, "xnack_mask_lo", "xnack_mask"},     {105, "xnack_mask_hi", nullptr},
    {106, "vcc_lo", "vcc"},                   {107, "vcc_hi", nullptr},
    {124, "m0", nullptr},                     {126, "exec_lo", "exec"},
    {127, "exec_hi", nullptr},
};

constexpr const char* kHwConstantNames[] = {"src_shared_base", "src_shared_limit", "src_private_base",
                                            "src_private_limit", "src_pops_exiting_wave_id"};
constexpr const char* kConditionNames[] = {"src_vccz", "src_execz", "src_scc"};
constexpr unsigned kFirstHwConstant = 235, kFirstCondition = 251, kFirstTtmp = 108, kLastTtmp = 123;

std::string range(const char* prefix, unsigned first, unsigned dwords) {
  if (dwords <= 1) return prefix + std::to_string(first);
  return std::string(prefix) + "[" + std::to_string(first) + ":" + std::to_string(first + dwords - 1) + "]";
}

std::string scalar_text(unsigned code, unsigned dwords) {
  if (code <= 101) return range("s", code, dwords);
  if (code >= kFirstTtmp && code <= kLastTtmp) return range("ttmp", code - kFirstTtmp, dwords);
  for (const NamedScalar& n : kNamedScalars) {
    if (n.code != code) continue;
    if (dwords >= 2 && n.pair) return n.pair;
    return n.single;
  }
  return "/*bad scalar " + std::to_string(code) + "*/";
}

// The float constants LLVM names; anything else is printed as hex.
struct FloatName {
  uint64_t bits;
  const char* text;
};
constexpr FloatName kF32Names[] = {{0x3F800000, "1.0"}, {0xBF800000, "-1.0"}, {0x3F000000, "0.5"},
                                   {0xBF000000, "-0.5"}, {0x40000000, "2.0"}, {0xC0000000, "-2.0"},
                                   {0x40800000, "4.0"}, {0xC0800000, "-4.0"}, {0x3E22F983, "0.15915494"}};
constexpr FloatName kF16Names[] = {{0x3C00, "1.0"}, {0xBC00, "-1.0"}, {0x3800, "0.5"}, {0xB800, "-0.5"},
                                   {0x4000, "2.0"}, {0xC000, "-2.0"}, {0x4400, "4.0"}, {0xC400, "-4.0"},
                                   {0x3118, "0.15915494"}};
constexpr FloatName kBF16Names[] = {{0x3F80, "1.0"}, {0xBF80, "-1.0"}, {0x3F00, "0.5"}, {0xBF00, "-0.5"},
                                    {0x4000, "2.0"}, {0xC000, "-2.0"}, {0x4080, "4.0"}, {0xC080, "-4.0"},
                                    {0x3E22, "0.15915494"}};
constexpr FloatName kF64Names[] = {
    {0x3FF0000000000000, "1.0"}, {0xBFF0000000000000, "-1.0"}, {0x3FE0000000000000, "0.5"},
    {0xBFE0000000000000, "-0.5"}, {0x4000000000000000, "2.0"}, {0xC000000000000000, "-2.0"},
    {0x4010000000000000, "4.0"}, {0xC010000000000000, "-4.0"}, {0x3FC45F306DC9C882, "0.15915494309189532"}};

template <size_t N>
const char* float_name(const FloatName (&names)[N], uint64_t bits) {
  for (const FloatName& n : names) {
    if (n.bits == bits) return n.text;
  }
  return nullptr;
}

bool is_inline_int(int64_t v) { return v >= -16 && v <= 64; }

// LLVM prints an immediate by its value in the operand's width: small integers in decimal, the named
// floats by name, everything else in hex.
std::string constant_text(const Operand& op) {
  // 64-bit reads: f64, and integer operands two registers wide (s_mov_b64, v_lshl_add_u64...).
  const bool wide = op.type == NumType::kF64 || (op.type == NumType::kInt && op.dwords >= 2);
  const bool half = op.type == NumType::kF16 || op.type == NumType::kI16 || op.type == NumType::kPkF16 ||
                    op.type == NumType::kPkInt || op.type == NumType::kBF16 || op.type == NumType::kPkBF16;
  if (op.kind == OperandKind::kInline && !(op.code >= 240 && op.code <= 248)) {
    return std::to_string(static_cast<int64_t>(op.value));  // integer inline constant
  }
  if (op.kind == OperandKind::kInline) {
    const char* name = nullptr;
    if (op.type == NumType::kBF16 || op.type == NumType::kPkBF16) name = float_name(kBF16Names, op.value);
    else if (half) name = float_name(kF16Names, op.value);
    else if (wide) name = float_name(kF64Names, op.value);
    else name = float_name(kF32Names, op.value);
    return name ? name : hex_text(op.value);
  }
  // Literal: a 32-bit dword, shown as LLVM's disassembler shows it.
  const uint32_t lit = static_cast<uint32_t>(op.value);
  if (half && lit <= 0xFFFF) {
    const int16_t s = static_cast<int16_t>(lit);
    if (is_inline_int(s)) return std::to_string(s);
    if (op.type == NumType::kF16 || op.type == NumType::kPkF16) {
      if (const char* name = float_name(kF16Names, lit)) return name;
    }
    return hex_text(lit);
  }
  const int32_t s = static_cast<int32_t>(lit);
  if (is_inline_int(s)) return std::to_string(s);
  if (!wide) {
    if (const char* name = float_name(kF32Names, lit)) return name;
  }
  return hex_text(lit);
}

}  // namespace

std::string hex_text(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
  return buf;
}

std::string operand_text(const Operand& op) {
  switch (op.kind) {
    case OperandKind::kScalar: return scalar_text(op.index, op.dwords);
    case OperandKind::kVgpr: return range("v", op.index, op.dwords);
    case OperandKind::kAgpr: return range("a", op.index, op.dwords);
    case OperandKind::kInline: case OperandKind::kLiteral: return constant_text(op);
    case OperandKind::kCondition: return kConditionNames[op.index - kFirstCondition];
    case OperandKind::kHwConstant: return kHwConstantNames[op.index - kFirstHwConstant];
    case OperandKind::kImmediate: return std::to_string(static_cast<int64_t>(op.value));
    case OperandKind::kOff: return "off";
    case OperandKind::kNone: return "";
  }
  return "";
}

std::string source_with_mods(const Inst& inst, const Operand& op, int src_index) {
  std::string text = operand_text(op);
  if (src_index < 0 || src_index > 2) return text;
  const unsigned bit = 1u << src_index;
  if (inst.extension == Extension::kSdwa && src_index < 2) {
    const bool sext = src_index == 0 ? inst.sdwa.src0_sext : inst.sdwa.src1_sext;
    if (sext) text = "sext(" + text + ")";
  }
  if (inst.encoding == Encoding::kVop3p || inst.encoding == Encoding::kVop3pMai ||
      inst.encoding == Encoding::kVop3pMaiScaled) {
    return text;
  }
  const bool abs = (inst.mods.abs & bit) != 0, neg = (inst.mods.neg & bit) != 0;
  if (abs) text = "|" + text + "|";
  if (neg) text = (!abs && op.is_constant()) ? "neg(" + text + ")" : "-" + text;
  return text;
}

}  // namespace ingot::emu::detail
