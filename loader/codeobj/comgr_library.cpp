#include "comgr_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "target_id.h"

namespace ingot {
namespace {

// comgr's C ABI as its header (amd_comgr.h, stable since comgr 1.8) declares it: handles are one
// 64-bit value in a struct, every call returns a status (0 = success). Declared here rather than
// included so that building libingot needs no ROCm headers.
struct ComgrHandle {
  uint64_t handle;
};
using ComgrStatus = int;
constexpr ComgrStatus kComgrSuccess = 0;
constexpr int kComgrDataKindExecutable = 0x8;

struct ComgrApi {
  ComgrStatus (*create_data)(int kind, ComgrHandle* data) = nullptr;
  ComgrStatus (*release_data)(ComgrHandle data) = nullptr;
  ComgrStatus (*set_data)(ComgrHandle data, size_t size, const char* bytes) = nullptr;
  ComgrStatus (*get_data_metadata)(ComgrHandle data, ComgrHandle* metadata) = nullptr;
  ComgrStatus (*destroy_metadata)(ComgrHandle metadata) = nullptr;
  ComgrStatus (*metadata_lookup)(ComgrHandle metadata, const char* key, ComgrHandle* value) = nullptr;
  ComgrStatus (*get_metadata_string)(ComgrHandle metadata, size_t* size, char* string) = nullptr;
};

std::vector<std::string> library_candidates() {
  if (const char* forced = std::getenv("INGOT_COMGR_LIBRARY"); forced != nullptr && *forced != '\0') {
    return {forced};
  }
  return {"libamd_comgr.so", "libamd_comgr.so.3", "libamd_comgr.so.2"};
}

template <typename Fn>
bool resolve(void* handle, const char* name, Fn*& out) {
  void* symbol = dlsym(handle, name);
  if (symbol == nullptr) return false;
  static_assert(sizeof(symbol) == sizeof(out));
  std::memcpy(&out, &symbol, sizeof(out));  // POSIX: object and function pointers convert
  return true;
}

struct Loaded {
  ComgrApi api;
  Status status;
};

// Opened once per process and never closed (as HIP): the code objects' metadata never outlives a call.
const Loaded& loaded() {
  static const Loaded result = [] {
    Loaded out;
    std::string reasons;
    for (const std::string& name : library_candidates()) {
      void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (handle == nullptr) {
        const char* why = dlerror();
        reasons += "\n  " + name + ": " + (why != nullptr ? why : "dlopen failed");
        continue;
      }
      ComgrApi& api = out.api;
      const bool complete = resolve(handle, "amd_comgr_create_data", api.create_data) &&
                            resolve(handle, "amd_comgr_release_data", api.release_data) &&
                            resolve(handle, "amd_comgr_set_data", api.set_data) &&
                            resolve(handle, "amd_comgr_get_data_metadata", api.get_data_metadata) &&
                            resolve(handle, "amd_comgr_destroy_metadata", api.destroy_metadata) &&
                            resolve(handle, "amd_comgr_metadata_lookup", api.metadata_lookup) &&
                            resolve(handle, "amd_comgr_get_metadata_string", api.get_metadata_string);
      if (complete) return out;
      reasons += "\n  " + name + ": loaded, but lacks a metadata entry point";
      api = ComgrApi{};
    }
    out.status = Status(StatusCode::kUnsupported, "ROCm comgr is not available; tried:" + reasons);
    return out;
  }();
  return result;
}

// Releases what a lookup made, whichever step it stopped at.
struct ComgrObjects {
  const ComgrApi& api;
  ComgrHandle data{0}, metadata{0}, target{0};
  bool have_data = false, have_metadata = false, have_target = false;
  ~ComgrObjects() {
    if (have_target) api.destroy_metadata(target);
    if (have_metadata) api.destroy_metadata(metadata);
    if (have_data) api.release_data(data);
  }
};

}  // namespace

std::string comgr_library_candidates_text() {
  std::string text;
  for (const std::string& name : library_candidates()) text += (text.empty() ? "" : ", ") + name;
  return text;
}

Status comgr_available() { return loaded().status; }

Result<std::string> comgr_code_object_target(std::span<const uint8_t> code_object) {
  INGOT_RETURN_IF_ERROR(loaded().status);
  const ComgrApi& api = loaded().api;
  auto failed = [](const char* call, ComgrStatus status) {
    return Status(StatusCode::kCorruptCodeObject,
                  std::string("comgr ") + call + " failed (status " + std::to_string(status) + ")");
  };
  ComgrObjects objects{api};
  if (ComgrStatus s = api.create_data(kComgrDataKindExecutable, &objects.data); s != kComgrSuccess) {
    return failed("amd_comgr_create_data", s);
  }
  objects.have_data = true;
  if (ComgrStatus s = api.set_data(objects.data, code_object.size(), reinterpret_cast<const char*>(code_object.data()));
      s != kComgrSuccess) {
    return failed("amd_comgr_set_data", s);
  }
  if (ComgrStatus s = api.get_data_metadata(objects.data, &objects.metadata); s != kComgrSuccess) {
    return failed("amd_comgr_get_data_metadata", s);
  }
  objects.have_metadata = true;
  if (ComgrStatus s = api.metadata_lookup(objects.metadata, "amdhsa.target", &objects.target); s != kComgrSuccess) {
    return failed("amd_comgr_metadata_lookup(amdhsa.target)", s);
  }
  objects.have_target = true;
  size_t size = 0;
  if (ComgrStatus s = api.get_metadata_string(objects.target, &size, nullptr); s != kComgrSuccess || size == 0) {
    return failed("amd_comgr_get_metadata_string", s);
  }
  std::string text(size, '\0');  // size counts the terminating NUL
  if (ComgrStatus s = api.get_metadata_string(objects.target, &size, text.data()); s != kComgrSuccess) {
    return failed("amd_comgr_get_metadata_string", s);
  }
  text.resize(std::strlen(text.c_str()));
  return text;
}

Status check_target_with_comgr(std::span<const uint8_t> code_object, std::string_view device_target,
                               std::string_view what) {
  if (!comgr_available().is_ok()) return Status::ok();
  auto target_text = comgr_code_object_target(code_object);
  if (!target_text) {
    return Status(target_text.status().code(), std::string(what) + ": " + target_text.status().message());
  }
  auto code_target = parse_target_id(*target_text);
  if (!code_target) return Status(StatusCode::kCorruptCodeObject, std::string(what) + ": " + code_target.status().message());
  auto device = parse_target_id(device_target);
  if (!device) return Status(StatusCode::kDeviceError, std::string(what) + ": device " + device.status().message());
  return check_target_compatible(*code_target, *device, what);
}

}  // namespace ingot
