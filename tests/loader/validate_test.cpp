// validate_pack: a clean pack passes; each planted fault gives a line naming it.
#include <gtest/gtest.h>

#include "ingot/tooling/validate.h"
#include "pack_fixture.h"

namespace ingot {
namespace {

std::string all_issues(const ValidationReport& report) {
  std::string text;
  for (const ValidationIssue& issue : report.issues) text += issue.to_string() + "\n";
  return text;
}

// Expects at least one issue whose line contains every needle.
void expect_issue(const ValidationReport& report, std::vector<std::string> needles) {
  for (const ValidationIssue& issue : report.issues) {
    const std::string line = issue.to_string();
    bool all = true;
    for (const std::string& needle : needles) all = all && line.find(needle) != std::string::npos;
    if (all) return;
  }
  std::string wanted;
  for (const std::string& needle : needles) wanted += "\"" + needle + "\" ";
  ADD_FAILURE() << "no issue with " << wanted << "in:\n" << all_issues(report);
}

TEST(Validate, CleanPackHasNoIssues) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  const ValidationReport report = validate_pack(fixture.dir());
  EXPECT_TRUE(report.ok()) << all_issues(report);
  EXPECT_EQ(report.kernels_checked, 2u);
  EXPECT_EQ(report.files_checked, 2u);
}

TEST(Validate, FlippedByte) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  std::vector<uint8_t> bytes = fixture.gfx950_bytes();
  bytes[100] ^= 0x01;
  test::write_bytes(fixture.dir() / "gfx950" / "scale_gfx950.co", bytes);
  expect_issue(validate_pack(fixture.dir()), {"scale_gfx950", "sha256"});
}

TEST(Validate, WrongArch) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  test::write_bytes(fixture.dir() / "gfx942" / "scale_gfx942.co", fixture.gfx950_bytes());
  fixture.manifest()["kernels"][0]["sha256"] = test::sha256_of(fixture.gfx950_bytes());
  fixture.manifest()["kernels"][0]["size"] = fixture.gfx950_bytes().size();
  fixture.write_manifest();
  const ValidationReport report = validate_pack(fixture.dir());
  expect_issue(report, {"scale_gfx942", "for gfx950", "manifest says gfx942"});
}

TEST(Validate, MissingFile) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  std::filesystem::remove(fixture.dir() / "gfx942" / "scale_gfx942.co");
  expect_issue(validate_pack(fixture.dir()), {"scale_gfx942", "missing"});
}

TEST(Validate, ExtraFile) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  test::write_bytes(fixture.dir() / "gfx942" / "stray.co", fixture.gfx942_bytes());
  expect_issue(validate_pack(fixture.dir()), {"gfx942/stray.co", "not indexed"});
}

TEST(Validate, PathTraversal) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  fixture.manifest()["kernels"][0]["file"] = "../gfx942/scale_gfx942.co";
  fixture.write_manifest();
  const ValidationReport report = validate_pack(fixture.dir());
  expect_issue(report, {"scale_gfx942", ".."});
  // The real file is now unindexed too.
  expect_issue(report, {"gfx942/scale_gfx942.co", "not indexed"});
}

TEST(Validate, KernargMismatch) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  auto& args = fixture.manifest()["kernels"][0]["kernarg"]["args"];
  args[2]["name"] = "count";
  fixture.manifest()["kernels"][1]["kernarg"]["size"] = 32;
  fixture.write_manifest();
  const ValidationReport report = validate_pack(fixture.dir());
  expect_issue(report, {"scale_gfx942", "offset 16", "count", "n"});
  expect_issue(report, {"scale_gfx950", "kernarg segment size", "24", "32"});
}

TEST(Validate, KernargMissingFromManifest) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  auto& args = fixture.manifest()["kernels"][0]["kernarg"]["args"];
  args.erase(2);
  fixture.write_manifest();
  expect_issue(validate_pack(fixture.dir()), {"scale_gfx942", "metadata argument n", "missing"});
}

