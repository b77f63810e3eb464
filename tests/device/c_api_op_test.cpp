// The C API's generic op entry (ingot_op_args_*, ingot_run_op): through the C functions only, on the
// emulator, against the CPU reference (tests/reference/gemm_reference.h); the field-table introspection;
// a caller-owned workspace (graph capture) for a split-K decode kernel.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ingot/ingot_c.h"
#include "reference/gemm_reference.h"
#include "test_pack.h"

namespace {

namespace ref = ingot::reference;

TEST(CApiOps, TheRegistryAndFieldTablesAreReadable) {
  ASSERT_GE(ingot_op_count(), 1u);
  bool have_gemm = false;
  for (size_t i = 0; i < ingot_op_count(); ++i) have_gemm = have_gemm || std::string(ingot_op_name(i)) == "gemm";
  EXPECT_TRUE(have_gemm);
  EXPECT_EQ(ingot_op_name(ingot_op_count()), nullptr);

  size_t count = 0;
  ASSERT_EQ(ingot_op_field_count("gemm", &count), INGOT_OK);
  bool saw_dtype = false;
  for (size_t i = 0; i < count; ++i) {
    ingot_field_info info{};
    ASSERT_EQ(ingot_op_field("gemm", i, &info), INGOT_OK) << ingot_last_error();
    if (std::string(info.name) != "dtype_a") continue;
    saw_dtype = true;
    EXPECT_EQ(info.kind, INGOT_FIELD_KEY);
    EXPECT_EQ(std::string(info.default_value), "bf16");
    std::vector<std::string> choices;
    for (size_t c = 0; c < info.choice_count; ++c) choices.emplace_back(ingot_op_field_choice("gemm", i, c));
    EXPECT_EQ(choices, (std::vector<std::string>{"bf16", "f16", "fp8"}));
  }
  EXPECT_TRUE(saw_dtype);
  EXPECT_EQ(ingot_op_field_count("conv3d", &count), INGOT_NOT_FOUND);
  EXPECT_NE(std::string(ingot_last_error()).find("ops: gemm"), std::string::npos) << ingot_last_error();
}

TEST(CApiOps, SettersCheckNameKindAndChoice) {
  ingot_op_args* args = nullptr;
  ASSERT_EQ(ingot_op_args_create("gemm", &args), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_int(args, "M", 1), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_int(args, "Q", 1), INGOT_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ingot_last_error()).find("gemm Q: no such field"), std::string::npos) << ingot_last_error();
  EXPECT_EQ(ingot_op_args_set_int(args, "dtype_a", 1), INGOT_INVALID_ARGUMENT);
  EXPECT_EQ(ingot_op_args_set_key(args, "dtype_a", "int4"), INGOT_INVALID_ARGUMENT);
  EXPECT_EQ(ingot_op_args_set_text(args, "has_bias", "false"), INGOT_INVALID_ARGUMENT) << "not a gemm field";
  EXPECT_EQ(ingot_op_args_set_text(args, "K", "0x80"), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_key(nullptr, "dtype_a", "bf16"), INGOT_INVALID_ARGUMENT);
  ingot_op_args_destroy(args);
  ingot_op_args_destroy(nullptr);
  EXPECT_EQ(ingot_op_args_create("gemm_bf16", &args), INGOT_NOT_FOUND);
  EXPECT_EQ(args, nullptr);
}

