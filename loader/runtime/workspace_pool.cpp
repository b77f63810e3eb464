#include <algorithm>
#include <vector>

#include "ingot/tooling/workspace.h"

namespace ingot {
namespace {

// Device has no memset, so zeros are copied from the host a slice at a time (workspaces are a few MiB).
constexpr uint64_t kZeroSliceBytes = uint64_t{1} << 20;

Status zero_fill(Device& device, uint64_t address, uint64_t bytes) {
  const std::vector<uint8_t> zeros(static_cast<size_t>(std::min(bytes, kZeroSliceBytes)), 0);
  for (uint64_t done = 0; done < bytes;) {
    const uint64_t n = std::min<uint64_t>(bytes - done, zeros.size());
    INGOT_RETURN_IF_ERROR(device.copy_to_device(address + done, zeros.data(), static_cast<size_t>(n)));
    done += n;
  }
  return Status::ok();
}

}  // namespace

WorkspacePool::~WorkspacePool() {
  for (auto& [stream, buffer] : buffers_) {
    if (buffer->address == 0) continue;
    // Best effort: a destructor has no one to report to, and freeing under a running kernel is worse.
    (void)device_.synchronize(stream);
    (void)device_.free(buffer->address);
  }
}

WorkspacePool::Buffer& WorkspacePool::buffer_for(hipStream_t stream) {
  std::lock_guard<std::mutex> lock(map_mutex_);
  std::unique_ptr<Buffer>& slot = buffers_[stream];
  if (!slot) slot = std::make_unique<Buffer>();
  return *slot;
}

Status WorkspacePool::replace(Buffer& buffer, hipStream_t stream, uint64_t bytes) {
  if (buffer.address != 0) {
    INGOT_RETURN_IF_ERROR(device_.synchronize(stream));
    INGOT_RETURN_IF_ERROR(device_.free(buffer.address));
    buffer.address = 0;
    buffer.bytes = 0;
  }
  auto address = device_.allocate(static_cast<size_t>(bytes));
  if (!address) {
    return Status(address.status().code(),
                  "workspace of " + std::to_string(bytes) + " bytes: " + address.status().message());
  }
  if (Status zeroed = zero_fill(device_, address.value(), bytes); !zeroed.is_ok()) {
    (void)device_.free(address.value());
    return zeroed;
  }
  buffer.address = address.value();
  buffer.bytes = bytes;
  return Status::ok();
}

Result<WorkspacePool::Lease> WorkspacePool::lease(Buffer& buffer, hipStream_t stream, uint64_t bytes) {
  std::unique_lock<std::mutex> lock(buffer.in_use);
  if (buffer.bytes < bytes) INGOT_RETURN_IF_ERROR(replace(buffer, stream, bytes));
  return Lease(std::move(lock), buffer.address);
}

uint64_t WorkspacePool::capacity(hipStream_t stream) const {
  std::lock_guard<std::mutex> lock(map_mutex_);
  auto it = buffers_.find(stream);
  if (it == buffers_.end()) return 0;
  std::lock_guard<std::mutex> in_use(it->second->in_use);
  return it->second->bytes;
}

}  // namespace ingot
