// ingot validate: proves manifest, files and code objects agree (ingot::validate_pack).
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "ingot/tooling/validate.h"
#include "verbs.h"

namespace ingot::cli {

int run_validate(const ParsedArgs& args) {
  auto dir = pack_dir_from(args);
  if (!dir) return report_failure(dir.status());
  const ValidationReport report = validate_pack(dir.value());
  if (args.has("json")) {
    nlohmann::json issues = nlohmann::json::array();
    for (const auto& issue : report.issues) issues.push_back(issue.to_string());
    const nlohmann::json out = {{"ok", report.ok()}, {"pack", dir.value().string()},
                                {"kernels_checked", report.kernels_checked}, {"files_checked", report.files_checked},
                                {"issues", issues}};
    std::cout << out.dump(1) << "\n";
    return report.ok() ? kExitOk : kExitFailure;
  }
  if (report.ok()) {
    std::cout << "ok: " << report.kernels_checked << " kernels, " << report.files_checked << " files in "
              << dir.value().string() << "\n";
    return kExitOk;
  }
  for (const auto& issue : report.issues) std::cout << issue.to_string() << "\n";
  std::cerr << "ingot validate: " << report.issues.size() << " problem(s) in " << dir.value().string() << "\n";
  return kExitFailure;
}

}  // namespace ingot::cli
