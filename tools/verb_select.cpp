// ingot select OP --arch A [--cus N] --PARAM VALUE...: which kernel a call would get and why.
#include <charconv>
#include <iostream>

#include "cli_common.h"
#include "ingot/device.h"
#include "ingot/launch.h"
#include "ingot/select.h"
#include "verbs.h"

namespace ingot::cli {
namespace {

template <typename T>
bool parse_whole(const std::string& text, T& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

// A command-line value becomes an integer, a float scalar or a match key, by its spelling:
// "128" is M=128, "0.5" is a scalar, "bf16" is a key.
void add_problem_value(Problem& problem, const std::string& name, const std::string& value) {
  int64_t integer = 0;
  double number = 0.0;
  if (parse_whole(value, integer)) {
    problem.integer(name, integer);
  } else if (parse_whole(value, number)) {
    problem.scalar(name, number);
  } else {
    problem.key(name, value);
  }
}

// The CU count when --cus is not given: the emulator's model of the arch's full part, stated in
// the output so nobody mistakes it for a measured device.
Result<int64_t> default_cus(const std::string& arch) {
  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = arch;
  options.emu_threads = 1;
  auto device = open_emu_device(options);
  if (!device) {
    return Status(StatusCode::kInvalidArgument,
                  "pass --cus N (no default CU count for " + arch + ": " + device.status().message() + ")");
  }
  return device.value()->info().cus;
}

}  // namespace

int run_select(const ParsedArgs& args) {
  const std::string* arch = args.get("arch");
  if (arch == nullptr) return report_failure(Status(StatusCode::kInvalidArgument, "ingot select: --arch is required"));
  DeviceInfo device;
  device.arch = *arch;
  std::string cus_origin = "--cus";
  if (const std::string* cus = args.get("cus")) {
    if (!parse_whole(*cus, device.cus) || device.cus <= 0) {
      return report_failure(Status(StatusCode::kInvalidArgument, "ingot select: --cus needs a positive integer, got '" + *cus + "'"));
    }
  } else {
    auto cus_default = default_cus(*arch);
    if (!cus_default) return report_failure(cus_default.status());
    device.cus = cus_default.value();
    cus_origin = "full " + *arch + " part, as the emulator models it; pass --cus for another";
  }

  Problem problem(args.positionals.front());
  for (const auto& [name, value] : args.params) add_problem_value(problem, name, value);

  auto pack = open_pack_from(args);
  if (!pack) return report_failure(pack.status());
  auto selection = select(pack.value(), problem, device);
  if (!selection) return report_failure(selection.status());

  const ManifestKernel& k = *selection.value().kernel;
  std::cout << "kernel:  " << k.id << "\n"
            << "why:     " << selection.value().why << "\n"
            << "problem: " << problem.describe() << "\n"
            << "device:  " << device.arch << ", " << device.cus << " CUs (" << cus_origin << ")\n";
  const ProblemEnv env(problem, &device);
  std::string grid;
  for (const auto& expr : k.launch.grid) {
    auto value = expr.evaluate_int(env);
    grid += (grid.empty() ? "" : ", ") + (value ? std::to_string(value.value()) : expr.to_string());
  }
  std::cout << "launch:  grid [" << grid << "] workgroups of [" << k.launch.workgroup[0] << ", "
            << k.launch.workgroup[1] << ", " << k.launch.workgroup[2] << "]\n";
  if (auto workspace = workspace_bytes(k, problem, device); !workspace) {
    std::cout << "workspace: " << k.launch.workspace.to_string() << " bytes\n";
  } else if (workspace.value() > 0) {
    std::cout << "workspace: " << workspace.value() << " bytes (allocated by the runtime, zero-filled once)\n";
  }
  // The scalar arguments the kernel will get, derived ones included (split factors, tile counts):
  // what the manifest decided for this call besides the kernel itself.
  std::string scalars;
  for (const auto& arg : k.kernarg.args) {
    if (arg.type == ArgType::kPtr) continue;
    auto value = arg.value.evaluate(env);
    scalars += (scalars.empty() ? "" : " ") + arg.name + "=" + (value ? value_to_string(value.value()) : "?");
  }
  if (!scalars.empty()) std::cout << "args:    " << scalars << "\n";
  return kExitOk;
}

int run_not_yet_available(const ParsedArgs& args) {
  std::cerr << "ingot " << args.verb << ": not yet available (to run an op on the emulator: ingot run OP --device emu)\n";
  return kExitFailure;
}

}  // namespace ingot::cli
