#include "ingot/problem.h"
#include "ingot/tooling/select.h"

#include <bit>

#include "ingot/tooling/arch.h"

namespace ingot {

std::string Problem::describe() const {
  std::string text = op + "(";
  bool first = true;
  auto add = [&](const std::string& name, const std::string& value) {
    text += (first ? "" : ", ") + name + "=" + value;
    first = false;
  };
  for (const auto& [name, value] : ints) add(name, std::to_string(value));
  for (const auto& [name, value] : keys) add(name, value);
  for (const auto& [name, value] : scalars) add(name, value_to_string(Value(value)));
  return text + ")";
}

ProblemEnv::ProblemEnv(const Problem& problem, const DeviceInfo* device) {
  // Device values first so a problem value of the same name wins (set() overwrites).
  if (device != nullptr) {
    int64_t max_lds = device->max_lds;
    if (max_lds == 0) {
      if (const ArchInfo* arch = find_arch(device->arch)) max_lds = arch->lds_bytes;
    }
    values_.set("cus", device->cus);
    values_.set("max_lds", max_lds);
    values_.set("wavefront_size", device->wavefront_size);
    values_.set("xcds", device->xcds);
    values_.set("clock_mhz", device->clock_mhz);
  }
  for (const auto& [name, address] : problem.buffers) values_.set(name, std::bit_cast<int64_t>(address));
  for (const auto& [name, value] : problem.keys) values_.set(name, value);
  for (const auto& [name, value] : problem.scalars) values_.set(name, value);
  for (const auto& [name, value] : problem.ints) values_.set(name, value);
}

const Value* ProblemEnv::lookup(std::string_view name) const { return values_.lookup(name); }

}  // namespace ingot
