// The op API end to end on a recording device: selection, kernargs from the manifest layout, grid.
// Expected bytes come from the manifest JSON read here directly, not from libingot's parser.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "fake_device.h"
#include "ingot/ops.h"
#include "ingot/tooling/select.h"
#include "test_pack.h"

namespace ingot {
namespace {

using testing::FakeDevice;

class RuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    pack_dir_ = testing::real_pack_dir();
    if (pack_dir_.empty()) GTEST_SKIP() << "no built pack (build the `pack` target)";
    auto pack = Pack::open(pack_dir_);
    ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
    auto device = std::make_unique<FakeDevice>("gfx942", 80);  // an MI308X-sized part
    device_ = device.get();
    runtime_ = Runtime::create(std::move(pack).value(), std::move(device));
    std::ifstream in(pack_dir_ / "manifest.json");
    manifest_ = nlohmann::json::parse(in);
  }

  const nlohmann::json& raw_entry(const std::string& id) const {
    for (const auto& k : manifest_["kernels"]) {
      if (k["id"] == id) return k;
    }
    throw std::runtime_error("no " + id);
  }

  std::filesystem::path pack_dir_;
  FakeDevice* device_ = nullptr;
  std::unique_ptr<Runtime> runtime_;
  nlohmann::json manifest_;
};

template <typename T>
T read_le(const std::vector<uint8_t>& bytes, size_t offset) {
  T value{};
  std::memcpy(&value, bytes.data() + offset, sizeof(T));  // x86-64 is little-endian, like the GPU
  return value;
}

TEST_F(RuntimeTest, GemmLaunchesTheSelectedKernelWithManifestKernargs) {
  GemmArgs args;
  args.A = 0x7f0000001000;
  args.B = 0x7f0000200000;
  args.C = 0x7f0000400000;
  args.M = 1000;
  args.N = 520;
  args.K = 264;
  args.lda = 272;
  args.ldb = 264;
  args.ldc = 520;
  Status status = runtime_->gemm(args);
  ASSERT_TRUE(status.is_ok()) << status.to_string();
  ASSERT_EQ(device_->launches.size(), 1u);
  const LaunchConfig& launch = device_->launches[0];

  auto selection = runtime_->select(gemm_problem(args, device_->info()).value());
  ASSERT_TRUE(selection.is_ok());
  const nlohmann::json& entry = raw_entry(selection.value().kernel->id);
  EXPECT_EQ(entry["arch"], "gfx942");
  EXPECT_EQ(device_->kernel_symbols.at(0), entry["symbol"]);

  // Each argument at its manifest offset, with the value the call gave.
  const std::map<std::string, uint64_t> expected_ptrs = {{"A", args.A}, {"B", args.B}, {"C", args.C}};
  const std::map<std::string, int64_t> expected_ints = {{"M", args.M},     {"N", args.N},     {"K", args.K},
                                                        {"lda", args.lda}, {"ldb", args.ldb}, {"ldc", args.ldc}};
  ASSERT_EQ(launch.kernargs.size(), entry["kernarg"]["size"].get<size_t>());
  int checked = 0;
  for (const auto& arg : entry["kernarg"]["args"]) {
    const std::string name = arg["name"];
    const size_t offset = arg["offset"];
    if (arg["type"] == "ptr" && expected_ptrs.count(name)) {
      EXPECT_EQ(read_le<uint64_t>(launch.kernargs, offset), expected_ptrs.at(name)) << name;
      ++checked;
    } else if (arg["type"] == "i32" && expected_ints.count(name)) {
      EXPECT_EQ(read_le<int32_t>(launch.kernargs, offset), expected_ints.at(name)) << name;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 9) << "A, B, C, M, N, K, lda, ldb, ldc all present in the layout";

  // Grid: one workgroup per output tile (tile sizes from the variant's parameters).
  const int64_t bm = entry["params"]["bm"], bn = entry["params"]["bn"];
  EXPECT_EQ(launch.grid_workgroups[0] * launch.grid_workgroups[1] * launch.grid_workgroups[2],
            static_cast<uint64_t>(((args.M + bm - 1) / bm) * ((args.N + bn - 1) / bn)));
  EXPECT_EQ(launch.workgroup[0] * launch.workgroup[1] * launch.workgroup[2],
            entry["launch"]["workgroup"][0].get<uint32_t>() * entry["launch"]["workgroup"][1].get<uint32_t>() *
                entry["launch"]["workgroup"][2].get<uint32_t>());

  // A second call reuses the loaded module.
  ASSERT_TRUE(runtime_->gemm(args).is_ok());
  EXPECT_EQ(device_->module_loads.load(), 1);
  EXPECT_EQ(device_->launches.size(), 2u);
}

TEST_F(RuntimeTest, GemmThatNoKernelAcceptsSaysWhy) {
  GemmArgs args;
  args.A = args.B = args.C = 0x7f0000001000;
  args.M = args.N = 64;
  args.K = 100;  // not a multiple of 8
  args.lda = args.ldb = 100;
  args.ldc = 64;
  Status status = runtime_->gemm(args);
  EXPECT_EQ(status.code(), StatusCode::kNoKernel) << status.to_string();
  EXPECT_NE(status.message().find("multiple of 8"), std::string::npos) << status.message();
  EXPECT_TRUE(device_->launches.empty());
}

TEST_F(RuntimeTest, NullPointersAreRejectedBeforeSelection) {
  GemmArgs args;
  args.M = args.N = args.K = args.lda = args.ldb = args.ldc = 64;
  EXPECT_EQ(runtime_->gemm(args).code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(device_->launches.empty());
}

TEST(RuntimeOpen, MissingPackIsNotFound) {
  RuntimeOptions options;
  options.pack_dir = "/nonexistent/ingot/pack";
  auto runtime = Runtime::open(options);
  ASSERT_FALSE(runtime.is_ok());
  EXPECT_NE(runtime.status().message().find("/nonexistent/ingot/pack"), std::string::npos)
      << runtime.status().to_string();
}

TEST(FindPackDir, ExplicitEnvironmentWithoutAManifestIsAnError) {
  setenv("INGOT_PACK", "/nonexistent/pack", 1);
  auto dir = find_pack_dir();
  unsetenv("INGOT_PACK");
  ASSERT_FALSE(dir.is_ok());
  EXPECT_EQ(dir.status().code(), StatusCode::kNotFound);
  EXPECT_NE(dir.status().message().find("/nonexistent/pack"), std::string::npos);
}

TEST(FindPackDir, EnvironmentWins) {
  const auto pack = testing::real_pack_dir();
  if (pack.empty()) GTEST_SKIP() << "no built pack";
  setenv("INGOT_PACK", pack.c_str(), 1);
  auto dir = find_pack_dir();
  unsetenv("INGOT_PACK");
  ASSERT_TRUE(dir.is_ok()) << dir.status().to_string();
  EXPECT_EQ(dir.value(), pack);
}

}  // namespace
}  // namespace ingot

