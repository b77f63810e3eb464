// ingot list: the pack's kernels, filtered, as a table or JSON.
#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "verbs.h"

namespace ingot::cli {
namespace {

// Left-aligned columns two spaces apart; the last column unpadded.
void print_columns(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> widths(rows.front().size(), 0);
  for (const auto& row : rows) {
    for (size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      std::string cell = row[c];
      if (c + 1 < row.size()) cell.resize(widths[c] + 2, ' ');
      line += cell;
    }
    std::cout << line << "\n";
  }
}

void print_table(const std::vector<const ManifestKernel*>& kernels) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"ID", "OP", "ARCH", "VGPR", "AGPR", "SGPR", "LDS", "PARAMS"});
  for (const ManifestKernel* k : kernels) {
    const Resources& r = k->resources;
    rows.push_back({k->id, k->op, k->arch, std::to_string(r.vgpr), std::to_string(r.agpr),
                    std::to_string(r.sgpr), std::to_string(r.lds), params_text(k->params)});
  }
  print_columns(rows);
}

// One line per (family, arch) with its kernel count, then the total: what setup.sh shows after a build.
void print_summary(const std::vector<const ManifestKernel*>& kernels) {
  std::map<std::pair<std::string, std::string>, std::pair<std::string, size_t>> groups;  // -> (op, count)
  for (const ManifestKernel* k : kernels) {
    auto& group = groups[{k->family, k->arch}];
    group.first = k->op;
    ++group.second;
  }
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"FAMILY", "OP", "ARCH", "KERNELS"});
  for (const auto& [key, group] : groups) rows.push_back({key.first, group.first, key.second, std::to_string(group.second)});
  print_columns(rows);
}

}  // namespace

int run_list(const ParsedArgs& args) {
  auto pack = open_pack_from(args);
  if (!pack) return report_failure(pack.status());
  KernelQuery query;
  if (const auto* op = args.get("op")) query.op = *op;
  if (const auto* arch = args.get("arch")) query.arch = *arch;
  if (const auto* family = args.get("family")) query.family = *family;
  // A filter names a parameter some kernel of the pack has: anything else is a typo, not an empty match.
  std::set<std::string> param_names;
  for (const ManifestKernel& k : pack.value().kernels()) {
    for (const auto& [name, value] : k.params) param_names.insert(name);
  }
  for (const auto& [name, value] : args.params) {
    if (!param_names.contains(name)) {
      return report_failure(unknown_option(*find_verb("list"), name, {param_names.begin(), param_names.end()}));
    }
    query.params[name] = value;
  }
  const auto kernels = pack.value().query(query);

  if (args.has("json")) {
    nlohmann::json out = nlohmann::json::array();
    for (const ManifestKernel* k : kernels) out.push_back(kernel_json(*k));
    std::cout << out.dump(2) << "\n";
  } else if (args.has("summary")) {
    print_summary(kernels);
    std::cout << "total: " << kernels.size() << " kernels\n";
  } else {
    print_table(kernels);
    std::cout << kernels.size() << " of " << pack.value().kernels().size() << " kernels\n";
  }
  return kExitOk;
}

}  // namespace ingot::cli
