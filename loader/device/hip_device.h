// HipDevice: an AMD GPU through the HIP module API (hipModuleLoadData / hipModuleGetFunction /
// hipModuleLaunchKernel with the kernarg buffer passed whole through `extra`).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "hip_runtime_library.h"
#include "ingot/tooling/device.h"

namespace ingot::hip {

class HipDevice final : public Device {
 public:
  // Opens device `ordinal`: kNoDevice when the runtime is missing or reports no GPU.
  static Result<std::unique_ptr<Device>> open(int ordinal);
  ~HipDevice() override;

  DeviceKind kind() const override { return DeviceKind::kHip; }
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

 private:
  HipDevice(const HipRuntime& runtime, int ordinal) : runtime_(runtime), ordinal_(ordinal) {}
  // HIP's current device is per host thread: make ours current before every call.
  Status make_current(const char* what) const;
  Status check(hipError_t error, const std::string& what) const;

  const HipRuntime& runtime_;
  int ordinal_ = 0;
  DeviceInfo info_;
  std::string name_;         // marketing name, e.g. "AMD Instinct MI300X"
  std::string target_name_;  // gcnArchName with features, e.g. "gfx942:sramecc+:xnack-"

  mutable std::mutex mutex_;  // guards modules_ and functions_
  std::vector<hipModule_t> modules_;      // ModuleHandle = index + 1; unloaded in the destructor
  std::vector<hipFunction_t> functions_;  // KernelHandle = index + 1
};

// Reads the "gfxNNN[:features]" arch string out of hipGetDeviceProperties' output, tolerating
// a runtime whose struct is laid out differently from the headers (exposed for tests).
std::string find_gcn_arch_name(const unsigned char* props, size_t props_size, size_t expected_offset);

}  // namespace ingot::hip
