#include "emu_device.h"

#include <algorithm>
#include <cstdlib>
#include <thread>

namespace ingot {

Result<std::unique_ptr<Device>> open_emu_device(const DeviceOptions& options) { return EmuDevice::open(options); }

Result<std::unique_ptr<Device>> EmuDevice::open(const DeviceOptions& options) {
  auto target = emu::parse_target(options.emu_arch);
  if (!target) {
    return Status(StatusCode::kInvalidArgument,
                  "the emulator does not model arch '" + options.emu_arch + "' (gfx942 or gfx950)");
  }
  if (options.emu_cus < 0 || options.emu_threads < 0) {
    return Status(StatusCode::kInvalidArgument, "emulator CU and thread counts must not be negative");
  }
  emu::EmulatorOptions emu_options;
  emu_options.target = *target;
  emu_options.cus = static_cast<uint32_t>(options.emu_cus);
  // 0 = every core, as a user running `ingot run` expects, unless $INGOT_EMU_HOST_THREADS is set: then 0
  // goes through and the emulator reads the variable (and reports a malformed value on launch).
  emu_options.host_threads = static_cast<uint32_t>(options.emu_threads);
  const char* threads_env = std::getenv("INGOT_EMU_HOST_THREADS");
  if (options.emu_threads == 0 && (threads_env == nullptr || *threads_env == '\0')) {
    emu_options.host_threads = std::max(1u, std::thread::hardware_concurrency());
  }
  emu_options.schedule =
      options.emu_schedule == EmuSchedule::kRandom ? emu::Schedule::kRandom : emu::Schedule::kDeterministic;
  emu_options.seed = options.emu_seed;
  emu_options.timing = options.emu_timing;
  // By default the first workgroup of every z plane: split-K splits, varlen batches, KV splits differ by z.
  emu_options.timing_z_planes = options.emu_timing && options.emu_timing_trace == EmuTimingTrace::kPlanes;
  emu_options.timing_all_workgroups = options.emu_timing && options.emu_timing_trace == EmuTimingTrace::kAll;
  if (options.emu_timing && options.emu_timing_trace == EmuTimingTrace::kList) {
    emu_options.timing_workgroups = options.emu_timing_workgroups;
  }
  std::unique_ptr<EmuDevice> device(new EmuDevice(emu_options));
  device->info_.arch = std::string(emu::target_name(*target));
  device->info_.cus = device->emulator_.cus();  // the emulated chip's count, as a GPU would report it
  return std::unique_ptr<Device>(std::move(device));
}

std::string EmuDevice::description() const {
  const emu::EmulatorOptions& options = emulator_.options();
  const std::string schedule = options.schedule == emu::Schedule::kRandom
                                   ? ", random wave schedule seed " + std::to_string(options.seed)
                                   : std::string();
  return "emulator: " + info_.arch + ", " + std::to_string(info_.cus) + " CUs (libingot_emu, " +
         std::to_string(options.host_threads) + " host threads" + schedule + ")";
}

Result<uint64_t> EmuDevice::allocate(size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  return emulator_.allocate(bytes);
}

Status EmuDevice::free(uint64_t address) {
  std::lock_guard<std::mutex> lock(mutex_);
  return emulator_.free(address);
}

Status EmuDevice::copy_to_device(uint64_t dst, const void* src, size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  return emulator_.copy_to_device(dst, src, bytes);
}

Status EmuDevice::copy_to_host(void* dst, uint64_t src, size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  return emulator_.copy_to_host(dst, src, bytes);
}

Result<ModuleHandle> EmuDevice::load_module(const VerifiedCodeObject& code) {
  const std::string id = code.kernel != nullptr ? code.kernel->id : std::string("<unnamed>");
  if (code.code_object.arch != info_.arch) {
    return Status(StatusCode::kArchMismatch,
                  id + ": code object is for " + code.code_object.arch + ", the emulator models " + info_.arch);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  auto module = emulator_.load_module(code.bytes);
  if (!module) return Status(module.status().code(), id + ": " + module.status().message());
  modules_.push_back(module.value());
  return ModuleHandle{modules_.size()};
}

Result<KernelHandle> EmuDevice::get_kernel(ModuleHandle module, std::string_view symbol) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (module.value == 0 || module.value > modules_.size()) {
    return Status(StatusCode::kInvalidArgument, "emulator: unknown module handle " + std::to_string(module.value));
  }
  const emu::ModuleId id = modules_[module.value - 1];
  auto names = emulator_.kernel_names(id);
  if (!names) return names.status();
  if (std::find(names.value().begin(), names.value().end(), symbol) == names.value().end()) {
    return Status(StatusCode::kNotFound, "emulator: no kernel '" + std::string(symbol) + "' in the module");
  }
  kernels_.push_back(Kernel{id, std::string(symbol)});
  return KernelHandle{kernels_.size()};
}

Status EmuDevice::launch(KernelHandle kernel, const LaunchConfig& config, hipStream_t /*stream*/) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (kernel.value == 0 || kernel.value > kernels_.size()) {
    return Status(StatusCode::kInvalidArgument, "emulator: unknown kernel handle " + std::to_string(kernel.value));
  }
  const Kernel& k = kernels_[kernel.value - 1];
  emu::LaunchConfig emu_config;
  emu_config.grid = {config.grid_workgroups[0], config.grid_workgroups[1], config.grid_workgroups[2]};
  emu_config.workgroup = {config.workgroup[0], config.workgroup[1], config.workgroup[2]};
  emu_config.kernarg = config.kernargs;
  emu_config.dynamic_lds = config.dynamic_lds;
  auto profile = emulator_.launch(k.module, k.name, emu_config);
  if (!profile) return profile.status();
  last_profile_ = std::move(profile).value();
  return Status::ok();
}

Status EmuDevice::synchronize(hipStream_t /*stream*/) { return Status::ok(); }  // launches are synchronous

std::string EmuDevice::last_launch_report() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return last_profile_ ? last_profile_->to_text() : std::string();
}

std::optional<emu::LaunchProfile> EmuDevice::last_profile() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return last_profile_;
}

}  // namespace ingot
