// The C API's FP8 gemm (ingot_gemm_fp8_args, ingot_gemm_fp8): through the C functions only, on the
// emulator, against the FP8 CPU reference (tests/reference/gemm_fp8_reference.h), for both scalings;
// plus the ABI guard (struct_size) and the arguments the FP8 kernels cannot honour.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ingot/ingot_c.h"
#include "reference/gemm_fp8_reference.h"
#include "test_pack.h"

namespace {

namespace ref = ingot::reference;

class CApiFp8 : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto pack = ingot::testing::real_pack_dir();
    if (pack.empty()) GTEST_SKIP() << "no built pack";
    ASSERT_EQ(ingot_runtime_open(pack.c_str(), "emu", &runtime_), INGOT_OK) << ingot_last_error();
    char arch[32];
    int64_t cus = 0;
    ASSERT_EQ(ingot_device_info(runtime_, arch, sizeof arch, &cus), INGOT_OK) << ingot_last_error();
    arch_ = arch;
  }
  void TearDown() override {
    for (uint64_t address : allocations_) (void)ingot_free(runtime_, address);
    ingot_runtime_close(runtime_);
  }

  uint64_t upload(const void* bytes, size_t size) {
    uint64_t address = 0;
    EXPECT_EQ(ingot_malloc(runtime_, size, &address), INGOT_OK) << ingot_last_error();
    EXPECT_EQ(ingot_copy_to_device(runtime_, address, bytes, size), INGOT_OK) << ingot_last_error();
    allocations_.push_back(address);
    return address;
  }

  // One FP8 gemm through the C API, checked element by element against the reference.
  void run_and_check(ref::Fp8Scaling scaling, const ref::Fp8GemmShape& s, uint32_t seed) {
    const ref::Fp8Format format = arch_ == "gfx950" ? ref::Fp8Format::kE4M3Fn : ref::Fp8Format::kE4M3Fnuz;
    std::mt19937 rng(seed);
    std::vector<uint8_t> a(static_cast<size_t>(s.M * s.lda)), b(static_cast<size_t>(s.N * s.ldb));
    for (auto& x : a) x = ref::random_finite_fp8(rng, format);
    for (auto& x : b) x = ref::random_finite_fp8(rng, format);
    std::uniform_real_distribution<float> scale(0.5f, 2.0f);
    std::vector<float> a_scale(static_cast<size_t>(ref::fp8_a_scale_count(s, scaling)));
    std::vector<float> b_scale(static_cast<size_t>(ref::fp8_b_scale_count(s, scaling)));
    for (auto& x : a_scale) x = scale(rng);
    for (auto& x : b_scale) x = scale(rng);
    const ref::Fp8GemmResult want = ref::gemm_fp8(a.data(), b.data(), a_scale.data(), b_scale.data(), s, scaling, format);
    std::vector<uint16_t> c(static_cast<size_t>(s.M * s.ldc), 0xA5A5);

    ingot_gemm_args args = ingot_gemm_args_init();  // dtypes NULL: fp8, fp8, bf16 for the FP8 call
    args.a = upload(a.data(), a.size());
    args.b = upload(b.data(), b.size());
    args.c = upload(c.data(), c.size() * 2);
    args.m = s.M, args.n = s.N, args.k = s.K;
    args.lda = s.lda, args.ldb = s.ldb, args.ldc = s.ldc;
    ingot_gemm_fp8_args fp8 = ingot_gemm_fp8_args_init();
    fp8.scaling = scaling == ref::Fp8Scaling::kBlock128 ? "block128" : "per_token";
    fp8.a_scale = upload(a_scale.data(), a_scale.size() * sizeof(float));
    fp8.b_scale = upload(b_scale.data(), b_scale.size() * sizeof(float));

    char id[128];
    ASSERT_EQ(ingot_gemm_fp8_select(runtime_, &args, &fp8, id, sizeof id), INGOT_OK) << ingot_last_error();
    EXPECT_EQ(std::string(id).rfind("gemm_fp8_" + arch_, 0), 0u) << id;
    ASSERT_EQ(ingot_gemm_fp8(runtime_, &args, &fp8, nullptr), INGOT_OK) << ingot_last_error();
    ASSERT_EQ(ingot_synchronize(runtime_, nullptr), INGOT_OK) << ingot_last_error();
    ASSERT_EQ(ingot_copy_to_host(runtime_, c.data(), args.c, c.size() * 2), INGOT_OK) << ingot_last_error();

    int bad = 0;
    for (int64_t m = 0; m < s.M; ++m) {
      for (int64_t n = 0; n < s.ldc; ++n) {
        const uint16_t got = c[static_cast<size_t>(m * s.ldc + n)];
        if (n >= s.N) {
          if (got != 0xA5A5 && bad++ < 8) ADD_FAILURE() << "padding C[" << m << "][" << n << "] was written";
          continue;
        }
        const size_t e = static_cast<size_t>(m * s.N + n);
        const double tol = ref::gemm_fp8_tolerance(want.value[e], want.magnitude[e], s.K);
        const double value = ref::fp8_ref_bf16_to_double(got);
        if (std::fabs(value - want.value[e]) > tol && bad++ < 8) {
          ADD_FAILURE() << "C[" << m << "][" << n << "] = " << value << ", want " << want.value[e] << " (tol " << tol << ")";
        }
      }
    }
    EXPECT_EQ(bad, 0) << id;
  }

  ingot_runtime* runtime_ = nullptr;
  std::string arch_;
  std::vector<uint64_t> allocations_;
};

