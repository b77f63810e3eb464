#include "random_schedule_device.h"

namespace ingot::e2e {

Result<std::unique_ptr<Device>> RandomScheduleDevice::open(const std::string& arch, uint64_t seed) {
  auto target = emu::parse_target(arch);
  if (!target) return Status(StatusCode::kInvalidArgument, "the emulator does not model " + arch);
  emu::EmulatorOptions options;
  options.target = *target;
  options.host_threads = 1;  // the interleaving is the experiment; one thread keeps it reproducible
  options.schedule = emu::Schedule::kRandom;
  options.seed = seed;
  std::unique_ptr<RandomScheduleDevice> device(new RandomScheduleDevice(options));
  device->info_.arch = std::string(emu::target_name(*target));
  device->info_.cus = device->emulator_.cus();
  return std::unique_ptr<Device>(std::move(device));
}

std::string RandomScheduleDevice::description() const {
  return "emulator (random wave schedule, seed " + std::to_string(emulator_.options().seed) + "): " + info_.arch;
}

Result<ModuleHandle> RandomScheduleDevice::load_module(const VerifiedCodeObject& code) {
  if (code.code_object.arch != info_.arch) {
    return Status(StatusCode::kArchMismatch, "code object is for " + code.code_object.arch + ", not " + info_.arch);
  }
  auto module = emulator_.load_module(code.bytes);
  if (!module) return module.status();
  modules_.push_back(module.value());
  return ModuleHandle{modules_.size()};
}

Result<KernelHandle> RandomScheduleDevice::get_kernel(ModuleHandle module, std::string_view symbol) {
  if (module.value == 0 || module.value > modules_.size()) {
    return Status(StatusCode::kInvalidArgument, "unknown module handle");
  }
  kernels_.push_back(Kernel{modules_[module.value - 1], std::string(symbol)});
  return KernelHandle{kernels_.size()};
}

Status RandomScheduleDevice::launch(KernelHandle kernel, const LaunchConfig& config, void* /*stream*/) {
  if (kernel.value == 0 || kernel.value > kernels_.size()) {
    return Status(StatusCode::kInvalidArgument, "unknown kernel handle");
  }
  const Kernel& k = kernels_[kernel.value - 1];
  emu::LaunchConfig emu_config;
  emu_config.grid = {config.grid_workgroups[0], config.grid_workgroups[1], config.grid_workgroups[2]};
  emu_config.workgroup = {config.workgroup[0], config.workgroup[1], config.workgroup[2]};
  emu_config.kernarg = config.kernargs;
  emu_config.dynamic_lds = config.dynamic_lds;
  auto profile = emulator_.launch(k.module, k.name, emu_config);
  return profile ? Status() : profile.status();
}

}  // namespace ingot::e2e
