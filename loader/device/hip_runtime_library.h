// The HIP runtime, opened at run time with dlopen and used through an explicit list of symbols.
//
// Why dlopen and not link: one libingot build must work with whatever ROCm the user has (5, 6 or 7:
// the sonames differ) and must still load on machines with no ROCm at all (CI, laptops), where the
// emulator is the device. Linking libamdhip64 would pin one soname and make the library fail to
// load without ROCm. Triton's AMD driver.c does the same: a fixed table of the symbols it calls,
// resolved once. We compile against the HIP headers only for types and constants.
#pragma once

#include <string>

#include "ingot/status.h"

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#include <hip/hip_runtime_api.h>

namespace ingot::hip {

// Every HIP entry point libingot calls. Adding a call means adding it here and in the X-macro list
// in hip_runtime_library.cpp, so the full dependency on the runtime stays visible in one place.
struct HipApi {
  hipError_t (*hipInit)(unsigned int flags) = nullptr;
  hipError_t (*hipGetDeviceCount)(int* count) = nullptr;
  hipError_t (*hipSetDevice)(int ordinal) = nullptr;
  // hipDeviceProp_t's layout changed in ROCm 6 ("R0600"). The unversioned symbol (and its alias
  // hipGetDevicePropertiesR0000) keeps the old layout, the one of the 5.2 headers we compile
  // against; a runtime offering only hipGetDevicePropertiesR0600 gets the new one. Resolved from
  // those three names in that order; `props_layout_matches_headers` says which layout we got.
  // See hip_device.cpp for how the fields are read from either.
  hipError_t (*hipGetDeviceProperties)(hipDeviceProp_t* props, int ordinal) = nullptr;
  bool props_layout_matches_headers = true;
  hipError_t (*hipDeviceGetAttribute)(int* value, hipDeviceAttribute_t attr, int ordinal) = nullptr;
  hipError_t (*hipMalloc)(void** ptr, size_t bytes) = nullptr;
  hipError_t (*hipFree)(void* ptr) = nullptr;
  hipError_t (*hipMemcpy)(void* dst, const void* src, size_t bytes, hipMemcpyKind kind) = nullptr;
  hipError_t (*hipModuleLoadData)(hipModule_t* module, const void* image) = nullptr;
  hipError_t (*hipModuleUnload)(hipModule_t module) = nullptr;
  hipError_t (*hipModuleGetFunction)(hipFunction_t* function, hipModule_t module,
                                     const char* name) = nullptr;
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t f, unsigned int gx, unsigned int gy,
                                      unsigned int gz, unsigned int bx, unsigned int by,
                                      unsigned int bz, unsigned int shared_bytes, hipStream_t stream,
                                      void** kernel_params, void** extra) = nullptr;
  hipError_t (*hipStreamSynchronize)(hipStream_t stream) = nullptr;
  const char* (*hipGetErrorString)(hipError_t error) = nullptr;
};

// The opened runtime: its symbol table and the file it came from. Loaded once per process and never
// unloaded (HIP does not support being unloaded while modules or allocations are alive).
struct HipRuntime {
  HipApi api;
  std::string library;  // the name dlopen succeeded with, for messages
};

// Candidate library names, in the order tried: $INGOT_HIP_LIBRARY alone when set, otherwise
// libamdhip64.so, .so.7, .so.6, .so.5.
std::string hip_library_candidates_text();

// Opens the runtime (once; later calls return the same result). kNoDevice with the names tried and
// dlerror's reason when no library loads or a required symbol is missing.
Result<const HipRuntime*> open_hip_runtime();

// "hipErrorOutOfMemory (out of memory)"-style text for an error code.
std::string hip_error_text(const HipApi& api, hipError_t error);

}  // namespace ingot::hip
