// Every `gemm` family kernel in the pack, on both archs, run on the emulator (through the
// public device API, each kernel launched directly rather than selected) against the CPU reference of
// tests/reference/gemm_reference.h: bf16/f16 in, bf16/f16/f32 out, alpha, bias, with M, N and K tails,
// padded lda/ldb/ldc, M = 1, a 1x1 problem, K = 0 (the kernels accept it: C = bias, or 0), and four K slabs
// through the decode tiles' LDS buffers. C sits inside a larger allocation filled with sentinel bytes: the
// guard bytes before and after C and C's ldc padding must survive. Tolerance per element from
// reference::gemm_tolerance (fp32 accumulation order + one output rounding). Skips without a pack or an
// emulator in the build.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gemm_reference.h"
#include "gemm_test_support.h"
#include "ingot/device.h"
#include "ingot/launch.h"
#include "ingot/pack.h"
#include "ingot/select.h"

namespace ingot {
namespace {

namespace ref = ingot::reference;

using test::dtype_of;
using test::param;

class GemmOnEmulator : public test::PackFixture {
 protected:
  // Runs one kernel on a fresh emulator of its arch; returns C's bytes (ldc-strided, padding included).
  void run_and_check(const ManifestKernel& kernel, const ref::GemmShape& s, float alpha, uint32_t seed) {
    SCOPED_TRACE("M=" + std::to_string(s.M) + " N=" + std::to_string(s.N) + " K=" + std::to_string(s.K) +
                 " lda=" + std::to_string(s.lda) + " ldb=" + std::to_string(s.ldb) + " ldc=" + std::to_string(s.ldc));
    DeviceOptions options;
    options.choice = DeviceChoice::kEmulator;
    options.emu_arch = kernel.arch;
    auto opened = open_emu_device(options);
    if (!opened.is_ok()) GTEST_SKIP() << "no emulator: " << opened.status().to_string();
    std::unique_ptr<Device> device = std::move(opened).value();

    const ref::DType in = dtype_of(kernel, "dtype_a"), out = dtype_of(kernel, "dtype_c");
    const bool has_bias = std::get<bool>(kernel.match.at("has_bias"));
    std::mt19937 rng(seed);
    const auto a_bytes = test::random_encoded(static_cast<size_t>(s.M * s.lda), rng, in);
    const auto b_bytes = test::random_encoded(static_cast<size_t>(s.N * s.ldb), rng, in);
    const auto bias_bytes = test::random_encoded(static_cast<size_t>(s.N), rng, out);
    const int ob = ref::dtype_bytes(out);
    std::vector<uint8_t> c(static_cast<size_t>(s.M * s.ldc * ob), kSentinel);  // sentinel bytes: padding stays
    std::vector<uint8_t> expected = c;
    std::vector<float> exact(static_cast<size_t>(s.M * s.N)), mag(exact.size());
    ref::GemmArgsRef args;
    args.in = in;
    args.out = out;
    args.alpha = alpha;
    args.bias = has_bias ? bias_bytes.data() : nullptr;
    ref::gemm(a_bytes.data(), b_bytes.data(), expected.data(), s, args, exact.data(), mag.data());

    auto da = device->allocate(a_bytes.size()), db = device->allocate(b_bytes.size()),
         dc = device->allocate(c.size() + 2 * kGuardBytes), dbias = device->allocate(bias_bytes.size());
    ASSERT_TRUE(da.is_ok() && db.is_ok() && dc.is_ok() && dbias.is_ok());
    ASSERT_TRUE(device->copy_to_device(da.value(), a_bytes.data(), a_bytes.size()).is_ok());
    ASSERT_TRUE(device->copy_to_device(db.value(), b_bytes.data(), b_bytes.size()).is_ok());
    std::vector<uint8_t> c_with_guards(c.size() + 2 * kGuardBytes, kSentinel);
    ASSERT_TRUE(device->copy_to_device(dc.value(), c_with_guards.data(), c_with_guards.size()).is_ok());
    const uint64_t c_address = dc.value() + kGuardBytes;
    ASSERT_TRUE(device->copy_to_device(dbias.value(), bias_bytes.data(), bias_bytes.size()).is_ok());

    Problem problem("gemm");
    problem.integer("M", s.M).integer("N", s.N).integer("K", s.K);
    problem.integer("lda", s.lda).integer("ldb", s.ldb).integer("ldc", s.ldc);
    problem.integer("has_bias", has_bias ? 1 : 0).scalar("alpha", alpha);
    problem.buffer("A", da.value()).buffer("B", db.value()).buffer("C", c_address);
    if (has_bias) problem.buffer("bias", dbias.value());
    for (const char* key : {"dtype_a", "dtype_b", "dtype_c"}) problem.key(key, std::get<std::string>(kernel.match.at(key)));
    const Status accepted = check_kernel_accepts(kernel, problem, device->info());
    ASSERT_TRUE(accepted.is_ok()) << accepted.to_string();
    // Split-K kernels name a workspace: zero-filled when allocated (the contract of launch.workspace)
    auto ws = test::bind_zeroed_workspace(*device, kernel, problem);
    ASSERT_TRUE(ws.is_ok()) << ws.status().to_string();
    const uint64_t ws_address = ws.value();
    auto config = prepare_launch(kernel, problem, device->info());
    ASSERT_TRUE(config.is_ok()) << config.status().to_string();
    auto code = pack_->load_code_object(kernel);
    ASSERT_TRUE(code.is_ok()) << code.status().to_string();
    auto module = device->load_module(code.value());
    ASSERT_TRUE(module.is_ok()) << module.status().to_string();
    auto handle = device->get_kernel(module.value(), kernel.symbol);
    ASSERT_TRUE(handle.is_ok()) << handle.status().to_string();
    const Status launched = device->launch(handle.value(), config.value());
    ASSERT_TRUE(launched.is_ok()) << kernel.id << ": " << launched.to_string();
    ASSERT_TRUE(device->synchronize().is_ok());
    ASSERT_TRUE(device->copy_to_host(c_with_guards.data(), dc.value(), c_with_guards.size()).is_ok());
    std::memcpy(c.data(), c_with_guards.data() + kGuardBytes, c.size());

    int bad = 0;
    for (size_t i = 0; i < c_with_guards.size(); i = (i + 1 == kGuardBytes) ? kGuardBytes + c.size() : i + 1) {
      if (c_with_guards[i] != kSentinel && bad++ < 5) {
        ADD_FAILURE() << kernel.id << ": wrote outside C, at byte " << static_cast<int64_t>(i) - static_cast<int64_t>(kGuardBytes)
                      << " relative to C";
      }
    }
    for (int64_t m = 0; m < s.M; ++m) {
      for (int64_t n = 0; n < s.ldc; ++n) {
        const int64_t i = m * s.ldc + n;
        if (n >= s.N) {
          if (std::memcmp(&c[static_cast<size_t>(i * ob)], &expected[static_cast<size_t>(i * ob)], static_cast<size_t>(ob)) != 0 && bad++ < 5) {
            ADD_FAILURE() << kernel.id << ": padding C[" << m << "][" << n << "] was written";
          }
          continue;
        }
        const float got = ref::load_element(c.data(), i, out);
        const float want = ref::load_element(expected.data(), i, out);
        const size_t e = static_cast<size_t>(m * s.N + n);
        const float tol = ref::gemm_tolerance(out, exact[e], mag[e], s.K, alpha);
        if (!(std::fabs(got - want) <= tol) && bad++ < 5) {
          ADD_FAILURE() << kernel.id << ": C[" << m << "][" << n << "] = " << got << ", want " << want << " (tol " << tol << ")";
        }
      }
    }
    EXPECT_EQ(bad, 0) << kernel.id;
    (void)device->free(da.value());
    (void)device->free(db.value());
    (void)device->free(dc.value());
    (void)device->free(dbias.value());
    if (ws_address != 0) (void)device->free(ws_address);
  }

