// MUBUF with buffer-descriptor semantics (CDNA3 ISA guide, "Buffer Instructions"):
//   address = base + soffset + inst_offset + voffset + stride * index
//   raw buffer (stride 0 or no idxen): a dword is out of range when its byte offset
//     (inst_offset + voffset + 4*d) + 4 > num_records; structured: when index >= num_records.
//   Out-of-range loads return 0 and stores are dropped. soffset is not part of the range check.
#include <algorithm>
#include <array>
#include <deque>
#include <iterator>
#include <string>
#include <string_view>

#include "handler_table.h"
#include "vector_memory.h"

namespace ingot::emu {
namespace {

struct Descriptor {
  uint64_t base;
  uint32_t stride;
  uint32_t num_records;
  bool add_tid;
};

Descriptor read_descriptor(const Wave& wave, const Inst& inst) {
  const Operand* rsrc = inst.find(Role::kRsrc);
  const uint32_t slot = rsrc ? rsrc->index : 0;
  const uint32_t w0 = wave.s[slot], w1 = wave.s[slot + 1], w2 = wave.s[slot + 2], w3 = wave.s[slot + 3];
  return Descriptor{w0 | (uint64_t{w1 & 0xffff} << 32), (w1 >> 16) & 0x3fff, w2, ((w3 >> 23) & 1) != 0};
}

// Per-lane addresses and validity of `pieces` pieces of `piece_bytes` each.
void buffer_lanes(const Wave& wave, const Inst& inst, uint32_t piece_bytes, uint32_t pieces, VmemLanes& out) {
  const Descriptor desc = read_descriptor(wave, inst);
  const Operand* vaddr = inst.find(Role::kAddr);
  Lanes index, offset;
  std::fill(std::begin(index.v), std::end(index.v), 0u);
  std::fill(std::begin(offset.v), std::end(offset.v), 0u);
  if (inst.mem.idxen) read_lanes(wave, vaddr, index, 0);
  if (inst.mem.offen) read_lanes(wave, vaddr, offset, inst.mem.idxen ? 1 : 0);
  const Operand* soffset_op = inst.find(Role::kSoffset);
  const uint64_t soffset = soffset_op && soffset_op->kind != OperandKind::kOff ? read_s32(wave, soffset_op) : 0;
  const uint32_t inst_offset = static_cast<uint32_t>(inst.mem.offset);
  const bool structured = desc.stride != 0 && (inst.mem.idxen || desc.add_tid);
  out.lanes = wave.exec();
  for (int l = 0; l < kWaveSize; ++l) {
    const uint64_t idx = uint64_t{index.v[l]} + (desc.add_tid ? uint64_t(l) : 0);
    const uint64_t byte_offset = uint64_t{offset.v[l]} + inst_offset;
    out.address[l] = desc.base + soffset + byte_offset + uint64_t{desc.stride} * idx;
    uint8_t valid = 0;
    for (uint32_t p = 0; p < pieces; ++p) {
      const bool in_range = structured ? idx < desc.num_records
                                       : byte_offset + uint64_t{piece_bytes} * (p + 1) <= desc.num_records;
      valid |= static_cast<uint8_t>(in_range ? 1u << p : 0u);
    }
    out.valid[l] = valid;
  }
}

template <LoadForm Form, uint32_t Dwords>
Status buffer_load(Wave& wave, const Inst& inst) {
  VmemLanes lanes;
  const uint32_t bytes = Form == LoadForm::kDwords ? 4 : (Form == LoadForm::kU8 || Form == LoadForm::kI8 ||
                                                          Form == LoadForm::kD16U8 || Form == LoadForm::kD16I8 ||
                                                          Form == LoadForm::kD16HiU8 || Form == LoadForm::kD16HiI8) ? 1 : 2;
  buffer_lanes(wave, inst, bytes, Form == LoadForm::kDwords ? Dwords : 1, lanes);
  if (inst.mem.lds) return vmem_load_to_lds(wave, inst, lanes, Form == LoadForm::kDwords ? 4 * Dwords : bytes);
  return vmem_load(wave, inst, lanes, Form, Dwords);
}

template <StoreForm Form, uint32_t Dwords>
Status buffer_store(Wave& wave, const Inst& inst) {
  VmemLanes lanes;
  const uint32_t bytes = Form == StoreForm::kDwords ? 4 : (Form == StoreForm::kByte || Form == StoreForm::kByteHi ? 1 : 2);
  buffer_lanes(wave, inst, bytes, Form == StoreForm::kDwords ? Dwords : 1, lanes);
  return vmem_store(wave, inst, lanes, Form, Dwords);
}

constexpr size_t kOps = static_cast<size_t>(Op::kNumOps);
constexpr std::string_view kAtomicPrefix = "buffer_atomic_";

Status buffer_atomic(Wave& wave, const Inst& inst) {
  static const auto table = [] {
    std::array<std::pair<Atomic32, Atomic64>, kOps> ops{};
    for (size_t i = 0; i < kOps; ++i) {
      const std::string_view name = op_mnemonic(static_cast<Op>(i));
      if (name.substr(0, kAtomicPrefix.size()) != kAtomicPrefix) continue;
      const std::string stem(name.substr(kAtomicPrefix.size()));
      ops[i] = {atomic32_op(stem.c_str()), atomic64_op(stem.c_str())};
    }
    return ops;
  }();
  const auto [op32, op64] = table[static_cast<size_t>(inst.op)];
  const bool cmpswap = op_mnemonic(inst.op).find("cmpswap") != std::string_view::npos;
  VmemLanes lanes;
  if (op32 != nullptr) {
    buffer_lanes(wave, inst, 4, 1, lanes);
    return vmem_atomic32(wave, inst, lanes, op32, cmpswap);
  }
  if (op64 != nullptr) {
    buffer_lanes(wave, inst, 8, 1, lanes);
    return vmem_atomic64(wave, inst, lanes, op64, cmpswap);
  }
  return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) + " is not emulated");
}

}  // namespace

