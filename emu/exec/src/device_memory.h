// Emulated device memory: every allocation is registered with its bounds so that any access outside
// all of them is reported (kernel bugs become Status values, never host crashes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "ingot/status.h"

namespace ingot::emu {

struct Allocation {
  uint64_t base = 0;
  uint64_t size = 0;
  std::unique_ptr<uint8_t[]> bytes;
};

class DeviceMemory {
 public:
  // Addresses look like a GPU's: high, nonzero, aligned, with an unmapped gap between allocations
  // so that a small overrun lands outside every allocation instead of in a neighbour.
  static constexpr uint64_t kFirstAddress = 0x7f1000000000ull;
  static constexpr uint64_t kAlignment = 4096;
  static constexpr uint64_t kGuardGap = 64 * 1024;

  Result<uint64_t> allocate(uint64_t size);
  Status free(uint64_t address);
  Status copy_to_device(uint64_t dst, const void* src, uint64_t size);
  Status copy_from_device(void* dst, uint64_t src, uint64_t size) const;
  Status copy_device_to_device(uint64_t dst, uint64_t src, uint64_t size);

  // Host pointer for [address, address + size) if that range lies inside one allocation, else null.
  // Lookups during a launch happen while the allocation map is not being changed (launch is
  // synchronous), so they take no lock.
  uint8_t* translate(uint64_t address, uint64_t size) const;
  const Allocation* find(uint64_t address) const;

  // Global atomics from different host threads serialise on this lock (striped would be faster;
  // contention is low in practice because workgroups rarely hit the same word).
  std::mutex& atomic_lock() { return atomic_lock_; }

  uint64_t bytes_allocated() const;

 private:
  std::map<uint64_t, Allocation> allocations_;  // keyed by base
  uint64_t next_address_ = kFirstAddress;
  std::mutex atomic_lock_;
};

std::string hex(uint64_t value);

}  // namespace ingot::emu
