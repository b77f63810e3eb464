// A Device that runs nothing and records everything, for tests of the module cache and the op API.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

#include "ingot/tooling/device.h"

namespace ingot::testing {

class FakeDevice final : public Device {
 public:
  explicit FakeDevice(std::string arch = "gfx942", int64_t cus = 304) {
    info_.arch = std::move(arch);
    info_.cus = cus;
  }

  DeviceKind kind() const override { return DeviceKind::kOther; }
  const DeviceInfo& info() const override { return info_; }
  std::string description() const override { return "fake device"; }

  Result<uint64_t> allocate(size_t bytes) override {
    std::lock_guard<std::mutex> lock(mutex_);
    const uint64_t address = next_address_;
    next_address_ += (bytes + 0xfff) & ~uint64_t{0xfff};
    return address;
  }
  Status free(uint64_t) override { return Status::ok(); }
  Status copy_to_device(uint64_t, const void*, size_t) override { return Status::ok(); }
  Status copy_to_host(void*, uint64_t, size_t) override { return Status::ok(); }

  Result<ModuleHandle> load_module(const VerifiedCodeObject& code) override {
    ++module_loads;
    std::lock_guard<std::mutex> lock(mutex_);
    loaded_bytes.push_back(code.bytes);
    return ModuleHandle{loaded_bytes.size()};
  }
  Result<KernelHandle> get_kernel(ModuleHandle module, std::string_view symbol) override {
    std::lock_guard<std::mutex> lock(mutex_);
    kernel_symbols.emplace_back(symbol);
    return KernelHandle{module.value * 1000 + kernel_symbols.size()};
  }
  Status launch(KernelHandle kernel, const LaunchConfig& config, hipStream_t) override {
    std::lock_guard<std::mutex> lock(mutex_);
    launched_kernels.push_back(kernel);
    launches.push_back(config);
    return Status::ok();
  }
  Status synchronize(hipStream_t) override { return Status::ok(); }

  std::atomic<int> module_loads{0};
  std::vector<std::vector<uint8_t>> loaded_bytes;
  std::vector<std::string> kernel_symbols;
  std::vector<KernelHandle> launched_kernels;
  std::vector<LaunchConfig> launches;

 private:
  std::mutex mutex_;
  DeviceInfo info_;
  uint64_t next_address_ = 0x7f0000000000;
};

}  // namespace ingot::testing