  static constexpr size_t kGuardBytes = 256;
  static constexpr uint8_t kSentinel = 0xA5;

  std::vector<const ManifestKernel*> family(const char* name) {
    KernelQuery query;
    query.family = name;
    return pack_->query(query);
  }
};

TEST_F(GemmOnEmulator, EveryGemmFamilyKernelMatchesTheReferenceWithTails) {
  const auto kernels = family("gemm");
  ASSERT_FALSE(kernels.empty());
  // the set itself must span what the family promises, or "every kernel" would cover less than it says
  std::set<std::string> archs, ins, outs;
  std::set<bool> biases;
  bool decode = false;
  for (const ManifestKernel* k : kernels) {
    archs.insert(k->arch);
    ins.insert(std::get<std::string>(k->match.at("dtype_a")));
    outs.insert(std::get<std::string>(k->match.at("dtype_c")));
    biases.insert(std::get<bool>(k->match.at("has_bias")));
    decode = decode || param(*k, "ks") > 1;
  }
  EXPECT_EQ(archs, (std::set<std::string>{"gfx942", "gfx950"}));
  EXPECT_EQ(ins, (std::set<std::string>{"bf16", "f16"}));
  EXPECT_EQ(outs, (std::set<std::string>{"bf16", "f16", "f32"}));
  EXPECT_EQ(biases.size(), 2u);
  EXPECT_TRUE(decode);
  uint32_t seed = 1;
  for (const ManifestKernel* kernel : kernels) {
    const int64_t bk = param(*kernel, "bk"), bn = param(*kernel, "bn");
    SCOPED_TRACE(kernel->id);
    // M and N tails, two K slabs with the second partial, padded strides
    run_and_check(*kernel, ref::GemmShape{37, 70, bk + 8, bk + 16, bk + 8, 75}, 0.75f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
    // M = 1 (decode), one column past a tile, padded ldc
    run_and_check(*kernel, ref::GemmShape{1, bn + 1, bk + 8, bk + 8, bk + 24, bn + 2}, -1.5f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
    if (param(*kernel, "ks") > 1) {
      // decode tiles: four slabs, the last partial (gfx950's double-buffered LDS reuses each buffer)
      run_and_check(*kernel, ref::GemmShape{5, 40, 3 * bk + 24, 3 * bk + 24, 3 * bk + 32, 41}, 1.0f, seed++);
      if (HasFatalFailure() || IsSkipped()) return;
    }
  }
}

TEST_F(GemmOnEmulator, EveryGemmFamilyKernelHandlesAOneElementProblemAndKZero) {
  const auto kernels = family("gemm");
  ASSERT_FALSE(kernels.empty());
  uint32_t seed = 1000;
  for (const ManifestKernel* kernel : kernels) {
    SCOPED_TRACE(kernel->id);
    run_and_check(*kernel, ref::GemmShape{1, 1, 8, 8, 8, 1}, 0.75f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
    // K = 0 is accepted (constraint "K must not be negative"): C = bias, or 0 without bias
    run_and_check(*kernel, ref::GemmShape{3, 5, 0, 8, 8, 6}, 0.75f, seed++);
    if (HasFatalFailure() || IsSkipped()) return;
  }
}

}  // namespace
}  // namespace ingot
