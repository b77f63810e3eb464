// manifest.json (manifest/README.md, schema version 3) to typed structs, with structural checks.
#include <algorithm>
#include <limits>
#include <set>

#include "expr/expr_json.h"
#include "ingot/tooling/manifest.h"
#include "manifest/json_fields.h"
#include "manifest/manifest_read.h"

namespace ingot {
namespace {

using json_fields::Object;
using nlohmann::json;

constexpr int64_t kSchemaVersion = 3;
// Real manifests nest 5-6 levels (kernels[i].launch.grid[j] plus expression depth).
constexpr int kMaxJsonDepth = 96;
constexpr int64_t kU32Max = std::numeric_limits<uint32_t>::max();
constexpr size_t kSha256HexDigits = 64;

struct ArgTypeInfo {
  const char* name;
  ArgType type;
  uint32_t size;
};
constexpr ArgTypeInfo kArgTypes[] = {
    {"ptr", ArgType::kPtr, 8}, {"i32", ArgType::kI32, 4}, {"u32", ArgType::kU32, 4},
    {"i64", ArgType::kI64, 8}, {"u64", ArgType::kU64, 8}, {"f32", ArgType::kF32, 4},
};

Status corrupt(const std::string& message) { return {StatusCode::kCorruptManifest, message}; }

#define INGOT_ASSIGN_OR_RETURN(target, expr) \
  do {                                       \
    auto ingot_result_ = (expr);             \
    if (!ingot_result_) return ingot_result_.status(); \
    target = std::move(ingot_result_.value()); \
  } while (0)

Result<ParamValue> param_from_json(const json& value, const std::string& where) {
  if (value.is_boolean()) return ParamValue(value.get<bool>());
  if (value.is_string()) return ParamValue(value.get<std::string>());
  if (value.is_number_integer()) {
    if (value.is_number_unsigned() && value.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return corrupt(where + " is out of range");
    }
    return ParamValue(value.get<int64_t>());
  }
  return corrupt(where + " must be a string, integer or boolean, got " + json_fields::brief(value));
}

Result<std::map<std::string, ParamValue, std::less<>>> param_map(const Object& parent, std::string_view key,
                                                                 bool required) {
  std::map<std::string, ParamValue, std::less<>> out;
  if (!required && !parent.has(key)) return out;
  const json* object = nullptr;
  INGOT_ASSIGN_OR_RETURN(object, parent.object(key));
  for (auto it = object->begin(); it != object->end(); ++it) {
    auto value = param_from_json(it.value(), parent.path(key) + "." + it.key());
    if (!value) return value.status();
    out.emplace(it.key(), std::move(value.value()));
  }
  return out;
}

// The manifest's `defs`: expressions the kernels share, each parsed once (on its first reference) so
// that every reference holds the same tree. A definition no kernel reaches is an error, as a dangling
// or cyclic reference is: the generator never writes one, so it means a hand edit or a damaged file.
class DefinitionTable final : public ExprDefinitions {
 public:
  Status load(const Object& root) {
    if (!root.has("defs")) return Status::ok();
    const json* defs = nullptr;
    INGOT_ASSIGN_OR_RETURN(defs, root.object("defs"));
    for (auto it = defs->begin(); it != defs->end(); ++it) {
      Definition& definition = table_[it.key()];
      definition.where = root.path("defs") + "." + it.key();
      definition.raw = &it.value();
    }
    return Status::ok();
  }

  Result<Expr> resolve(std::string_view name, std::string_view where, int depth, int& height) override {
    auto found = table_.find(name);
    if (found == table_.end()) {
      return corrupt(std::string(where) + ": reference to \"" + std::string(name) + "\", which defs does not define");
    }
    Definition& definition = found->second;
    if (definition.state == State::kReading) return corrupt(std::string(where) + ": " + cycle_through(name));
    if (definition.state == State::kUnread) INGOT_RETURN_IF_ERROR(read(definition, where, depth));
    height = definition.height;
    if (depth + height > kMaxExprDepth) {
      return corrupt(std::string(where) + ": expression nested deeper than " + std::to_string(kMaxExprDepth) +
                     " once \"" + std::string(name) + "\" is expanded");
    }
    return definition.expr;
  }

