// Decoding a kernel's .text into Insts, all of it before anything runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ingot/status.h"
#include "ingot_emu/inst.h"

namespace ingot::emu {

// Decodes the whole of `text` (a .text section; its first byte sits at `base_address`). Any encoding the
// table does not know, a truncated instruction, or an operand the hardware would not accept is an error
// naming the byte offset and the bytes: nothing is decoded silently wrong.
ingot::Result<std::vector<Inst>> decode_program(std::span<const uint8_t> text, Target target,
                                                uint64_t base_address);

// Decodes the one instruction starting at `offset` in `text`.
ingot::Result<Inst> decode_instruction(std::span<const uint8_t> text, size_t offset, Target target,
                                       uint64_t base_address);

// `count` bytes of `text` from `offset` as "01 00 c4 d1" (what error messages quote; "<none>" if empty).
std::string describe_bytes(std::span<const uint8_t> text, size_t offset, size_t count);

// Maps a byte address to the index of the instruction that starts there, in O(1). Branch targets and
// s_setpc destinations that are not instruction starts give nullopt (the caller reports the fault).
class PcIndex {
 public:
  PcIndex() = default;
  explicit PcIndex(std::span<const Inst> program);

  std::optional<size_t> index_of(uint64_t address) const;
  uint64_t base_address() const { return base_; }
  uint64_t end_address() const { return end_; }

 private:
  uint64_t base_ = 0;
  uint64_t end_ = 0;
  std::vector<int32_t> slot_;  // per dword from base: instruction index, or -1 inside an instruction
};

}  // namespace ingot::emu
