#include "ingot/tooling/device.h"

namespace ingot {

ModuleCache::ModuleCache(const Pack& pack, Device& device)
    : source_([&pack](const ManifestKernel& kernel) { return pack.load_code_object(kernel); }),
      device_(device) {}

ModuleCache::ModuleCache(CodeObjectSource source, Device& device)
    : source_(std::move(source)), device_(device) {}

ModuleCache::Entry& ModuleCache::entry_for(const std::string& id) {
  std::lock_guard<std::mutex> lock(map_mutex_);
  auto& slot = entries_[id];
  if (!slot) slot = std::make_unique<Entry>();
  return *slot;  // entries are never erased, so the reference outlives the lock
}

Result<KernelHandle> ModuleCache::kernel(const ManifestKernel& kernel) {
  Entry& entry = entry_for(kernel.id);
  // Per-kernel lock: the first caller loads while the rest of this kernel's callers wait; callers
  // of other kernels are not held up by this load.
  std::lock_guard<std::mutex> lock(entry.mutex);
  if (entry.handle) return *entry.handle;

  auto verified = source_(kernel);
  if (!verified) return verified.status();
  auto module = device_.load_module(verified.value());
  if (!module) return module.status();
  auto handle = device_.get_kernel(module.value(), kernel.symbol);
  if (!handle) return handle.status();
  entry.handle = handle.value();
  return handle.value();
}

size_t ModuleCache::loaded() const {
  std::lock_guard<std::mutex> lock(map_mutex_);
  size_t count = 0;
  for (const auto& [id, entry] : entries_) {
    std::lock_guard<std::mutex> entry_lock(entry->mutex);
    if (entry->handle) ++count;
  }
  return count;
}

}  // namespace ingot
