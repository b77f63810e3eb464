// Pack on disk: opening, and load_code_object's checks before any bytes are handed out.
#include <gtest/gtest.h>

#include "ingot/tooling/pack.h"
#include "ingot/tooling/validate.h"
#include "pack_fixture.h"

namespace ingot {
namespace {

Result<VerifiedCodeObject> load(const test::FixturePack& fixture, const std::string& id) {
  auto pack = Pack::open(fixture.dir());
  EXPECT_TRUE(pack.is_ok()) << pack.status().to_string();
  if (!pack) return pack.status();
  const ManifestKernel* kernel = pack->find(id);
  EXPECT_NE(kernel, nullptr);
  if (kernel == nullptr) return Status(StatusCode::kNotFound, id);
  return pack->load_code_object(*kernel);
}

TEST(PackOnDisk, LoadsVerifiedCodeObjects) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  auto pack = Pack::open(fixture.dir());
  ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
  EXPECT_EQ(pack->kernels().size(), 2u);
  for (const ManifestKernel& kernel : pack->kernels()) {
    auto verified = pack->load_code_object(kernel);
    ASSERT_TRUE(verified.is_ok()) << verified.status().to_string();
    EXPECT_EQ(verified->kernel, &kernel);
    EXPECT_EQ(verified->code_object.arch, kernel.arch);
    ASSERT_NE(verified->code_object_kernel(), nullptr);
    EXPECT_EQ(verified->code_object_kernel()->metadata.name, kernel.symbol);
  }
  EXPECT_EQ(load(fixture, "scale_gfx942")->bytes, fixture.gfx942_bytes());
}

TEST(PackOnDisk, MissingPackOrManifest) {
  auto pack = Pack::open("/nonexistent/ingot/pack");
  ASSERT_FALSE(pack.is_ok());
  EXPECT_EQ(pack.status().code(), StatusCode::kNotFound);
}

TEST(PackOnDisk, FlippedByteFailsSha256) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  std::vector<uint8_t> bytes = fixture.gfx942_bytes();
  bytes[bytes.size() / 2] ^= 0x40;
  test::write_bytes(fixture.dir() / "gfx942" / "scale_gfx942.co", bytes);
  auto verified = load(fixture, "scale_gfx942");
  ASSERT_FALSE(verified.is_ok());
  EXPECT_EQ(verified.status().code(), StatusCode::kIntegrityError);
  EXPECT_NE(verified.status().message().find("sha256"), std::string::npos);
}

TEST(PackOnDisk, SizeMismatch) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  std::vector<uint8_t> bytes = fixture.gfx942_bytes();
  bytes.push_back(0);
  test::write_bytes(fixture.dir() / "gfx942" / "scale_gfx942.co", bytes);
  auto verified = load(fixture, "scale_gfx942");
  ASSERT_FALSE(verified.is_ok());
  EXPECT_EQ(verified.status().code(), StatusCode::kIntegrityError);
  EXPECT_NE(verified.status().message().find("size"), std::string::npos);
}

TEST(PackOnDisk, WrongArchObjectWithMatchingHash) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  // A gfx950 object where the manifest promises gfx942, hash and size updated to match it.
  test::write_bytes(fixture.dir() / "gfx942" / "scale_gfx942.co", fixture.gfx950_bytes());
  fixture.manifest()["kernels"][0]["sha256"] = test::sha256_of(fixture.gfx950_bytes());
  fixture.manifest()["kernels"][0]["size"] = fixture.gfx950_bytes().size();
  fixture.write_manifest();
  auto verified = load(fixture, "scale_gfx942");
  ASSERT_FALSE(verified.is_ok());
  EXPECT_EQ(verified.status().code(), StatusCode::kArchMismatch);
  EXPECT_NE(verified.status().message().find("gfx950"), std::string::npos);
}

TEST(PackOnDisk, PathTraversalAndAbsolutePathsRejected) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  for (const char* path : {"../gfx942/scale_gfx942.co", "/etc/passwd", "gfx942/../../x.co", "gfx942//x.co", ""}) {
    fixture.manifest()["kernels"][0]["file"] = path;
    fixture.write_manifest();
    auto verified = load(fixture, "scale_gfx942");
    ASSERT_FALSE(verified.is_ok()) << path;
    EXPECT_EQ(verified.status().code(), StatusCode::kIntegrityError) << path;
  }
  EXPECT_TRUE(check_pack_relative_path("gfx942/a.co").is_ok());
  EXPECT_FALSE(check_pack_relative_path("..").is_ok());
  EXPECT_FALSE(check_pack_relative_path("a/./b.co").is_ok());
}

