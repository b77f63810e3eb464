// Shared pieces of the memory instruction families: global address checks, coalescing statistics
// for the profile, and s_waitcnt bookkeeping of loads (and of every VMEM operation for the memory-model
// checker, whose hooks must run before these so that they see the operation's own vm sequence number).
#pragma once

#include <cstdint>
#include <string>

#include "operands.h"

namespace ingot::emu {

// Host pointer of [address, address + bytes) inside one allocation, or null.
inline uint8_t* global_pointer(const Wave& wave, uint64_t address, uint64_t bytes) {
  return wave.launch->memory->translate(address, bytes);
}

inline Status global_fault(const char* what, uint64_t address, uint64_t bytes, int lane) {
  return fault(std::string(what) + " of " + std::to_string(bytes) + " bytes at " + hex(address) +
               (lane >= 0 ? " by lane " + std::to_string(lane) : std::string()) +
               " is outside every device allocation");
}

// Adds one vector memory instruction's lane accesses to the profile: bytes, 64-byte segments touched
// and the distinct bytes used in them. Each lane accesses `pieces` consecutive pieces of `piece_bytes`;
// bit p of valid[lane] says piece p is in range. Out-of-range buffer pieces (offset past num_records)
// are never fetched or written by hardware, so they count toward neither bytes nor segments.
void account_global_access(Wave& wave, const uint64_t* addresses, const uint8_t* valid, LaneMask lanes,
                           uint32_t piece_bytes, uint32_t pieces, bool write);

// Marks the destination registers of a load as in flight on `counter`.
inline void track_load(Wave& wave, const Inst& inst, WaitCounter counter, const Operand* dst) {
  if (counter == WaitCounter::kVm && wave.launch->memory_model != nullptr) memory_model_vm_issued(wave);
  if (!wave.launch->check_waitcnt) return;
  if (dst == nullptr || !dst->is_register() || dst->dwords == 0) {
    wave.waits.issue_without_destination(counter);
    return;
  }
  const bool vector = dst->kind != OperandKind::kScalar;
  const uint32_t first = vector ? static_cast<uint32_t>(vector_row(wave, *dst)) : dst->index;
  wave.waits.issue(counter, vector, first, dst->dwords, inst.address);
}

inline void track_store(Wave& wave, WaitCounter counter) {
  if (counter == WaitCounter::kVm && wave.launch->memory_model != nullptr) memory_model_vm_issued(wave);
  if (wave.launch->check_waitcnt) wave.waits.issue_without_destination(counter);
}

}  // namespace ingot::emu
