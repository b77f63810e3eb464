// Manifest reader: a round trip of every field, and broken manifests rejected with the kernel and key.
#include <gtest/gtest.h>

#include "expr/expr_node.h"
#include "ingot/tooling/manifest.h"
#include "ingot/tooling/pack.h"
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
  EXPECT_EQ(manifest->schema_version, 3);
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
  expect_rejected([](json& m) { m["schema_version"] = 2; }, {"schema_version", "2"});  // no shared definitions
  expect_rejected([](json& m) { m["schema_version"] = "3"; }, {"schema_version"});
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

// A manifest whose kernel reads "tiles" in grid[0] and in its constraint, and "twice" in its cost.
json manifest_with_definitions() {
  json manifest = test::manifest_with({full_kernel()});
  manifest["defs"] = {{"tiles", {{"expr", {"ceil_div", "n", 256}}}},
                      {"twice", {{"expr", {"mul", {"ref", "tiles"}, 2}}}}};
  json& kernel = manifest["kernels"][0];
  kernel["launch"]["grid"][0] = {"ref", "tiles"};
  kernel["constraints"][0]["expr"] = {"ge", {"ref", "tiles"}, 1};
  kernel["cost"] = {"add", {"ref", "twice"}, {"ref", "tiles"}};
  return manifest;
}

void expect_definitions_rejected(const std::function<void(json&)>& mutate, std::vector<std::string> needles) {
  expect_rejected([&](json& m) {
    m = manifest_with_definitions();
    mutate(m);
  }, std::move(needles));
}

TEST(Manifest, SharedDefinitionsExpandWhereReferencedAndAreParsedOnce) {
  auto parsed = parse_manifest(manifest_with_definitions().dump());
  ASSERT_TRUE(parsed.is_ok()) << parsed.status().to_string();
  const ManifestKernel& k = parsed->kernels[0];
  EXPECT_EQ(k.launch.grid[0].to_string(), R"(["ceil_div","n",256])");
  EXPECT_EQ(k.constraints[0].expr.to_string(), R"(["ge",["ceil_div","n",256],1])");
  EXPECT_EQ(k.cost.to_string(), R"(["add",["mul",["ceil_div","n",256],2],["ceil_div","n",256]])");
  MapEnv env({{"n", Value(int64_t{1000})}});
  auto cost = k.cost.evaluate_int(env);
  ASSERT_TRUE(cost.is_ok()) << cost.status().to_string();
  EXPECT_EQ(cost.value(), 12);  // ceil(1000 / 256) = 4; 4 * 2 + 4
  // One definition, one tree: the grid is the very object the cost refers to.
  EXPECT_EQ(&k.launch.grid[0].root(), &k.cost.root().args[1].root());
}

TEST(Manifest, RejectsBadReferencesNamingWhatAndWhere) {
  const std::string id = "scale_gfx942";
  expect_definitions_rejected([](json& m) { m["kernels"][0]["cost"] = {"ref", "nope"}; },
                              {id, "cost", "\"nope\"", "does not define"});
  expect_definitions_rejected([](json& m) { m["defs"]["twice"]["expr"] = {"mul", {"ref", "absent"}, 2}; },
                              {"defs.twice", "\"absent\"", "does not define"});
  expect_definitions_rejected([](json& m) { m["defs"]["tiles"]["expr"] = {"add", {"ref", "twice"}, 1}; },
                              {"cyclic", "tiles -> twice -> tiles"});
  expect_definitions_rejected([](json& m) { m["defs"]["tiles"]["expr"] = {"ref", "tiles"}; }, {"cyclic", "tiles"});
  expect_definitions_rejected([](json& m) { m["defs"]["tiles"] = {{"kernarg", {{"size", 8}}}}; },
                              {"defs.tiles", "not an expression definition"});
  expect_definitions_rejected([](json& m) { m["defs"]["tiles"] = {"ceil_div", "n", 256}; },
                              {"defs.tiles", "not an expression definition"});
  expect_definitions_rejected([](json& m) { m["kernels"][0]["cost"] = {"ref", 3}; }, {id, "cost", "reference"});
  expect_definitions_rejected([](json& m) { m["kernels"][0]["cost"] = {"ref", "tiles", "twice"}; },
                              {id, "cost", "reference"});
  expect_definitions_rejected([](json& m) { m["defs"]["spare"] = {{"expr", 1}}; },
                              {"defs.spare", "no kernel uses it"});
  expect_definitions_rejected([](json& m) { m["defs"] = json::array(); }, {"defs", "object"});
}

TEST(Manifest, PackOpenAcceptsAnUnusedDefinitionThatValidateRejects) {
  // A manifest with kernels cut out keeps their definitions: it still opens (nothing reads them), while
  // parse_manifest (ingot validate) names the leftover.
  json manifest = manifest_with_definitions();
  manifest["defs"]["spare"] = {{"expr", {"add", "n", 1}}};
  EXPECT_FALSE(parse_manifest(manifest.dump()).is_ok());
  auto pack = Pack::from_manifest_text(manifest.dump(), "/nonexistent-pack");
  ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
  EXPECT_EQ(pack->find("scale_gfx942")->cost.to_string(), R"(["add",["mul",["ceil_div","n",256],2],["ceil_div","n",256]])");
  // The other reference errors stay errors there.
  manifest["kernels"][0]["cost"] = {"ref", "nope"};
  EXPECT_EQ(Pack::from_manifest_text(manifest.dump(), "/nonexistent-pack").status().code(), StatusCode::kCorruptManifest);
}

TEST(Manifest, ReferencesCountTowardTheNestingLimit) {
  // 70 definitions, each one level above the next: 70 levels once expanded, past the 64 allowed.
  expect_definitions_rejected([](json& m) {
    for (int i = 0; i < 70; ++i) m["defs"]["d" + std::to_string(i)] = {{"expr", {"add", {"ref", "d" + std::to_string(i + 1)}, 1}}};
    m["defs"]["d70"] = {{"expr", 1}};
    m["kernels"][0]["cost"] = {"ref", "d0"};
  }, {"nested deeper than 64"});
  // A long chain of bare references must not recurse without bound either.
  expect_definitions_rejected([](json& m) {
    for (int i = 0; i < 10000; ++i) m["defs"]["c" + std::to_string(i)] = {{"expr", {"ref", "c" + std::to_string(i + 1)}}};
    m["defs"]["c10000"] = {{"expr", 1}};
    m["kernels"][0]["cost"] = {"ref", "c0"};
  }, {"nested deeper than 64"});
  // A definition near the limit is fine where it is referenced shallowly, and rejected deeper down.
  json manifest = manifest_with_definitions();
  json deep = "n";
  for (int i = 0; i < 62; ++i) deep = json::array({"add", deep, 1});  // 62 levels below the reference
  manifest["defs"]["deep"] = {{"expr", deep}};
  manifest["kernels"][0]["launch"]["dynamic_lds"] = {"ref", "deep"};  // 1 + 62: fits
  ASSERT_TRUE(parse_manifest(manifest.dump()).is_ok()) << parse_manifest(manifest.dump()).status().to_string();
  manifest["kernels"][0]["launch"]["workspace"] = {"add", {"add", {"ref", "deep"}, 1}, 1};  // 2 + 1 + 62
  auto parsed = parse_manifest(manifest.dump());
  ASSERT_FALSE(parsed.is_ok());
  EXPECT_NE(parsed.status().message().find("workspace"), std::string::npos) << parsed.status().message();
  EXPECT_NE(parsed.status().message().find("\"deep\""), std::string::npos) << parsed.status().message();
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
