// The lane work shared by buffer and global/flat instructions once addresses are known: loads (with
// sub-dword and d16 forms), stores, atomics and direct-to-LDS loads. Buffer instructions mark
// out-of-range dwords invalid (loads give 0, stores are dropped); a valid address outside every
// device allocation is a fault naming lane and address.
#pragma once

#include <cstdint>

#include "memory_access.h"

namespace ingot::emu {

struct VmemLanes {
  uint64_t address[kWaveSize];
  uint8_t valid[kWaveSize];  // bit d: dword d (or the whole element for sub-dword forms) is in range
  LaneMask lanes = 0;        // EXEC
};

enum class LoadForm : uint8_t {
  kDwords,                      // 1..4 dwords
  kU8, kI8, kU16, kI16,         // zero / sign extended into a dword
  kD16U8, kD16I8, kD16U16,      // into the low half, high half kept
  kD16HiU8, kD16HiI8, kD16HiU16 // into the high half, low half kept
};
enum class StoreForm : uint8_t { kDwords, kByte, kByteHi, kShort, kShortHi };

// Bytes one element of a sub-dword load form reads (4 for kDwords), and the dword a load form puts in
// the destination from the raw little-endian bytes it read and the destination's old value.
uint32_t load_element_bytes(LoadForm form);
uint32_t shape_loaded(LoadForm form, uint32_t raw, uint32_t old);

Status vmem_load(Wave& wave, const Inst& inst, const VmemLanes& lanes, LoadForm form, uint32_t dwords);
Status vmem_store(Wave& wave, const Inst& inst, const VmemLanes& lanes, StoreForm form, uint32_t dwords);
// Direct-to-LDS: each lane's `bytes` go to LDS at M0 + inst_offset + lane * bytes (0 when invalid).
Status vmem_load_to_lds(Wave& wave, const Inst& inst, const VmemLanes& lanes, uint32_t bytes);

using Atomic32 = uint32_t (*)(uint32_t memory, uint32_t data, uint32_t compare);
using Atomic64 = uint64_t (*)(uint64_t memory, uint64_t data, uint64_t compare);
Status vmem_atomic32(Wave& wave, const Inst& inst, const VmemLanes& lanes, Atomic32 op, bool cmpswap);
Status vmem_atomic64(Wave& wave, const Inst& inst, const VmemLanes& lanes, Atomic64 op, bool cmpswap);

// The atomic operations by mnemonic stem ("add", "smax", "add_f32", ...), shared by both families.
Atomic32 atomic32_op(const char* stem);
Atomic64 atomic64_op(const char* stem);

}  // namespace ingot::emu
