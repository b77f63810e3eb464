// A Device over the emulator with seeded random wave interleaving (emu::Schedule::kRandom) instead of
// the EmuDevice's deterministic round robin: a kernel that reads LDS without the barrier or waitcnt it
// needs can pass under one fixed order and fail under another. Test-only; same memory and launch
// semantics as the library's EmuDevice, which stays the device the main suite uses.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ingot/device.h"
#include "ingot_emu/emulator.h"

namespace ingot::e2e {

class RandomScheduleDevice : public Device {
 public:
  static Result<std::unique_ptr<Device>> open(const std::string& arch, uint64_t seed);

  DeviceKind kind() const override { return DeviceKind::kEmulator; }
  const DeviceInfo& info() const override { return info_; }
  std::string description() const override;
  Result<uint64_t> allocate(size_t bytes) override { return emulator_.allocate(bytes); }
  Status free(uint64_t address) override { return emulator_.free(address); }
  Status copy_to_device(uint64_t dst, const void* src, size_t bytes) override {
    return emulator_.copy_to_device(dst, src, bytes);
  }
  Status copy_to_host(void* dst, uint64_t src, size_t bytes) override { return emulator_.copy_to_host(dst, src, bytes); }
  Result<ModuleHandle> load_module(const VerifiedCodeObject& code) override;
  Result<KernelHandle> get_kernel(ModuleHandle module, std::string_view symbol) override;
  Status launch(KernelHandle kernel, const LaunchConfig& config, void* stream = nullptr) override;
  Status synchronize(void* /*stream*/ = nullptr) override { return Status(); }

 private:
  explicit RandomScheduleDevice(const emu::EmulatorOptions& options) : emulator_(options) {}
  struct Kernel {
    emu::ModuleId module;
    std::string name;
  };
  emu::Emulator emulator_;
  DeviceInfo info_;
  std::vector<emu::ModuleId> modules_;
  std::vector<Kernel> kernels_;
};

}  // namespace ingot::e2e
