#include "cli_common.h"

#include <charconv>
#include <iostream>
#include <set>

#include "ingot/ops.h"
#include "verbs.h"

namespace ingot::cli {

namespace {
std::string current_verb;
}  // namespace

void set_current_verb(std::string_view verb) { current_verb = std::string(verb); }

int report_failure(const Status& status, std::string_view verb) {
  if (verb.empty()) verb = current_verb;
  const std::string code = status_code_name(status.code());
  std::string message = status.message();
  // Layers prefix their part of the story; the code's own name must appear once.
  while (message.rfind(code + ": ", 0) == 0) message.erase(0, code.size() + 2);
  std::cerr << "ingot" << (verb.empty() ? "" : " ") << verb << ": " << code << ": " << message << "\n";
  return status.code() == StatusCode::kInvalidArgument ? kExitUsage : kExitFailure;
}

Result<std::filesystem::path> pack_dir_from(const ParsedArgs& args) {
  if (const std::string* dir = args.get("pack")) return std::filesystem::path(*dir);
  return find_pack_dir();
}

Result<Pack> open_pack_from(const ParsedArgs& args) {
  auto dir = pack_dir_from(args);
  if (!dir) return dir.status();
  return Pack::open(dir.value());
}

std::string params_text(const std::map<std::string, ParamValue, std::less<>>& params) {
  std::string text;
  for (const auto& [name, value] : params) {
    if (!text.empty()) text += " ";
    text += name + "=" + param_to_string(value);
  }
  return text;
}

nlohmann::json param_json(const ParamValue& value) {
  if (const auto* i = std::get_if<int64_t>(&value)) return *i;
  if (const auto* b = std::get_if<bool>(&value)) return *b;
  return std::get<std::string>(value);
}

nlohmann::json kernel_json(const ManifestKernel& kernel) {
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [name, value] : kernel.params) params[name] = param_json(value);
  const Resources& r = kernel.resources;
  return {{"id", kernel.id},         {"op", kernel.op},         {"arch", kernel.arch},
          {"family", kernel.family}, {"file", kernel.file},     {"params", params},
          {"resources", {{"vgpr", r.vgpr}, {"agpr", r.agpr}, {"sgpr", r.sgpr}, {"lds", r.lds},
                         {"scratch", r.scratch}}}};
}

Result<int64_t> positive_integer(std::string_view option, const std::string& text) {
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value <= 0) {
    return Status(StatusCode::kInvalidArgument, std::string(option) + " needs a positive integer, got '" + text + "'");
  }
  return value;
}

Result<harness::CaseOptions> op_case_options(const ParsedArgs& args, const harness::OpCheck& check) {
  std::set<std::string, std::less<>> own;
  std::vector<std::string> own_names;
  for (const auto& option : check.options()) {
    own.insert(option.name);
    own_names.push_back(option.name);
  }
  std::set<std::string, std::less<>> op_options;
  for (const harness::OpCheck* other : harness::op_checks()) {
    for (const auto& option : other->options()) op_options.insert(option.name);
  }
  harness::CaseOptions out;
  for (const auto& [name, value] : args.options) {
    if (own.contains(name)) {
      out[name] = value;
    } else if (op_options.contains(name)) {
      return Status(StatusCode::kInvalidArgument, "--" + name + " is not an option of " + std::string(check.op()) +
                                                      did_you_mean(name, own_names));
    }
  }
  return out;
}

}  // namespace ingot::cli
