// Choosing a device: HIP where an AMD GPU is present, otherwise the emulator; either can be forced
// by the caller's options or by $INGOT_DEVICE.
#include <cstdlib>

#include "hip_device.h"
#include "ingot/tooling/device.h"

namespace ingot {

const char* device_kind_name(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::kHip: return "hip";
    case DeviceKind::kEmulator: return "emu";
    case DeviceKind::kOther: return "other";
  }
  return "other";
}

Result<DeviceChoice> parse_device_choice(std::string_view text) {
  if (text == "auto" || text.empty()) return DeviceChoice::kAuto;
  if (text == "hip") return DeviceChoice::kHip;
  if (text == "emu") return DeviceChoice::kEmulator;
  return Status(StatusCode::kInvalidArgument,
                "unknown device '" + std::string(text) + "' (expected hip, emu or auto)");
}

Result<std::unique_ptr<Device>> open_hip_device(int ordinal) { return hip::HipDevice::open(ordinal); }

namespace {

const char* env_or_null(const char* name) {
  const char* value = std::getenv(name);
  return (value != nullptr && *value != '\0') ? value : nullptr;
}

}  // namespace

Result<std::unique_ptr<Device>> open_device(const DeviceOptions& options) {
  DeviceOptions resolved = options;
  if (resolved.choice == DeviceChoice::kAuto) {
    if (const char* env = env_or_null("INGOT_DEVICE")) {
      auto choice = parse_device_choice(env);
      if (!choice) return Status(choice.status().code(), "INGOT_DEVICE: " + choice.status().message());
      resolved.choice = choice.value();
    }
    if (const char* arch = env_or_null("INGOT_EMU_ARCH")) resolved.emu_arch = arch;
  }
  switch (resolved.choice) {
    case DeviceChoice::kHip: return open_hip_device(resolved.hip_ordinal);
    case DeviceChoice::kEmulator: return open_emu_device(resolved);
    case DeviceChoice::kAuto: break;
  }
  auto hip = open_hip_device(resolved.hip_ordinal);
  if (hip) return hip;
  auto emu = open_emu_device(resolved);
  if (emu) return emu;
  return Status(StatusCode::kNoDevice, "no device: " + hip.status().message() + "; and the emulator: " +
                                           emu.status().message());
}

}  // namespace ingot
