// The module cache: lazy, once per kernel even under racing threads, and only verified bytes reach
// the device. Runs under ThreadSanitizer in a -DINGOT_TSAN=ON build (ctest label "tsan").
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>
#include <vector>

#include "fake_device.h"
#include "ingot/tooling/device.h"
#include "test_pack.h"

namespace ingot {
namespace {

using testing::FakeDevice;

// Kernels that exist only as manifest entries; the source stands in for Pack::load_code_object.
std::vector<ManifestKernel> fake_kernels(int count) {
  std::vector<ManifestKernel> kernels(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    kernels[static_cast<size_t>(i)].id = "kernel_" + std::to_string(i);
    kernels[static_cast<size_t>(i)].symbol = "kernel_" + std::to_string(i);
    kernels[static_cast<size_t>(i)].arch = "gfx942";
  }
  return kernels;
}

struct CountingSource {
  std::shared_ptr<std::atomic<int>> calls = std::make_shared<std::atomic<int>>(0);
  Result<VerifiedCodeObject> operator()(const ManifestKernel& kernel) const {
    ++*calls;
    // Widen the race window: every thread that arrives during a load must wait for it.
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    VerifiedCodeObject code;
    code.kernel = &kernel;
    code.bytes = {0x7f, 'E', 'L', 'F'};
    code.code_object.arch = kernel.arch;
    return code;
  }
};

TEST(ModuleCache, RacingFirstUseLoadsEachKernelExactlyOnce) {
  constexpr int kKernels = 4;
  constexpr int kThreads = 16;
  constexpr int kRounds = 20;
  const auto kernels = fake_kernels(kKernels);
  FakeDevice device;
  CountingSource source;
  ModuleCache cache(source, device);

  std::atomic<bool> go{false};
  std::vector<std::vector<uint64_t>> handles(kThreads, std::vector<uint64_t>(kKernels, 0));
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      while (!go.load()) std::this_thread::yield();
      for (int round = 0; round < kRounds; ++round) {
        for (int k = 0; k < kKernels; ++k) {
          // Threads walk the kernels in different orders so first uses collide on every kernel.
          const int which = (k + t) % kKernels;
          auto handle = cache.kernel(kernels[static_cast<size_t>(which)]);
          if (!handle) { ++failures; continue; }
          auto& seen = handles[static_cast<size_t>(t)][static_cast<size_t>(which)];
          if (seen != 0 && seen != handle.value().value) ++failures;
          seen = handle.value().value;
        }
      }
    });
  }
  go = true;
  for (auto& thread : threads) thread.join();

  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(source.calls->load(), kKernels) << "each code object read and verified once";
  EXPECT_EQ(device.module_loads.load(), kKernels) << "each module loaded onto the device once";
  EXPECT_EQ(cache.loaded(), static_cast<size_t>(kKernels));
  for (int k = 0; k < kKernels; ++k) {
    for (int t = 1; t < kThreads; ++t) {
      EXPECT_EQ(handles[static_cast<size_t>(t)][static_cast<size_t>(k)], handles[0][static_cast<size_t>(k)])
          << "all threads get the same handle for kernel " << k;
    }
  }
}

TEST(ModuleCache, AFailedLoadIsNotCachedAndNeverReachesTheDevice) {
  const auto kernels = fake_kernels(1);
  FakeDevice device;
  int calls = 0;
  ModuleCache cache(
      [&calls](const ManifestKernel& kernel) -> Result<VerifiedCodeObject> {
        if (++calls == 1) return Status(StatusCode::kIntegrityError, kernel.id + ": sha256 differs");
        VerifiedCodeObject code;
        code.kernel = &kernel;
        code.code_object.arch = kernel.arch;
        return code;
      },
      device);
  auto first = cache.kernel(kernels[0]);
  ASSERT_FALSE(first.is_ok());
  EXPECT_EQ(first.status().code(), StatusCode::kIntegrityError);
  EXPECT_EQ(device.module_loads.load(), 0);
  auto second = cache.kernel(kernels[0]);
  ASSERT_TRUE(second.is_ok()) << second.status().to_string();
  EXPECT_EQ(device.module_loads.load(), 1);
  EXPECT_EQ(calls, 2);
}

// With the real pack: the bytes the device gets are the file's bytes, and a tampered file is
// refused before any byte reaches the device.
TEST(ModuleCache, RealPackBytesAreVerifiedBeforeTheDeviceSeesThem) {
  const auto pack_dir = testing::real_pack_dir();
  if (pack_dir.empty()) GTEST_SKIP() << "no built pack (build the `pack` target)";
  const auto copy = testing::copy_pack(pack_dir, "module_cache");
  auto pack = Pack::open(copy);
  ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
  const ManifestKernel& kernel = pack.value().kernels().front();
  FakeDevice device(kernel.arch);
  ModuleCache cache(pack.value(), device);

  auto handle = cache.kernel(kernel);
  ASSERT_TRUE(handle.is_ok()) << handle.status().to_string();
  ASSERT_EQ(device.loaded_bytes.size(), 1u);
  EXPECT_EQ(device.loaded_bytes[0], testing::read_file(copy / kernel.file));
  EXPECT_EQ(device.kernel_symbols.at(0), kernel.symbol);

  // Flip one byte of another kernel's file: its first use fails with an integrity error.
  const ManifestKernel& other = pack.value().kernels().back();
  ASSERT_NE(&other, &kernel);
  testing::flip_byte(copy / other.file, 100);
  auto refused = cache.kernel(other);
  ASSERT_FALSE(refused.is_ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kIntegrityError) << refused.status().to_string();
  EXPECT_EQ(device.module_loads.load(), 1) << "tampered bytes must not reach the device";
  std::filesystem::remove_all(copy);
}

}  // namespace
}  // namespace ingot
