// Scalar memory: s_load_dword*, s_buffer_load_dword*, s_store_dword*, s_buffer_store_dword*, s_memtime.
// Address = base + offset (+ SOFFSET when present), dword aligned. s_buffer_* take base and
// num_records from a buffer descriptor; dwords past num_records read as 0 (stores: dropped).
#include <cstring>

#include "handler_table.h"
#include "memory_access.h"

namespace ingot::emu {
namespace {

uint64_t smem_offset(const Wave& wave, const Inst& inst) {
  uint64_t offset = static_cast<uint64_t>(static_cast<int64_t>(inst.mem.offset));
  if (const Operand* soffset = inst.find(Role::kSoffset); soffset && soffset->kind == OperandKind::kScalar) {
    offset += wave.s[soffset->index];
  }
  return offset;
}

Status s_load(Wave& wave, const Inst& inst) {
  const Operand* dst = inst.find(Role::kDst);
  if (dst == nullptr) return fault("scalar load without a destination");
  const uint64_t address = (read_s64(wave, inst.find(Role::kSbase)) + smem_offset(wave, inst)) & ~uint64_t{3};
  const uint64_t bytes = uint64_t{dst->dwords} * 4;
  const uint8_t* source = global_pointer(wave, address, bytes);
  if (source == nullptr) return global_fault("scalar load", address, bytes, -1);
  std::memcpy(&wave.s[dst->index], source, bytes);
  track_load(wave, inst, WaitCounter::kSmem, dst);
  return Status::ok();
}

// A scalar buffer access: base and num_records from the descriptor in SBASE.
struct ScalarBuffer {
  uint64_t base = 0;
  uint32_t num_records = 0;
  uint64_t offset = 0;
};
ScalarBuffer scalar_buffer(const Wave& wave, const Inst& inst, const Operand& rsrc) {
  return {(uint64_t{wave.s[rsrc.index]} | uint64_t{wave.s[rsrc.index + 1]} << 32) & 0xffffffffffffull,
          wave.s[rsrc.index + 2], smem_offset(wave, inst) & ~uint64_t{3}};
}

Status s_buffer_load(Wave& wave, const Inst& inst) {
  const Operand* dst = inst.find(Role::kDst);
  const Operand* rsrc = inst.find(Role::kSbase);
  if (dst == nullptr || rsrc == nullptr) return fault("scalar buffer load without destination or descriptor");
  const ScalarBuffer buffer = scalar_buffer(wave, inst, *rsrc);
  for (uint32_t i = 0; i < dst->dwords; ++i) {
    const uint64_t byte = buffer.offset + 4ull * i;
    uint32_t value = 0;
    if (byte + 4 <= buffer.num_records) {
      const uint8_t* source = global_pointer(wave, buffer.base + byte, 4);
      if (source == nullptr) return global_fault("scalar buffer load", buffer.base + byte, 4, -1);
      std::memcpy(&value, source, 4);
    }
    wave.s[dst->index + i] = value;
  }
  track_load(wave, inst, WaitCounter::kSmem, dst);
  return Status::ok();
}

// Dwords past num_records are dropped, as the loads read them as 0.
Status s_buffer_store(Wave& wave, const Inst& inst) {
  const Operand* data = inst.find(Role::kData0);
  if (data == nullptr) data = inst.find(Role::kDst);
  const Operand* rsrc = inst.find(Role::kSbase);
  if (data == nullptr || rsrc == nullptr) return fault("scalar buffer store without data or descriptor");
  const ScalarBuffer buffer = scalar_buffer(wave, inst, *rsrc);
  for (uint32_t i = 0; i < data->dwords; ++i) {
    const uint64_t byte = buffer.offset + 4ull * i;
    if (byte + 4 > buffer.num_records) continue;
    uint8_t* target = global_pointer(wave, buffer.base + byte, 4);
    if (target == nullptr) return global_fault("scalar buffer store", buffer.base + byte, 4, -1);
    std::memcpy(target, &wave.s[data->index + i], 4);
  }
  track_store(wave, WaitCounter::kSmem);
  return Status::ok();
}

Status s_store(Wave& wave, const Inst& inst) {
  const Operand* data = inst.find(Role::kData0);
  if (data == nullptr) data = inst.find(Role::kDst);
  if (data == nullptr) return fault("scalar store without data");
  const uint64_t address = (read_s64(wave, inst.find(Role::kSbase)) + smem_offset(wave, inst)) & ~uint64_t{3};
  const uint64_t bytes = uint64_t{data->dwords} * 4;
  uint8_t* target = global_pointer(wave, address, bytes);
  if (target == nullptr) return global_fault("scalar store", address, bytes, -1);
  std::memcpy(target, &wave.s[data->index], bytes);
  track_store(wave, WaitCounter::kSmem);
  return Status::ok();
}

// A counter that only has to increase: the wave's instruction count.
Status s_memtime(Wave& wave, const Inst& inst) {
  write_s64(wave, inst.find(Role::kDst), wave.instructions);
  track_load(wave, inst, WaitCounter::kSmem, inst.find(Role::kDst));
  return Status::ok();
}

}  // namespace

void register_smem(HandlerRegistry& r) {
  for (const char* name : {"s_load_dword", "s_load_dwordx2", "s_load_dwordx4", "s_load_dwordx8", "s_load_dwordx16"}) {
    r.add(name, s_load);
  }
  for (const char* name : {"s_buffer_load_dword", "s_buffer_load_dwordx2", "s_buffer_load_dwordx4",
                           "s_buffer_load_dwordx8", "s_buffer_load_dwordx16"}) {
    r.add(name, s_buffer_load);
  }
  for (const char* name : {"s_store_dword", "s_store_dwordx2", "s_store_dwordx4"}) r.add(name, s_store);
  for (const char* name : {"s_buffer_store_dword", "s_buffer_store_dwordx2", "s_buffer_store_dwordx4"}) {
    r.add(name, s_buffer_store);
  }
  r.add("s_memtime", s_memtime);
  r.add("s_memrealtime", s_memtime);
}

}  // namespace ingot::emu
