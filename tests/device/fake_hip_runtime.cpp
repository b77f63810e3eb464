// A stand-in for libamdhip64 with one MI308X-like device (gfx942, 80 CUs), so HipDevice's dlopen
// path, property reading and kernarg passing (hipModuleLaunchKernel's extra[]) are tested without a
// GPU. It records the last launch for the test to inspect through fake_hip_last_launch().
#define __HIP_PLATFORM_AMD__ 1
#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Recorded {
  unsigned grid[3] = {0, 0, 0};
  unsigned block[3] = {0, 0, 0};
  unsigned shared_bytes = 0;
  std::vector<uint8_t> kernargs;
  std::string function;
  bool module_was_elf = false;
  int launches = 0;
} recorded;

int module_token = 0;
int function_token = 0;
std::string last_function_name;

}  // namespace

extern "C" {

__attribute__((visibility("default"))) hipError_t hipInit(unsigned int) { return hipSuccess; }
__attribute__((visibility("default"))) hipError_t hipGetDeviceCount(int* count) {
  *count = 1;
  return hipSuccess;
}
__attribute__((visibility("default"))) hipError_t hipSetDevice(int ordinal) {
  return ordinal == 0 ? hipSuccess : hipErrorInvalidDevice;
}
__attribute__((visibility("default"))) hipError_t hipGetDeviceProperties(hipDeviceProp_t* props, int) {
  std::memset(props, 0, sizeof(*props));
  std::strcpy(props->name, "AMD Instinct MI308X");
  std::strcpy(props->gcnArchName, "gfx942:sramecc+:xnack-");
  props->multiProcessorCount = 80;
  return hipSuccess;
}
__attribute__((visibility("default"))) hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attr, int) {
  switch (attr) {
    case hipDeviceAttributeMultiprocessorCount: *value = 80; return hipSuccess;
    case hipDeviceAttributeMaxSharedMemoryPerBlock: *value = 65536; return hipSuccess;
    case hipDeviceAttributeWarpSize: *value = 64; return hipSuccess;
    case hipDeviceAttributeClockRate: *value = 2100000; return hipSuccess;
    default: return hipErrorInvalidValue;
  }
}
__attribute__((visibility("default"))) hipError_t hipMalloc(void** ptr, size_t bytes) {
  *ptr = std::malloc(bytes == 0 ? 1 : bytes);
  return *ptr != nullptr ? hipSuccess : hipErrorOutOfMemory;
}
__attribute__((visibility("default"))) hipError_t hipFree(void* ptr) {
  std::free(ptr);
  return hipSuccess;
}
__attribute__((visibility("default"))) hipError_t hipMemcpy(void* dst, const void* src, size_t bytes, hipMemcpyKind) {
  std::memcpy(dst, src, bytes);
  return hipSuccess;
}
__attribute__((visibility("default"))) hipError_t hipModuleLoadData(hipModule_t* module, const void* image) {
  recorded.module_was_elf = std::memcmp(image, "\x7f" "ELF", 4) == 0;
  *module = reinterpret_cast<hipModule_t>(&module_token);
  return hipSuccess;
}
__attribute__((visibility("default"))) hipError_t hipModuleUnload(hipModule_t) { return hipSuccess; }
__attribute__((visibility("default"))) hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t, const char* name) {
  last_function_name = name;
  *function = reinterpret_cast<hipFunction_t>(&function_token);
  return hipSuccess;
}
__attribute__((visibility("default"))) hipError_t hipModuleLaunchKernel(hipFunction_t, unsigned gx, unsigned gy, unsigned gz,
                                                                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                                                        hipStream_t, void** params, void** extra) {
  // The layout HIP accepts: {BUFFER_POINTER, buffer, BUFFER_SIZE, &size, END}.
  if (params != nullptr || extra == nullptr || extra[0] != HIP_LAUNCH_PARAM_BUFFER_POINTER ||
      extra[2] != HIP_LAUNCH_PARAM_BUFFER_SIZE || extra[4] != HIP_LAUNCH_PARAM_END) {
    return hipErrorInvalidValue;
  }
  const size_t size = *static_cast<size_t*>(extra[3]);
  const auto* bytes = static_cast<const uint8_t*>(extra[1]);
  recorded.kernargs.assign(bytes, bytes + size);
  recorded.grid[0] = gx; recorded.grid[1] = gy; recorded.grid[2] = gz;
  recorded.block[0] = bx; recorded.block[1] = by; recorded.block[2] = bz;
  recorded.shared_bytes = shared;
  recorded.function = last_function_name;
  ++recorded.launches;
  return hipSuccess;
}
__attribute__((visibility("default"))) hipError_t hipStreamSynchronize(hipStream_t) { return hipSuccess; }
__attribute__((visibility("default"))) const char* hipGetErrorString(hipError_t) { return "fake HIP error"; }

// For the test: what the last launch received.
__attribute__((visibility("default"))) int fake_hip_last_launch(unsigned grid[3], unsigned block[3], const uint8_t** kernargs,
                                                                size_t* kernarg_size, const char** function, int* module_was_elf) {
  for (int i = 0; i < 3; ++i) {
    grid[i] = recorded.grid[i];
    block[i] = recorded.block[i];
  }
  *kernargs = recorded.kernargs.data();
  *kernarg_size = recorded.kernargs.size();
  *function = recorded.function.c_str();
  *module_was_elf = recorded.module_was_elf ? 1 : 0;
  return recorded.launches;
}

}  // extern "C"
