// Workspace for kernels that need device memory besides their arguments (split-K partial sums and
// arrival counters). The manifest says how many bytes a launch needs (launch.workspace); this pool
// owns one buffer per stream, so a kernel's contract holds: the buffer was zero-filled when allocated,
// and no two launches use it at once (manifest/README.md "Workspace").
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "ingot/tooling/device.h"
#include "ingot/status.h"

namespace ingot {

class WorkspacePool {
 public:
  // Holds one stream's workspace until destroyed: launches that need it wait for each other.
  class Lease {
   public:
    uint64_t address() const { return address_; }

   private:
    friend class WorkspacePool;
    Lease(std::unique_lock<std::mutex> lock, uint64_t address) : lock_(std::move(lock)), address_(address) {}
    std::unique_lock<std::mutex> lock_;
    uint64_t address_ = 0;
  };

  explicit WorkspacePool(Device& device) : device_(device) {}
  WorkspacePool(const WorkspacePool&) = delete;
  WorkspacePool& operator=(const WorkspacePool&) = delete;
  ~WorkspacePool();  // frees every buffer (after synchronizing its stream)

  // One stream's buffer; it lives as long as the pool, so a caller may keep the pointer (the Runtime's
  // threads do, to skip the stream lookup on a warm call).
  struct Buffer;
  Buffer& buffer_for(hipStream_t stream);

  // At least `bytes` of workspace for `stream`. A buffer that is too small is replaced: the stream is
  // synchronized first (an in-flight kernel may still use it), then a new one is allocated and zeroed.
  Result<Lease> lease(hipStream_t stream, uint64_t bytes) { return lease(buffer_for(stream), stream, bytes); }
  // The same for the buffer of `stream` found before.
  Result<Lease> lease(Buffer& buffer, hipStream_t stream, uint64_t bytes);

  // Bytes currently held for `stream` (0 when none); for tests and diagnostics. Waits while a lease
  // on that stream is held, so never call it while holding one.
  uint64_t capacity(hipStream_t stream) const;

 private:
  Status replace(Buffer& buffer, hipStream_t stream, uint64_t bytes);

  Device& device_;
  mutable std::mutex map_mutex_;  // guards buffers_ (not the buffers)
  std::map<hipStream_t, std::unique_ptr<Buffer>> buffers_;
};

struct WorkspacePool::Buffer {
  std::mutex in_use;  // held by a Lease
  uint64_t address = 0;
  uint64_t bytes = 0;
};

}  // namespace ingot
