// Built when this tree has no emulator library: the emulator device is honestly unavailable.
#include "ingot/tooling/device.h"

namespace ingot {

Result<std::unique_ptr<Device>> open_emu_device(const DeviceOptions& /*options*/) {
  return Status(StatusCode::kUnsupported, "this build of libingot has no emulator (libingot_emu)");
}

}  // namespace ingot