TEST_F(CApiFp8, Block128MatchesTheReference) {
  run_and_check(ref::Fp8Scaling::kBlock128, ref::Fp8GemmShape{40, 128, 256, 272, 256, 131}, 11);
}

TEST_F(CApiFp8, PerTokenMatchesTheReferenceWithTails) {
  run_and_check(ref::Fp8Scaling::kPerToken, ref::Fp8GemmShape{37, 70, 144, 160, 144, 73}, 12);
}

TEST_F(CApiFp8, InitSetsTheStructSizeAndAShortStructIsRefused) {
  ingot_gemm_fp8_args fp8 = ingot_gemm_fp8_args_init();
  EXPECT_EQ(fp8.struct_size, sizeof(ingot_gemm_fp8_args));
  EXPECT_EQ(fp8.scaling, nullptr);
  EXPECT_EQ(fp8.a_scale, 0u);
  ingot_gemm_args args = ingot_gemm_args_init();
  args.a = args.b = args.c = 0x1000;
  args.m = args.n = args.k = args.lda = args.ldb = args.ldc = 128;
  fp8.struct_size = sizeof(size_t) + sizeof(const char*);  // a caller built against a shorter struct
  EXPECT_EQ(ingot_gemm_fp8(runtime_, &args, &fp8, nullptr), INGOT_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ingot_last_error()).find("struct_size"), std::string::npos) << ingot_last_error();
}

TEST_F(CApiFp8, AlphaAndBiasAreRefusedNotDropped) {
  ingot_gemm_args args = ingot_gemm_args_init();
  args.a = args.b = args.c = 0x1000;
  args.m = args.n = args.k = args.lda = args.ldb = args.ldc = 128;
  ingot_gemm_fp8_args fp8 = ingot_gemm_fp8_args_init();
  char id[128];
  args.alpha = 2.0f;
  EXPECT_EQ(ingot_gemm_fp8_select(runtime_, &args, &fp8, id, sizeof id), INGOT_INVALID_ARGUMENT);
  args.alpha = 1.0f;
  args.bias = 0x2000;
  EXPECT_EQ(ingot_gemm_fp8(runtime_, &args, &fp8, nullptr), INGOT_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ingot_last_error()).find("bias"), std::string::npos) << ingot_last_error();
  EXPECT_EQ(ingot_gemm_fp8(runtime_, &args, nullptr, nullptr), INGOT_INVALID_ARGUMENT);
}

}  // namespace
