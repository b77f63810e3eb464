// A loaded code object: the parsed ELF (via the loader room's reader) and its .text decoded once,
// each instruction paired with its handler.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "handler_table.h"
#include "ingot/tooling/code_object.h"
#include "ingot/status.h"
#include "ingot_emu/inst.h"

namespace ingot::emu {

class Module {
 public:
  static Result<Module> load(std::span<const uint8_t> bytes, Target target);

  const CodeObject& code_object() const { return code_object_; }
  // The code object's XNACK mode (ELF e_flags EF_AMDGPU_FEATURE_XNACK_*_V4, read by ingot_codeobj).
  TargetFeature xnack() const { return code_object_.xnack; }
  // Whether the hardware may replay memory clauses of this code: XNACK "on", or "any" (the code must then
  // be correct with XNACK on). Decides the wait-state checker's soft-clause rule.
  bool xnack_replay() const { return xnack() == TargetFeature::kOn || xnack() == TargetFeature::kAny; }
  const std::vector<Inst>& program() const { return program_; }
  Handler handler(size_t index) const { return handlers_[index]; }
  // Index of the instruction starting at `address`, or nullopt (mid-instruction / outside .text).
  std::optional<size_t> index_of(uint64_t address) const;
  // Text of an instruction for messages (the ISA room's disassembler).
  std::string describe(size_t index) const;
  // Kernel whose code contains `address` ("" if none), for messages.
  std::string kernel_at(uint64_t address) const;

 private:
  CodeObject code_object_;
  std::vector<Inst> program_;
  std::vector<Handler> handlers_;
  std::vector<int32_t> index_by_dword_;  // (address - text_address) / 4 -> program index or -1
};

// The only place that calls the ISA room's decoder / disassembler.
Result<std::vector<Inst>> decode_text(std::span<const uint8_t> text, Target target, uint64_t base);
std::string disassemble_inst(const Inst& inst);

}  // namespace ingot::emu
