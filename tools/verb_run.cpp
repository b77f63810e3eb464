// ingot run OP: one call through the public op API on a device (HIP where a GPU is present, else the
// emulator), with seeded random inputs, checked against the CPU reference: prints the device, the
// kernel and why, the largest errors and PASS/FAIL, and exits 0 only on PASS. --profile adds what the
// device measured (the emulator's profile). No timings: nothing here measures a GPU.
#include <charconv>
#include <iostream>

#include "cli_common.h"
#include "ingot/ops.h"
#include "run_gemm.h"
#include "verbs.h"

namespace ingot::cli {

int run_run(const ParsedArgs& args) {
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
    int value = 0;
    auto [ptr, ec] = std::from_chars(cus->data(), cus->data() + cus->size(), value);
    if (ec != std::errc() || ptr != cus->data() + cus->size() || value <= 0) {
      return report_failure(Status(StatusCode::kInvalidArgument, "ingot run: --cus needs a positive integer, got '" + *cus + "'"));
    }
    options.device.emu_cus = value;
  }
  auto runtime = Runtime::open(options);
  if (!runtime) return report_failure(runtime.status());
  std::cout << "device:   " << runtime.value()->device().description() << "\n";

  const std::string& op = args.positionals.front();
  if (op != "gemm") {
    return report_failure(Status(StatusCode::kUnsupported, "ingot run: op '" + op + "' has no runner yet (gemm only)"));
  }
  auto check = run_gemm(*runtime.value(), args);
  if (!check) return report_failure(check.status());
  return check.value().passed ? kExitOk : kExitFailure;
}

}  // namespace ingot::cli