TEST(PackOnDisk, SymlinkOutOfThePackRejected) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  test::TempDir outside;
  test::write_bytes(outside.path() / "evil.co", fixture.gfx942_bytes());
  std::filesystem::remove(fixture.dir() / "gfx942" / "scale_gfx942.co");
  std::filesystem::create_symlink(outside.path() / "evil.co", fixture.dir() / "gfx942" / "scale_gfx942.co");
  auto verified = load(fixture, "scale_gfx942");
  ASSERT_FALSE(verified.is_ok());
  EXPECT_EQ(verified.status().code(), StatusCode::kIntegrityError);
}

TEST(PackOnDisk, MissingFileAndMissingSymbol) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  std::filesystem::remove(fixture.dir() / "gfx950" / "scale_gfx950.co");
  auto missing = load(fixture, "scale_gfx950");
  ASSERT_FALSE(missing.is_ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  fixture.manifest()["kernels"][0]["symbol"] = "not_there";
  fixture.write_manifest();
  auto no_symbol = load(fixture, "scale_gfx942");
  ASSERT_FALSE(no_symbol.is_ok());
  EXPECT_EQ(no_symbol.status().code(), StatusCode::kCorruptCodeObject);
  EXPECT_NE(no_symbol.status().message().find("not_there"), std::string::npos);
}

// Tampered manifests whose sha256 and size still match the code object: each is refused at load time
// with a status naming the kernel and the field, as `validate` would name it (expected values from the
// fixture's object, built by LLVM's assembler: kernarg n at offset 16, 24-byte segment, 256 work-items).
TEST(PackOnDisk, ManifestDisagreeingWithItsCodeObjectIsRefusedAtLoad) {
  struct Tamper {
    const char* what;
    void (*apply)(nlohmann::json& kernel);
    const char* field;
  };
  const Tamper tampers[] = {
      {"argument moved", [](nlohmann::json& k) { k["kernarg"]["args"][2]["offset"] = 20; },
       "kernarg at offset 20 is named n"},
      {"argument resized", [](nlohmann::json& k) { k["kernarg"]["args"][2]["size"] = 8; }, "kernarg n is 8 bytes"},
      {"segment size", [](nlohmann::json& k) { k["kernarg"]["size"] = 16; }, "kernarg segment size"},
      {"workgroup too large", [](nlohmann::json& k) { k["launch"]["workgroup"] = {512, 1, 1}; },
       "exceeds max_flat_workgroup_size 256"},
      {"resources", [](nlohmann::json& k) { k["resources"]["vgpr"] = 4; }, "resources.vgpr"},
  };
  for (const Tamper& tamper : tampers) {
    SCOPED_TRACE(tamper.what);
    INGOT_REQUIRE_FIXTURE_PACK(fixture);
    tamper.apply(fixture.manifest()["kernels"][0]);
    fixture.write_manifest();
    auto pack = Pack::open(fixture.dir());
    if (!pack) {  // a change the parser itself refuses is caught even earlier
      EXPECT_EQ(pack.status().code(), StatusCode::kCorruptManifest);
      continue;
    }
    auto verified = pack->load_code_object(*pack->find("scale_gfx942"));
    ASSERT_FALSE(verified.is_ok());
    EXPECT_EQ(verified.status().code(), StatusCode::kCorruptManifest);
    EXPECT_NE(verified.status().message().find("scale_gfx942"), std::string::npos) << verified.status().message();
    EXPECT_NE(verified.status().message().find(tamper.field), std::string::npos) << verified.status().message();
    // The untouched gfx950 entry still loads.
    EXPECT_TRUE(pack->load_code_object(*pack->find("scale_gfx950")).is_ok());
  }
}

// The digest the generator writes beside the manifest: a matching one opens, any later edit of the
// manifest is refused by Pack::open and reported by validate (digest computed here by the test's own
// sha256, test::sha256_of, over the exact bytes on disk).
TEST(PackOnDisk, ManifestDigestIsVerified) {
  INGOT_REQUIRE_FIXTURE_PACK(fixture);
  const std::string text = fixture.manifest().dump(2);
  test::write_text(fixture.dir() / "manifest.json.sha256",
                   test::sha256_of(std::vector<uint8_t>(text.begin(), text.end())) + "\n");
  ASSERT_TRUE(Pack::open(fixture.dir()).is_ok());
  fixture.manifest()["kernels"][0]["launch"]["workgroup"] = {128, 1, 1};
  fixture.write_manifest();
  auto pack = Pack::open(fixture.dir());
  ASSERT_FALSE(pack.is_ok());
  EXPECT_EQ(pack.status().code(), StatusCode::kIntegrityError);
  EXPECT_NE(pack.status().message().find("manifest.json.sha256 says"), std::string::npos) << pack.status().message();
  const ValidationReport report = validate_pack(fixture.dir());
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.issues.front().where, "manifest");
  EXPECT_NE(report.issues.front().message.find("sha256"), std::string::npos);
}

}  // namespace
}  // namespace ingot
