// Shared by the disassembler files.
#pragma once

#include <string>

#include "ingot_emu/inst.h"
#include "ingot_emu/isa_table.h"

namespace ingot::emu::detail {

// Register or constant text of an operand, without modifiers ("v[2:3]", "vcc", "1.0", "0x41").
std::string operand_text(const Operand& op);
// A VALU source with its input modifiers: "-v1", "|s2|", "neg(1)", "sext(v3)".
std::string source_with_mods(const Inst& inst, const Operand& op, int src_index);

// SOPP/SOPK immediates with symbolic syntax.
std::string waitcnt_text(unsigned simm16);
std::string hwreg_text(unsigned simm16);
std::string sendmsg_text(unsigned simm16);
std::string gpr_idx_text(unsigned simm16);
std::string swizzle_text(unsigned offset);  // "offset:swizzle(...)" or "offset:N"

std::string hex_text(uint64_t value);

}  // namespace ingot::emu::detail
