// Manifest reader: a round trip of every field, and broken manifests rejected with the kernel and key.
#include <gtest/gtest.h>

#include "ingot/tooling/manifest.h"
#include "test_support.h"

namespace ingot {
namespace {

using nlohmann::json;

json full_kernel() {
  std::vector<uint8_t> bytes = {1, 2, 3};
  return test::scale_kernel_entry("gfx942", bytes);
}

TEST(Manifest, RoundTripsEveryField) {
  const json entry = full_kernel();
  auto manifest = parse_manifest(test::manifest_with({entry}).dump());
  ASSERT_TRUE(manifest.is_ok()) << manifest.status().to_string();
  EXPECT_EQ(manifest->schema_version, 2);
  EXPECT_EQ(manifest->pack_version, "0.1.0");
  EXPECT_EQ(manifest->toolchain.backend, "triton-llvm");
  EXPECT_EQ(manifest->archs, std::vector<std::string>{"gfx942"});
  ASSERT_EQ(manifest->families.count("scale"), 1u);
  EXPECT_EQ(manifest->families.at("scale"), std::vector<std::string>{"scale_gfx942"});
  ASSERT_EQ(manifest->kernels.size(), 1u);
  const ManifestKernel& k = manifest->kernels[0];
  EXPECT_EQ(k.id, "scale_gfx942");
  EXPECT_EQ(k.family, "scale");
  EXPECT_EQ(k.op, "scale");
  EXPECT_EQ(k.arch, "gfx942");
  EXPECT_EQ(std::get<int64_t>(k.params.at("tile")), 256);
  EXPECT_EQ(std::get<std::string>(k.params.at("dtype")), "f32");
  EXPECT_EQ(std::get<bool>(k.params.at("fast")), true);
  EXPECT_EQ(k.file, "gfx942/scale_gfx942.co");
  EXPECT_EQ(k.symbol, "scale_gfx942");
  EXPECT_EQ(k.sha256, entry["sha256"].get<std::string>());
  EXPECT_EQ(k.size, 3u);
  EXPECT_EQ(k.kernarg.size, 24u);
  EXPECT_EQ(k.kernarg.align, 8u);
  ASSERT_EQ(k.kernarg.args.size(), 3u);
  EXPECT_EQ(k.kernarg.args[0].name, "in");
  EXPECT_EQ(k.kernarg.args[0].type, ArgType::kPtr);
  EXPECT_EQ(k.kernarg.args[2].name, "n");
  EXPECT_EQ(k.kernarg.args[2].type, ArgType::kU32);
  EXPECT_EQ(k.kernarg.args[2].offset, 16u);
  EXPECT_EQ(k.kernarg.args[2].size, 4u);
  EXPECT_EQ(k.kernarg.args[2].value.to_string(), "\"n\"");
  EXPECT_EQ(k.launch.workgroup, (std::array<uint32_t, 3>{256, 1, 1}));
  EXPECT_EQ(k.launch.grid[0].to_string(), R"(["ceil_div","n",256])");
  EXPECT_EQ(k.launch.grid[1].to_string(), "1");
  EXPECT_EQ(std::get<std::string>(k.match.at("dtype")), "f32");
  ASSERT_EQ(k.constraints.size(), 1u);
  EXPECT_EQ(k.constraints[0].name, "n_positive");
  EXPECT_EQ(k.constraints[0].message, "n must be positive");
  EXPECT_EQ(k.cost.to_string(), R"(["ceil_div","n",256])");
  EXPECT_EQ(k.resources.vgpr, 12u);
  EXPECT_EQ(k.resources.agpr, 8u);
  EXPECT_EQ(k.resources.sgpr, 20u);
  EXPECT_EQ(k.resources.lds, 1024u);
  EXPECT_EQ(k.resources.accum_offset, 12u);
  EXPECT_EQ(k.resources.max_flat_workgroup_size, 256u);
}

// Applies `mutate` to a valid manifest and expects kCorruptManifest mentioning every `needle`.
void expect_rejected(const std::function<void(json&)>& mutate, std::vector<std::string> needles) {
  json manifest = test::manifest_with({full_kernel()});
  mutate(manifest);
  auto parsed = parse_manifest(manifest.dump());
  ASSERT_FALSE(parsed.is_ok()) << manifest.dump();
  EXPECT_EQ(parsed.status().code(), StatusCode::kCorruptManifest);
  for (const std::string& needle : needles) {
    EXPECT_NE(parsed.status().message().find(needle), std::string::npos)
        << "message \"" << parsed.status().message() << "\" lacks \"" << needle << "\"";
  }
}

TEST(Manifest, RejectsOtherSchemaVersions) {
  expect_rejected([](json& m) { m["schema_version"] = 1; }, {"schema_version", "1"});
  expect_rejected([](json& m) { m.erase("schema_version"); }, {"schema_version", "missing"});
  expect_rejected([](json& m) { m["schema_version"] = "2"; }, {"schema_version"});
}

TEST(Manifest, RejectsBrokenTopLevel) {
  expect_rejected([](json& m) { m["kernels"] = json::object(); }, {"kernels", "array"});
  expect_rejected([](json& m) { m["families"]["scale"] = json::array(); }, {"families.scale"});
  expect_rejected([](json& m) { m["archs"] = {1}; }, {"archs"});
  expect_rejected([](json& m) { m.erase("toolchain"); }, {"toolchain"});
}

TEST(Manifest, RejectsBrokenKernelsNamingKernelAndKey) {
  const std::string id = "scale_gfx942";
  expect_rejected([](json& m) { m["kernels"][0].erase("op"); }, {id, "op", "missing"});
  expect_rejected([](json& m) { m["kernels"][0]["sha256"] = "ABC"; }, {id, "sha256"});
  expect_rejected([](json& m) { m["kernels"][0]["size"] = -1; }, {id, "size"});
  expect_rejected([](json& m) { m["kernels"][0]["kernarg"]["args"][1]["type"] = "f16"; }, {id, "args[1]", "type"});
  expect_rejected([](json& m) { m["kernels"][0]["kernarg"]["args"][2]["size"] = 8; }, {id, "args[2]", "size"});
  expect_rejected([](json& m) { m["kernels"][0]["kernarg"]["args"][1]["offset"] = 4; }, {id, "args[1]"});
  expect_rejected([](json& m) { m["kernels"][0]["kernarg"]["size"] = 16; }, {id, "kernarg.size"});
  expect_rejected([](json& m) { m["kernels"][0]["kernarg"]["args"][1]["name"] = "in"; }, {id, "duplicate"});
  expect_rejected([](json& m) { m["kernels"][0]["launch"]["workgroup"] = {256, 1}; }, {id, "workgroup"});
  expect_rejected([](json& m) { m["kernels"][0]["launch"]["grid"][0] = {"pow", 2, 3}; }, {id, "grid[0]", "pow"});
  expect_rejected([](json& m) { m["kernels"][0]["constraints"][0].erase("message"); }, {id, "constraints[0]", "message"});
  expect_rejected([](json& m) { m["kernels"][0]["match"]["dtype"] = 1.5; }, {id, "match.dtype"});
  expect_rejected([](json& m) { m["kernels"][0]["resources"].erase("vgpr"); }, {id, "resources", "vgpr"});
  expect_rejected([](json& m) { m["kernels"][0]["cost"] = {"add", 1}; }, {id, "cost"});
  expect_rejected([](json& m) { m["kernels"][0] = 7; }, {"kernels[0]"});
}

TEST(Manifest, RejectsNonJsonAndDeepNesting) {
  EXPECT_EQ(parse_manifest("{").status().code(), StatusCode::kCorruptManifest);
  EXPECT_EQ(parse_manifest("").status().code(), StatusCode::kCorruptManifest);
  EXPECT_EQ(parse_manifest("[1,2]").status().code(), StatusCode::kCorruptManifest);
  std::string deep(100000, '[');
  EXPECT_EQ(parse_manifest(deep).status().code(), StatusCode::kCorruptManifest);
  deep += std::string(100000, ']');
  EXPECT_EQ(parse_manifest(deep).status().code(), StatusCode::kCorruptManifest);
}

TEST(Manifest, WorkspaceIsRequired) {
  // A reader that defaulted it to 0 would launch a split-K kernel with no workspace.
  expect_rejected([](json& m) { m["kernels"][0]["launch"].erase("workspace"); }, {"workspace", "missing"});
  expect_rejected([](json& m) { m["kernels"][0]["launch"]["workspace"] = {"frobnicate", 1}; }, {"workspace"});
}

TEST(Manifest, OptionalKeysDefault) {
  json manifest = test::manifest_with({full_kernel()});
  manifest["kernels"][0].erase("match");
  manifest["kernels"][0].erase("constraints");
  manifest["kernels"][0]["launch"].erase("dynamic_lds");
  auto parsed = parse_manifest(manifest.dump());
  ASSERT_TRUE(parsed.is_ok()) << parsed.status().to_string();
  EXPECT_TRUE(parsed->kernels[0].match.empty());
  EXPECT_TRUE(parsed->kernels[0].constraints.empty());
  EXPECT_EQ(parsed->kernels[0].launch.dynamic_lds.to_string(), "0");
}

}  // namespace
}  // namespace ingot
