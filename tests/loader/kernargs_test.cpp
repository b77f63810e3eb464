// Kernarg packing: bytes checked against a layout written out by hand, and range errors.
#include <gtest/gtest.h>

#include "ingot/tooling/launch.h"
#include "ingot/tooling/manifest.h"
#include "test_support.h"

namespace ingot {
namespace {

using nlohmann::json;

ManifestKernel kernel_with_args(const json& args, int size) {
  json k = test::synthetic_kernel("k", "op", "gfx942");
  k["kernarg"] = {{"size", size}, {"align", 8}, {"args", args}};
  k["launch"]["grid"] = {{"ceil_div", "M", 64}, {"ceil_div", "N", 32}, 1};
  k["launch"]["dynamic_lds"] = {"mul", "N", 4};
  auto manifest = parse_manifest(test::manifest_with({k}).dump());
  EXPECT_TRUE(manifest.is_ok()) << manifest.status().to_string();
  return manifest->kernels.at(0);
}

json arg(const std::string& name, const std::string& type, int offset, int size, json value) {
  return {{"name", name}, {"type", type}, {"offset", offset}, {"size", size}, {"value", value}};
}

ManifestKernel all_types_kernel() {
  return kernel_with_args({arg("A", "ptr", 0, 8, "A"), arg("M", "i32", 8, 4, "M"), arg("ldc", "u32", 12, 4, "N"),
                           arg("big", "i64", 16, 8, {"mul", "M", -1000000000000}),
                           arg("k_tiles", "u64", 24, 8, {"ceil_div", "K", 32}), arg("alpha", "f32", 32, 4, "alpha")},
                          40);
}

Problem sample_problem() {
  Problem p("op");
  p.buffer("A", 0x7f0012345678ull).integer("M", -3).integer("N", 4096).integer("K", 100).scalar("alpha", 0.5);
  return p;
}

TEST(Kernargs, PacksEachTypeLittleEndianAtItsOffset) {
  auto bytes = pack_kernargs(all_types_kernel(), sample_problem());
  ASSERT_TRUE(bytes.is_ok()) << bytes.status().to_string();
  // Expected bytes written out by hand from the layout above.
  const std::vector<uint8_t> expected = {
      0x78, 0x56, 0x34, 0x12, 0x00, 0x7f, 0x00, 0x00,  // A = 0x7f0012345678
      0xfd, 0xff, 0xff, 0xff,                          // M = -3
      0x00, 0x10, 0x00, 0x00,                          // ldc = 4096
      0x00, 0x30, 0xef, 0x7d, 0xba, 0x02, 0x00, 0x00,  // big = -3 * -10^12 = 0x000002BA7DEF3000
      0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // k_tiles = ceil(100/32) = 4
      0x00, 0x00, 0x00, 0x3f,                          // alpha = 0.5f
      0x00, 0x00, 0x00, 0x00,                          // padding to kernarg.size 40
  };
  EXPECT_EQ(bytes.value(), expected);
}

TEST(Kernargs, RangeErrorsNameTheArgument) {
  const ManifestKernel kernel = all_types_kernel();
  Problem negative_u32 = sample_problem();
  negative_u32.integer("N", -1);
  auto result = pack_kernargs(kernel, negative_u32);
  ASSERT_FALSE(result.is_ok());
  EXPECT_EQ(result.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(result.status().message().find("ldc"), std::string::npos) << result.status().message();

  Problem huge_i32 = sample_problem();
  huge_i32.integer("M", int64_t{1} << 31);
  result = pack_kernargs(kernel, huge_i32);
  ASSERT_FALSE(result.is_ok());
  EXPECT_NE(result.status().message().find("kernarg M"), std::string::npos) << result.status().message();

  Problem u32_edge = sample_problem();
  u32_edge.integer("N", 0xffffffffll);
  EXPECT_TRUE(pack_kernargs(kernel, u32_edge).is_ok());
  u32_edge.integer("N", 0x100000000ll);
  EXPECT_FALSE(pack_kernargs(kernel, u32_edge).is_ok());

  Problem negative_u64 = sample_problem();
  negative_u64.integer("K", -100);
  EXPECT_FALSE(pack_kernargs(kernel, negative_u64).is_ok());
}

TEST(Kernargs, MissingBufferOrValueIsAnError) {
  const ManifestKernel kernel = all_types_kernel();
  Problem no_buffer = sample_problem();
  no_buffer.buffers.clear();
  no_buffer.integer("A", 5);  // an integer named like the buffer is not a buffer
  auto result = pack_kernargs(kernel, no_buffer);
  ASSERT_FALSE(result.is_ok());
  EXPECT_NE(result.status().message().find("no buffer named \"A\""), std::string::npos) << result.status().message();
  Problem no_alpha = sample_problem();
  no_alpha.scalars.clear();
  result = pack_kernargs(kernel, no_alpha);
  ASSERT_FALSE(result.is_ok());
  EXPECT_NE(result.status().message().find("alpha"), std::string::npos);
}

TEST(Kernargs, FloatIntoIntegerArgIsAnError) {
  const ManifestKernel kernel = kernel_with_args(json::array({arg("x", "i32", 0, 4, "alpha")}), 8);
  auto result = pack_kernargs(kernel, sample_problem());
  ASSERT_FALSE(result.is_ok());
  EXPECT_NE(result.status().message().find("float"), std::string::npos);
}

TEST(Launch, GridWorkgroupAndDynamicLds) {
  const ManifestKernel kernel = all_types_kernel();
  Problem problem = sample_problem();
  problem.integer("M", 130);
  auto config = prepare_launch(kernel, problem, DeviceInfo{"gfx942", 304});
  ASSERT_TRUE(config.is_ok()) << config.status().to_string();
  EXPECT_EQ(config->workgroup, (std::array<uint32_t, 3>{64, 1, 1}));
  EXPECT_EQ(config->grid_workgroups, (std::array<uint32_t, 3>{3, 128, 1}));  // ceil(130/64), ceil(4096/32)
  EXPECT_EQ(config->grid_workitems(), (std::array<uint64_t, 3>{192, 128, 1}));
  EXPECT_EQ(config->dynamic_lds, 16384u);
  EXPECT_EQ(config->kernargs.size(), 40u);
}

TEST(Launch, EmptyGridIsAnError) {
  Problem problem = sample_problem();
  problem.integer("M", 0);
  auto config = prepare_launch(all_types_kernel(), problem, DeviceInfo{"gfx942", 304});
  ASSERT_FALSE(config.is_ok());
  EXPECT_NE(config.status().message().find("launch.grid.x"), std::string::npos) << config.status().message();
}

TEST(Launch, WorkspaceBytesFollowTheManifestExpression) {
  json k = test::synthetic_kernel("k", "op", "gfx942");
  // 4-byte counters per 32-wide tile of N, then M*N fp32 partials per split of K (a split-K layout)
  k["launch"]["workspace"] = {"add", {"mul", {"ceil_div", "N", 32}, 4}, {"mul", "M", "N", {"ceil_div", "K", 256}, 4}};
  auto manifest = parse_manifest(test::manifest_with({k}).dump());
  ASSERT_TRUE(manifest.is_ok()) << manifest.status().to_string();
  Problem p("op");
  p.integer("M", 2).integer("N", 100).integer("K", 1000);
  DeviceInfo device;
  device.arch = "gfx942";
  auto bytes = workspace_bytes(manifest->kernels[0], p, device);
  ASSERT_TRUE(bytes.is_ok()) << bytes.status().to_string();
  EXPECT_EQ(bytes.value(), 4u * 4 + 2u * 100 * 4 * 4);
}

TEST(Launch, NegativeWorkspaceIsACorruptManifest) {
  json k = test::synthetic_kernel("k", "op", "gfx942");
  k["launch"]["workspace"] = {"sub", 0, "N"};
  auto manifest = parse_manifest(test::manifest_with({k}).dump());
  ASSERT_TRUE(manifest.is_ok()) << manifest.status().to_string();
  Problem p("op");
  p.integer("N", 8);
  DeviceInfo device;
  auto bytes = workspace_bytes(manifest->kernels[0], p, device);
  ASSERT_FALSE(bytes.is_ok());
  EXPECT_EQ(bytes.status().code(), StatusCode::kCorruptManifest);
  EXPECT_NE(bytes.status().message().find("launch.workspace"), std::string::npos) << bytes.status().message();
}

}  // namespace
}  // namespace ingot
