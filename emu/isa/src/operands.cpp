// The operand space of GFX9-family encodings: what each source code means, inline constant values,
// and the register-range checks that turn an impossible operand into a decode error.
#include <array>
#include <string>

#include "decode_internal.h"

namespace ingot::emu::detail {
namespace {

// Scalar operand codes (ISA "SSRC"/"SDST" numbering).
constexpr unsigned kLastSgpr = 101;
constexpr unsigned kFlatScratch = 102, kXnackMask = 104, kVcc = 106, kFirstTtmp = 108, kLastTtmp = 123,
                   kM0 = 124, kExec = 126;
constexpr unsigned kFirstIntConst = 128, kLastPosConst = 192, kLastIntConst = 208;
constexpr unsigned kFirstHwConstant = 235, kLastHwConstant = 239;
constexpr unsigned kFirstFloatConst = 240, kLastFloatConst = 248;
constexpr unsigned kVccz = 251, kScc = 253;
constexpr unsigned kFirstVgprCode = 256;

// The float inline constants 240..248 (0.5, -0.5, 1, -1, 2, -2, 4, -4, 1/(2*pi)) in each width.
struct FloatConst {
  uint16_t f16;
  uint16_t bf16;
  uint32_t f32;
  uint64_t f64;
};
constexpr std::array<FloatConst, 9> kFloatConsts = {{
    {0x3800, 0x3F00, 0x3F000000, 0x3FE0000000000000},
    {0xB800, 0xBF00, 0xBF000000, 0xBFE0000000000000},
    {0x3C00, 0x3F80, 0x3F800000, 0x3FF0000000000000},
    {0xBC00, 0xBF80, 0xBF800000, 0xBFF0000000000000},
    {0x4000, 0x4000, 0x40000000, 0x4000000000000000},
    {0xC000, 0xC000, 0xC0000000, 0xC000000000000000},
    {0x4400, 0x4080, 0x40800000, 0x4010000000000000},
    {0xC400, 0xC080, 0xC0800000, 0xC010000000000000},
    {0x3118, 0x3E22, 0x3E22F983, 0x3FC45F306DC9C882},
}};

uint64_t float_constant(unsigned code, NumType type, int dwords) {
  const FloatConst& c = kFloatConsts[code - kFirstFloatConst];
  switch (type) {
    case NumType::kF16: case NumType::kPkF16: case NumType::kI16: case NumType::kPkInt: return c.f16;
    case NumType::kBF16: case NumType::kPkBF16: return c.bf16;
    case NumType::kF64: return c.f64;
    case NumType::kF32: return c.f32;
    case NumType::kInt: return dwords >= 2 ? c.f64 : c.f32;
  }
  return c.f32;
}

// Is [code, code + dwords) one legal scalar register tuple?
bool scalar_range_ok(unsigned code, int dwords) {
  const unsigned last = code + static_cast<unsigned>(dwords) - 1;
  const unsigned align = dwords >= 4 ? 4u : static_cast<unsigned>(dwords);
  if (code <= kLastSgpr) return last <= kLastSgpr && code % align == 0;
  if (code >= kFirstTtmp && code <= kLastTtmp) return last <= kLastTtmp && (code - kFirstTtmp) % align == 0;
  if (code == kFlatScratch || code == kXnackMask || code == kVcc || code == kExec) return dwords <= 2;
  if (code == kFlatScratch + 1 || code == kXnackMask + 1 || code == kVcc + 1 || code == kExec + 1 ||
      code == kM0) {
    return dwords == 1;
  }
  return false;
}

std::string hex(unsigned value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  do {
    out.insert(out.begin(), kDigits[value & 0xF]);
    value >>= 4;
  } while (value != 0);
  return "0x" + out;
}

}  // namespace

Role role_of(SigField field) {
  switch (field) {
    case SigField::kSdst: case SigField::kSdata: case SigField::kVdst: case SigField::kVdstSgpr:
    case SigField::kVdstAcc: case SigField::kVdata:
      return Role::kDst;
    case SigField::kSdst64: return Role::kSdst;
    case SigField::kSdstSrc: case SigField::kSsrc0: case SigField::kSrc0: case SigField::kSrc0Acc:
    case SigField::kSrc0Vgpr:
      return Role::kSrc0;
    case SigField::kSsrc1: case SigField::kSrc1: return Role::kSrc1;
    case SigField::kSrc2: return Role::kSrc2;
    case SigField::kLiteralK: return Role::kConstK;
    case SigField::kScaleA: return Role::kScaleA;
    case SigField::kScaleB: return Role::kScaleB;
    case SigField::kSimm16: return Role::kSimm16;
    case SigField::kSdataSrc: case SigField::kData0: case SigField::kVdataSrc: return Role::kData0;
    case SigField::kData1: return Role::kData1;
    case SigField::kSbase: return Role::kSbase;
    case SigField::kSoffset: return Role::kSoffset;
    case SigField::kAddr: case SigField::kVaddr: return Role::kAddr;
    case SigField::kSrsrc: return Role::kRsrc;
    case SigField::kSaddr: return Role::kSaddr;
    case SigField::kNone: return Role::kNone;
  }
  return Role::kNone;
}

Status source_operand(DecodeState& s, unsigned code, const OperandSpec& spec, int dwords, bool agpr,
                      Operand& out) {
  out = Operand{};
  out.role = role_of(spec.field);
  out.type = sig_num_type(spec.type);
  out.code = static_cast<uint16_t>(code);
  if (code >= kFirstVgprCode) {
    const Status status = vector_reg(code - kFirstVgprCode, spec, dwords, agpr, out);
    out.code = static_cast<uint16_t>(code);
    return status;
  }
  out.dwords = static_cast<uint8_t>(dwords);
  if (is_scalar_code(code)) {
    if (!scalar_range_ok(code, dwords)) {
      return fail("scalar operand " + std::to_string(code) + " (" + std::to_string(dwords) +
                  " dwords) is not a register tuple");
    }
    out.kind = OperandKind::kScalar;
    out.index = static_cast<uint16_t>(code);
    return Status::ok();
  }
  if (code >= kFirstIntConst && code <= kLastIntConst) {
    out.kind = OperandKind::kInline;
    const int64_t v = code <= kLastPosConst ? static_cast<int64_t>(code - kFirstIntConst)
                                            : -static_cast<int64_t>(code - kLastPosConst);
    out.value = static_cast<uint64_t>(v);
    return Status::ok();
  }
  if (code >= kFirstFloatConst && code <= kLastFloatConst) {
    out.kind = OperandKind::kInline;
    out.value = float_constant(code, out.type, dwords);
    return Status::ok();
  }
  if (code >= kFirstHwConstant && code <= kLastHwConstant) {
    out.kind = OperandKind::kHwConstant;
    out.index = static_cast<uint16_t>(code);
    return Status::ok();
  }
  if (code >= kVccz && code <= kScc) {
    out.kind = OperandKind::kCondition;
    out.index = static_cast<uint16_t>(code);
    return Status::ok();
  }
  if (code == kLiteralCode) {
    if (!s.literal) return fail("a literal constant is not allowed in this encoding");
    out.kind = OperandKind::kLiteral;
    out.value = *s.literal;
    return Status::ok();
  }
  return fail("source operand code " + std::to_string(code) + " is not supported");
}

Status scalar_dest(unsigned code, const OperandSpec& spec, int dwords, Operand& out) {
  out = Operand{};
  out.role = role_of(spec.field);
  out.type = sig_num_type(spec.type);
  out.code = static_cast<uint16_t>(code);
  out.dwords = static_cast<uint8_t>(dwords);
  if (!is_scalar_code(code) || !scalar_range_ok(code, dwords)) {
    return fail("scalar destination " + std::to_string(code) + " (" + std::to_string(dwords) +
                " dwords) is not a writable register tuple");
  }
  out.kind = OperandKind::kScalar;
  out.index = static_cast<uint16_t>(code);
  return Status::ok();
}

Status vector_reg(unsigned index, const OperandSpec& spec, int dwords, bool agpr, Operand& out) {
  out = Operand{};
  out.role = role_of(spec.field);
  out.type = sig_num_type(spec.type);
  out.code = static_cast<uint16_t>(index);
  out.dwords = static_cast<uint8_t>(dwords);
  out.kind = agpr ? OperandKind::kAgpr : OperandKind::kVgpr;
  out.index = static_cast<uint16_t>(index);
  if (index + static_cast<unsigned>(dwords) > 256) {
    return fail(std::string(agpr ? "AGPR" : "VGPR") + " range starting at " + std::to_string(index) +
                " with " + std::to_string(dwords) + " dwords runs past register 255");
  }
  // gfx90a and later require 64-bit alignment of VGPR/AGPR tuples.
  if (dwords >= 2 && index % 2 != 0) {
    return fail(std::string(agpr ? "AGPR" : "VGPR") + " tuple starting at odd register " +
                std::to_string(index) + " (" + hex(index) + ") is not 64-bit aligned");
  }
  return Status::ok();
}

Operand immediate(Role role, int64_t value) {
  Operand op;
  op.kind = OperandKind::kImmediate;
  op.role = role;
  op.value = static_cast<uint64_t>(value);
  return op;
}

void add_operand(Inst& inst, const Operand& operand) {
  if (inst.num_operands < Inst::kMaxOperands) inst.operands[inst.num_operands++] = operand;
}

}  // namespace ingot::emu::detail
