// load_module refuses a code object containing an instruction that decodes but has no semantics, even
// where no wave would reach it (issue 3: "reported when the .text is decoded, before the kernel runs").
// The disassembler (what `ingot disasm` uses) must still show such a code object.
#include <gtest/gtest.h>

#include <string>

#include "emu_test_support.h"
#include "ingot/code_object.h"
#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"

namespace ingot::emu {
namespace {

using testing::read_kernel_file;

class LoadCheck : public ::testing::TestWithParam<Target> {};

TEST_P(LoadCheck, UnreachedUnemulatedInstructionFailsAtLoad) {
  Emulator emu({.target = GetParam()});
  const std::vector<uint8_t> bytes = read_kernel_file("unemulated_unreached", GetParam());
  Result<ModuleId> module = emu.load_module(bytes);
  ASSERT_FALSE(module.is_ok());
  EXPECT_EQ(module.status().code(), StatusCode::kUnsupported);
  const std::string& message = module.status().message();
  // s_branch is 4 bytes at the kernel entry, so the offending word is the second one; the VOP3 encoding
  // of v_cvt_pk_u16_u32 (opcode 0x297, LLVM: "v_cvt_pk_u16_u32 v1, v2, v3") starts with 01 00 97 d2.
  EXPECT_NE(message.find("kernel unemulated_unreached"), std::string::npos) << message;
  EXPECT_NE(message.find("offset 0x4 "), std::string::npos) << message;
  EXPECT_NE(message.find("bytes 01 00 97 d2 "), std::string::npos) << message;
  EXPECT_NE(message.find("v_cvt_pk_u16_u32 v1, v2, v3 decodes but is not emulated"), std::string::npos)
      << message;
}

TEST_P(LoadCheck, DisassemblerStillShowsIt) {
  const std::vector<uint8_t> bytes = read_kernel_file("unemulated_unreached", GetParam());
  Result<CodeObject> co = read_code_object(bytes);
  ASSERT_TRUE(co.is_ok()) << co.status().to_string();
  auto program = decode_program(co->text, GetParam(), co->text_address);
  ASSERT_TRUE(program.is_ok()) << program.status().to_string();
  std::string listing;
  for (const Inst& inst : *program) listing += disassemble(inst) + "\n";
  EXPECT_NE(listing.find("v_cvt_pk_u16_u32 v1, v2, v3\n"), std::string::npos) << listing;
}

INGOT_FOR_BOTH_TARGETS(LoadCheck);

}  // namespace
}  // namespace ingot::emu
