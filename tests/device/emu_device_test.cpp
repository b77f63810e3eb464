// EmuDevice: the pack's kernels through the public op API on the emulator, against the CPU reference
// (tests/reference/gemm_reference.h, written independently of kernels and emulator).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "ingot/ops.h"
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
  std::vector<float> c(static_cast<size_t>(s.M * s.ldc), sentinel), expected = c, mag(c.size(), 0.0f);
  reference::gemm_bf16_f32(a.data(), b.data(), expected.data(), s, mag.data());

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
      const float tolerance = reference::gemm_bf16_tolerance(mag[i], s.K);
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
