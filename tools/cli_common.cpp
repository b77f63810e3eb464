#include "cli_common.h"

#include <iostream>

#include "ingot/ops.h"

namespace ingot::cli {

int report_failure(const Status& status) {
  std::cerr << "ingot: " << status.to_string() << "\n";
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

}  // namespace ingot::cli
