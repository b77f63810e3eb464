#include "hip_device.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "codeobj/comgr_library.h"

namespace ingot::hip {
namespace {

// hipGetDeviceProperties writes a struct whose size grew across ROCm releases. We hand it a buffer
// much larger than any layout so a newer runtime can never write past it.
constexpr size_t kPropsBufferBytes = 16384;
constexpr size_t kArchNameCapacity = 256;  // gcnArchName is char[256] in every layout

bool is_arch_name_char(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ':' ||
         c == '+' || c == '-' || c == '_';
}

// A NUL-terminated "gfx<hex digits>[:features]" starting at `at`, or "".
std::string arch_name_at(const unsigned char* props, size_t props_size, size_t at) {
  if (at + 4 > props_size || std::memcmp(props + at, "gfx", 3) != 0) return {};
  size_t end = at + 3;
  const size_t limit = std::min(props_size, at + kArchNameCapacity);
  while (end < limit && props[end] != 0) {
    if (!is_arch_name_char(props[end])) return {};
    ++end;
  }
  if (end == limit || end == at + 3) return {};  // unterminated, or "gfx" alone
  return std::string(reinterpret_cast<const char*>(props + at), end - at);
}

std::string bounded_string(const unsigned char* bytes, size_t capacity) {
  size_t n = 0;
  while (n < capacity && bytes[n] != 0) ++n;
  return std::string(reinterpret_cast<const char*>(bytes), n);
}

}  // namespace

std::string find_gcn_arch_name(const unsigned char* props, size_t props_size, size_t expected_offset) {
  if (auto name = arch_name_at(props, props_size, expected_offset); !name.empty()) return name;
  // A layout we were not compiled against: the field is still a NUL-terminated "gfx..." string
  // that starts a fresh field (preceded by a NUL or padding), so look for that shape anywhere.
  for (size_t at = 0; at + 4 <= props_size; ++at) {
    if (at != 0 && props[at - 1] != 0) continue;
    if (auto name = arch_name_at(props, props_size, at); !name.empty()) return name;
  }
  return {};
}

Result<std::unique_ptr<Device>> HipDevice::open(int ordinal) {
  auto runtime = open_hip_runtime();
  if (!runtime) return runtime.status();
  const HipApi& api = runtime.value()->api;
  const std::string& lib = runtime.value()->library;

  // hipInit fails (hipErrorInvalidDevice / hipErrorNoDevice) on a machine with no /dev/kfd; that is
  // the normal "no GPU here" case, not an error worth more than one line.
  if (hipError_t err = api.hipInit(0); err != hipSuccess) {
    return Status(StatusCode::kNoDevice,
                  "HIP runtime " + lib + " found no usable AMD GPU (hipInit: " + hip_error_text(api, err) + ")");
  }
  int count = 0;
  if (hipError_t err = api.hipGetDeviceCount(&count); err != hipSuccess || count <= 0) {
    return Status(StatusCode::kNoDevice, "HIP runtime " + lib + " reports no AMD GPU" +
                                             (err != hipSuccess ? " (" + hip_error_text(api, err) + ")" : ""));
  }
  if (ordinal < 0 || ordinal >= count) {
    return Status(StatusCode::kNoDevice, "HIP device " + std::to_string(ordinal) + " does not exist (" +
                                             std::to_string(count) + " device(s) present)");
  }

  std::unique_ptr<HipDevice> device(new HipDevice(*runtime.value(), ordinal));
  INGOT_RETURN_IF_ERROR(device->make_current("open"));

  std::vector<unsigned char> props(kPropsBufferBytes, 0);
  INGOT_RETURN_IF_ERROR(device->check(
      api.hipGetDeviceProperties(reinterpret_cast<hipDeviceProp_t*>(props.data()), ordinal),
      "hipGetDeviceProperties"));
  device->name_ = bounded_string(props.data(), sizeof(hipDeviceProp_t::name));  // first field in every layout
  // With the old layout the field is where our headers say; with ROCm 6's it is found by its shape.
  const size_t arch_offset = api.props_layout_matches_headers ? offsetof(hipDeviceProp_t, gcnArchName) : props.size();
  device->target_name_ = find_gcn_arch_name(props.data(), props.size(), arch_offset);
  if (device->target_name_.empty()) {
    return Status(StatusCode::kDeviceError, "HIP device " + std::to_string(ordinal) + " (" + device->name_ +
                                                "): could not read its arch name (gcnArchName) from " + lib);
  }
  device->info_.arch = device->target_name_.substr(0, device->target_name_.find(':'));

  // Integer facts through hipDeviceGetAttribute: its enum values are stable across ROCm releases,
  // unlike hipDeviceProp_t's layout.
  auto attribute = [&](hipDeviceAttribute_t attr, const char* what) -> Result<int64_t> {
    int value = 0;
    INGOT_RETURN_IF_ERROR(device->check(api.hipDeviceGetAttribute(&value, attr, ordinal),
                                        std::string("hipDeviceGetAttribute(") + what + ")"));
    return static_cast<int64_t>(value);
  };
  auto cus = attribute(hipDeviceAttributeMultiprocessorCount, "multiProcessorCount");
  if (!cus) return cus.status();
  if (cus.value() <= 0) {
    return Status(StatusCode::kDeviceError, "HIP device " + std::to_string(ordinal) + " reports " +
                                                std::to_string(cus.value()) + " compute units");
  }
  device->info_.cus = cus.value();
  if (auto lds = attribute(hipDeviceAttributeMaxSharedMemoryPerBlock, "maxSharedMemoryPerBlock")) {
    device->info_.max_lds = lds.value();
  }
  if (auto wave = attribute(hipDeviceAttributeWarpSize, "warpSize"); wave && wave.value() > 0) {
    device->info_.wavefront_size = wave.value();
  }
  if (auto clock_khz = attribute(hipDeviceAttributeClockRate, "clockRate")) {
    device->info_.clock_mhz = clock_khz.value() / 1000;
  }
  return std::unique_ptr<Device>(std::move(device));
}

HipDevice::~HipDevice() {
  if (make_current("unload").is_ok()) {
    for (hipModule_t module : modules_) (void)runtime_.api.hipModuleUnload(module);
  }
}

std::string HipDevice::description() const {
  return "HIP device " + std::to_string(ordinal_) + ": " + name_ + " (" + target_name_ + ", " +
         std::to_string(info_.cus) + " CUs) via " + runtime_.library;
}

Status HipDevice::check(hipError_t error, const std::string& what) const {
  if (error == hipSuccess) return Status::ok();
  return Status(StatusCode::kDeviceError, "HIP device " + std::to_string(ordinal_) + ": " + what +
                                              " failed: " + hip_error_text(runtime_.api, error));
}

Status HipDevice::make_current(const char* what) const {
  return check(runtime_.api.hipSetDevice(ordinal_), std::string("hipSetDevice before ") + what);
}

Result<uint64_t> HipDevice::allocate(size_t bytes) {
  INGOT_RETURN_IF_ERROR(make_current("hipMalloc"));
  void* ptr = nullptr;
  INGOT_RETURN_IF_ERROR(check(runtime_.api.hipMalloc(&ptr, bytes), "hipMalloc(" + std::to_string(bytes) + " bytes)"));
  return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(ptr));
}

