// EmuDevice: the pack's kernels through the public op API on the emulator, against the CPU reference
// (tests/reference/gemm_reference.h, written independently of kernels and emulator).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ingot/ops.h"
#include "ingot/tooling/device.h"
#include "reference/gemm_reference.h"
#include "test_pack.h"

namespace ingot {
namespace {

std::unique_ptr<Device> emulator(const std::string& arch) {
  DeviceOptions options;
  options.choice = DeviceChoice::kEmulator;
  options.emu_arch = arch;
  options.emu_threads = 2;
  auto device = open_device(options);
  EXPECT_TRUE(device.is_ok()) << device.status().to_string();
  return device.is_ok() ? std::move(device).value() : nullptr;
}

TEST(EmuDevice, MemoryRoundTripAndBadAddresses) {
  auto device = emulator("gfx942");
  ASSERT_NE(device, nullptr);
  auto address = device->allocate(4096);
  ASSERT_TRUE(address.is_ok()) << address.status().to_string();
  EXPECT_NE(address.value(), 0u);
  std::vector<uint32_t> in(1024), out(1024, 0);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint32_t>(i * 2654435761u);
  ASSERT_TRUE(device->copy_to_device(address.value(), in.data(), 4096).is_ok());
  ASSERT_TRUE(device->copy_to_host(out.data(), address.value(), 4096).is_ok());
  EXPECT_EQ(in, out);
  EXPECT_FALSE(device->copy_to_host(out.data(), address.value() + 4096, 4).is_ok()) << "past the allocation";
  EXPECT_TRUE(device->free(address.value()).is_ok());
}

// The schedule and seed of DeviceOptions reach the emulator (its options, as the device reports them).
// That the random schedule exposes races is the emulator's own test (tests/emu_exec schedule_test); the
// e2e suite runs every pack kernel under it.
TEST(EmuDevice, ScheduleAndSeedReachTheEmulator) {
  DeviceOptions options;
  options.emu_threads = 1;
  auto deterministic = open_emu_device(options);
  ASSERT_TRUE(deterministic.is_ok()) << deterministic.status().to_string();
  EXPECT_EQ(deterministic.value()->description().find("random"), std::string::npos);
  options.emu_schedule = EmuSchedule::kRandom;
  options.emu_seed = 424242;
  auto random = open_emu_device(options);
  ASSERT_TRUE(random.is_ok()) << random.status().to_string();
  EXPECT_NE(random.value()->description().find("random wave schedule seed 424242"), std::string::npos)
      << random.value()->description();
}

// emu_threads = 0 leaves the count to the emulator, which reads $INGOT_EMU_HOST_THREADS; an explicit
// count wins over the variable; with neither, every core.
TEST(EmuDevice, ZeroThreadsLetsTheEmulatorReadItsEnvironment) {
  const char* saved = std::getenv("INGOT_EMU_HOST_THREADS");
  const std::string previous = saved != nullptr ? saved : "";
  unsetenv("INGOT_EMU_HOST_THREADS");
  DeviceOptions options;
  auto all_cores = open_emu_device(options);
  setenv("INGOT_EMU_HOST_THREADS", "3", 1);
  auto from_env = open_emu_device(options);
  options.emu_threads = 2;
  auto explicit_count = open_emu_device(options);
  if (saved != nullptr) {
    setenv("INGOT_EMU_HOST_THREADS", previous.c_str(), 1);
  } else {
    unsetenv("INGOT_EMU_HOST_THREADS");
  }
  ASSERT_TRUE(all_cores.is_ok() && from_env.is_ok() && explicit_count.is_ok());
  const std::string cores = std::to_string(std::max(1u, std::thread::hardware_concurrency()));
  EXPECT_NE(all_cores.value()->description().find("(libingot_emu, " + cores + " host threads"), std::string::npos)
      << all_cores.value()->description();
  EXPECT_NE(from_env.value()->description().find("(libingot_emu, 3 host threads"), std::string::npos)
      << from_env.value()->description();
  EXPECT_NE(explicit_count.value()->description().find("(libingot_emu, 2 host threads"), std::string::npos)
      << explicit_count.value()->description();
}

TEST(EmuDevice, RefusesCodeForAnotherArch) {
  const auto pack_dir = testing::real_pack_dir();
  if (pack_dir.empty()) GTEST_SKIP() << "no built pack";
  auto pack = Pack::open(pack_dir);
  ASSERT_TRUE(pack.is_ok());
  const ManifestKernel* gfx950 = nullptr;
  for (const auto& k : pack.value().kernels()) {
    if (k.arch == "gfx950") gfx950 = &k;
  }
  if (gfx950 == nullptr) GTEST_SKIP() << "no gfx950 kernel in the pack";
  auto code = pack.value().load_code_object(*gfx950);
  ASSERT_TRUE(code.is_ok()) << code.status().to_string();
  auto device = emulator("gfx942");
  ASSERT_NE(device, nullptr);
  auto module = device->load_module(code.value());
  ASSERT_FALSE(module.is_ok());
  EXPECT_EQ(module.status().code(), StatusCode::kArchMismatch);
}

class EmuGemm : public ::testing::TestWithParam<std::string> {};

TEST_P(EmuGemm, MatchesTheCpuReferenceWithTails) {
  const auto pack_dir = testing::real_pack_dir();
  if (pack_dir.empty()) GTEST_SKIP() << "no built pack";
  auto pack = Pack::open(pack_dir);
  ASSERT_TRUE(pack.is_ok());
  auto device = emulator(GetParam());
  ASSERT_NE(device, nullptr);
  auto runtime = Runtime::create(std::move(pack).value(), std::move(device));

  // Tails in M and N, K a multiple of 8 but not of the K tile, ldc > N to catch stray column writes.
  reference::GemmShape s{70, 90, 40, 40, 48, 96};
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<uint16_t> a(static_cast<size_t>(s.M * s.lda)), b(static_cast<size_t>(s.N * s.ldb));
  for (auto& x : a) x = reference::float_to_bf16(dist(rng));
  for (auto& x : b) x = reference::float_to_bf16(dist(rng));
  const float sentinel = 12345.0f;
  std::vector<float> c(static_cast<size_t>(s.M * s.ldc), sentinel), expected = c;
  // exact and mag are M x N (row stride N): the fp32 value and sum |a*b| that gemm_tolerance scales with.
  std::vector<float> exact(static_cast<size_t>(s.M * s.N)), mag(exact.size());
  reference::GemmArgsRef ref_args;  // bf16 in, f32 out, alpha 1, no bias: what args below ask for
  reference::gemm(a.data(), b.data(), expected.data(), s, ref_args, exact.data(), mag.data());

  Device& dev = runtime->device();
  auto da = dev.allocate(a.size() * 2), db = dev.allocate(b.size() * 2), dc = dev.allocate(c.size() * 4);
  ASSERT_TRUE(da.is_ok() && db.is_ok() && dc.is_ok());
  ASSERT_TRUE(dev.copy_to_device(da.value(), a.data(), a.size() * 2).is_ok());
  ASSERT_TRUE(dev.copy_to_device(db.value(), b.data(), b.size() * 2).is_ok());
  ASSERT_TRUE(dev.copy_to_device(dc.value(), c.data(), c.size() * 4).is_ok());

  GemmArgs args;
  args.A = da.value();
  args.B = db.value();
  args.C = dc.value();
  args.M = s.M;
  args.N = s.N;
  args.K = s.K;
  args.lda = s.lda;
  args.ldb = s.ldb;
  args.ldc = s.ldc;
  Status status = runtime->gemm(args);
  ASSERT_TRUE(status.is_ok()) << status.to_string();
  ASSERT_TRUE(dev.synchronize().is_ok());
  ASSERT_TRUE(dev.copy_to_host(c.data(), dc.value(), c.size() * 4).is_ok());

  int bad = 0;
  for (int64_t m = 0; m < s.M; ++m) {
    for (int64_t n = 0; n < s.ldc; ++n) {
      const size_t i = static_cast<size_t>(m * s.ldc + n);
      const size_t e = static_cast<size_t>(m * s.N + n);
      const float tolerance =
          n < s.N ? reference::gemm_tolerance(reference::DType::kF32, exact[e], mag[e], s.K, 1.0f) : 0.0f;
      if (std::fabs(c[i] - expected[i]) > tolerance && bad++ < 10) {
        ADD_FAILURE() << "C[" << m << "][" << n << "] = " << c[i] << ", expected " << expected[i]
                      << (n >= s.N ? " (padding column: must be untouched)" : "");
      }
    }
  }
  EXPECT_EQ(bad, 0);
}

INSTANTIATE_TEST_SUITE_P(Archs, EmuGemm, ::testing::Values("gfx942", "gfx950"));

}  // namespace
}  // namespace ingot
