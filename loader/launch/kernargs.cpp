// Kernarg packing from the manifest layout alone: no per-kernel host structs.
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "ingot/tooling/launch.h"
#include "ingot/tooling/select.h"

namespace ingot {
namespace {

Status arg_error(const ManifestKernel& kernel, const KernargArg& arg, const std::string& message) {
  return {StatusCode::kInvalidArgument, "kernel " + kernel.id + ": kernarg " + arg.name + " (" +
                                            arg_type_name(arg.type) + " at offset " + std::to_string(arg.offset) +
                                            "): " + message};
}

template <typename T>
void store_le(std::vector<uint8_t>& out, uint32_t offset, T value) {
  std::memcpy(out.data() + offset, &value, sizeof value);  // host is little-endian (x86-64, AArch64 LE)
}

Status store_integer(const ManifestKernel& kernel, const KernargArg& arg, int64_t value, std::vector<uint8_t>& out) {
  auto out_of_range = [&](const char* range) {
    return arg_error(kernel, arg, "value " + std::to_string(value) + " is outside " + range);
  };
  switch (arg.type) {
    case ArgType::kI32:
      if (value < std::numeric_limits<int32_t>::min() || value > std::numeric_limits<int32_t>::max()) {
        return out_of_range("[-2^31, 2^31-1]");
      }
      store_le(out, arg.offset, static_cast<int32_t>(value));
      return Status::ok();
    case ArgType::kU32:
      if (value < 0 || value > std::numeric_limits<uint32_t>::max()) return out_of_range("[0, 2^32-1]");
      store_le(out, arg.offset, static_cast<uint32_t>(value));
      return Status::ok();
    case ArgType::kI64:
      store_le(out, arg.offset, value);
      return Status::ok();
    case ArgType::kU64:
      if (value < 0) return out_of_range("[0, 2^63-1]");
      store_le(out, arg.offset, static_cast<uint64_t>(value));
      return Status::ok();
    case ArgType::kPtr:
      // Buffers reach expressions as the int64 bit pattern of their address.
      store_le(out, arg.offset, std::bit_cast<uint64_t>(value));
      return Status::ok();
    case ArgType::kF32:
      store_le(out, arg.offset, static_cast<float>(value));
      return Status::ok();
  }
  return arg_error(kernel, arg, "unknown type");
}

}  // namespace

Result<std::vector<uint8_t>> pack_kernargs(const ManifestKernel& kernel, const Problem& problem,
                                           const DeviceInfo* device) {
  std::vector<uint8_t> out(kernel.kernarg.size, 0);
  const ProblemEnv env(problem, device);
  for (const KernargArg& arg : kernel.kernarg.args) {
    if (uint64_t{arg.offset} + arg.size > out.size() || arg.size != arg_type_size(arg.type)) {
      return arg_error(kernel, arg, "does not fit the " + std::to_string(out.size()) + "-byte kernarg segment");
    }
    if (arg.type == ArgType::kPtr) {
      const std::string* name = arg.value.name_if_bare();
      if (name != nullptr && problem.buffers.count(*name) == 0) {
        return arg_error(kernel, arg, "the problem has no buffer named \"" + *name + "\"");
      }
    }
    auto value = arg.value.evaluate(env);
    if (!value) return arg_error(kernel, arg, value.status().message());
    if (const auto* integer = std::get_if<int64_t>(&value.value())) {
      INGOT_RETURN_IF_ERROR(store_integer(kernel, arg, *integer, out));
    } else if (const auto* real = std::get_if<double>(&value.value())) {
      if (arg.type != ArgType::kF32) {
        return arg_error(kernel, arg, "value " + value_to_string(value.value()) + " is a float, not an integer");
      }
      const double magnitude = std::fabs(*real);
      if (std::isfinite(*real) && magnitude > std::numeric_limits<float>::max()) {
        return arg_error(kernel, arg, "value " + value_to_string(value.value()) + " overflows f32");
      }
      store_le(out, arg.offset, static_cast<float>(*real));
    } else {
      return arg_error(kernel, arg, "value is the string \"" + std::get<std::string>(value.value()) + "\"");
    }
  }
  return out;
}

}  // namespace ingot