Status HipDevice::free(uint64_t address) {
  INGOT_RETURN_IF_ERROR(make_current("hipFree"));
  return check(runtime_.api.hipFree(reinterpret_cast<void*>(static_cast<uintptr_t>(address))), "hipFree");
}

Status HipDevice::copy_to_device(uint64_t dst, const void* src, size_t bytes) {
  INGOT_RETURN_IF_ERROR(make_current("hipMemcpy"));
  return check(runtime_.api.hipMemcpy(reinterpret_cast<void*>(static_cast<uintptr_t>(dst)), src, bytes,
                                      hipMemcpyHostToDevice),
               "hipMemcpy host to device (" + std::to_string(bytes) + " bytes)");
}

Status HipDevice::copy_to_host(void* dst, uint64_t src, size_t bytes) {
  INGOT_RETURN_IF_ERROR(make_current("hipMemcpy"));
  return check(runtime_.api.hipMemcpy(dst, reinterpret_cast<const void*>(static_cast<uintptr_t>(src)), bytes,
                                      hipMemcpyDeviceToHost),
               "hipMemcpy device to host (" + std::to_string(bytes) + " bytes)");
}

Result<ModuleHandle> HipDevice::load_module(const VerifiedCodeObject& code) {
  const std::string id = code.kernel != nullptr ? code.kernel->id : std::string("<unnamed>");
  if (code.code_object.arch != info_.arch) {
    return Status(StatusCode::kArchMismatch, id + ": code object is for " + code.code_object.arch +
                                                 ", HIP device " + std::to_string(ordinal_) + " is " + info_.arch);
  }
  // The full target ID (xnack, sramecc) where ROCm's comgr is present: HIP would fail later, less clearly.
  INGOT_RETURN_IF_ERROR(check_target_with_comgr(code.bytes, target_name_, id));
  INGOT_RETURN_IF_ERROR(make_current("hipModuleLoadData"));
  hipModule_t module = nullptr;
  INGOT_RETURN_IF_ERROR(check(runtime_.api.hipModuleLoadData(&module, code.bytes.data()), "hipModuleLoadData(" + id + ")"));
  std::lock_guard<std::mutex> lock(mutex_);
  modules_.push_back(module);
  return ModuleHandle{modules_.size()};
}

