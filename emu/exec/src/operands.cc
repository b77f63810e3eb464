#include "operands.h"

namespace ingot::emu {

std::string register_name(bool vector, bool agpr, uint32_t first, uint32_t count) {
  if (!vector) {
    if (first == kSlotVcc && count == 2) return "vcc";
    if (first == kSlotExec && count == 2) return "exec";
    if (first == kSlotM0) return "m0";
  }
  const char* prefix = !vector ? "s" : (agpr ? "a" : "v");
  if (count <= 1) return prefix + std::to_string(first);
  return std::string(prefix) + "[" + std::to_string(first) + ":" + std::to_string(first + count - 1) + "]";
}

Status fault(const std::string& message) { return Status(StatusCode::kEmulatorFault, message); }

}  // namespace ingot::emu
