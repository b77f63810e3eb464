// load_module refuses a code object containing an instruction that decodes but has no semantics, even
// where no wave would reach it (issue 3: "reported when the .text is decoded, before the kernel runs").
// The disassembler (what `ingot disasm` uses) must still show such a code object. The one instruction
// left without semantics is gfx950's standalone v_mfma_ld_scale_b32 (emu/isa/not_emulated.tsv), so this
// runs on gfx950 only.
#include <gtest/gtest.h>

#include <string>

#include "emu_test_support.h"
#include "ingot/tooling/code_object.h"
#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"

namespace ingot::emu {
namespace {

using testing::read_kernel_file;

TEST(LoadCheck, UnreachedUnemulatedInstructionFailsAtLoad) {
  Emulator emu({.target = Target::kGfx950});
  const std::vector<uint8_t> bytes = read_kernel_file("unemulated_unreached", Target::kGfx950);
  Result<ModuleId> module = emu.load_module(bytes);
  ASSERT_FALSE(module.is_ok());
  EXPECT_EQ(module.status().code(), StatusCode::kUnsupported);
  const std::string& message = module.status().message();
  // s_branch is 4 bytes at the kernel entry, so the offending instruction is at offset 4. Its bytes are
  // LLVM's for the same line (llvm/test/MC/AMDGPU/mai-gfx950.s, tests/emu_isa/llvm_mc/mai-gfx950.tsv).
  EXPECT_NE(message.find("kernel unemulated_unreached"), std::string::npos) << message;
  EXPECT_NE(message.find("offset 0x4 "), std::string::npos) << message;
  EXPECT_NE(message.find("bytes 00 40 ac d3 00 01 00 18"), std::string::npos) << message;
  EXPECT_NE(message.find("v_mfma_ld_scale_b32 v0, s0 decodes but is not emulated"), std::string::npos)
      << message;
}

TEST(LoadCheck, DisassemblerStillShowsIt) {
  const std::vector<uint8_t> bytes = read_kernel_file("unemulated_unreached", Target::kGfx950);
  Result<CodeObject> co = read_code_object(bytes);
  ASSERT_TRUE(co.is_ok()) << co.status().to_string();
  auto program = decode_program(co->text, Target::kGfx950, co->text_address);
  ASSERT_TRUE(program.is_ok()) << program.status().to_string();
  std::string listing;
  for (const Inst& inst : *program) listing += disassemble(inst) + "\n";
  EXPECT_NE(listing.find("v_mfma_ld_scale_b32 v0, s0\n"), std::string::npos) << listing;
}

}  // namespace
}  // namespace ingot::emu
