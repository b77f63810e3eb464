// Uses an installed libingot through the consumer headers alone (the test installs no tooling header):
// opens the package's pack (ingot_PACK_DIR) on the emulator, asks what a gemm needs, and selects its
// kernel through the C API, so both surfaces are proven usable from the install.
#include <cstring>
#include <iostream>

#include "ingot/ingot_c.h"
#include "ingot/ops.h"

int main() {
  // Installed outside the install prefix's bin/, the consumer must not find any pack by itself (the test
  // runs it with the build tree moved away, and the build tree's pack is only for binaries inside it).
  auto found = ingot::find_pack_dir();
  if (found.is_ok()) {
    std::cerr << "find_pack_dir() found " << found.value() << " for a program outside build tree and prefix\n";
    return 1;
  }
  std::cout << "find_pack_dir(): " << found.status().to_string() << "\n";
  ingot::RuntimeOptions options;
  options.pack_dir = std::strlen(CONSUMER_PACK_DIR) == 0 ? "/nonexistent/pack" : CONSUMER_PACK_DIR;
  options.device.choice = ingot::DeviceChoice::kEmulator;
  options.device.emu_cus = 80;
  auto runtime = ingot::Runtime::open(options);
  if (std::strlen(CONSUMER_PACK_DIR) == 0) return runtime.is_ok() ? 1 : 0;
  if (!runtime) {
    std::cerr << runtime.status().to_string() << "\n";
    return 1;
  }
  const ingot::DeviceInfo& device = runtime.value()->device_info();
  std::cout << "device: " << device.arch << ", " << device.cus << " CUs\n";

  ingot::GemmArgs args;
  args.A = 0x1000;
  args.B = 0x2000;
  args.C = 0x3000;
  args.M = 1;
  args.N = args.K = args.lda = args.ldb = args.ldc = 7168;
  auto problem = ingot::gemm_problem(args, device);
  auto workspace = problem ? runtime.value()->workspace_bytes(problem.value()) : problem.status();
  if (!workspace) {
    std::cerr << workspace.status().to_string() << "\n";
    return 1;
  }
  std::cout << "gemm M=1 N=K=7168 bf16 needs " << workspace.value() << " bytes of workspace\n";

  ingot_runtime* c_runtime = nullptr;
  if (ingot_runtime_open(CONSUMER_PACK_DIR, "emu", &c_runtime) != INGOT_OK) return 1;
  ingot_gemm_args c_args = ingot_gemm_args_init();
  c_args.m = 1;
  c_args.n = c_args.k = c_args.lda = c_args.ldb = c_args.ldc = 7168;
  char id[256] = {};
  const int status = ingot_gemm_select(c_runtime, &c_args, id, sizeof(id));
  ingot_runtime_close(c_runtime);
  if (status != INGOT_OK) return 1;
  std::cout << "C API selected " << id << "\n";
  return 0;
}
