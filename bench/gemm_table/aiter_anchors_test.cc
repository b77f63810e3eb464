// The anchors reader on small tables written here: columns found by name, the fastest row of a key wins
// across tables of one dtype, per-token keeps FP8 weights only, a bad number names file and line.
#include "aiter_anchors.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace ingot::bench {
namespace {

std::filesystem::path make_dir(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "aiter_tuned");
  return dir;
}

void write(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

TEST(AiterAnchors, FastestRowPerKeyAndDtypeFilters) {
  const auto dir = make_dir("anchors_ok");
  write(dir / "aiter_tuned/a8w8_blockscale_tuned_gemm.csv",
        "gfx,cu_num,M,N,K,libtype,kernelId,splitK,us,kernelName,tflops,bw,errRatio\n"
        "gfx950,256,16,1536,7168,ck,8,0,9.5,k1,1,1,0\n");
  write(dir / "aiter_tuned/a8w8_blockscale_bpreshuffle_tuned_gemm.csv",
        "gfx,cu_num,M,N,K,libtype,kernelId,splitK,us,kernelName,tflops,bw,errRatio\n"
        "gfx950,256,16,1536,7168,asm,6,7,8.25,k2,1,1,0\n");
  write(dir / "aiter_tuned/a8w8_tuned_gemm.csv",
        "gfx,cu_num,M,N,K,q_dtype_w,kernelId,splitK,us,kernelName,tflops,bw,errRatio\n"
        "gfx942,304,1,1280,8192,torch.int8,34,0,20.5,k3,1,1,0\n"
        "gfx942,304,2,1280,8192,torch.float8_e4m3fnuz,34,0,21.5,k4,1,1,0\n");
  auto anchors = AiterAnchors::load(dir.string());
  ASSERT_TRUE(anchors.is_ok()) << anchors.status().to_string();
  auto hit = anchors->find(BenchCase{"gfx950", 256, GemmDtype::kFp8Block128, 16, 1536, 7168});
  ASSERT_TRUE(hit.has_value());
  EXPECT_DOUBLE_EQ(hit->us, 8.25);
  EXPECT_EQ(hit->table, "a8w8_blockscale_bpreshuffle_tuned_gemm.csv");
  EXPECT_FALSE(anchors->find(BenchCase{"gfx950", 304, GemmDtype::kFp8Block128, 16, 1536, 7168}));  // other CUs
  EXPECT_FALSE(anchors->find(BenchCase{"gfx950", 256, GemmDtype::kBf16, 16, 1536, 7168}));          // other dtype
  EXPECT_FALSE(anchors->find(BenchCase{"gfx942", 304, GemmDtype::kFp8PerToken, 1, 1280, 8192}));    // int8 row
  EXPECT_TRUE(anchors->find(BenchCase{"gfx942", 304, GemmDtype::kFp8PerToken, 2, 1280, 8192}));
}

TEST(AiterAnchors, BadNumberNamesFileAndLine) {
  const auto dir = make_dir("anchors_bad");
  write(dir / "aiter_tuned/bf16_tuned_gemm.csv",
        "gfx,cu_num,M,N,K,bias,dtype,outdtype,scaleAB,bpreshuffle,libtype,solidx,splitK,us,kernelName,err_ratio,tflops,bw\n"
        "gfx950,256,64,256,5120,False,torch.bfloat16,torch.float32,False,False,asm,5,13,fast,k,0.0,1,1\n");
  auto anchors = AiterAnchors::load(dir.string());
  ASSERT_FALSE(anchors.is_ok());
  EXPECT_NE(anchors.status().message().find("bf16_tuned_gemm.csv:2: bad number"), std::string::npos)
      << anchors.status().message();
}

TEST(AiterAnchors, MissingDirectoryIsEmpty) {
  auto anchors = AiterAnchors::load((std::filesystem::path(::testing::TempDir()) / "no_such_anchors").string());
  ASSERT_TRUE(anchors.is_ok());
  EXPECT_EQ(anchors->size(), 0u);
}

}  // namespace
}  // namespace ingot::bench
