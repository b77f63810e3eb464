// Format dispatch on the first dword, error decoration (offset + bytes), whole-program decode, PcIndex.
#include <cstdio>

#include "decode_internal.h"
#include "ingot_emu/decode.h"

namespace ingot::emu {
namespace {

using detail::bits;

// Identifying bit patterns of the GFX9 encodings (ISA guide, "Microcode formats").
constexpr uint32_t kSop1 = 0x17D, kSopc = 0x17E, kSopp = 0x17F;  // [31:23]
constexpr uint32_t kSopk = 0xB;                                   // [31:28]
constexpr uint32_t kSop2 = 0x2;                                   // [31:30]
constexpr uint32_t kVop1 = 0x3F, kVopc = 0x3E;                    // [31:25]
constexpr uint32_t kSmem = 0x30, kVop3 = 0x34, kDs = 0x36, kFlat = 0x37, kMubuf = 0x38;  // [31:26]
constexpr uint32_t kMtbuf = 0x3A, kMimg = 0x3C, kExp = 0x31, kVintrp = 0x35;

Status dispatch(detail::DecodeState& s, uint32_t w0) {
  // VOP1 and VOPC sit inside the VOP2 space ([31] = 0) at VOP2 opcodes 0x3F and 0x3E.
  const uint32_t top7 = bits(w0, 31, 25);
  if (top7 == kVop1) return detail::decode_vop_short(s, Encoding::kVop1, w0);
  if (top7 == kVopc) return detail::decode_vop_short(s, Encoding::kVopc, w0);
  if (bits(w0, 31, 31) == 0) return detail::decode_vop_short(s, Encoding::kVop2, w0);
  const uint32_t top9 = bits(w0, 31, 23);
  if (top9 == kSop1) return detail::decode_scalar_alu(s, Encoding::kSop1, w0);
  if (top9 == kSopc) return detail::decode_scalar_alu(s, Encoding::kSopc, w0);
  if (top9 == kSopp) return detail::decode_scalar_alu(s, Encoding::kSopp, w0);
  if (bits(w0, 31, 28) == kSopk) return detail::decode_scalar_alu(s, Encoding::kSopk, w0);
  if (bits(w0, 31, 30) == kSop2) return detail::decode_scalar_alu(s, Encoding::kSop2, w0);
  switch (bits(w0, 31, 26)) {
    case kSmem: return detail::decode_smem(s, w0);
    case kVop3: return detail::decode_vop3(s, w0);
    case kDs: return detail::decode_ds(s, w0);
    case kFlat: return detail::decode_flat(s, w0);
    case kMubuf: return detail::decode_mubuf(s, w0);
    case kMtbuf: return detail::fail("MTBUF (typed buffer) instructions are not supported");
    case kMimg: return detail::fail("MIMG (image) instructions are not supported");
    case kExp: return detail::fail("EXP (export) instructions are not supported");
    case kVintrp: return detail::fail("VINTRP (interpolation) instructions are not supported");
    default: break;
  }
  return detail::fail("unknown encoding");
}

}  // namespace

std::string describe_bytes(std::span<const uint8_t> text, size_t offset, size_t count) {
  std::string out;
  char buf[4];
  for (size_t i = offset; i < text.size() && i < offset + count; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", text[i]);
    if (!out.empty()) out += ' ';
    out += buf;
  }
  return out.empty() ? std::string("<none>") : out;
}

ingot::Result<Inst> decode_instruction(std::span<const uint8_t> text, size_t offset, Target target,
                                       uint64_t base_address) {
  char where[64];
  std::snprintf(where, sizeof where, "%s: offset 0x%zx", std::string(target_name(target)).c_str(), offset);
  if (offset % 4 != 0) return Status(StatusCode::kCorruptCodeObject, std::string(where) + ": not dword aligned");
  if (offset + 4 > text.size()) {
    return Status(StatusCode::kCorruptCodeObject,
                  std::string(where) + ": truncated instruction (bytes " + describe_bytes(text, offset, 4) + ")");
  }
  Inst inst;
  inst.address = base_address + offset;
  detail::DecodeState state{target, detail::Words(text, offset), inst, std::nullopt};
  const uint32_t w0 = state.words.at(0);
  const Status status = dispatch(state, w0);
  if (!status.is_ok()) {
    // Show the first dword and, when present, the second: most failures need both to diagnose.
    const size_t shown = offset + 8 <= text.size() ? 8 : 4;
    return Status(StatusCode::kCorruptCodeObject, std::string(where) + ": cannot decode (bytes " +
                                                      describe_bytes(text, offset, shown) + "): " +
                                                      status.message());
  }
  for (int i = 0; i * 4 < inst.size; ++i) inst.words[static_cast<size_t>(i)] = state.words.at(i);
  return inst;
}

ingot::Result<std::vector<Inst>> decode_program(std::span<const uint8_t> text, Target target,
                                                uint64_t base_address) {
  if (text.size() % 4 != 0) {
    return Status(StatusCode::kCorruptCodeObject,
                  std::string(target_name(target)) + ": .text size " + std::to_string(text.size()) +
                      " is not a multiple of 4 (trailing bytes " +
                      describe_bytes(text, text.size() & ~size_t{3}, 3) + ")");
  }
  std::vector<Inst> program;
  program.reserve(text.size() / 4);
  size_t offset = 0;
  while (offset < text.size()) {
    ingot::Result<Inst> inst = decode_instruction(text, offset, target, base_address);
    if (!inst.is_ok()) return inst.status();
    offset += inst->size;
    program.push_back(std::move(inst).value());
  }
  return program;
}

PcIndex::PcIndex(std::span<const Inst> program) {
  if (program.empty()) return;
  base_ = program.front().address;
  end_ = program.back().address + program.back().size;
  slot_.assign(static_cast<size_t>((end_ - base_) / 4), -1);
  for (size_t i = 0; i < program.size(); ++i) {
    slot_[static_cast<size_t>((program[i].address - base_) / 4)] = static_cast<int32_t>(i);
  }
}

std::optional<size_t> PcIndex::index_of(uint64_t address) const {
  if (address < base_ || address >= end_ || (address - base_) % 4 != 0) return std::nullopt;
  const int32_t slot = slot_[static_cast<size_t>((address - base_) / 4)];
  if (slot < 0) return std::nullopt;
  return static_cast<size_t>(slot);
}

}  // namespace ingot::emu
