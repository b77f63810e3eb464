// Uses an installed libingot: opens a pack, lists its kernels, selects a gemm kernel; also calls the
// C API so both headers are proven usable from the install.
#include <cstring>
#include <iostream>

#include "ingot/ingot_c.h"
#include "ingot/ops.h"

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--expect-no-pack") == 0) {
    auto pack = ingot::Pack::open(argv[2]);
    if (pack.is_ok()) return 1;
    std::cout << "no pack, as expected: " << pack.status().to_string() << "\n";
    return 0;
  }
  if (argc != 2) {
    std::cerr << "usage: consumer PACK_DIR\n";
    return 2;
  }
  auto pack = ingot::Pack::open(argv[1]);
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
