// The decoder entry point: any bytes as a .text section of either target.
#include <span>

#include "fuzz_entry_points.h"
#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"

namespace ingot::fuzz {
namespace {

volatile uint64_t g_sink = 0;

// Single-instruction decodes start at this many dword offsets at most (each may read up to 16 bytes on).
constexpr size_t kSingleDecodeOffsets = 64;
constexpr uint64_t kBaseAddress = 0x1000;

}  // namespace

int decoder(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const emu::Target target = (data[0] & 1) != 0 ? emu::Target::kGfx950 : emu::Target::kGfx942;
  const std::span<const uint8_t> text(data + 1, size - 1);
  auto program = emu::decode_program(text, target, kBaseAddress);
  if (program) {
    g_sink = g_sink + emu::disassemble_listing(*program).size();
    const emu::PcIndex index(*program);
    for (const emu::Inst& inst : *program) g_sink = g_sink + index.index_of(inst.address).value_or(0);
  } else {
    g_sink = g_sink + program.status().message().size();
  }
  for (size_t offset = 0; offset < text.size() && offset < 4 * kSingleDecodeOffsets; offset += 4) {
    auto inst = emu::decode_instruction(text, offset, target, kBaseAddress);
    g_sink = g_sink + (inst ? emu::disassemble(*inst).size() : inst.status().message().size());
  }
  return 0;
}

}  // namespace ingot::fuzz
