// EmuDevice: the same verified code objects, run on libingot_emu (the CPU emulator of CDNA3/CDNA4).
// Device memory is the emulator's: GPU-like addresses backed by host allocations.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ingot/tooling/device.h"
#include "ingot_emu/emulator.h"

namespace ingot {

class EmuDevice final : public Device {
 public:
  static Result<std::unique_ptr<Device>> open(const DeviceOptions& options);

  DeviceKind kind() const override { return DeviceKind::kEmulator; }
  const DeviceInfo& info() const override { return info_; }
  std::string description() const override;

  Result<uint64_t> allocate(size_t bytes) override;
  Status free(uint64_t address) override;
  Status copy_to_device(uint64_t dst, const void* src, size_t bytes) override;
  Status copy_to_host(void* dst, uint64_t src, size_t bytes) override;

  Result<ModuleHandle> load_module(const VerifiedCodeObject& code) override;
  Result<KernelHandle> get_kernel(ModuleHandle module, std::string_view symbol) override;
  Status launch(KernelHandle kernel, const LaunchConfig& config, hipStream_t stream) override;
  Status synchronize(hipStream_t stream) override;
  std::string last_launch_report() const override;

  // The profile of the most recent successful launch (exact counts from the emulator).
  std::optional<emu::LaunchProfile> last_profile() const;

 private:
  explicit EmuDevice(const emu::EmulatorOptions& options) : emulator_(options) {}

  struct Kernel {
    emu::ModuleId module = 0;
    std::string name;
  };

  mutable std::mutex mutex_;  // the emulator is driven by one caller at a time
  emu::Emulator emulator_;
  DeviceInfo info_;
  std::vector<emu::ModuleId> modules_;  // ModuleHandle = index + 1
  std::vector<Kernel> kernels_;         // KernelHandle = index + 1
  std::optional<emu::LaunchProfile> last_profile_;
};

}  // namespace ingot
