#include "device_run.h"

#include <algorithm>
#include <sstream>

#include "ingot/tooling/launch.h"
#include "ingot/tooling/select.h"

namespace ingot::harness {

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

Status DeviceBuffers::zeroed(const std::string& name, uint64_t bytes, Problem& problem) {
  auto address = device_.allocate(bytes);
  if (!address) return step(address.status(), "allocate " + name);
  addresses_[name] = address.value();
  problem.buffer(name, address.value());
  const std::vector<uint8_t> zeros(bytes, 0);
  return step(device_.copy_to_device(address.value(), zeros.data(), zeros.size()), "zero " + name);
}

Status DeviceBuffers::restore(const HostCase& hc, const std::string& name) {
  const std::vector<uint8_t> image = with_guard(hc.buffers.at(name));
  return step(device_.copy_to_device(addresses_.at(name), image.data(), image.size()), "restore " + name);
}

Result<std::vector<uint8_t>> DeviceBuffers::read(const std::string& name, size_t bytes) {
  std::vector<uint8_t> out(bytes);
  const Status copied = device_.copy_to_host(out.data(), addresses_.at(name), bytes);
  if (!copied.is_ok()) return step(copied, "copy " + name + " to the host");
  return out;
}

Result<std::vector<std::string>> DeviceBuffers::verify(const HostCase& hc) {
  std::vector<std::string> failures;
  // the buffers the kernel writes besides the output first: the output's check reads them
  std::vector<std::pair<std::string, const std::vector<uint8_t>*>> order;
  for (const auto& [name, bytes] : hc.buffers) {
    const bool also = std::find(hc.also_written.begin(), hc.also_written.end(), name) != hc.also_written.end();
    order.insert(also ? order.begin() : order.end(), {name, &bytes});
  }
  for (const auto& [name, bytes_ptr] : order) {
    const std::vector<uint8_t>& bytes = *bytes_ptr;
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
    if (std::find(hc.also_written.begin(), hc.also_written.end(), name) != hc.also_written.end()) {
      (*hc.written)[name] = std::move(image);
      continue;
    }
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

namespace {

Status launch_once(const ManifestKernel& kernel, ModuleCache& modules, Device& device, const Problem& problem) {
  auto config = prepare_launch(kernel, problem, device.info());
  if (!config) return step(config.status(), "prepare_launch");
  auto handle = modules.kernel(kernel);
  if (!handle) return step(handle.status(), "load");
  if (Status s = device.launch(handle.value(), config.value()); !s.is_ok()) return step(s, "launch");
  return step(device.synchronize(), "synchronize");
}

}  // namespace

Result<std::vector<std::string>> run_forced(const ManifestKernel& kernel, ModuleCache& modules, Device& device,
                                            HostCase& hc, const BeforeRelaunch& before_relaunch) {
  DeviceBuffers buffers(device);
  if (Status s = buffers.upload(hc); !s.is_ok()) return s;
  // The suite forces a kernel, but only on problems the kernel's own rules accept.
  if (Status s = check_kernel_accepts(kernel, hc.problem, device.info()); !s.is_ok()) {
    return step(s, "the kernel rejects the test's problem");
  }
  auto workspace = workspace_bytes(kernel, hc.problem, device.info());
  if (!workspace) return step(workspace.status(), "workspace_bytes");
  if (workspace.value() > 0) {
    if (Status s = buffers.zeroed("workspace", workspace.value(), hc.problem); !s.is_ok()) return s;
  }
  if (Status s = launch_once(kernel, modules, device, hc.problem); !s.is_ok()) return s;
  auto failures = buffers.verify(hc);
  if (!failures || workspace.value() == 0) return failures;

  // Same inputs, same (now used) workspace: the contract says the kernel left it fit for reuse.
  const size_t c_bytes = hc.buffers.at(hc.output).size();
  auto first = buffers.read(hc.output, c_bytes);
  if (!first) return first.status();
  if (Status s = buffers.restore(hc, hc.output); !s.is_ok()) return s;
  if (before_relaunch) {
    if (Status s = before_relaunch(buffers); !s.is_ok()) return step(s, "before the relaunch");
  }
  if (Status s = launch_once(kernel, modules, device, hc.problem); !s.is_ok()) return step(s, "second launch");
  auto second = buffers.read(hc.output, c_bytes);
  if (!second) return second.status();
  if (second.value() != first.value()) {
    size_t at = 0;
    while (second.value()[at] == first.value()[at]) ++at;
    failures.value().push_back("second launch on the same workspace changed " + hc.output + " (first at byte " +
                               std::to_string(at) + "): the kernel left workspace bytes it relies on dirty");
  }
  return failures;
}

}  // namespace ingot::harness
