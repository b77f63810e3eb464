#include "device_memory.h"

#include <cstdio>
#include <cstring>

namespace ingot::emu {

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

Result<uint64_t> DeviceMemory::allocate(uint64_t size) {
  if (size == 0) return Status(StatusCode::kInvalidArgument, "device allocation of 0 bytes");
  constexpr uint64_t kMaxAllocation = 1ull << 36;  // 64 GiB: larger is surely a size bug
  if (size > kMaxAllocation) {
    return Status(StatusCode::kInvalidArgument,
                  "device allocation of " + std::to_string(size) + " bytes is too large");
  }
  Allocation allocation;
  allocation.base = next_address_;
  allocation.size = size;
  allocation.bytes.reset(new (std::nothrow) uint8_t[size]());
  if (!allocation.bytes) {
    return Status(StatusCode::kDeviceError,
                  "host out of memory for a device allocation of " + std::to_string(size) + " bytes");
  }
  const uint64_t span = (size + kAlignment - 1) / kAlignment * kAlignment;
  next_address_ += span + kGuardGap;
  const uint64_t base = allocation.base;
  allocations_.emplace(base, std::move(allocation));
  return base;
}

Status DeviceMemory::free(uint64_t address) {
  auto it = allocations_.find(address);
  if (it == allocations_.end()) {
    return Status(StatusCode::kInvalidArgument,
                  "free of " + hex(address) + ": not the start of a device allocation");
  }
  allocations_.erase(it);
  return Status::ok();
}

const Allocation* DeviceMemory::find(uint64_t address) const {
  auto it = allocations_.upper_bound(address);
  if (it == allocations_.begin()) return nullptr;
  --it;
  const Allocation& allocation = it->second;
  if (address - allocation.base >= allocation.size) return nullptr;
  return &allocation;
}

uint8_t* DeviceMemory::translate(uint64_t address, uint64_t size) const {
  const Allocation* allocation = find(address);
  if (allocation == nullptr) return nullptr;
  const uint64_t offset = address - allocation->base;
  if (size > allocation->size - offset) return nullptr;
  return allocation->bytes.get() + offset;
}

static Status out_of_bounds(const char* what, uint64_t address, uint64_t size) {
  return Status(StatusCode::kInvalidArgument, std::string(what) + ": range [" + hex(address) + ", " +
                                                  hex(address + size) +
                                                  ") is not inside one device allocation");
}

Status DeviceMemory::copy_to_device(uint64_t dst, const void* src, uint64_t size) {
  if (size == 0) return Status::ok();
  if (src == nullptr) return Status(StatusCode::kInvalidArgument, "copy to device from a null host pointer");
  uint8_t* target = translate(dst, size);
  if (target == nullptr) return out_of_bounds("copy to device", dst, size);
  std::memcpy(target, src, size);
  return Status::ok();
}

Status DeviceMemory::copy_from_device(void* dst, uint64_t src, uint64_t size) const {
  if (size == 0) return Status::ok();
  if (dst == nullptr) return Status(StatusCode::kInvalidArgument, "copy from device to a null host pointer");
  const uint8_t* source = translate(src, size);
  if (source == nullptr) return out_of_bounds("copy from device", src, size);
  std::memcpy(dst, source, size);
  return Status::ok();
}

Status DeviceMemory::copy_device_to_device(uint64_t dst, uint64_t src, uint64_t size) {
  if (size == 0) return Status::ok();
  const uint8_t* source = translate(src, size);
  if (source == nullptr) return out_of_bounds("device copy source", src, size);
  uint8_t* target = translate(dst, size);
  if (target == nullptr) return out_of_bounds("device copy destination", dst, size);
  std::memmove(target, source, size);
  return Status::ok();
}

uint64_t DeviceMemory::bytes_allocated() const {
  uint64_t total = 0;
  for (const auto& [base, allocation] : allocations_) total += allocation.size;
  return total;
}

}  // namespace ingot::emu
