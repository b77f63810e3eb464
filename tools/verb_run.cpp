// ingot run OP: one call through the public op API on a device (HIP where a GPU is present, else the
// emulator), with seeded random inputs. Prints the device, the kernel and why, a checksum of the
// output, and what the device measured (the emulator's profile). No timings: nothing here measures
// a GPU, and emulator wall time says nothing about one.
#include <charconv>
#include <cstring>
#include <iostream>
#include <random>
#include <vector>

#include "cli_common.h"
#include "ingot/ops.h"
#include "verbs.h"

namespace ingot::cli {
namespace {

Result<int64_t> int_option(const ParsedArgs& args, std::string_view name, std::optional<int64_t> fallback) {
  for (const auto& [param, value] : args.params) {
    if (param != name) continue;
    int64_t out = 0;
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), out);
    if (ec != std::errc() || ptr != value.data() + value.size()) {
      return Status(StatusCode::kInvalidArgument, "ingot run: --" + std::string(name) + " needs an integer, got '" + value + "'");
    }
    return out;
  }
  if (fallback) return *fallback;
  return Status(StatusCode::kInvalidArgument, "ingot run: --" + std::string(name) + " is required");
}

// Round to nearest even; inputs are finite values in [-1, 1].
uint16_t to_bf16(float value) {
  uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}

// A device buffer freed on scope exit.
struct DeviceBuffer {
  Device& device;
  uint64_t address = 0;
  ~DeviceBuffer() {
    if (address != 0) (void)device.free(address);
  }
};

Status run_gemm(Runtime& runtime, const ParsedArgs& args) {
  auto M = int_option(args, "M", std::nullopt), N = int_option(args, "N", std::nullopt), K = int_option(args, "K", std::nullopt);
  if (!M) return M.status();
  if (!N) return N.status();
  if (!K) return K.status();
  auto lda = int_option(args, "lda", K.value()), ldb = int_option(args, "ldb", K.value()), ldc = int_option(args, "ldc", N.value());
  if (!lda) return lda.status();
  if (!ldb) return ldb.status();
  if (!ldc) return ldc.status();
  if (M.value() <= 0 || N.value() <= 0 || K.value() < 0 || lda.value() < K.value() || ldb.value() < K.value() ||
      ldc.value() < N.value()) {
    return Status(StatusCode::kInvalidArgument, "ingot run: need M, N >= 1, K >= 0, lda, ldb >= K and ldc >= N");
  }
  GemmArgs gemm;
  gemm.M = M.value();
  gemm.N = N.value();
  gemm.K = K.value();
  gemm.lda = lda.value();
  gemm.ldb = ldb.value();
  gemm.ldc = ldc.value();
  // Selection first: a problem no kernel accepts should not allocate anything.
  auto selection = runtime.select(gemm_problem(gemm));
  if (!selection) return selection.status();
  std::cout << "kernel:   " << selection.value().kernel->id << "\n"
            << "why:      " << selection.value().why << "\n";

  auto seed = int_option(args, "seed", 1);
  if (!seed) return seed.status();
  std::mt19937 rng(static_cast<uint32_t>(seed.value()));
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<uint16_t> a(static_cast<size_t>(gemm.M * gemm.lda)), b(static_cast<size_t>(gemm.N * gemm.ldb));
  for (auto& x : a) x = to_bf16(dist(rng));
  for (auto& x : b) x = to_bf16(dist(rng));
  std::vector<float> c(static_cast<size_t>(gemm.M * gemm.ldc), 0.0f);

  Device& device = runtime.device();
  DeviceBuffer da{device}, db{device}, dc{device};
  for (auto [buffer, bytes] : {std::pair{&da, a.size() * 2}, std::pair{&db, b.size() * 2}, std::pair{&dc, c.size() * 4}}) {
    auto address = device.allocate(bytes);
    if (!address) return address.status();
    buffer->address = address.value();
  }
  INGOT_RETURN_IF_ERROR(device.copy_to_device(da.address, a.data(), a.size() * 2));
  INGOT_RETURN_IF_ERROR(device.copy_to_device(db.address, b.data(), b.size() * 2));
  INGOT_RETURN_IF_ERROR(device.copy_to_device(dc.address, c.data(), c.size() * 4));
  gemm.A = da.address;
  gemm.B = db.address;
  gemm.C = dc.address;
  INGOT_RETURN_IF_ERROR(runtime.gemm(gemm));
  INGOT_RETURN_IF_ERROR(device.synchronize());
  INGOT_RETURN_IF_ERROR(device.copy_to_host(c.data(), dc.address, c.size() * 4));

  double checksum = 0.0;
  for (int64_t m = 0; m < gemm.M; ++m) {
    for (int64_t n = 0; n < gemm.N; ++n) checksum += c[static_cast<size_t>(m * gemm.ldc + n)];
  }
  std::cout << "checksum: " << checksum << " (sum of C, inputs uniform in [-1, 1] from seed " << seed.value() << ")\n";
  const std::string report = device.last_launch_report();
  if (!report.empty()) std::cout << "\n" << report << (report.back() == '\n' ? "" : "\n");
  return Status::ok();
}

}  // namespace

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
  Status status = op == "gemm" ? run_gemm(*runtime.value(), args)
                               : Status(StatusCode::kUnsupported, "ingot run: op '" + op + "' has no runner yet (gemm only)");
  if (!status.is_ok()) return report_failure(status);
  return kExitOk;
}

}  // namespace ingot::cli
