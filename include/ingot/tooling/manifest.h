// The pack manifest (manifest/README.md, schema version 3) as typed structs (`defs` references expanded).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ingot/tooling/expr.h"
#include "ingot/status.h"

namespace ingot {

// A variant parameter or match value: integer, boolean or string.
using ParamValue = std::variant<int64_t, bool, std::string>;
std::string param_to_string(const ParamValue& value);

enum class ArgType { kPtr, kI32, kU32, kI64, kU64, kF32 };
const char* arg_type_name(ArgType type);
uint32_t arg_type_size(ArgType type);

struct KernargArg {
  std::string name;
  ArgType type = ArgType::kI32;
  uint32_t offset = 0;
  uint32_t size = 0;
  Expr value;
};

struct KernargLayout {
  uint32_t size = 0;
  uint32_t align = 0;
  std::vector<KernargArg> args;  // in offset order
};

struct LaunchRule {
  std::array<uint32_t, 3> workgroup{1, 1, 1};
  std::array<Expr, 3> grid;  // in workgroups
  Expr dynamic_lds;          // bytes
  // Device memory the kernel needs besides its arguments (bytes, 0 = none), bound as buffer
  // "workspace": zero-filled when allocated, one launch at a time (manifest/README.md "Workspace").
  Expr workspace;
};

struct Constraint {
  std::string name;
  Expr expr;
  std::string message;
};

struct Resources {
  uint32_t vgpr = 0;
  uint32_t agpr = 0;
  uint32_t sgpr = 0;
  uint32_t lds = 0;
  uint32_t scratch = 0;
  uint32_t accum_offset = 0;
  uint32_t wavefront_size = 0;
  uint32_t max_flat_workgroup_size = 0;
};

struct ManifestKernel {
  std::string id;
  std::string family;
  std::string op;
  std::string arch;
  std::map<std::string, ParamValue, std::less<>> params;
  std::string file;    // relative to the pack root
  std::string symbol;
  std::string sha256;  // 64 lowercase hex digits
  uint64_t size = 0;
  KernargLayout kernarg;
  LaunchRule launch;
  std::map<std::string, ParamValue, std::less<>> match;
  std::vector<Constraint> constraints;
  Expr cost;
  Resources resources;
};

struct Toolchain {
  std::string backend;
  std::string version;
};

struct Manifest {
  int64_t schema_version = 0;
  std::string pack_version;
  Toolchain toolchain;
  std::vector<std::string> archs;
  std::map<std::string, std::vector<std::string>, std::less<>> families;  // family -> variant ids
  std::vector<ManifestKernel> kernels;
};

// Parses and structurally checks manifest JSON text. Errors are kCorruptManifest naming the
// kernel (by index and id) and the key. Does not check files or duplicate ids (validate does).
Result<Manifest> parse_manifest(std::string_view json_text);

}  // namespace ingot
