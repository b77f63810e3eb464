// ingot run OP: one op call on a device (HIP where a GPU is present, else the emulator) with seeded
// random inputs, through the checking harness (tests/harness): the op's check builds the case, the
// kernel is the one the call selects, guard bytes surround every buffer, and the output is compared with
// the CPU reference element by element. Prints the device, the kernel and why, the largest errors and
// PASS/FAIL (or --json); exits 0 only on PASS. --profile adds what the device measured (the emulator's
// profile); --timing turns on the emulator's timing mode and prints the profile with its MODELED time
// (--timing-workgroups: which workgroups it traces).
// Nothing here measures a GPU.
#include <charconv>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "ingot/ops.h"
#include "op_check.h"
#include "verbs.h"

namespace ingot::cli {
namespace {

Result<uint32_t> seed_from(const ParsedArgs& args) {
  const std::string* text = args.get("seed");
  if (text == nullptr) return 1u;
  int64_t seed = 0;
  auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), seed);
  if (ec != std::errc() || ptr != text->data() + text->size() || text->empty()) {
    return Status(StatusCode::kInvalidArgument, "--seed needs an integer, got '" + *text + "'");
  }
  return static_cast<uint32_t>(seed);
}

// The element types OP's kernels in this pack take for a dtype option (--dtype: dtype_a or dtype;
// --out: dtype_c): a type no kernel has is refused naming the ones the pack really has, before any
// case is built.
Status check_dtypes_in_pack(const ParsedArgs& args, std::string_view op, const Pack& pack) {
  const std::pair<const char*, std::vector<const char*>> options[] = {{"dtype", {"dtype_a", "dtype"}}, {"out", {"dtype_c"}}};
  for (const auto& [option, keys] : options) {
    const std::string* wanted = args.get(option);
    if (wanted == nullptr) continue;
    std::set<std::string> available;
    for (const ManifestKernel& kernel : pack.kernels()) {
      if (kernel.op != op) continue;
      for (const char* key : keys) {
        auto it = kernel.match.find(key);
        if (it != kernel.match.end()) available.insert(param_to_string(it->second));
      }
    }
    if (available.empty() || available.contains(*wanted)) continue;
    std::string list;
    for (const std::string& type : available) list += (list.empty() ? "" : ", ") + type;
    return Status(StatusCode::kInvalidArgument, "--" + std::string(option) + " " + *wanted + ": the pack's " +
                                                    std::string(op) + " kernels take " + list);
  }
  return Status::ok();
}

// --timing-workgroups planes|first|all|LIST (LIST: linear workgroup indices, comma separated) into the
// device options; only with --timing, which it qualifies.
Status timing_workgroups_from(const ParsedArgs& args, DeviceOptions& device) {
  const std::string* text = args.get("timing-workgroups");
  if (text == nullptr) return Status::ok();
  if (!device.emu_timing) {
    return Status(StatusCode::kInvalidArgument, "--timing-workgroups chooses what --timing traces: give --timing too");
  }
  if (*text == "planes") {
    device.emu_timing_trace = EmuTimingTrace::kPlanes;
  } else if (*text == "first") {
    device.emu_timing_trace = EmuTimingTrace::kFirst;
  } else if (*text == "all") {
    device.emu_timing_trace = EmuTimingTrace::kAll;
  } else {
    device.emu_timing_trace = EmuTimingTrace::kList;
    const char* next = text->data();
    const char* const end = text->data() + text->size();
    while (true) {
      uint64_t index = 0;
      auto [ptr, ec] = std::from_chars(next, end, index);
      if (ec != std::errc() || (ptr != end && *ptr != ',')) {
        return Status(StatusCode::kInvalidArgument, "--timing-workgroups takes planes, first, all or linear workgroup "
                                                    "indices separated by commas (e.g. 0,12,40), got '" + *text + "'");
      }
      device.emu_timing_workgroups.push_back(index);
      if (ptr == end) break;
      next = ptr + 1;
    }
  }
  return Status::ok();
}

}  // namespace

int run_run(const ParsedArgs& args) {
  const std::string& op = args.positionals.front();
  const harness::OpCheck* check = harness::find_op_check(op);
  if (check == nullptr) return report_failure(Status(StatusCode::kUnsupported, "op '" + op + "' has no check in the harness"));
  auto case_options = op_case_options(args, *check);
  if (!case_options) return report_failure(case_options.status());
  auto seed = seed_from(args);
  if (!seed) return report_failure(seed.status());

  RuntimeOptions options;
  if (auto dir = pack_dir_from(args); dir) {
    options.pack_dir = dir.value();
  } else {
    return report_failure(dir.status());
  }
  if (const std::string* device = args.get("device")) {
    auto choice = parse_device_choice(*device);
    if (!choice) return report_failure(choice.status());
    options.device.choice = choice.value();
  }
  if (const std::string* arch = args.get("arch")) options.device.emu_arch = *arch;
  if (const std::string* cus = args.get("cus")) {
    auto value = positive_integer("--cus", *cus);
    if (!value) return report_failure(value.status());
    options.device.emu_cus = static_cast<int>(value.value());
  }
  const bool json = args.has("json");
  const bool with_profile = args.has("profile") || args.has("timing");
  options.device.emu_timing = args.has("timing");
  if (Status s = timing_workgroups_from(args, options.device); !s.is_ok()) return report_failure(s);
  auto runtime = Runtime::open(options);
  if (!runtime) return report_failure(runtime.status());
  Runtime& rt = *runtime.value();
  if (Status s = check_dtypes_in_pack(args, op, rt.pack()); !s.is_ok()) return report_failure(s);
  nlohmann::json report = {{"device", rt.device().description()}, {"op", op}, {"seed", seed.value()}};
  if (!json) std::cout << "device:   " << rt.device().description() << "\ninputs:   seed " << seed.value() << "\n";

  auto hc = check->make_case(case_options.value(), rt.device().info(), seed.value());
  if (!hc) return report_failure(hc.status());
  // Selection first: a shape no kernel accepts allocates nothing and prints the reason.
  auto run = harness::run_selected(rt.pack(), rt.modules(), rt.device(), hc.value(), [&](const Selection& selection) {
    report["kernel"] = selection.kernel->id;
    report["why"] = selection.why;
    if (!json) std::cout << "kernel:   " << selection.kernel->id << "\nwhy:      " << selection.why << "\n";
  });
  if (!run) return report_failure(run.status());

  const bool passed = run.value().failures.empty();
  report["failures"] = run.value().failures;
  report["passed"] = passed;
  if (const auto& stats = hc.value().stats) {
    report["max_abs_error"] = stats->max_abs;
    report["max_rel_error"] = stats->max_rel;
    report["worst_error_over_tolerance"] = stats->worst_ratio;
    report["elements_outside_tolerance"] = stats->outside;
  }
  const std::string profile = with_profile ? rt.device().last_launch_report() : std::string();
  if (with_profile) report["profile"] = profile;
  if (json) {
    std::cout << report.dump(1) << "\n";
    return passed ? kExitOk : kExitFailure;
  }
  if (const auto& stats = hc.value().stats) {
    for (const std::string& line : stats->report()) std::cout << line << "\n";
  }
  for (const std::string& line : run.value().failures) std::cout << line << "\n";
  if (with_profile) {
    std::cout << "\n" << (profile.empty() ? std::string("(this device has no profile)\n") : profile)
              << (profile.empty() || profile.back() == '\n' ? "" : "\n") << "\n";
  }
  std::cout << (passed ? "PASS" : "FAIL") << "\n";
  return passed ? kExitOk : kExitFailure;
}

}  // namespace ingot::cli
