#include <algorithm>
#include <optional>
#include <string_view>

#include "ingot/tooling/raw_launch.h"

namespace ingot {
namespace {

constexpr uint32_t kPointerBytes = 8;

Status bad(const KernelMetadata& kernel, const std::string& why) {
  return Status(StatusCode::kInvalidArgument, "kernel " + kernel.name + ": " + why);
}

void put_le(std::vector<uint8_t>& kernarg, uint32_t offset, uint32_t size, uint64_t value) {
  for (uint32_t i = 0; i < size && i < 8; ++i) kernarg[offset + i] = static_cast<uint8_t>(value >> (8 * i));
}

// What the runtime writes for a hidden argument (LLVM AMDGPUUsage, "Code Object V5 Kernel Argument Metadata
// Map Additions and Changes"), from the launch shape; nullopt for kinds with no launch-shape value (heap,
// printf, queue pointers: left 0). Block counts are work-groups ("not the same as the value in the AQL
// dispatch packet, which has the grid size in work-items"); grid_dims is "the same value as the AQL dispatch
// packet dimensionality", so it counts the packet's grid, in work-items, as the emulator does.
std::optional<uint64_t> hidden_value(std::string_view kind, const std::array<uint32_t, 3>& grid,
                                     const std::array<uint32_t, 3>& block) {
  static constexpr std::string_view kAxes = "xyz";
  for (size_t axis = 0; axis < 3; ++axis) {
    const std::string suffix = std::string("_") + kAxes[axis];
    if (kind == "hidden_block_count" + suffix) return grid[axis];
    if (kind == "hidden_group_size" + suffix) return block[axis];
    if (kind == "hidden_remainder" + suffix) return 0;  // the grid is whole workgroups
  }
  auto work_items = [&](size_t axis) { return uint64_t{grid[axis]} * block[axis]; };
  if (kind == "hidden_grid_dims") return work_items(2) > 1 ? 3 : work_items(1) > 1 ? 2 : 1;
  return std::nullopt;
}

// max(kernarg_segment_size, end of the last argument). Sizes come from a file: widened before adding so a
// hostile offset cannot wrap, and bounded.
Result<uint64_t> segment_bytes(const KernelMetadata& kernel) {
  uint64_t segment = kernel.kernarg_segment_size;
  for (const KernelArgMetadata& slot : kernel.args) segment = std::max<uint64_t>(segment, uint64_t{slot.offset} + slot.size);
  if (segment > (uint64_t{1} << 20)) return bad(kernel, "kernarg segment of " + std::to_string(segment) + " bytes");
  return segment;
}

}  // namespace

RawKernArg RawKernArg::scalar(std::string name, std::vector<uint8_t> bytes) {
  RawKernArg arg;
  arg.name = std::move(name);
  arg.bytes = std::move(bytes);
  return arg;
}

RawKernArg RawKernArg::pointer(std::string name, uint64_t address) {
  RawKernArg arg;
  arg.name = std::move(name);
  arg.is_pointer = true;
  arg.address = address;
  return arg;
}

Result<std::vector<uint8_t>> pack_raw_kernargs(const KernelMetadata& kernel, std::span<const RawKernArg> args,
                                               const std::array<uint32_t, 3>& grid_workgroups,
                                               const std::array<uint32_t, 3>& workgroup) {
  Result<uint64_t> segment = segment_bytes(kernel);
  if (!segment) return segment.status();
  std::vector<uint8_t> kernarg(static_cast<size_t>(*segment), 0);

  std::vector<bool> given(kernel.args.size(), false);
  for (const RawKernArg& arg : args) {
    // The first slot of that name still without a value: a repeated name takes its values in order.
    auto named = [&](const KernelArgMetadata& slot) { return slot.name == arg.name; };
    const auto first = std::find_if(kernel.args.begin(), kernel.args.end(), named);
    if (arg.name.empty() || first == kernel.args.end()) return bad(kernel, "no argument '" + arg.name + "'");
    auto slot_it = first;
    while (slot_it != kernel.args.end() && given[static_cast<size_t>(slot_it - kernel.args.begin())]) {
      slot_it = std::find_if(slot_it + 1, kernel.args.end(), named);
    }
    // The value is checked against the slot it would fill (the first one once all are filled), so a wrong
    // width is named as such before a surplus value.
    const KernelArgMetadata& slot = slot_it != kernel.args.end() ? *slot_it : *first;
    if (arg.is_pointer && slot.size != kPointerBytes) {
      return bad(kernel, "argument '" + arg.name + "' is not a pointer (" + std::to_string(slot.size) + " bytes)");
    }
    if (!arg.is_pointer && arg.bytes.size() != slot.size) {
      return bad(kernel, "argument '" + arg.name + "' is " + std::to_string(slot.size) + " bytes, the value given is " +
                             std::to_string(arg.bytes.size()));
    }
    if (slot_it == kernel.args.end()) {
      const auto slots = std::count_if(kernel.args.begin(), kernel.args.end(), named);
      return bad(kernel, "argument '" + arg.name + "' given more times than its " + std::to_string(slots) +
                             " slot(s)");
    }
    given[static_cast<size_t>(slot_it - kernel.args.begin())] = true;
    if (arg.is_pointer) {
      put_le(kernarg, slot.offset, kPointerBytes, arg.address);
    } else {
      std::copy(arg.bytes.begin(), arg.bytes.end(), kernarg.begin() + slot.offset);
    }
  }
  for (size_t i = 0; i < kernel.args.size(); ++i) {
    if (given[i]) continue;
    const KernelArgMetadata& slot = kernel.args[i];
    if (auto value = hidden_value(slot.value_kind, grid_workgroups, workgroup)) {
      put_le(kernarg, slot.offset, slot.size, *value);
    } else if (!slot.value_kind.starts_with("hidden_")) {
      return bad(kernel, "argument '" + slot.name + "' (" + slot.value_kind + ", offset " + std::to_string(slot.offset) +
                             ") has no value");
    }
  }
  return kernarg;
}

Result<std::vector<uint8_t>> place_raw_kernarg_blob(const KernelMetadata& kernel, std::span<const uint8_t> blob,
                                                    std::span<const KernargPointer> pointers) {
  Result<uint64_t> segment = segment_bytes(kernel);
  if (!segment) return segment.status();
  if (blob.size() != *segment) {
    return bad(kernel, "the kernarg blob is " + std::to_string(blob.size()) + " bytes; the kernarg segment is " +
                           std::to_string(*segment));
  }
  std::vector<uint8_t> kernarg(blob.begin(), blob.end());
  for (size_t i = 0; i < pointers.size(); ++i) {
    const KernargPointer& p = pointers[i];
    if (uint64_t{p.offset} + kPointerBytes > *segment) {
      return bad(kernel, "a pointer at kernarg offset " + std::to_string(p.offset) + " does not fit the " +
                             std::to_string(*segment) + "-byte segment");
    }
    for (size_t j = 0; j < i; ++j) {
      if (p.offset < pointers[j].offset + kPointerBytes && pointers[j].offset < p.offset + kPointerBytes) {
        return bad(kernel, "pointers at kernarg offsets " + std::to_string(pointers[j].offset) + " and " +
                               std::to_string(p.offset) + " overlap");
      }
    }
    put_le(kernarg, p.offset, kPointerBytes, p.address);
  }
  return kernarg;
}

}  // namespace ingot