  Status check_all_used() const {
    for (const auto& [name, definition] : table_) {
      if (definition.state == State::kUnread) return corrupt(definition.where + " is defined but no kernel uses it");
    }
    return Status::ok();
  }

 private:
  enum class State { kUnread, kReading, kRead };
  struct Definition {
    std::string where;
    const json* raw = nullptr;
    State state = State::kUnread;
    Expr expr;
    int height = 0;  // levels below the referencing node, the reference itself counted as one
  };

  // Parses the body one level below the reference, so nesting (and this recursion) stays bounded by
  // kMaxExprDepth however definitions chain.
  Status read(Definition& definition, std::string_view where, int depth) {
    if (!definition.raw->is_object() || definition.raw->size() != 1 || !definition.raw->contains("expr")) {
      return corrupt(std::string(where) + ": refers to " + definition.where +
                     ", which is not an expression definition {\"expr\": ...}");
    }
    definition.state = State::kReading;
    reading_.push_back(&definition);
    int deepest = depth + 1;
    auto parsed = expr_from_json((*definition.raw)["expr"], definition.where + ".expr", this, depth + 1, &deepest);
    reading_.pop_back();
    if (!parsed) return parsed.status();
    definition.expr = std::move(parsed.value());
    definition.height = deepest - depth;
    definition.state = State::kRead;
    return Status::ok();
  }

  std::string cycle_through(std::string_view name) const {
    std::string chain;
    bool in_cycle = false;
    for (const Definition* open : reading_) {
      const std::string_view open_name = std::string_view(open->where).substr(open->where.rfind('.') + 1);
      in_cycle = in_cycle || open_name == name;
      if (in_cycle) chain += std::string(open_name) + " -> ";
    }
    return "cyclic reference: " + chain + std::string(name);
  }

