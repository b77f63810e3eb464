// Target IDs (LLVM AMDGPUUsage, "Target ID"), table-driven: parsing, and which code objects run on which
// devices. Expected outcomes are the document's rules written out case by case, not the code's output.
#include <gtest/gtest.h>

#include <string>

#include "codeobj/target_id.h"

namespace ingot {
namespace {

constexpr TargetFeature kAny = TargetFeature::kAny;
constexpr TargetFeature kOn = TargetFeature::kOn;
constexpr TargetFeature kOff = TargetFeature::kOff;

struct ParseCase {
  const char* text;
  const char* processor;  // nullptr: must be rejected
  TargetFeature sramecc, xnack;
  const char* error = "";  // part of the rejection message
};

TEST(TargetId, ParsesWhatCodeObjectsAndDevicesSay) {
  const ParseCase cases[] = {
      {"gfx942", "gfx942", kAny, kAny},
      {"amdgcn-amd-amdhsa--gfx942", "gfx942", kAny, kAny},
      {"gfx942:sramecc+:xnack-", "gfx942", kOn, kOff},
      {"amdgcn-amd-amdhsa--gfx950:xnack+", "gfx950", kAny, kOn},
      {"gfx90a:sramecc-", "gfx90a", kOff, kAny},
      {"gfx942:xnack-:sramecc+", "gfx942", kOn, kOff},  // order is free
      {"", nullptr, kAny, kAny, "no processor"},
      {"amdgcn-amd-amdhsa--", nullptr, kAny, kAny, "no processor"},
      {":xnack+", nullptr, kAny, kAny, "no processor"},
      {"gfx942:xnack", nullptr, kAny, kAny, "must end in + or -"},
      {"gfx942:", nullptr, kAny, kAny, "must end in + or -"},
      {"gfx942:xnack+:", nullptr, kAny, kAny, "must end in + or -"},
      {"gfx942:wavefrontsize64+", nullptr, kAny, kAny, "unknown feature 'wavefrontsize64'"},
      {"gfx942:xnack+:xnack-", nullptr, kAny, kAny, "given twice"},
  };
  for (const ParseCase& c : cases) {
    auto id = parse_target_id(c.text);
    if (c.processor == nullptr) {
      ASSERT_FALSE(id.is_ok()) << "'" << c.text << "' was accepted";
      EXPECT_EQ(id.status().code(), StatusCode::kInvalidArgument);
      EXPECT_NE(id.status().message().find(c.error), std::string::npos) << id.status().message();
      EXPECT_NE(id.status().message().find("'" + std::string(c.text) + "'"), std::string::npos) << id.status().message();
      continue;
    }
    ASSERT_TRUE(id.is_ok()) << c.text << ": " << id.status().to_string();
    EXPECT_EQ(id->processor, c.processor) << c.text;
    EXPECT_EQ(id->sramecc, c.sramecc) << c.text;
    EXPECT_EQ(id->xnack, c.xnack) << c.text;
  }
}

TEST(TargetId, PrintsTheCanonicalForm) {
  EXPECT_EQ(parse_target_id("amdgcn-amd-amdhsa--gfx942:xnack-:sramecc+")->to_string(), "gfx942:sramecc+:xnack-");
  EXPECT_EQ(parse_target_id("gfx950")->to_string(), "gfx950");
}

struct CompatibleCase {
  const char* code_object;
  const char* device;
  const char* mismatch;  // nullptr: runs; else part of the kArchMismatch message
};

TEST(TargetId, ACodeObjectRunsWhereEverySpecifiedFeatureAgrees) {
  const CompatibleCase cases[] = {
      // Unspecified features ("any") run with either device setting.
      {"gfx942", "gfx942:sramecc+:xnack-", nullptr},
      {"gfx942", "gfx942:sramecc-:xnack+", nullptr},
      // Specified features must equal the device's.
      {"gfx942:xnack-", "gfx942:sramecc+:xnack-", nullptr},
      {"gfx942:sramecc+:xnack-", "gfx942:sramecc+:xnack-", nullptr},
      {"gfx942:xnack+", "gfx942:sramecc+:xnack-", "xnack on in the code object, off on the device"},
      {"gfx942:sramecc-", "gfx942:sramecc+:xnack-", "sramecc off in the code object, on on the device"},
      {"gfx942:sramecc+:xnack+", "gfx942:sramecc+:xnack-", "xnack on in the code object, off on the device"},
      // A device that states no feature setting cannot refuse on it.
      {"gfx942:xnack+", "gfx942", nullptr},
      // The processor always decides.
      {"gfx950", "gfx942:sramecc+:xnack-", "processor gfx950 vs gfx942"},
      {"gfx942", "gfx90a:sramecc-:xnack-", "processor gfx942 vs gfx90a"},
  };
  for (const CompatibleCase& c : cases) {
    const Status status = check_target_compatible(*parse_target_id(c.code_object), *parse_target_id(c.device), "kernel k");
    if (c.mismatch == nullptr) {
      EXPECT_TRUE(status.is_ok()) << c.code_object << " on " << c.device << ": " << status.to_string();
      continue;
    }
    ASSERT_FALSE(status.is_ok()) << c.code_object << " ran on " << c.device;
    EXPECT_EQ(status.code(), StatusCode::kArchMismatch);
    EXPECT_NE(status.message().find(c.mismatch), std::string::npos) << status.message();
    EXPECT_EQ(status.message().rfind("kernel k: ", 0), 0u) << status.message();
  }
}

}  // namespace
}  // namespace ingot
