// Devices: where kernels run. One interface, two implementations: HipDevice (an AMD GPU through the
// HIP runtime, opened at run time) and EmuDevice (libingot_emu, the CPU emulator of CDNA3/CDNA4).
// Plus the per-device module cache that turns a manifest kernel into a launchable handle once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ingot/device_options.h"
#include "ingot/problem.h"
#include "ingot/status.h"
#include "ingot/stream.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"

namespace ingot {

// Opaque handles a device hands out; meaningful only to the device that made them.
struct ModuleHandle {
  uint64_t value = 0;
};
struct KernelHandle {
  uint64_t value = 0;
};

enum class DeviceKind { kHip, kEmulator, kOther };
const char* device_kind_name(DeviceKind kind);  // "hip", "emu", "other"

// A device. Device memory is named by 64-bit device addresses (what kernargs carry). Every call
// returns a Status; none aborts. Implementations are safe to call from several threads.
class Device {
 public:
  virtual ~Device() = default;

  virtual DeviceKind kind() const = 0;
  // Arch name and CU count as READ FROM THE DEVICE (MI300X 304, MI308X 80, MI355X 256: never assumed).
  virtual const DeviceInfo& info() const = 0;
  // One line for logs and the CLI, e.g. "HIP device 0: AMD Instinct MI300X (gfx942, 304 CUs)".
  virtual std::string description() const = 0;

  virtual Result<uint64_t> allocate(size_t bytes) = 0;
  virtual Status free(uint64_t address) = 0;
  virtual Status copy_to_device(uint64_t dst, const void* src, size_t bytes) = 0;
  virtual Status copy_to_host(void* dst, uint64_t src, size_t bytes) = 0;

  // Only verified bytes reach a device: the type can only come from Pack::load_code_object, which
  // has checked size, sha256, arch and symbol. The device rejects code for another arch.
  virtual Result<ModuleHandle> load_module(const VerifiedCodeObject& code) = 0;
  virtual Result<KernelHandle> get_kernel(ModuleHandle module, std::string_view symbol) = 0;

  // Grid in workgroups, workgroup size, the kernarg buffer and dynamic LDS, from prepare_launch.
  // `stream`: nullptr = the default stream; the emulator runs synchronously.
  virtual Status launch(KernelHandle kernel, const LaunchConfig& config, hipStream_t stream = nullptr) = 0;
  virtual Status synchronize(hipStream_t stream = nullptr) = 0;

  // What the device measured about its most recent launch, as text for people (the emulator's exact
  // instruction counts, MFMA cycles, bank conflicts...). Empty where nothing is measured (HIP).
  virtual std::string last_launch_report() const { return {}; }
};

// The HIP device `ordinal`. kNoDevice (with the libraries tried, or the runtime's reason) when there
// is no HIP runtime or no AMD GPU; never aborts and prints nothing.
Result<std::unique_ptr<Device>> open_hip_device(int ordinal = 0);
// The emulator as a device; kUnsupported when this build has no emulator.
Result<std::unique_ptr<Device>> open_emu_device(const DeviceOptions& options);
// Resolves options (and $INGOT_DEVICE) to a device. With kAuto the HIP failure is not an error:
// the emulator is used instead.
Result<std::unique_ptr<Device>> open_device(const DeviceOptions& options = {});

// Loads each kernel's code object on first use and reuses it after: per device, lazy, thread-safe.
// Concurrent first calls for the same kernel load it exactly once (the others wait for it);
// different kernels load in parallel. A failed load is not cached: the next call retries.
class ModuleCache {
 public:
  // Where verified code objects come from: Pack::load_code_object, or a test's stand-in.
  using CodeObjectSource = std::function<Result<VerifiedCodeObject>(const ManifestKernel&)>;

  // The pack must outlive the cache.
  ModuleCache(const Pack& pack, Device& device);
  ModuleCache(CodeObjectSource source, Device& device);
  ModuleCache(const ModuleCache&) = delete;
  ModuleCache& operator=(const ModuleCache&) = delete;

  // The kernel's launch handle; the code object goes through Pack::load_code_object (size, sha256,
  // arch, symbol) before its bytes reach the device.
  Result<KernelHandle> kernel(const ManifestKernel& kernel);
  // Kernels loaded so far (for tests and the CLI).
  size_t loaded() const;

 private:
  struct Entry {
    std::mutex mutex;  // held while this kernel loads: later callers wait, then reuse
    std::optional<KernelHandle> handle;
  };
  Entry& entry_for(const std::string& id);

  CodeObjectSource source_;
  Device& device_;
  mutable std::mutex map_mutex_;  // guards entries_ (not the loads)
  std::unordered_map<std::string, std::unique_ptr<Entry>> entries_;
};

}  // namespace ingot
