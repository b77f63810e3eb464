#include "codeobj/amdgpu_metadata.h"

#include <limits>
#include <msgpack.hpp>
#include <string_view>

namespace ingot::metadata {
namespace {

Status corrupt(std::string message) {
  return {StatusCode::kCorruptCodeObject, "AMDGPU metadata: " + std::move(message)};
}

// Caps for the msgpack parser so a lying length prefix cannot make it allocate without bound
// or recurse deeply; real metadata is a few KiB and 4-5 levels deep.
constexpr size_t kMaxArray = 1 << 16;
constexpr size_t kMaxMap = 1 << 16;
constexpr size_t kMaxString = 1 << 20;
constexpr size_t kMaxBin = 1 << 20;
constexpr size_t kMaxExt = 1 << 20;
constexpr size_t kMaxDepth = 16;

std::string_view key_of(const msgpack::object& key) {
  if (key.type != msgpack::type::STR) return {};
  return {key.via.str.ptr, key.via.str.size};
}

const msgpack::object* find(const msgpack::object& map, std::string_view key) {
  if (map.type != msgpack::type::MAP) return nullptr;
  for (uint32_t i = 0; i < map.via.map.size; ++i) {
    if (key_of(map.via.map.ptr[i].key) == key) return &map.via.map.ptr[i].val;
  }
  return nullptr;
}

Result<std::string> get_string(const msgpack::object& map, std::string_view key, const std::string& where,
                               bool required) {
  const msgpack::object* value = find(map, key);
  if (value == nullptr) {
    if (!required) return std::string();
    return corrupt(where + ": missing " + std::string(key));
  }
  if (value->type != msgpack::type::STR) return corrupt(where + ": " + std::string(key) + " is not a string");
  return std::string(value->via.str.ptr, value->via.str.size);
}

Result<uint32_t> get_u32(const msgpack::object& map, std::string_view key, const std::string& where,
                         bool required) {
  const msgpack::object* value = find(map, key);
  if (value == nullptr) {
    if (!required) return uint32_t{0};
    return corrupt(where + ": missing " + std::string(key));
  }
  if (value->type != msgpack::type::POSITIVE_INTEGER ||
      value->via.u64 > std::numeric_limits<uint32_t>::max()) {
    return corrupt(where + ": " + std::string(key) + " is not an unsigned 32-bit integer");
  }
  return static_cast<uint32_t>(value->via.u64);
}

Result<KernelArgMetadata> parse_arg(const msgpack::object& arg, const std::string& where) {
  if (arg.type != msgpack::type::MAP) return corrupt(where + " is not a map");
  KernelArgMetadata out;
  auto name = get_string(arg, ".name", where, false);
  auto offset = get_u32(arg, ".offset", where, true);
  auto size = get_u32(arg, ".size", where, true);
  auto kind = get_string(arg, ".value_kind", where, true);
  auto space = get_string(arg, ".address_space", where, false);
  for (const Status* status : {&name.status(), &offset.status(), &size.status(), &kind.status(), &space.status()}) {
    if (!status->is_ok()) return *status;
  }
  out.name = std::move(name.value());
  out.offset = offset.value();
  out.size = size.value();
  out.value_kind = std::move(kind.value());
  out.address_space = std::move(space.value());
  return out;
}

Result<KernelMetadata> parse_kernel(const msgpack::object& kernel, size_t index) {
  std::string where = "amdhsa.kernels[" + std::to_string(index) + "]";
  if (kernel.type != msgpack::type::MAP) return corrupt(where + " is not a map");
  KernelMetadata out;
  auto name = get_string(kernel, ".name", where, true);
  if (!name) return name.status();
  out.name = std::move(name.value());
  where += " (" + out.name + ")";
  auto symbol = get_string(kernel, ".symbol", where, true);
  if (!symbol) return symbol.status();
  out.symbol = std::move(symbol.value());

  struct U32Field {
    std::string_view key;
    uint32_t* target;
    bool required;
  };
  const U32Field fields[] = {
      {".kernarg_segment_size", &out.kernarg_segment_size, true},
      {".kernarg_segment_align", &out.kernarg_segment_align, true},
      {".group_segment_fixed_size", &out.group_segment_fixed_size, true},
      {".private_segment_fixed_size", &out.private_segment_fixed_size, true},
      {".wavefront_size", &out.wavefront_size, true},
      {".sgpr_count", &out.sgpr_count, true},
      {".vgpr_count", &out.vgpr_count, true},
      {".agpr_count", &out.agpr_count, false},
      {".max_flat_workgroup_size", &out.max_flat_workgroup_size, true},
  };
  for (const U32Field& field : fields) {
    auto value = get_u32(kernel, field.key, where, field.required);
    if (!value) return value.status();
    *field.target = value.value();
  }
  if (const msgpack::object* args = find(kernel, ".args")) {
    if (args->type != msgpack::type::ARRAY) return corrupt(where + ": .args is not an array");
    for (uint32_t i = 0; i < args->via.array.size; ++i) {
      auto arg = parse_arg(args->via.array.ptr[i], where + " .args[" + std::to_string(i) + "]");
      if (!arg) return arg.status();
      out.args.push_back(std::move(arg.value()));
    }
  }
  return out;
}

Result<Parsed> parse_root(const msgpack::object& root) {
  if (root.type != msgpack::type::MAP) return corrupt("root is not a map");
  Parsed parsed;
  auto target = get_string(root, "amdhsa.target", "root", false);
  if (!target) return target.status();
  parsed.target = std::move(target.value());
  if (const msgpack::object* version = find(root, "amdhsa.version")) {
    if (version->type != msgpack::type::ARRAY) return corrupt("amdhsa.version is not an array");
    for (uint32_t i = 0; i < version->via.array.size; ++i) {
      const msgpack::object& part = version->via.array.ptr[i];
      if (part.type != msgpack::type::POSITIVE_INTEGER || part.via.u64 > std::numeric_limits<uint32_t>::max()) {
        return corrupt("amdhsa.version[" + std::to_string(i) + "] is not an unsigned integer");
      }
      parsed.version.push_back(static_cast<uint32_t>(part.via.u64));
    }
  }
  const msgpack::object* kernels = find(root, "amdhsa.kernels");
  if (kernels == nullptr) return corrupt("missing amdhsa.kernels");
  if (kernels->type != msgpack::type::ARRAY) return corrupt("amdhsa.kernels is not an array");
  for (uint32_t i = 0; i < kernels->via.array.size; ++i) {
    auto kernel = parse_kernel(kernels->via.array.ptr[i], i);
    if (!kernel) return kernel.status();
    parsed.kernels.push_back(std::move(kernel.value()));
  }
  return parsed;
}

}  // namespace

Result<Parsed> parse(std::span<const uint8_t> note_desc) {
  // msgpack-cxx reports malformed input by throwing; nothing may escape the library.
  try {
    const msgpack::unpack_limit limit(kMaxArray, kMaxMap, kMaxString, kMaxBin, kMaxExt, kMaxDepth);
    std::size_t offset = 0;
    msgpack::object_handle handle =
        msgpack::unpack(reinterpret_cast<const char*>(note_desc.data()), note_desc.size(), offset, nullptr,
                        nullptr, limit);
    return parse_root(handle.get());
  } catch (const std::exception& error) {
    return corrupt(std::string("malformed msgpack: ") + error.what());
  } catch (...) {
    return corrupt("malformed msgpack");
  }
}

}  // namespace ingot::metadata