namespace ingot {
namespace {

const DeviceInfo kMi300x{"gfx942", 304};

TEST(GemmProblem, CarriesEveryNameTheGemmFamiliesUse) {
  GemmArgs args;
  args.A = 1;
  args.B = 2;
  args.C = 3;
  args.M = 4;
  args.N = 5;
  args.K = 8;
  args.lda = 8;
  args.ldb = 9;
  args.ldc = 10;
  args.alpha = 0.5f;
  Problem plain = gemm_problem(args, kMi300x).value();
  EXPECT_EQ(plain.op, "gemm");
  EXPECT_EQ(plain.keys.at("dtype_a"), "bf16");
  EXPECT_EQ(plain.keys.at("dtype_c"), "f32");
  EXPECT_EQ(plain.ints.at("ldb"), 9);
  EXPECT_EQ(plain.ints.at("has_bias"), 0);
  EXPECT_EQ(plain.scalars.at("alpha"), 0.5);
  EXPECT_EQ(plain.buffers.at("C"), 3u);
  EXPECT_EQ(plain.buffers.count("bias"), 0u);
  args.bias = 0x1000;
  Problem biased = gemm_problem(args, kMi300x).value();
  EXPECT_EQ(biased.ints.at("has_bias"), 1);
  EXPECT_EQ(biased.buffers.at("bias"), 0x1000u);
  EXPECT_EQ(biased.keys.count("scaling"), 0u);  // 16-bit gemms carry no fp8 names
  EXPECT_EQ(biased.buffers.count("A_scale"), 0u);
}

TEST(GemmProblem, Fp8CarriesScalingFormatAndScaleBuffers) {
  GemmArgs args;
  args.A = 1, args.B = 2, args.C = 3, args.A_scale = 4, args.B_scale = 5;
  args.M = 1, args.N = 128, args.K = 128, args.lda = 128, args.ldb = 128, args.ldc = 128;
  args.dtype_a = args.dtype_b = "fp8";
  args.dtype_c = "bf16";
  args.scaling = "per_token";
  args.fp8_format = "e4m3fn";
  Problem problem = gemm_problem(args, kMi300x).value();
  EXPECT_EQ(problem.keys.at("dtype_a"), "fp8");
  EXPECT_EQ(problem.keys.at("scaling"), "per_token");
  EXPECT_EQ(problem.keys.at("fp8_format"), "e4m3fn");
  EXPECT_EQ(problem.buffers.at("A_scale"), 4u);
  EXPECT_EQ(problem.buffers.at("B_scale"), 5u);
}

// CDNA3 (gfx942) MFMAs read the FNUZ fp8 encodings, CDNA4 (gfx950) the OCP ones (AMD CDNA3/CDNA4 ISA guides).
TEST(Fp8Format, FollowsTheArch) {
  EXPECT_EQ(fp8_format_for_arch("gfx942").value(), "e4m3fnuz");
  EXPECT_EQ(fp8_format_for_arch("gfx950").value(), "e4m3fn");
  auto unknown = fp8_format_for_arch("gfx90a");
  ASSERT_FALSE(unknown.is_ok());
  EXPECT_EQ(unknown.status().code(), StatusCode::kUnsupported);
}

}  // namespace
}  // namespace ingot
