// The loader's selection over the gemm_fp8 manifest entries of the main pack (INGOT_TEST_PACK_DIR; skips
// when the build has no pack): an fp8 problem that names its scaling and FP8 format gets a gemm_fp8
// kernel; a problem outside the rules gets a "no kernel" status naming the failed rule; the other arch's
// format is refused.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "ingot/pack.h"
#include "ingot/problem.h"
#include "ingot/select.h"

namespace ingot {
namespace {

Problem fp8_linear(int64_t m, int64_t n, int64_t k, const std::string& scaling, const std::string& format) {
  Problem p("gemm");
  p.key("dtype_a", "fp8").key("dtype_b", "fp8").key("dtype_c", "bf16");
  p.key("scaling", scaling).key("fp8_format", format);
  p.integer("M", m).integer("N", n).integer("K", k).integer("lda", k).integer("ldb", k).integer("ldc", n);
  return p;
}

class GemmFp8Select : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::filesystem::path dir = INGOT_TEST_PACK_DIR;
    if (!std::filesystem::exists(dir / "manifest.json")) GTEST_SKIP() << "no pack at " << dir;
    auto opened = Pack::open(dir);
    ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
    pack_ = std::make_unique<Pack>(std::move(opened).value());
  }
  Result<Selection> pick(const char* arch, int64_t cus, const Problem& problem) const {
    DeviceInfo info;
    info.arch = arch;
    info.cus = cus;
    return pack_->select(problem, info);
  }
  std::unique_ptr<Pack> pack_;
};

TEST_F(GemmFp8Select, EachArchServesItsOwnFormat) {
  for (const char* scaling : {"block128", "per_token"}) {
    auto mi300 = pick("gfx942", 304, fp8_linear(512, 7168, 2048, scaling, "e4m3fnuz"));
    ASSERT_TRUE(mi300.is_ok()) << mi300.status().to_string();
    EXPECT_EQ(mi300.value().kernel->family, "gemm_fp8");
    EXPECT_EQ(mi300.value().kernel->arch, "gfx942");
    auto mi355 = pick("gfx950", 256, fp8_linear(512, 7168, 2048, scaling, "e4m3fn"));
    ASSERT_TRUE(mi355.is_ok()) << mi355.status().to_string();
    EXPECT_EQ(mi355.value().kernel->arch, "gfx950");
    // OCP bytes on an FNUZ chip (and the reverse) would be misread: no kernel
    EXPECT_FALSE(pick("gfx942", 304, fp8_linear(512, 7168, 2048, scaling, "e4m3fn")).is_ok());
    EXPECT_FALSE(pick("gfx950", 256, fp8_linear(512, 7168, 2048, scaling, "e4m3fnuz")).is_ok());
  }
}

TEST_F(GemmFp8Select, Block128RulesAreNamedWhenBroken) {
  auto bad_n = pick("gfx942", 304, fp8_linear(16, 100, 256, "block128", "e4m3fnuz"));
  ASSERT_FALSE(bad_n.is_ok());
  EXPECT_NE(bad_n.status().message().find("N to be a multiple of 128"), std::string::npos)
      << bad_n.status().to_string();
  auto bad_k = pick("gfx950", 256, fp8_linear(16, 128, 200, "block128", "e4m3fn"));
  ASSERT_FALSE(bad_k.is_ok());
  EXPECT_NE(bad_k.status().message().find("K to be a multiple of 128"), std::string::npos)
      << bad_k.status().to_string();
  // per_token takes the same shape (K a multiple of 16, any N)
  EXPECT_TRUE(pick("gfx942", 304, fp8_linear(16, 100, 208, "per_token", "e4m3fnuz")).is_ok());
}

}  // namespace
}  // namespace ingot
