#include "hidden_args.h"

#include <string>

namespace ingot::emu {

uint16_t dispatch_dimensions(const DispatchShape& shape) {
  if (uint64_t{shape.grid.z} * shape.workgroup.z > 1) return 3;
  if (uint64_t{shape.grid.y} * shape.workgroup.y > 1) return 2;
  return 1;
}

std::optional<uint64_t> hidden_arg_value(std::string_view kind, const DispatchShape& shape) {
  constexpr std::string_view kPrefix = "hidden_";
  if (!kind.starts_with(kPrefix) || kind == "hidden_none") return std::nullopt;
  const std::string_view field = kind.substr(kPrefix.size());
  // Per-axis fields end in _x, _y or _z.
  const uint32_t Dim3::* const kAxes[] = {&Dim3::x, &Dim3::y, &Dim3::z};
  for (size_t axis = 0; axis < 3; ++axis) {
    const std::string suffix = std::string("_") + "xyz"[axis];
    if (!field.ends_with(suffix)) continue;
    const std::string_view base = field.substr(0, field.size() - suffix.size());
    if (base == "block_count") return shape.grid.*kAxes[axis];
    if (base == "group_size") return shape.workgroup.*kAxes[axis];
    if (base == "remainder" || base == "global_offset") return 0;
  }
  if (field == "grid_dims") return dispatch_dimensions(shape);
  if (field == "dynamic_lds_size") return shape.dynamic_lds;
  return 0;  // a pointer or aperture the emulator does not provide (null), or a kind newer than the table
}

Status fill_hidden_args(const KernelMetadata& kernel, const DispatchShape& shape, std::span<uint8_t> kernarg) {
  for (const KernelArgMetadata& slot : kernel.args) {
    const std::optional<uint64_t> value = hidden_arg_value(slot.value_kind, shape);
    if (!value) continue;
    if (uint64_t{slot.offset} + slot.size > kernarg.size()) {
      return Status(StatusCode::kInvalidArgument,
                    "kernel " + kernel.name + ": hidden argument " + slot.value_kind + " at offset " +
                        std::to_string(slot.offset) + " (" + std::to_string(slot.size) +
                        " bytes) lies outside the " + std::to_string(kernarg.size()) + "-byte kernarg segment");
    }
    for (uint32_t i = 0; i < slot.size; ++i) {
      kernarg[slot.offset + i] = i < 8 ? static_cast<uint8_t>(*value >> (8 * i)) : 0;
    }
  }
  return Status::ok();
}

}  // namespace ingot::emu
