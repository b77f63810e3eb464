// Uses an installed libingot through the consumer headers alone (the test installs no tooling header):
// opens the package's pack (ingot_PACK_DIR) on the emulator, asks what a gemm needs, runs a small bf16
// gemm through the C++ Runtime (allocate, copy, launch, synchronize, copy back) against a reference
// computed here, and selects a kernel through the C API, so both surfaces are proven usable from the install.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <vector>

#include "ingot/ingot_c.h"
#include "ingot/ops.h"

namespace {

// The inputs are multiples of 1/4 in [-1, 1]: exact in bf16 (its top 16 bits of the f32 encoding) and
// exact in every f32 partial sum for K <= 64, so the reference below is the exact product.
uint16_t to_bf16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return static_cast<uint16_t>(bits >> 16);
}
float input_value(int64_t row, int64_t col, int64_t salt) {
  return static_cast<float>((row * 7 + col * 3 + salt) % 9 - 4) / 4.0f;
}

// C[M,N] = A[M,K].B[N,K]^T through the C++ Runtime only; 0 when C matches the reference computed here.
int run_gemm_through_the_runtime(ingot::Runtime& runtime) {
  const int64_t M = 100, N = 72, K = 64;
  std::vector<uint16_t> a(M * K), b(N * K);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t k = 0; k < K; ++k) a[i * K + k] = to_bf16(input_value(i, k, 1));
  for (int64_t j = 0; j < N; ++j)
    for (int64_t k = 0; k < K; ++k) b[j * K + k] = to_bf16(input_value(j, k, 5));
  std::vector<float> c(M * N, NAN);

  auto A = runtime.allocate(a.size() * 2), B = runtime.allocate(b.size() * 2), C = runtime.allocate(c.size() * 4);
  if (!A || !B || !C) {
    std::cerr << "allocate failed\n";
    return 1;
  }
  ingot::GemmArgs args;
  args.A = A.value();
  args.B = B.value();
  args.C = C.value();
  args.M = M;
  args.N = N;
  args.K = K;
  ingot::Status status = runtime.copy_to_device(args.A, a.data(), a.size() * 2);
  if (status.is_ok()) status = runtime.copy_to_device(args.B, b.data(), b.size() * 2);
  if (status.is_ok()) status = runtime.copy_to_device(args.C, c.data(), c.size() * 4);
  if (status.is_ok()) status = ingot::gemm(runtime, args);
  if (status.is_ok()) status = runtime.synchronize();
  if (status.is_ok()) status = runtime.copy_to_host(c.data(), args.C, c.size() * 4);
  for (uint64_t address : {args.A, args.B, args.C}) {
    const ingot::Status freed = runtime.free(address);
    if (status.is_ok()) status = freed;
  }
  if (!status.is_ok()) {
    std::cerr << "gemm through the Runtime: " << status.to_string() << "\n";
    return 1;
  }
  int64_t wrong = 0;
  for (int64_t i = 0; i < M; ++i) {
    for (int64_t j = 0; j < N; ++j) {
      double expected = 0;
      for (int64_t k = 0; k < K; ++k) expected += double(input_value(i, k, 1)) * double(input_value(j, k, 5));
      if (!(std::fabs(c[i * N + j] - expected) <= 1e-6)) {
        if (wrong++ < 3) std::cerr << "C[" << i << "," << j << "] = " << c[i * N + j] << ", expected " << expected << "\n";
      }
    }
  }
  if (wrong != 0) {
    std::cerr << wrong << " of " << M * N << " outputs differ from the reference\n";
    return 1;
  }
  std::cout << "gemm " << M << "x" << N << "x" << K << " bf16 through the C++ Runtime matches the reference\n";
  return 0;
}

}  // namespace

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
  if (run_gemm_through_the_runtime(*runtime.value()) != 0) return 1;

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
