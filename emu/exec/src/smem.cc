// Scalar memory: s_load_dword*, s_buffer_load_dword*, s_store_dword*, s_buffer_store_dword*, s_atomic_*,
// s_memtime. Address = base + offset (+ SOFFSET when present), dword aligned. s_buffer_* take base and
// num_records from a buffer descriptor; dwords past num_records read as 0 (stores: dropped).
#include <array>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

#include "handler_table.h"
#include "memory_access.h"
#include "vector_memory.h"

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

// s_atomic_<op>[_x2]: one read-modify-write at a 64-bit address by the operations, lock and memory-model
// hooks of the vector atomics (vector_memory.h), as one lane. sdata holds the data ({src, cmp} for
// cmpswap); with glc the pre-op value returns into sdata (cmpswap: its first half), counted by lgkmcnt.
template <typename T, typename Operation>
Status scalar_atomic(Wave& wave, const Inst& inst, Operation op, bool cmpswap) {
  const Operand* data = inst.find(Role::kData0);
  if (data == nullptr) return fault("scalar atomic without data");
  const uint64_t address = (read_s64(wave, inst.find(Role::kSbase)) + smem_offset(wave, inst)) & ~uint64_t{3};
  constexpr uint32_t kDwords = sizeof(T) / 4;
  auto read = [&](uint32_t slot) -> T {
    if constexpr (kDwords == 2) return wave.s64(static_cast<int>(slot));
    return wave.s[slot];
  };
  const T value = read(data->index);
  const T compare = cmpswap ? read(data->index + kDwords) : T{0};
  VmemLanes lanes;
  lanes.lanes = 1;
  lanes.address[0] = address;
  lanes.valid[0] = 1;
  T old{};
  {
    std::lock_guard<std::mutex> lock(wave.launch->memory->atomic_lock());
    uint8_t* target = global_pointer(wave, address, sizeof(T));
    if (target == nullptr) return global_fault("scalar atomic", address, sizeof(T), -1);
    std::memcpy(&old, target, sizeof(T));
    const T next = op(old, value, compare);
    std::memcpy(target, &next, sizeof(T));
    if (wave.launch->memory_model != nullptr) {
      memory_model_atomic(wave, inst, lanes, sizeof(T));
      memory_model_vm_issued(wave);  // completion judged by vmcnt, as for flat (emu/README.md)
    }
  }
  account_global_access(wave, lanes.address, lanes.valid, lanes.lanes, sizeof(T), 1, true);
  if (!inst.mem.sc0) {
    track_store(wave, WaitCounter::kSmem);
    return Status::ok();
  }
  const Operand* dst = inst.find(Role::kDst);
  if (dst == nullptr) return fault("returning scalar atomic without a destination");
  wave.s[dst->index] = static_cast<uint32_t>(old);
  if constexpr (kDwords == 2) wave.s[dst->index + 1u] = static_cast<uint32_t>(old >> 32);
  track_load(wave, inst, WaitCounter::kSmem, dst);
  return Status::ok();
}

constexpr std::string_view kScalarAtomicPrefix = "s_atomic_";

Status s_atomic(Wave& wave, const Inst& inst) {
  static const auto table = [] {
    std::array<std::pair<Atomic32, Atomic64>, static_cast<size_t>(Op::kNumOps)> ops{};
    for (size_t i = 0; i < ops.size(); ++i) {
      const std::string_view name = op_mnemonic(static_cast<Op>(i));
      if (name.substr(0, kScalarAtomicPrefix.size()) != kScalarAtomicPrefix) continue;
      const std::string stem(name.substr(kScalarAtomicPrefix.size()));
      ops[i] = {atomic32_op(stem.c_str()), atomic64_op(stem.c_str())};
    }
    return ops;
  }();
  const auto [op32, op64] = table[static_cast<size_t>(inst.op)];
  const bool cmpswap = op_mnemonic(inst.op).find("cmpswap") != std::string_view::npos;
  if (op32 != nullptr) return scalar_atomic<uint32_t>(wave, inst, op32, cmpswap);
  if (op64 != nullptr) return scalar_atomic<uint64_t>(wave, inst, op64, cmpswap);
  return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) + " is not emulated");
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
  for (size_t i = 0; i < static_cast<size_t>(Op::kNumOps); ++i) {
    const std::string_view name = op_mnemonic(static_cast<Op>(i));  // static storage: safe to key on
    if (name.substr(0, kScalarAtomicPrefix.size()) == kScalarAtomicPrefix) r.add(name, s_atomic);
  }
  r.add("s_memtime", s_memtime);
  r.add("s_memrealtime", s_memtime);
}

}  // namespace ingot::emu
