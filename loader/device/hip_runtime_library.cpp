#include "hip_runtime_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace ingot::hip {
namespace {

std::vector<std::string> library_candidates() {
  if (const char* forced = std::getenv("INGOT_HIP_LIBRARY"); forced != nullptr && *forced != '\0') {
    return {forced};
  }
  // The unversioned name first (a ROCm install or -dev package), then newest runtime first.
  return {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"};
}

// Resolves one symbol into a typed function pointer; false when it is absent.
template <typename Fn>
bool resolve(void* handle, const char* name, Fn*& out) {
  void* symbol = dlsym(handle, name);
  if (symbol == nullptr) return false;
  // POSIX guarantees object and function pointers convert; memcpy avoids -Wpedantic's complaint.
  static_assert(sizeof(symbol) == sizeof(out));
  std::memcpy(&out, &symbol, sizeof(out));
  return true;
}

// The explicit symbol list: every entry is required.
#define INGOT_HIP_SYMBOLS(X)                                                                    \
  X(hipInit) X(hipGetDeviceCount) X(hipSetDevice)                                               \
  X(hipDeviceGetAttribute) X(hipMalloc) X(hipFree) X(hipMemcpy) X(hipModuleLoadData)             \
  X(hipModuleUnload) X(hipModuleGetFunction) X(hipModuleLaunchKernel) X(hipStreamSynchronize)   \
  X(hipGetErrorString)

Result<std::unique_ptr<HipRuntime>> load_from(const std::string& name, std::string& reasons) {
  // RTLD_LOCAL: HIP's symbols must not leak into the global namespace of a host program that may
  // load its own (possibly different) HIP.
  void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    reasons += "\n  " + name + ": " + (why != nullptr ? why : "dlopen failed");
    return Status(StatusCode::kNoDevice, "");
  }
  auto runtime = std::make_unique<HipRuntime>();
  runtime->library = name;
  std::string missing;
#define INGOT_RESOLVE(sym) \
  if (!resolve(handle, #sym, runtime->api.sym)) missing += std::string(missing.empty() ? "" : ", ") + #sym;
  INGOT_HIP_SYMBOLS(INGOT_RESOLVE)
#undef INGOT_RESOLVE
  // Device properties: old-layout names first (they match our headers exactly), then ROCm 6+'s.
  if (resolve(handle, "hipGetDeviceProperties", runtime->api.hipGetDeviceProperties) ||
      resolve(handle, "hipGetDevicePropertiesR0000", runtime->api.hipGetDeviceProperties)) {
    runtime->api.props_layout_matches_headers = true;
  } else if (resolve(handle, "hipGetDevicePropertiesR0600", runtime->api.hipGetDeviceProperties)) {
    runtime->api.props_layout_matches_headers = false;
  } else {
    missing += std::string(missing.empty() ? "" : ", ") + "hipGetDeviceProperties";
  }
  if (!missing.empty()) {
    reasons += "\n  " + name + ": loaded, but lacks " + missing;
    // Left open on purpose: unloading a partially initialised HIP is not safe.
    return Status(StatusCode::kNoDevice, "");
  }
  return runtime;
}

}  // namespace

std::string hip_library_candidates_text() {
  std::string text;
  for (const auto& name : library_candidates()) text += (text.empty() ? "" : ", ") + name;
  return text;
}

Result<const HipRuntime*> open_hip_runtime() {
  // Cached per library name so that tests (and users) changing INGOT_HIP_LIBRARY get what they ask
  // for; runtimes are never unloaded, so the pointers stay valid for the life of the process.
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<HipRuntime>> opened;
  std::lock_guard<std::mutex> lock(mutex);
  std::string reasons;
  for (const auto& name : library_candidates()) {
    if (auto it = opened.find(name); it != opened.end()) return static_cast<const HipRuntime*>(it->second.get());
    auto loaded = load_from(name, reasons);
    if (loaded.is_ok()) {
      const HipRuntime* runtime = loaded.value().get();
      opened.emplace(name, std::move(loaded).value());
      return runtime;
    }
  }
  return Status(StatusCode::kNoDevice,
                "no usable HIP runtime (set INGOT_HIP_LIBRARY to choose one); tried:" + reasons);
}

std::string hip_error_text(const HipApi& api, hipError_t error) {
  const char* text = api.hipGetErrorString != nullptr ? api.hipGetErrorString(error) : nullptr;
  return std::string(text != nullptr ? text : "unknown HIP error") + " (code " +
         std::to_string(static_cast<int>(error)) + ")";
}

}  // namespace ingot::hip