TEST(Validate, WorkspaceDeclaredButNotPassed) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  fixture.manifest()["kernels"][0]["launch"]["workspace"] = {"mul", "n", 4};
  fixture.write_manifest();
  expect_issue(validate_pack(fixture.dir()), {"scale_gfx942", "launch.workspace", "no ptr kernarg"});
}

TEST(Validate, DuplicateIdsAndMissingVariant) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  fixture.manifest()["kernels"].push_back(fixture.manifest()["kernels"][0]);
  fixture.manifest()["families"]["scale"]["variants"].push_back("scale_gfx999");
  fixture.write_manifest();
  const ValidationReport report = validate_pack(fixture.dir());
  expect_issue(report, {"scale_gfx942", "2 times"});
  expect_issue(report, {"scale_gfx999", "family scale", "missing"});
}

TEST(Validate, ResourcesAndLaunchDisagree) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  fixture.manifest()["kernels"][0]["resources"]["vgpr"] = 40;
  fixture.manifest()["kernels"][0]["launch"]["workgroup"] = {512, 1, 1};
  fixture.write_manifest();
  const ValidationReport report = validate_pack(fixture.dir());
  expect_issue(report, {"scale_gfx942", "resources.vgpr", "12", "40"});
  expect_issue(report, {"scale_gfx942", "512", "max_flat_workgroup_size 256"});
}

// Launch rules evaluated at representative sizes (the fixture kernel takes any n > 0; its code object
// declares 1024 bytes of static LDS; gfx942 has 64 KiB): each planted rule is named with the size that
// breaks it, and the untouched gfx950 entry stays clean.
TEST(Validate, LaunchRulesThatCannotLaunch) {
  struct Plant {
    const char* where;
    nlohmann::json rule;
    std::vector<std::string> needles;
  };
  const Plant plants[] = {
      {"/launch/grid/0", {"mul", "n", int64_t{1} << 40}, {"launch.grid.x", "over the 2^32-1 work-items", "sizes 1"}},
      {"/launch/grid/1", {"sub", 1, "n"}, {"launch.grid.y", "is 0 workgroups", "sizes 1,"}},
      {"/launch/grid/0", {"ceil_div", "n", {"sub", "n", "n"}}, {"launch.grid.x", "fails", "divisor 0"}},
      {"/launch/dynamic_lds", {"sub", 0, "n"}, {"launch.dynamic_lds", "is negative (-1 bytes)"}},
      {"/launch/dynamic_lds", 65536, {"launch.dynamic_lds", "static 1024", "over gfx942's 65536"}},
      {"/launch/workspace", {"sub", 0, "n"}, {"launch.workspace", "is negative"}},
      {"/cost", {"div", "n", {"sub", "n", "n"}}, {"cost", "fails", "division by zero"}},
  };
  for (const Plant& plant : plants) {
    SCOPED_TRACE(plant.where);
    INGOT_REQUIRE_FIXTURE_PACK(fixture);
    fixture.manifest()["kernels"][0][nlohmann::json::json_pointer(plant.where)] = plant.rule;
    fixture.write_manifest();
    const ValidationReport report = validate_pack(fixture.dir());
    std::vector<std::string> needles = plant.needles;
    needles.insert(needles.begin(), "scale_gfx942");
    expect_issue(report, needles);
    for (const ValidationIssue& issue : report.issues) EXPECT_EQ(issue.where, "scale_gfx942") << issue.to_string();
  }
}

TEST(Validate, BrokenManifestIsOneIssue) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  test::write_text(fixture.dir() / "manifest.json", "{\"schema_version\": 7}");
  const ValidationReport report = validate_pack(fixture.dir());
  ASSERT_EQ(report.issues.size(), 1u);
  expect_issue(report, {"manifest", "schema_version"});
  const ValidationReport none = validate_pack("/nonexistent/pack");
  ASSERT_EQ(none.issues.size(), 1u);
}

}  // namespace
}  // namespace ingot