  std::map<std::string, Definition, std::less<>> table_;
  std::vector<const Definition*> reading_;  // definitions being parsed, outermost first
};

Result<Expr> expr_field(const Object& parent, std::string_view key, DefinitionTable& defs) {
  const json* value = parent.find(key);
  if (value == nullptr) return parent.error(key, "is missing");
  return expr_from_json(*value, parent.path(key), &defs);
}

Status check_sha256(const Object& entry, const std::string& sha) {
  const bool hex = sha.size() == kSha256HexDigits &&
                   std::all_of(sha.begin(), sha.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
  if (!hex) return entry.error("sha256", "must be 64 lowercase hex digits, got \"" + sha.substr(0, 80) + "\"");
  return Status::ok();
}

Result<KernargArg> parse_arg(const json& raw, const std::string& where, DefinitionTable& defs) {
  if (!raw.is_object()) return corrupt(where + " must be an object");
  Object arg(raw, where);
  KernargArg out;
  INGOT_ASSIGN_OR_RETURN(out.name, arg.string("name"));
  std::string type;
  INGOT_ASSIGN_OR_RETURN(type, arg.string("type"));
  const ArgTypeInfo* info = nullptr;
  for (const ArgTypeInfo& candidate : kArgTypes) {
    if (type == candidate.name) info = &candidate;
  }
  if (info == nullptr) return arg.error("type", "is \"" + type + "\", not one of ptr, i32, u32, i64, u64, f32");
  out.type = info->type;
  int64_t offset = 0, size = 0;
  INGOT_ASSIGN_OR_RETURN(offset, arg.integer_in("offset", 0, kU32Max));
  INGOT_ASSIGN_OR_RETURN(size, arg.integer_in("size", 0, kU32Max));
  out.offset = static_cast<uint32_t>(offset);
  out.size = static_cast<uint32_t>(size);
  if (out.size != info->size) {
    return arg.error("size", "is " + std::to_string(out.size) + " but type " + type + " is " +
                                 std::to_string(info->size) + " bytes");
  }
  if (out.offset % info->size != 0) {
    return arg.error("offset", "is " + std::to_string(out.offset) + ", not aligned to " + std::to_string(info->size));
  }
  INGOT_ASSIGN_OR_RETURN(out.value, expr_field(arg, "value", defs));
  return out;
}

Result<KernargLayout> parse_kernarg(const Object& entry, DefinitionTable& defs) {
  const json* raw = nullptr;
  INGOT_ASSIGN_OR_RETURN(raw, entry.object("kernarg"));
  Object kernarg(*raw, entry.path("kernarg"));
  KernargLayout out;
  int64_t size = 0, align = 0;
  INGOT_ASSIGN_OR_RETURN(size, kernarg.integer_in("size", 0, kU32Max));
  INGOT_ASSIGN_OR_RETURN(align, kernarg.integer_in("align", 1, kU32Max));
  out.size = static_cast<uint32_t>(size);
  out.align = static_cast<uint32_t>(align);
  const json* args = nullptr;
  INGOT_ASSIGN_OR_RETURN(args, kernarg.array("args"));
  std::set<std::string> names;
  uint64_t end_of_previous = 0;
  for (size_t i = 0; i < args->size(); ++i) {
    const std::string where = kernarg.path("args") + "[" + std::to_string(i) + "]";
    auto arg = parse_arg((*args)[i], where, defs);
    if (!arg) return arg.status();
    if (!names.insert(arg->name).second) return corrupt(where + ": duplicate argument name \"" + arg->name + "\"");
    const uint64_t end = uint64_t{arg->offset} + arg->size;
    if (arg->offset < end_of_previous) {
      return corrupt(where + " (" + arg->name + "): offset " + std::to_string(arg->offset) +
                     " overlaps the previous argument or is out of offset order");
    }
    if (end > out.size) {
      return corrupt(where + " (" + arg->name + "): ends at byte " + std::to_string(end) +
                     ", past kernarg.size " + std::to_string(out.size));
    }
    end_of_previous = end;
    out.args.push_back(std::move(arg.value()));
  }
  return out;
}

Result<LaunchRule> parse_launch(const Object& entry, DefinitionTable& defs) {
  const json* raw = nullptr;
  INGOT_ASSIGN_OR_RETURN(raw, entry.object("launch"));
  Object launch(*raw, entry.path("launch"));
  LaunchRule out;
  const json* workgroup = nullptr;
  INGOT_ASSIGN_OR_RETURN(workgroup, launch.array("workgroup"));
  if (workgroup->size() != 3) return launch.error("workgroup", "must have 3 entries [x, y, z]");
  for (size_t i = 0; i < 3; ++i) {
    const json& dim = (*workgroup)[i];
    if (!dim.is_number_integer() || dim.get<int64_t>() < 1 || dim.get<int64_t>() > 1024) {
      return launch.error("workgroup", "[" + std::to_string(i) + "] must be an integer in [1, 1024], got " +
                                           json_fields::brief(dim));
    }
    out.workgroup[i] = static_cast<uint32_t>(dim.get<int64_t>());
  }
  const json* grid = nullptr;
  INGOT_ASSIGN_OR_RETURN(grid, launch.array("grid"));
  if (grid->size() != 3) return launch.error("grid", "must have 3 expressions [x, y, z]");
  for (size_t i = 0; i < 3; ++i) {
    INGOT_ASSIGN_OR_RETURN(out.grid[i],
                           expr_from_json((*grid)[i], launch.path("grid") + "[" + std::to_string(i) + "]", &defs));
  }
  if (launch.has("dynamic_lds")) INGOT_ASSIGN_OR_RETURN(out.dynamic_lds, expr_field(launch, "dynamic_lds", defs));
  // Required: a reader that skipped it would launch a split-K kernel with no workspace.
  INGOT_ASSIGN_OR_RETURN(out.workspace, expr_field(launch, "workspace", defs));
  return out;
}

Result<std::vector<Constraint>> parse_constraints(const Object& entry, DefinitionTable& defs) {
  std::vector<Constraint> out;
  if (!entry.has("constraints")) return out;
  const json* list = nullptr;
  INGOT_ASSIGN_OR_RETURN(list, entry.array("constraints"));
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string where = entry.path("constraints") + "[" + std::to_string(i) + "]";
    if (!(*list)[i].is_object()) return corrupt(where + " must be an object");
    Object item((*list)[i], where);
    Constraint constraint;
    INGOT_ASSIGN_OR_RETURN(constraint.name, item.string("name"));
    INGOT_ASSIGN_OR_RETURN(constraint.expr, expr_field(item, "expr", defs));
    INGOT_ASSIGN_OR_RETURN(constraint.message, item.string("message"));
    out.push_back(std::move(constraint));
  }
  return out;
}

Result<Resources> parse_resources(const Object& entry) {
  const json* raw = nullptr;
  INGOT_ASSIGN_OR_RETURN(raw, entry.object("resources"));
  Object resources(*raw, entry.path("resources"));
  Resources out;
  struct Field {
    const char* key;
    uint32_t* target;
  };
  const Field fields[] = {
      {"vgpr", &out.vgpr}, {"agpr", &out.agpr}, {"sgpr", &out.sgpr}, {"lds", &out.lds},
      {"scratch", &out.scratch}, {"accum_offset", &out.accum_offset}, {"wavefront_size", &out.wavefront_size},
      {"max_flat_workgroup_size", &out.max_flat_workgroup_size},
  };
  for (const Field& field : fields) {
    auto value = resources.integer_in(field.key, 0, kU32Max);
    if (!value) return value.status();
    *field.target = static_cast<uint32_t>(value.value());
  }
  return out;
}

Result<ManifestKernel> parse_kernel(const json& raw, size_t index, DefinitionTable& defs) {
  std::string where = "kernels[" + std::to_string(index) + "]";
  if (!raw.is_object()) return corrupt(where + " must be an object");
  ManifestKernel out;
  {
    Object probe(raw, where);
    INGOT_ASSIGN_OR_RETURN(out.id, probe.string("id"));
    if (out.id.empty()) return probe.error("id", "is empty");
  }
  where += " (" + out.id + ")";
  Object entry(raw, where);
  INGOT_ASSIGN_OR_RETURN(out.family, entry.string("family"));
  INGOT_ASSIGN_OR_RETURN(out.op, entry.string("op"));
  INGOT_ASSIGN_OR_RETURN(out.arch, entry.string("arch"));
  INGOT_ASSIGN_OR_RETURN(out.params, param_map(entry, "params", true));
  INGOT_ASSIGN_OR_RETURN(out.file, entry.string("file"));
  INGOT_ASSIGN_OR_RETURN(out.symbol, entry.string("symbol"));
  INGOT_ASSIGN_OR_RETURN(out.sha256, entry.string("sha256"));
  INGOT_RETURN_IF_ERROR(check_sha256(entry, out.sha256));
  int64_t size = 0;
  INGOT_ASSIGN_OR_RETURN(size, entry.integer_in("size", 0, std::numeric_limits<int64_t>::max()));
  out.size = static_cast<uint64_t>(size);
  INGOT_ASSIGN_OR_RETURN(out.kernarg, parse_kernarg(entry, defs));
  INGOT_ASSIGN_OR_RETURN(out.launch, parse_launch(entry, defs));
  INGOT_ASSIGN_OR_RETURN(out.match, param_map(entry, "match", false));
  INGOT_ASSIGN_OR_RETURN(out.constraints, parse_constraints(entry, defs));
  INGOT_ASSIGN_OR_RETURN(out.cost, expr_field(entry, "cost", defs));
  INGOT_ASSIGN_OR_RETURN(out.resources, parse_resources(entry));
  return out;
}

Result<std::vector<std::string>> string_list(const json& list, const std::string& where) {
  std::vector<std::string> out;
  for (size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string()) return corrupt(where + "[" + std::to_string(i) + "] must be a string");
    out.push_back(list[i].get<std::string>());
  }
  return out;
}

Status parse_header(const Object& root, Manifest& out) {
  INGOT_ASSIGN_OR_RETURN(out.schema_version, root.integer("schema_version"));
  if (out.schema_version != kSchemaVersion) {
    return root.error("schema_version", "is " + std::to_string(out.schema_version) + "; this reader understands " +
                                            std::to_string(kSchemaVersion) + " only");
  }
  INGOT_ASSIGN_OR_RETURN(out.pack_version, root.string("pack_version"));
  const json* toolchain = nullptr;
  INGOT_ASSIGN_OR_RETURN(toolchain, root.object("toolchain"));
  Object tools(*toolchain, "manifest: toolchain");
  INGOT_ASSIGN_OR_RETURN(out.toolchain.backend, tools.string("backend"));
  INGOT_ASSIGN_OR_RETURN(out.toolchain.version, tools.string("version"));
  const json* archs = nullptr;
  INGOT_ASSIGN_OR_RETURN(archs, root.array("archs"));
  INGOT_ASSIGN_OR_RETURN(out.archs, string_list(*archs, root.path("archs")));
  const json* families = nullptr;
  INGOT_ASSIGN_OR_RETURN(families, root.object("families"));
  for (auto it = families->begin(); it != families->end(); ++it) {
    const std::string where = root.path("families") + "." + it.key();
    if (!it.value().is_object()) return corrupt(where + " must be an object");
    Object family(it.value(), where);
    const json* variants = nullptr;
    INGOT_ASSIGN_OR_RETURN(variants, family.array("variants"));
    INGOT_ASSIGN_OR_RETURN(out.families[it.key()], string_list(*variants, family.path("variants")));
  }
  return Status::ok();
}

}  // namespace