void register_buffer(HandlerRegistry& r) {
  r.add("buffer_load_dword", buffer_load<LoadForm::kDwords, 1>);
  r.add("buffer_load_dwordx2", buffer_load<LoadForm::kDwords, 2>);
  r.add("buffer_load_dwordx3", buffer_load<LoadForm::kDwords, 3>);
  r.add("buffer_load_dwordx4", buffer_load<LoadForm::kDwords, 4>);
  r.add("buffer_load_ubyte", buffer_load<LoadForm::kU8, 1>);
  r.add("buffer_load_sbyte", buffer_load<LoadForm::kI8, 1>);
  r.add("buffer_load_ushort", buffer_load<LoadForm::kU16, 1>);
  r.add("buffer_load_sshort", buffer_load<LoadForm::kI16, 1>);
  r.add("buffer_load_ubyte_d16", buffer_load<LoadForm::kD16U8, 1>);
  r.add("buffer_load_sbyte_d16", buffer_load<LoadForm::kD16I8, 1>);
  r.add("buffer_load_short_d16", buffer_load<LoadForm::kD16U16, 1>);
  r.add("buffer_load_ubyte_d16_hi", buffer_load<LoadForm::kD16HiU8, 1>);
  r.add("buffer_load_sbyte_d16_hi", buffer_load<LoadForm::kD16HiI8, 1>);
  r.add("buffer_load_short_d16_hi", buffer_load<LoadForm::kD16HiU16, 1>);
  r.add("buffer_store_dword", buffer_store<StoreForm::kDwords, 1>);
  r.add("buffer_store_dwordx2", buffer_store<StoreForm::kDwords, 2>);
  r.add("buffer_store_dwordx3", buffer_store<StoreForm::kDwords, 3>);
  r.add("buffer_store_dwordx4", buffer_store<StoreForm::kDwords, 4>);
  r.add("buffer_store_byte", buffer_store<StoreForm::kByte, 1>);
  r.add("buffer_store_byte_d16_hi", buffer_store<StoreForm::kByteHi, 1>);
  r.add("buffer_store_short", buffer_store<StoreForm::kShort, 1>);
  r.add("buffer_store_short_d16_hi", buffer_store<StoreForm::kShortHi, 1>);
  // Cache maintenance has no effect on the emulator's memory; the memory-model checker tracks it.
  r.add("buffer_wbl2", +[](Wave& wave, const Inst& inst) {
    if (wave.launch->memory_model != nullptr) memory_model_writeback(wave, inst);
    return Status::ok();
  });
  r.add("buffer_inv", +[](Wave& wave, const Inst& inst) {
    if (wave.launch->memory_model != nullptr) memory_model_invalidate(wave, inst);
    return Status::ok();
  });
  for (const char* stem : {"swap", "cmpswap", "add", "sub", "smin", "umin", "smax", "umax", "and", "or", "xor",
                           "inc", "dec", "add_f32", "pk_add_f16", "pk_add_bf16", "swap_x2", "cmpswap_x2",
                           "add_x2", "sub_x2", "smin_x2", "umin_x2", "smax_x2", "umax_x2", "and_x2", "or_x2",
                           "xor_x2", "add_f64", "min_f64", "max_f64"}) {
    static std::deque<std::string> names;
    names.push_back(std::string(kAtomicPrefix) + stem);
    r.add(names.back(), buffer_atomic);
  }
}

}  // namespace ingot::emu