Result<KernelHandle> HipDevice::get_kernel(ModuleHandle module, std::string_view symbol) {
  hipModule_t hip_module = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (module.value == 0 || module.value > modules_.size()) {
      return Status(StatusCode::kInvalidArgument, "HIP device: unknown module handle " + std::to_string(module.value));
    }
    hip_module = modules_[module.value - 1];
  }
  INGOT_RETURN_IF_ERROR(make_current("hipModuleGetFunction"));
  hipFunction_t function = nullptr;
  const std::string name(symbol);
  INGOT_RETURN_IF_ERROR(check(runtime_.api.hipModuleGetFunction(&function, hip_module, name.c_str()),
                              "hipModuleGetFunction(" + name + ")"));
  std::lock_guard<std::mutex> lock(mutex_);
  functions_.push_back(function);
  return KernelHandle{functions_.size()};
}

Status HipDevice::launch(KernelHandle kernel, const LaunchConfig& config, hipStream_t stream) {
  hipFunction_t function = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (kernel.value == 0 || kernel.value > functions_.size()) {
      return Status(StatusCode::kInvalidArgument, "HIP device: unknown kernel handle " + std::to_string(kernel.value));
    }
    function = functions_[kernel.value - 1];
  }
  INGOT_RETURN_IF_ERROR(make_current("hipModuleLaunchKernel"));
  // The whole kernarg segment goes in as one buffer (packed from the manifest layout, hidden args
  // included), not as per-argument pointers. HIP copies it during the call.
  std::vector<uint8_t> kernargs = config.kernargs;
  size_t kernarg_bytes = kernargs.size();
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, kernargs.data(), HIP_LAUNCH_PARAM_BUFFER_SIZE,
                   &kernarg_bytes, HIP_LAUNCH_PARAM_END};
  // hipModuleLaunchKernel takes the grid in workgroups (blocks), like the manifest's launch rule.
  return check(runtime_.api.hipModuleLaunchKernel(
                   function, config.grid_workgroups[0], config.grid_workgroups[1], config.grid_workgroups[2],
                   config.workgroup[0], config.workgroup[1], config.workgroup[2], config.dynamic_lds,
                   stream, nullptr, kernargs.empty() ? nullptr : extra),
               "hipModuleLaunchKernel");
}

Status HipDevice::synchronize(hipStream_t stream) {
  INGOT_RETURN_IF_ERROR(make_current("hipStreamSynchronize"));
  return check(runtime_.api.hipStreamSynchronize(stream), "hipStreamSynchronize");
}

}  // namespace ingot::hip
