// ingot select OP --arch A [--cus N] [OP's options] [--NAME VALUE]...: which kernel a call would get and
// why. The problem is the op's own (the op's check builds it from the options `ingot run OP` takes);
// raw --NAME VALUE pairs then set or override problem values by their manifest names.
#include <charconv>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "ingot/tooling/arch.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "ingot/op.h"
#include "ingot/tooling/select.h"
#include "verbs.h"

namespace ingot::cli {
namespace {

template <typename T>
bool parse_whole(const std::string& text, T& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

// A raw value becomes an integer, a float scalar or a match key by its spelling: "128" is M=128,
// "true"/"false" are 1/0 (the manifest's booleans are matched as integers), "0.5" is a scalar, "bf16" a key.
void add_problem_value(Problem& problem, const std::string& name, const std::string& value) {
  int64_t integer = 0;
  double number = 0.0;
  if (value == "true" || value == "false") {
    problem.integer(name, value == "true" ? 1 : 0);
  } else if (parse_whole(value, integer)) {
    problem.integer(name, integer);
  } else if (parse_whole(value, number)) {
    problem.scalar(name, number);
  } else {
    problem.key(name, value);
  }
}

// Names a raw value may have: the op's problem variables (the names its kernels' match keys and
// expressions see), or for an op without a unit in the op layer, what its kernels match on or take.
std::vector<std::string> raw_names(const Pack& pack, const Problem& problem) {
  std::set<std::string> names;
  if (const Op* op = find_op(problem.op)) {
    for (const ProblemVar& var : op->problem_vars()) names.insert(std::string(var.name));
  } else {
    for (const ManifestKernel& k : pack.kernels()) {
      if (k.op != problem.op) continue;
      for (const auto& [name, value] : k.match) names.insert(name);
      for (const auto& arg : k.kernarg.args) names.insert(arg.name);
    }
  }
  return {names.begin(), names.end()};
}

}  // namespace

int run_select(const ParsedArgs& args) {
  const std::string* arch = args.get("arch");
  if (arch == nullptr) return report_failure(Status(StatusCode::kInvalidArgument, "--arch is required"));
  DeviceInfo device;
  device.arch = *arch;
  std::string cus_origin = "--cus";
  if (const std::string* cus = args.get("cus")) {
    auto value = positive_integer("--cus", *cus);
    if (!value) return report_failure(value.status());
    device.cus = value.value();
  } else if (const ArchInfo* facts = find_arch(*arch)) {
    device.cus = facts->cus;
    cus_origin = "full " + *arch + " part, from the arch table; pass --cus for another";
  } else {
    return report_failure(Status(StatusCode::kInvalidArgument, "no CU count known for " + *arch + ": pass --cus N"));
  }

  const std::string& op = args.positionals.front();
  auto pack = open_pack_from(args);
  if (!pack) return report_failure(pack.status());
  Problem problem(op);
  if (const harness::OpCheck* check = harness::find_op_check(op)) {
    auto options = op_case_options(args, *check);
    if (!options) return report_failure(options.status());
    if (!options.value().empty()) {
      auto built = check->problem(options.value(), device);
      if (!built) return report_failure(built.status());
      problem = built.value();
    }
  }
  const std::vector<std::string> known = raw_names(pack.value(), problem);
  for (const auto& [name, value] : args.params) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      return report_failure(unknown_option(*find_verb("select"), name, known));
    }
    add_problem_value(problem, name, value);
  }

  auto selection = select(pack.value(), problem, device);
  if (!selection) return report_failure(selection.status());

  const ManifestKernel& k = *selection.value().kernel;
  const ProblemEnv env(problem, &device);
  std::vector<int64_t> grid_values;
  std::string grid;
  for (const auto& expr : k.launch.grid) {
    auto value = expr.evaluate_int(env);
    grid += (grid.empty() ? "" : ", ") + (value ? std::to_string(value.value()) : expr.to_string());
    grid_values.push_back(value ? value.value() : -1);
  }
  auto workspace = workspace_bytes(k, problem, device);
  // The scalar arguments the kernel will get, derived ones included (split factors, tile counts):
  // what the manifest decided for this call besides the kernel itself.
  std::string scalars;
  nlohmann::json scalar_json = nlohmann::json::object();
  for (const auto& arg : k.kernarg.args) {
    if (arg.type == ArgType::kPtr) continue;
    auto value = arg.value.evaluate(env);
    const std::string text = value ? value_to_string(value.value()) : "?";
    scalars += (scalars.empty() ? "" : " ") + arg.name + "=" + text;
    scalar_json[arg.name] = text;
  }
  if (args.has("json")) {
    nlohmann::json out = {{"kernel", k.id},
                          {"why", selection.value().why},
                          {"problem", problem.describe()},
                          {"device", {{"arch", device.arch}, {"cus", device.cus}}},
                          {"grid", grid_values},
                          {"workgroup", {k.launch.workgroup[0], k.launch.workgroup[1], k.launch.workgroup[2]}},
                          {"workspace", workspace ? nlohmann::json(workspace.value()) : nlohmann::json()},
                          {"args", scalar_json}};
    std::cout << out.dump(1) << "\n";
    return kExitOk;
  }
  std::cout << "kernel:  " << k.id << "\n"
            << "why:     " << selection.value().why << "\n"
            << "problem: " << problem.describe() << "\n"
            << "device:  " << device.arch << ", " << device.cus << " CUs (" << cus_origin << ")\n";
  std::cout << "launch:  grid [" << grid << "] workgroups of [" << k.launch.workgroup[0] << ", "
            << k.launch.workgroup[1] << ", " << k.launch.workgroup[2] << "]\n";
  if (!workspace) {
    std::cout << "workspace: " << k.launch.workspace.to_string() << " bytes\n";
  } else if (workspace.value() > 0) {
    std::cout << "workspace: " << workspace.value() << " bytes (allocated by the runtime, zero-filled once)\n";
  }
  if (!scalars.empty()) std::cout << "args:    " << scalars << "\n";
  return kExitOk;
}

int run_not_yet_available(const ParsedArgs& args) {
  std::cerr << "ingot " << args.verb << ": not yet available (to run an op on the emulator: ingot run OP --device emu)\n";
  return kExitFailure;
}

}  // namespace ingot::cli
