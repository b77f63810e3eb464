// The Runtime's workspace pool on a device that keeps real host memory and records every call:
// zero-filled on allocation, reused while big enough, replaced only after its stream is synchronized,
// one buffer per stream, one launch at a time per buffer, errors returned rather than thrown.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "ingot/tooling/workspace.h"

namespace ingot {
namespace {

class MemoryDevice final : public Device {
 public:
  MemoryDevice() { info_.arch = "gfx942"; }
  DeviceKind kind() const override { return DeviceKind::kOther; }
  const DeviceInfo& info() const override { return info_; }
  std::string description() const override { return "memory device"; }

  Result<uint64_t> allocate(size_t bytes) override {
    if (fail_next_allocation) {
      fail_next_allocation = false;
      return Status(StatusCode::kDeviceError, "device is full");
    }
    const uint64_t address = next_;
    next_ += (bytes + 0xfff) & ~size_t{0xfff};
    // Fresh memory is not zero on a GPU: poison it so a missing zero fill shows.
    memory_[address] = std::vector<uint8_t>(bytes, 0xa5);
    log.push_back("allocate " + std::to_string(bytes));
    return address;
  }
  Status free(uint64_t address) override {
    log.push_back("free " + std::to_string(memory_.at(address).size()));
    memory_.erase(address);
    return Status::ok();
  }
  Status copy_to_device(uint64_t dst, const void* src, size_t bytes) override {
    auto [base, block] = *std::prev(memory_.upper_bound(dst));
    std::memcpy(memory_[base].data() + (dst - base), src, bytes);
    return Status::ok();
  }
  Status copy_to_host(void* dst, uint64_t src, size_t bytes) override {
    auto it = std::prev(memory_.upper_bound(src));
    std::memcpy(dst, it->second.data() + (src - it->first), bytes);
    return Status::ok();
  }
  Result<ModuleHandle> load_module(const VerifiedCodeObject&) override { return ModuleHandle{1}; }
  Result<KernelHandle> get_kernel(ModuleHandle, std::string_view) override { return KernelHandle{1}; }
  Status launch(KernelHandle, const LaunchConfig&, hipStream_t) override { return Status::ok(); }
  Status synchronize(hipStream_t stream) override {
    log.push_back(stream == nullptr ? "synchronize default" : "synchronize other");
    return Status::ok();
  }

  std::vector<uint8_t> read(uint64_t address, size_t bytes) {
    std::vector<uint8_t> out(bytes);
    EXPECT_TRUE(copy_to_host(out.data(), address, bytes).is_ok());
    return out;
  }

  std::vector<std::string> log;
  bool fail_next_allocation = false;
  size_t live() const { return memory_.size(); }

 private:
  DeviceInfo info_;
  uint64_t next_ = 0x7f0000000000;
  std::map<uint64_t, std::vector<uint8_t>> memory_;
};

const hipStream_t kOtherStream = reinterpret_cast<hipStream_t>(0x1234);

TEST(WorkspacePool, FirstLeaseIsZeroFilledAndReusedWhileBigEnough) {
  MemoryDevice device;
  WorkspacePool pool(device);
  uint64_t first = 0;
  {
    auto lease = pool.lease(nullptr, 3 << 20);  // several zero slices
    ASSERT_TRUE(lease.is_ok()) << lease.status().to_string();
    first = lease.value().address();
    EXPECT_EQ(device.read(first, 3 << 20), std::vector<uint8_t>(3 << 20, 0));
    const uint8_t dirty = 7;  // a kernel's partial sums: the pool does not clear them again
    ASSERT_TRUE(device.copy_to_device(first + 100, &dirty, 1).is_ok());
  }
  auto again = pool.lease(nullptr, 1024);
  ASSERT_TRUE(again.is_ok());
  EXPECT_EQ(again.value().address(), first);
  EXPECT_EQ(device.read(first + 100, 1)[0], 7);
  EXPECT_EQ(device.log, (std::vector<std::string>{"allocate 3145728"}));
}

TEST(WorkspacePool, GrowingSynchronizesTheStreamBeforeFreeingTheOldBuffer) {
  MemoryDevice device;
  WorkspacePool pool(device);
  ASSERT_TRUE(pool.lease(nullptr, 4096).is_ok());
  auto bigger = pool.lease(nullptr, 65536);
  ASSERT_TRUE(bigger.is_ok());
  EXPECT_EQ(device.read(bigger.value().address(), 65536), std::vector<uint8_t>(65536, 0));
  EXPECT_EQ(device.log, (std::vector<std::string>{"allocate 4096", "synchronize default", "free 4096",
                                                  "allocate 65536"}));
  EXPECT_EQ(device.live(), 1u);
}

TEST(WorkspacePool, EachStreamHasItsOwnBuffer) {
  MemoryDevice device;
  WorkspacePool pool(device);
  auto a = pool.lease(nullptr, 4096);
  auto b = pool.lease(kOtherStream, 4096);  // no wait: a different stream's buffer
  ASSERT_TRUE(a.is_ok() && b.is_ok());
  EXPECT_NE(a.value().address(), b.value().address());
}

TEST(WorkspacePool, LaunchesOnOneStreamTakeTheBufferInTurn) {
  MemoryDevice device;
  WorkspacePool pool(device);
  auto held = pool.lease(nullptr, 4096);
  ASSERT_TRUE(held.is_ok());
  std::atomic<bool> second_got_it{false};
  std::thread second([&] {
    auto lease = pool.lease(nullptr, 4096);
    EXPECT_TRUE(lease.is_ok());
    second_got_it = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(second_got_it.load()) << "a second launch used the workspace while the first held it";
  { auto release = std::move(held).value(); }
  second.join();
  EXPECT_TRUE(second_got_it.load());
}

TEST(WorkspacePool, AllocationFailureIsAStatusAndThePoolRecovers) {
  MemoryDevice device;
  WorkspacePool pool(device);
  device.fail_next_allocation = true;
  auto failed = pool.lease(nullptr, 4096);
  ASSERT_FALSE(failed.is_ok());
  EXPECT_EQ(failed.status().code(), StatusCode::kDeviceError);
  EXPECT_NE(failed.status().message().find("4096"), std::string::npos) << failed.status().message();
  EXPECT_EQ(pool.capacity(nullptr), 0u);
  EXPECT_TRUE(pool.lease(nullptr, 4096).is_ok());
  EXPECT_EQ(pool.capacity(nullptr), 4096u);
}

TEST(WorkspacePool, DestructionFreesEveryBuffer) {
  MemoryDevice device;
  {
    WorkspacePool pool(device);
    ASSERT_TRUE(pool.lease(nullptr, 4096).is_ok());
    ASSERT_TRUE(pool.lease(kOtherStream, 8192).is_ok());
    EXPECT_EQ(device.live(), 2u);
  }
  EXPECT_EQ(device.live(), 0u);
}

}  // namespace
}  // namespace ingot
