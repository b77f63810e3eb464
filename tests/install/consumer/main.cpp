// Uses an installed libingot: opens the package's pack (ingot_PACK_DIR), lists its kernels, selects a
// gemm kernel; also calls the C API so both headers are proven usable from the install.
#include <cstring>
#include <iostream>

#include "ingot/ingot_c.h"
#include "ingot/ops.h"
#include "ingot/runtime.h"

int main() {
  // Installed outside the install prefix's bin/, the consumer must not find any pack by itself (the test
  // runs it with the build tree moved away, and the build tree's pack is only for binaries inside it).
  auto found = ingot::find_pack_dir();
  if (found.is_ok()) {
    std::cerr << "find_pack_dir() found " << found.value() << " for a program outside build tree and prefix\n";
    return 1;
  }
  std::cout << "find_pack_dir(): " << found.status().to_string() << "\n";
  if (std::strlen(CONSUMER_PACK_DIR) == 0) {
    auto pack = ingot::Pack::open("/nonexistent/pack");
    return pack.is_ok() ? 1 : 0;
  }
  auto pack = ingot::Pack::open(CONSUMER_PACK_DIR);
  if (!pack) {
    std::cerr << pack.status().to_string() << "\n";
    return 1;
  }
  std::cout << pack.value().kernels().size() << " kernels\n";
  for (const auto& kernel : pack.value().kernels()) std::cout << "  " << kernel.id << " (" << kernel.arch << ")\n";

  ingot::GemmArgs args;
  args.A = 0x1000;
  args.B = 0x2000;
  args.C = 0x3000;
  args.M = args.N = args.K = args.lda = args.ldb = args.ldc = 256;
  ingot::DeviceInfo device;
  device.arch = pack.value().kernels().front().arch;
  device.cus = 80;
  auto selection = ingot::select(pack.value(), ingot::gemm_problem(args, device).value(), device);
  if (!selection) {
    std::cerr << selection.status().to_string() << "\n";
    return 1;
  }
  std::cout << "selected " << selection.value().kernel->id << ": " << selection.value().why << "\n";

  ingot_runtime* runtime = nullptr;
  const int status = ingot_runtime_open("/nonexistent/pack", "emu", &runtime);
  if (status == INGOT_OK || runtime != nullptr) return 1;
  std::cout << "C API: " << ingot_status_name(status) << "\n";
  return 0;
}
