// libingot's use of ROCm comgr: present (Debian's libamd-comgr2, installed by setup.sh), its metadata reader
// gives the target ID the assembler wrote into code objects we assemble here, and the load-time check
// refuses an xnack+ code object on an xnack- device; absent (comgr.absent: INGOT_COMGR_LIBRARY names no
// library), nothing is checked and nothing fails, as on a machine without ROCm.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "codeobj/comgr_library.h"

namespace ingot {
namespace {

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

std::vector<uint8_t> fixture(const std::string& arch) {
  return read_bytes(std::string(INGOT_COMGR_FIXTURE_DIR) + "/scale_" + arch + ".co");
}

TEST(Comgr, IsPresentWhereSetupInstalledIt) {
  const Status status = comgr_available();
  ASSERT_TRUE(status.is_ok()) << status.to_string() << " (setup.sh installs libamd-comgr2)";
}

// The fixtures' sources say `.amdgcn_target "amdgcn-amd-amdhsa--<arch>"`; the xnack kernel is assembled
// with -mattr=+xnack and target "...gfx942:xnack+" (tests/emu_exec/assemble_kernel.py, ;@xnack on).
TEST(Comgr, ReadsTheTargetTheAssemblerWrote) {
  for (const char* arch : {"gfx942", "gfx950"}) {
    auto target = comgr_code_object_target(fixture(arch));
    ASSERT_TRUE(target.is_ok()) << target.status().to_string();
    EXPECT_EQ(*target, std::string("amdgcn-amd-amdhsa--") + arch);
  }
  auto xnack = comgr_code_object_target(read_bytes(INGOT_COMGR_XNACK_KERNEL));
  ASSERT_TRUE(xnack.is_ok()) << xnack.status().to_string();
  EXPECT_EQ(*xnack, "amdgcn-amd-amdhsa--gfx942:xnack+");
}

TEST(Comgr, TheLoadCheckComparesFullTargetIds) {
  const std::string mi300x = "gfx942:sramecc+:xnack-";  // what HIP reports for an MI300X by default
  EXPECT_TRUE(check_target_with_comgr(fixture("gfx942"), mi300x, "scale_gfx942").is_ok());
  const Status xnack = check_target_with_comgr(read_bytes(INGOT_COMGR_XNACK_KERNEL), mi300x, "ws_kernel");
  ASSERT_FALSE(xnack.is_ok());
  EXPECT_EQ(xnack.code(), StatusCode::kArchMismatch);
  EXPECT_NE(xnack.message().find("ws_kernel: code object target gfx942:xnack+ does not run on device "
                                 "gfx942:sramecc+:xnack- (xnack on in the code object, off on the device)"),
            std::string::npos)
      << xnack.message();
  EXPECT_TRUE(check_target_with_comgr(read_bytes(INGOT_COMGR_XNACK_KERNEL), "gfx942:sramecc+:xnack+", "k").is_ok());
  const Status processor = check_target_with_comgr(fixture("gfx950"), mi300x, "scale_gfx950");
  EXPECT_EQ(processor.code(), StatusCode::kArchMismatch) << processor.to_string();
}

TEST(Comgr, BytesThatAreNoCodeObjectAreAStatus) {
  const std::vector<uint8_t> garbage = {0x7f, 'E', 'L', 'F', 1, 2, 3};
  auto target = comgr_code_object_target(garbage);
  ASSERT_FALSE(target.is_ok());
  EXPECT_EQ(target.status().code(), StatusCode::kCorruptCodeObject) << target.status().to_string();
  EXPECT_NE(target.status().message().find("comgr amd_comgr_"), std::string::npos) << target.status().to_string();
  EXPECT_EQ(check_target_with_comgr(garbage, "gfx942", "k").code(), StatusCode::kCorruptCodeObject);
}

// Registered as comgr.absent with INGOT_COMGR_LIBRARY=/nonexistent/libamd_comgr.so.2.
TEST(ComgrAbsent, NothingIsCheckedAndTheReasonNamesTheLibrary) {
  const char* forced = std::getenv("INGOT_COMGR_LIBRARY");
  ASSERT_NE(forced, nullptr) << "run through ctest (comgr.absent sets INGOT_COMGR_LIBRARY)";
  const Status status = comgr_available();
  ASSERT_FALSE(status.is_ok());
  EXPECT_EQ(status.code(), StatusCode::kUnsupported);
  EXPECT_NE(status.message().find(forced), std::string::npos) << status.to_string();
  EXPECT_EQ(comgr_code_object_target(fixture("gfx942")).status().code(), StatusCode::kUnsupported);
  // Even a mismatch passes unchecked: without comgr libingot loads as it always did.
  EXPECT_TRUE(check_target_with_comgr(fixture("gfx950"), "gfx942:sramecc+:xnack-", "k").is_ok());
}

}  // namespace
}  // namespace ingot
