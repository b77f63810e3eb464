// What the gemm selection and emulator tests share: the fixture that opens the build's pack (skipping
// without one), kernel params and dtypes by name, host-side encoding of test inputs, and binding the
// workspace a kernel's manifest asks for (split-K counters and partial sums) as the Runtime would.
// Each including target links ingot_test_support (support/test_pack.h: which pack).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gemm_reference.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "support/test_pack.h"

namespace ingot::test {

// The pack of support/test_pack.h ($INGOT_PACK, else the build's), opened per test.
class PackFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::filesystem::path dir = test_support::pack_dir();
    if (!test_support::have_pack()) GTEST_SKIP() << "no pack at " << dir;
    auto opened = Pack::open(dir);
    ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
    pack_ = std::make_unique<Pack>(std::move(opened).value());
  }

  std::unique_ptr<Pack> pack_;
};

inline int64_t param(const ManifestKernel& k, const char* name) { return std::get<int64_t>(k.params.at(name)); }

inline reference::DType dtype_of(const ManifestKernel& k, const char* key) {
  const auto& value = std::get<std::string>(k.match.at(key));
  return value == "f32" ? reference::DType::kF32 : value == "f16" ? reference::DType::kF16 : reference::DType::kBF16;
}

inline std::vector<uint8_t> encode(const std::vector<float>& values, reference::DType t) {
  std::vector<uint8_t> bytes(values.size() * static_cast<size_t>(reference::dtype_bytes(t)));
  for (size_t i = 0; i < values.size(); ++i) reference::store_element(bytes.data(), static_cast<int64_t>(i), t, values[i]);
  return bytes;
}

// n values uniform in [-1, 1), drawn in order from `rng`, encoded in `t` (draw A, then B, then bias from
// one generator: a seed then names one problem).
inline std::vector<uint8_t> random_encoded(size_t n, std::mt19937& rng, reference::DType t) {
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> values(n);
  for (auto& x : values) x = dist(rng);
  return encode(values, t);
}

// Binds launch.workspace's bytes, allocated and zero-filled, as the problem's "workspace". Returns its
// address (to free after the launch), or 0 when the kernel needs none.
inline Result<uint64_t> bind_zeroed_workspace(Device& device, const ManifestKernel& kernel, Problem& problem) {
  auto bytes = workspace_bytes(kernel, problem, device.info());
  if (!bytes) return bytes.status();
  if (bytes.value() == 0) return uint64_t{0};
  auto address = device.allocate(bytes.value());
  if (!address) return address.status();
  const std::vector<uint8_t> zeros(bytes.value(), 0);
  if (Status s = device.copy_to_device(address.value(), zeros.data(), zeros.size()); !s.is_ok()) return s;
  problem.buffer("workspace", address.value());
  return address.value();
}

}  // namespace ingot::test
