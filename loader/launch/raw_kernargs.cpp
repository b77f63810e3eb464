#include <algorithm>
#include <optional>
#include <string_view>

#include "ingot/raw_launch.h"

namespace ingot {
namespace {

constexpr uint32_t kPointerBytes = 8;

Status bad(const KernelMetadata& kernel, const std::string& why) {
  return Status(StatusCode::kInvalidArgument, "kernel " + kernel.name + ": " + why);
}

void put_le(std::vector<uint8_t>& kernarg, uint32_t offset, uint32_t size, uint64_t value) {
  for (uint32_t i = 0; i < size && i < 8; ++i) kernarg[offset + i] = static_cast<uint8_t>(value >> (8 * i));
}

// What the runtime writes for a hidden argument (LLVM AMDGPUUsage, code object v5 hidden kinds), from
// the launch shape; nullopt for kinds with no launch-shape value (heap, printf, queue pointers: left 0).
std::optional<uint64_t> hidden_value(std::string_view kind, const std::array<uint32_t, 3>& grid,
                                     const std::array<uint32_t, 3>& block) {
  static constexpr std::string_view kAxes = "xyz";
  for (size_t axis = 0; axis < 3; ++axis) {
    const std::string suffix = std::string("_") + kAxes[axis];
    if (kind == "hidden_block_count" + suffix) return grid[axis];
    if (kind == "hidden_group_size" + suffix) return block[axis];
    if (kind == "hidden_remainder" + suffix) return 0;  // the grid is whole workgroups
  }
  if (kind == "hidden_grid_dims") return grid[2] > 1 ? 3 : grid[1] > 1 ? 2 : 1;
  return std::nullopt;
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
  // Sizes come from a file: widen before adding so a hostile offset cannot wrap the segment size.
  uint64_t segment = kernel.kernarg_segment_size;
  for (const KernelArgMetadata& slot : kernel.args) segment = std::max<uint64_t>(segment, uint64_t{slot.offset} + slot.size);
  if (segment > (uint64_t{1} << 20)) return bad(kernel, "kernarg segment of " + std::to_string(segment) + " bytes");
  std::vector<uint8_t> kernarg(static_cast<size_t>(segment), 0);

  std::vector<bool> given(kernel.args.size(), false);
  for (const RawKernArg& arg : args) {
    const auto slot_it = std::find_if(kernel.args.begin(), kernel.args.end(),
                                      [&](const KernelArgMetadata& slot) { return slot.name == arg.name; });
    if (arg.name.empty() || slot_it == kernel.args.end()) return bad(kernel, "no argument '" + arg.name + "'");
    const size_t index = static_cast<size_t>(slot_it - kernel.args.begin());
    const KernelArgMetadata& slot = *slot_it;
    if (arg.is_pointer && slot.size != kPointerBytes) {
      return bad(kernel, "argument '" + arg.name + "' is not a pointer (" + std::to_string(slot.size) + " bytes)");
    }
    if (!arg.is_pointer && arg.bytes.size() != slot.size) {
      return bad(kernel, "argument '" + arg.name + "' is " + std::to_string(slot.size) + " bytes, the value given is " +
                             std::to_string(arg.bytes.size()));
    }
    if (given[index]) return bad(kernel, "argument '" + arg.name + "' given twice");
    given[index] = true;
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

}  // namespace ingot
