#include "device_run.h"

#include <sstream>

#include "ingot/launch.h"
#include "ingot/select.h"

namespace ingot::e2e {

namespace {

uint8_t guard_byte(size_t i) { return static_cast<uint8_t>(0xC3u ^ (i * 37u)); }

std::vector<uint8_t> with_guard(const std::vector<uint8_t>& bytes) {
  std::vector<uint8_t> out(bytes);
  out.reserve(bytes.size() + kGuardBytes);
  for (size_t i = 0; i < kGuardBytes; ++i) out.push_back(guard_byte(i));
  return out;
}

Status step(const Status& status, const std::string& what) {
  if (status.is_ok()) return status;
  return Status(status.code(), what + ": " + status.message());
}

}  // namespace

DeviceBuffers::~DeviceBuffers() {
  for (const auto& [name, address] : addresses_) (void)device_.free(address);
}

Status DeviceBuffers::upload(HostCase& hc) {
  for (const auto& [name, bytes] : hc.buffers) {
    const std::vector<uint8_t> image = with_guard(bytes);
    auto address = device_.allocate(image.size());
    if (!address) return step(address.status(), "allocate " + name);
    addresses_[name] = address.value();
    hc.problem.buffer(name, address.value());
    const Status copied = device_.copy_to_device(address.value(), image.data(), image.size());
    if (!copied.is_ok()) return step(copied, "copy " + name + " to the device");
  }
  return Status();
}

Result<std::vector<std::string>> DeviceBuffers::verify(const HostCase& hc) {
  std::vector<std::string> failures;
  for (const auto& [name, bytes] : hc.buffers) {
    std::vector<uint8_t> image(bytes.size() + kGuardBytes);
    const Status copied = device_.copy_to_host(image.data(), addresses_.at(name), image.size());
    if (!copied.is_ok()) return step(copied, "copy " + name + " to the host");
    for (size_t i = bytes.size(); i < image.size(); ++i) {
      if (image[i] != guard_byte(i - bytes.size())) {
        std::ostringstream line;
        line << name << ": guard byte " << (i - bytes.size()) << " after the buffer was written";
        failures.push_back(line.str());
        break;
      }
    }
    image.resize(bytes.size());
    if (name == hc.output) {
      if (hc.check_output) {
        auto lines = hc.check_output(bytes, image);
        failures.insert(failures.end(), lines.begin(), lines.end());
      }
    } else if (image != bytes) {
      size_t first = 0;
      while (first < bytes.size() && image[first] == bytes[first]) ++first;
      failures.push_back("input " + name + " was written (first changed byte " + std::to_string(first) + ")");
    }
  }
  return failures;
}

Result<std::vector<std::string>> run_forced(const ManifestKernel& kernel, ModuleCache& modules, Device& device,
                                            HostCase& hc) {
  DeviceBuffers buffers(device);
  if (Status s = buffers.upload(hc); !s.is_ok()) return s;
  // The suite forces a kernel, but only on problems the kernel's own rules accept.
  if (Status s = check_kernel_accepts(kernel, hc.problem, device.info()); !s.is_ok()) {
    return step(s, "the kernel rejects the test's problem");
  }
  auto config = prepare_launch(kernel, hc.problem, device.info());
  if (!config) return step(config.status(), "prepare_launch");
  auto handle = modules.kernel(kernel);
  if (!handle) return step(handle.status(), "load");
  if (Status s = device.launch(handle.value(), config.value()); !s.is_ok()) return step(s, "launch");
  if (Status s = device.synchronize(); !s.is_ok()) return step(s, "synchronize");
  return buffers.verify(hc);
}

}  // namespace ingot::e2e
