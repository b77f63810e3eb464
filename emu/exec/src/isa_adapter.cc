// The only file that calls into the ISA room (decoder; disassembler for messages).
#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"
#include "module.h"

namespace ingot::emu {

Result<std::vector<Inst>> decode_text(std::span<const uint8_t> text, Target target, uint64_t base) {
  return decode_program(text, target, base);
}

std::string disassemble_inst(const Inst& inst) { return disassemble(inst); }

}  // namespace ingot::emu
