// Shared by the per-family decoders (decode_scalar.cpp, decode_vector.cpp, decode_memory.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "ingot/status.h"
#include "ingot_emu/inst.h"
#include "ingot_emu/isa_table.h"

namespace ingot::emu::detail {

// The dwords of one instruction being decoded. Reading past the end of .text is an error, not a crash.
class Words {
 public:
  Words(std::span<const uint8_t> text, size_t offset) : text_(text), offset_(offset) {}
  bool has(int index) const { return offset_ + 4 * static_cast<size_t>(index) + 4 <= text_.size(); }
  uint32_t at(int index) const {
    const size_t p = offset_ + 4 * static_cast<size_t>(index);
    return static_cast<uint32_t>(text_[p]) | static_cast<uint32_t>(text_[p + 1]) << 8 |
           static_cast<uint32_t>(text_[p + 2]) << 16 | static_cast<uint32_t>(text_[p + 3]) << 24;
  }

 private:
  std::span<const uint8_t> text_;
  size_t offset_;
};

inline uint32_t bits(uint32_t word, int hi, int lo) {
  return (word >> lo) & ((hi - lo == 31) ? 0xFFFFFFFFu : ((1u << (hi - lo + 1)) - 1));
}
inline uint64_t bits64(uint64_t word, int hi, int lo) {
  return (word >> lo) & ((uint64_t{1} << (hi - lo + 1)) - 1);
}
inline int32_t sign_extend(uint32_t value, int width) {
  const uint32_t sign = 1u << (width - 1);
  return static_cast<int32_t>((value ^ sign) - sign);
}

struct DecodeState {
  Target target;
  Words words;
  Inst& inst;
  std::optional<uint32_t> literal;  // the literal dword, when the encoding carries one
};

// A reason without the location; decode_instruction adds offset and bytes.
inline Status fail(std::string reason) { return Status(StatusCode::kCorruptCodeObject, std::move(reason)); }

Role role_of(SigField field);

// Operand builders. `code` is the raw field. Each checks the register range fits the register file.
Status source_operand(DecodeState& s, unsigned code, const OperandSpec& spec, int dwords, bool agpr,
                      Operand& out);
Status scalar_dest(unsigned code, const OperandSpec& spec, int dwords, Operand& out);
Status vector_reg(unsigned index, const OperandSpec& spec, int dwords, bool agpr, Operand& out);
Operand immediate(Role role, int64_t value);
void add_operand(Inst& inst, const Operand& operand);

// Walks the row's signature in LLVM's printed order and appends one operand per entry; `decode_field`
// (spec, dwords, out) -> Status maps one signature field onto the encoding's bits, which is the only
// part that differs between formats.
template <typename DecodeField>
Status decode_operands(Inst& inst, const OpInfo& info, DecodeField&& decode_field) {
  for (int i = 0; i < info.num_operands; ++i) {
    const OperandSpec& spec = info.operands[i];
    Operand out;
    INGOT_RETURN_IF_ERROR(decode_field(spec, sig_type_dwords(spec.type), out));
    add_operand(inst, out);
  }
  return Status::ok();
}

// True for codes 0..127 (SGPRs and the named scalar registers).
inline bool is_scalar_code(unsigned code) { return code < 128; }
inline constexpr unsigned kLiteralCode = 255;
inline constexpr unsigned kSdwaCode = 249;
inline constexpr unsigned kDppCode = 250;

// Per-family decoders: fill s.inst from s.words (size included). `word0` is already read.
Status decode_scalar_alu(DecodeState& s, Encoding encoding, uint32_t word0);
Status decode_smem(DecodeState& s, uint32_t word0);
Status decode_vop_short(DecodeState& s, Encoding encoding, uint32_t word0);  // VOP1/VOP2/VOPC(+DPP/SDWA)
Status decode_vop3(DecodeState& s, uint32_t word0);                          // VOP3A/B, VOP3P, MAI
Status decode_ds(DecodeState& s, uint32_t word0);
Status decode_mubuf(DecodeState& s, uint32_t word0);
Status decode_flat(DecodeState& s, uint32_t word0);

}  // namespace ingot::emu::detail