class CApiOpRun : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto pack = ingot::testing::real_pack_dir();
    if (pack.empty()) GTEST_SKIP() << "no built pack";
    ASSERT_EQ(ingot_runtime_open(pack.c_str(), "emu", &runtime_), INGOT_OK) << ingot_last_error();
    ASSERT_EQ(ingot_op_args_create("gemm", &args_), INGOT_OK);
  }
  void TearDown() override {
    for (uint64_t address : allocations_) (void)ingot_free(runtime_, address);
    ingot_op_args_destroy(args_);
    ingot_runtime_close(runtime_);
  }

  uint64_t upload(const void* bytes, size_t size) {
    uint64_t address = 0;
    EXPECT_EQ(ingot_malloc(runtime_, size, &address), INGOT_OK) << ingot_last_error();
    EXPECT_EQ(ingot_copy_to_device(runtime_, address, bytes, size), INGOT_OK) << ingot_last_error();
    allocations_.push_back(address);
    return address;
  }

  // bf16 x bf16 -> f32 through ingot_run_op with packed strides (the op's default), checked element by
  // element against the reference; returns the kernel id.
  std::string run_and_check(int64_t M, int64_t N, int64_t K, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    std::vector<uint16_t> a(static_cast<size_t>(M * K)), b(static_cast<size_t>(N * K));
    for (auto& x : a) x = ref::float_to_bf16(value(rng));
    for (auto& x : b) x = ref::float_to_bf16(value(rng));
    std::vector<float> want(static_cast<size_t>(M * N)), exact(want.size()), mag(want.size());
    ref::gemm(a.data(), b.data(), want.data(), ref::GemmShape{M, N, K, K, K, N}, ref::GemmArgsRef{}, exact.data(),
              mag.data());
    std::vector<float> c(want.size(), -7.0f);
    EXPECT_EQ(ingot_op_args_set_int(args_, "M", M), INGOT_OK);
    EXPECT_EQ(ingot_op_args_set_int(args_, "N", N), INGOT_OK);
    EXPECT_EQ(ingot_op_args_set_int(args_, "K", K), INGOT_OK);
    EXPECT_EQ(ingot_op_args_set_buffer(args_, "A", upload(a.data(), a.size() * 2)), INGOT_OK);
    EXPECT_EQ(ingot_op_args_set_buffer(args_, "B", upload(b.data(), b.size() * 2)), INGOT_OK);
    const uint64_t c_address = upload(c.data(), c.size() * 4);
    EXPECT_EQ(ingot_op_args_set_buffer(args_, "C", c_address), INGOT_OK);

    char id[128] = {};
    EXPECT_EQ(ingot_select_op(runtime_, args_, id, sizeof id), INGOT_OK) << ingot_last_error();
    EXPECT_EQ(ingot_run_op(runtime_, args_, nullptr), INGOT_OK) << ingot_last_error();
    EXPECT_EQ(ingot_synchronize(runtime_, nullptr), INGOT_OK);
    EXPECT_EQ(ingot_copy_to_host(runtime_, c.data(), c_address, c.size() * 4), INGOT_OK);
    int bad = 0;
    for (size_t e = 0; e < c.size(); ++e) {
      const float tol = ref::gemm_tolerance(ref::DType::kF32, exact[e], mag[e], K, 1.0f);
      if (!(std::fabs(c[e] - want[e]) <= tol) && bad++ < 8) {
        ADD_FAILURE() << "C[" << e << "] = " << c[e] << ", want " << want[e] << " (tol " << tol << ")";
      }
    }
    EXPECT_EQ(bad, 0) << id;
    return id;
  }

  ingot_runtime* runtime_ = nullptr;
  ingot_op_args* args_ = nullptr;
  std::vector<uint64_t> allocations_;
};

TEST_F(CApiOpRun, GemmMatchesTheReference) { run_and_check(48, 96, 128, 21); }

// Split-K decode with the caller's workspace: the size comes from ingot_op_workspace_bytes, too small is
// refused before launch, big enough runs and matches the reference.
TEST_F(CApiOpRun, CallerWorkspaceForSplitKDecode) {
  ASSERT_EQ(ingot_op_args_set_int(args_, "M", 1), INGOT_OK);
  ASSERT_EQ(ingot_op_args_set_int(args_, "N", 256), INGOT_OK);
  ASSERT_EQ(ingot_op_args_set_int(args_, "K", 7168), INGOT_OK);
  uint64_t bytes = 0;
  ASSERT_EQ(ingot_op_workspace_bytes(runtime_, args_, &bytes), INGOT_OK) << ingot_last_error();
  if (bytes == 0) GTEST_SKIP() << "this shape selects no split-K kernel on this device";
  std::vector<uint8_t> zeros(bytes, 0);
  const uint64_t workspace = upload(zeros.data(), zeros.size());
  ASSERT_EQ(ingot_op_args_set_workspace(args_, workspace, bytes - 1), INGOT_OK);
  std::vector<uint16_t> dummy(16);
  const uint64_t d = upload(dummy.data(), 32);
  ASSERT_EQ(ingot_op_args_set_buffer(args_, "A", d), INGOT_OK);
  ASSERT_EQ(ingot_op_args_set_buffer(args_, "B", d), INGOT_OK);
  ASSERT_EQ(ingot_op_args_set_buffer(args_, "C", d), INGOT_OK);
  EXPECT_EQ(ingot_run_op(runtime_, args_, nullptr), INGOT_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ingot_last_error()).find("workspace"), std::string::npos) << ingot_last_error();
  ASSERT_EQ(ingot_op_args_set_workspace(args_, workspace, bytes), INGOT_OK);
  run_and_check(1, 256, 7168, 22);
}

}  // namespace