std::string param_to_string(const ParamValue& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return std::to_string(*integer);
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "true" : "false";
  return std::get<std::string>(value);
}

const char* arg_type_name(ArgType type) {
  for (const ArgTypeInfo& info : kArgTypes) {
    if (info.type == type) return info.name;
  }
  return "?";
}

uint32_t arg_type_size(ArgType type) {
  for (const ArgTypeInfo& info : kArgTypes) {
    if (info.type == type) return info.size;
  }
  return 0;
}

Result<Manifest> parse_manifest(std::string_view json_text) {
  return parse_manifest(json_text, UnusedDefinitions::kError);
}

Result<Manifest> parse_manifest(std::string_view json_text, UnusedDefinitions unused) {
  auto parsed = json_fields::parse_text(json_text, kMaxJsonDepth, StatusCode::kCorruptManifest, "manifest");
  if (!parsed) return parsed.status();
  const json& root_json = parsed.value();
  if (!root_json.is_object()) return corrupt("manifest: top level must be an object");
  Object root(root_json, "manifest");
  Manifest out;
  INGOT_RETURN_IF_ERROR(parse_header(root, out));
  const json* kernels = nullptr;
  INGOT_ASSIGN_OR_RETURN(kernels, root.array("kernels"));
  DefinitionTable defs;
  INGOT_RETURN_IF_ERROR(defs.load(root));
  out.kernels.reserve(kernels->size());
  for (size_t i = 0; i < kernels->size(); ++i) {
    auto kernel = parse_kernel((*kernels)[i], i, defs);
    if (!kernel) return kernel.status();
    out.kernels.push_back(std::move(kernel.value()));
  }
  if (unused == UnusedDefinitions::kError) INGOT_RETURN_IF_ERROR(defs.check_all_used());
  return out;
}

}  // namespace ingot
