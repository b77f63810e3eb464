// Decoding encodings whose LLVM text is known from LLVM's own MC tests
// (llvm/test/MC/Disassembler/AMDGPU/gfx940_dasm_features.txt, gfx950_dasm_vop1.txt; and llvm-mc output for
// the MFMA / f64 lines): the disassembly must equal LLVM's text, and the decoded fields must say what the
// hardware will do (the execution room relies on these fields).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"
#include "ingot_emu/isa_table.h"

namespace ingot::emu {
namespace {

struct Known {
  Target target;
  std::vector<uint8_t> bytes;
  const char* llvm_text;
};

Inst decode_one(Target target, const std::vector<uint8_t>& bytes) {
  auto inst = decode_instruction(bytes, 0, target, 0x1000);
  EXPECT_TRUE(inst.is_ok()) << inst.status().to_string();
  return inst.is_ok() ? *inst : Inst{};
}

class DecodeKnownTest : public ::testing::TestWithParam<Known> {};

TEST_P(DecodeKnownTest, DisassemblesAsLlvmPrints) {
  const Known& k = GetParam();
  const Inst inst = decode_one(k.target, k.bytes);
  EXPECT_EQ(inst.size, k.bytes.size());
  EXPECT_EQ(disassemble(inst), k.llvm_text);
}

const Known kKnown[] = {
    {Target::kGfx942, {0x00, 0x80, 0x51, 0xdc, 0x02, 0x00, 0x7f, 0x02}, "global_load_dword v2, v[2:3], off sc0"},
    {Target::kGfx942, {0x00, 0x80, 0x52, 0xdc, 0x02, 0x00, 0x7f, 0x02}, "global_load_dword v2, v[2:3], off nt"},
    {Target::kGfx942, {0x81, 0x00, 0x03, 0xc0, 0x00, 0x00, 0x00, 0x00}, "s_load_dword s2, s[2:3], 0x0 glc"},
    {Target::kGfx942, {0x00, 0xc0, 0x52, 0xe0, 0x00, 0x05, 0x02, 0x03}, "buffer_load_dword v5, off, s[8:11], s3 sc0 nt sc1"},
    {Target::kGfx942, {0x00, 0x00, 0x34, 0xdd, 0x02, 0x01, 0x80, 0x00}, "flat_atomic_add_f32 v[2:3], a1"},
    {Target::kGfx942, {0x00, 0x00, 0x35, 0xdd, 0x02, 0x01, 0x00, 0x04}, "flat_atomic_add_f32 v4, v[2:3], v1 sc0"},
    {Target::kGfx942, {0x00, 0x80, 0x49, 0xdd, 0x02, 0x01, 0xff, 0x04}, "global_atomic_pk_add_bf16 a4, v[2:3], a1, off sc0"},
    {Target::kGfx942, {0x00, 0x00, 0x6e, 0xdb, 0x02, 0x01, 0x00, 0x03}, "ds_pk_add_rtn_f16 a3, v2, a1"},
    {Target::kGfx942, {0x04, 0x80, 0xa8, 0xdc, 0x02, 0x00, 0x04, 0x00}, "global_load_lds_dword v2, s[4:5] offset:4"},
    {Target::kGfx942, {0x04, 0x40, 0xa8, 0xdc, 0x00, 0x00, 0x04, 0x00}, "scratch_load_lds_dword off, s4 offset:4"},
    {Target::kGfx942, {0x14, 0xf8, 0x81, 0xb8}, "s_getreg_b32 s1, hwreg(HW_REG_XCC_ID)"},
    {Target::kGfx942, {0x04, 0x71, 0x04, 0x7e}, "v_mov_b64_e32 v[2:3], v[4:5]"},
    {Target::kGfx942, {0xfa, 0x70, 0x04, 0x7e, 0x04, 0x51, 0x01, 0xff},
     "v_mov_b64_dpp v[2:3], v[4:5] row_newbcast:1 row_mask:0xf bank_mask:0xf"},
    {Target::kGfx942, {0xff, 0x70, 0x04, 0x7e, 0x64, 0x00, 0x00, 0x00}, "v_mov_b64_e32 v[2:3], 0x64"},
    {Target::kGfx942, {0x02, 0x00, 0x08, 0xd2, 0x04, 0x01, 0x05, 0x02}, "v_lshl_add_u64 v[2:3], v[4:5], 0, 1"},
    {Target::kGfx942, {0x02, 0x00, 0x08, 0xd2, 0x04, 0x0e, 0x22, 0x04}, "v_lshl_add_u64 v[2:3], s[4:5], v7, v[8:9]"},
    {Target::kGfx942, {0x00, 0xc0, 0xa0, 0xe0, 0x00, 0x00, 0x00, 0x00}, "buffer_wbl2 sc0 sc1"},
    {Target::kGfx942, {0x00, 0x40, 0x00, 0xe1, 0x00, 0x05, 0x02, 0x03}, "buffer_atomic_swap v5, off, s[8:11], s3 sc0"},
    {Target::kGfx942, {0x02, 0x07, 0x00, 0x2e, 0x00, 0x00, 0xc8, 0x42}, "v_fmamk_f32 v0, v2, 0x42c80000, v3"},
    {Target::kGfx942, {0x02, 0x07, 0x00, 0x30, 0x00, 0x00, 0xc8, 0x42}, "v_fmaak_f32 v0, v2, v3, 0x42c80000"},
    {Target::kGfx942, {0xf9, 0xaa, 0x02, 0x7e, 0x03, 0x66, 0x81, 0x00},
     "v_cvt_f32_bf8_sdwa v1, s3 clamp mul:2 src0_sel:BYTE_1"},
    {Target::kGfx942, {0xfa, 0xa8, 0x02, 0x7e, 0x03, 0x58, 0x00, 0xff},
     "v_cvt_f32_fp8_dpp v1, v3 quad_perm:[0,2,1,1] row_mask:0xf bank_mask:0xf"},
    {Target::kGfx942, {0x01, 0x00, 0x95, 0xd1, 0x03, 0x00, 0x00, 0x08}, "v_cvt_f32_bf8_e64 v1, s3 mul:2"},
    {Target::kGfx942, {0x01, 0x02, 0xa3, 0xd2, 0x02, 0x07, 0x02, 0x20}, "v_cvt_pk_bf8_f32 v1, -v2, |v3|"},
    {Target::kGfx942, {0x01, 0x40, 0xa2, 0xd2, 0x02, 0x07, 0x02, 0x00}, "v_cvt_pk_fp8_f32 v1, v2, v3 op_sel:[0,0,1]"},
    {Target::kGfx942, {0x01, 0x60, 0xa4, 0xd2, 0x02, 0x07, 0x02, 0x00}, "v_cvt_sr_fp8_f32 v1, v2, v3 op_sel:[0,0,1,1]"},
    {Target::kGfx942, {0x01, 0x01, 0xa5, 0xd2, 0x02, 0x06, 0x02, 0x20}, "v_cvt_sr_bf8_f32 v1, -|s2|, v3"},
    {Target::kGfx942, {0x03, 0xae, 0x04, 0x7e}, "v_cvt_pk_f32_bf8_e32 v[2:3], s3"},
    {Target::kGfx950, {0xff, 0xb0, 0xfe, 0x7f, 0x56, 0x34, 0x12, 0xaf}, "v_prng_b32_e32 v255, 0xaf123456"},
    {Target::kGfx950, {0xfd, 0xb0, 0x0a, 0x7e}, "v_prng_b32_e32 v5, src_scc"},
    {Target::kGfx950, {0x6b, 0xb0, 0x0a, 0x7e}, "v_prng_b32_e32 v5, vcc_hi"},
    {Target::kGfx950, {0xf0, 0xb0, 0x0a, 0x7e}, "v_prng_b32_e32 v5, 0.5"},
};

std::string known_name(const ::testing::TestParamInfo<Known>& param) {
  std::string name = std::to_string(param.index) + "_";
  for (const char* c = param.param.llvm_text; *c && *c != ' '; ++c) name += *c;
  return name;
}

INSTANTIATE_TEST_SUITE_P(LlvmMcTests, DecodeKnownTest, ::testing::ValuesIn(kKnown), known_name);

// ---- Field semantics: what the execution engine reads. ----

TEST(DecodeFields, MfmaOperandsAndWidths) {
  // llvm-mc -mcpu=gfx942: v_mfma_f32_32x32x8_f16 v[0:15], a[0:1], v[2:3], 1.0
  const Inst inst = decode_one(Target::kGfx942, {0x00, 0x00, 0xcc, 0xd3, 0x00, 0x05, 0xca, 0x0b});
  EXPECT_EQ(inst.op, Op::v_mfma_f32_32x32x8_f16);
  EXPECT_EQ(inst.encoding, Encoding::kVop3pMai);
  ASSERT_EQ(inst.num_operands, 4);
  const Operand* d = inst.find(Role::kDst);
  const Operand* a = inst.find(Role::kSrc0);
  const Operand* b = inst.find(Role::kSrc1);
  const Operand* c = inst.find(Role::kSrc2);
  ASSERT_TRUE(d && a && b && c);
  EXPECT_EQ(d->kind, OperandKind::kVgpr);
  EXPECT_EQ(d->dwords, 16);
  EXPECT_EQ(a->kind, OperandKind::kAgpr);
  EXPECT_EQ(a->index, 0);
  EXPECT_EQ(a->dwords, 2);
  EXPECT_EQ(b->kind, OperandKind::kVgpr);
  EXPECT_EQ(b->index, 2);
  EXPECT_EQ(c->kind, OperandKind::kInline);
  EXPECT_EQ(c->value, 0x3F800000u);  // 1.0 as the f32 accumulator reads it
  EXPECT_FALSE(inst.mai.acc_cd);
  EXPECT_EQ(disassemble(inst), "v_mfma_f32_32x32x8_f16 v[0:15], a[0:1], v[2:3], 1.0");
}

TEST(DecodeFields, InlineConstantTakesTheOperandsWidth) {
  // llvm-mc -mcpu=gfx942: v_add_f64 v[0:1], 1.0, v[2:3]
  const Inst inst = decode_one(Target::kGfx942, {0x00, 0x00, 0x80, 0xd2, 0xf2, 0x04, 0x02, 0x00});
  const Operand* src0 = inst.find(Role::kSrc0);
  ASSERT_NE(src0, nullptr);
  EXPECT_EQ(src0->kind, OperandKind::kInline);
  EXPECT_EQ(src0->value, 0x3FF0000000000000u);
  EXPECT_EQ(disassemble(inst), "v_add_f64 v[0:1], 1.0, v[2:3]");
}

TEST(DecodeFields, WaitcntAndBranchTarget) {
  // s_waitcnt vmcnt(0) = 0xbf8c0f70 ; s_cbranch_scc1 -3 = 0xbf85fffd
  const Inst wait = decode_one(Target::kGfx942, {0x70, 0x0f, 0x8c, 0xbf});
  EXPECT_EQ(wait.op, Op::s_waitcnt);
  EXPECT_EQ(wait.simm16, 0x0f70);
  EXPECT_EQ(disassemble(wait), "s_waitcnt vmcnt(0)");
  const Inst branch = decode_one(Target::kGfx942, {0xfd, 0xff, 0x85, 0xbf});
  EXPECT_EQ(branch.op, Op::s_cbranch_scc1);
  EXPECT_EQ(branch.simm16, -3);
  EXPECT_EQ(branch.branch_target, 0x1000u + 4 - 12);
  EXPECT_EQ(op_info(branch.op).exec_class, ExecClass::kBranch);
}

TEST(DecodeFields, BufferLoadToLdsHasNoVgprDestination) {
  // llvm-mc -mcpu=gfx942: buffer_load_dword v2, s[4:7], s8 offen offset:16 lds
  const Inst inst = decode_one(Target::kGfx942, {0x10, 0x10, 0x51, 0xe0, 0x02, 0x00, 0x01, 0x08});
  EXPECT_EQ(inst.op, Op::buffer_load_dword);
  EXPECT_TRUE(inst.mem.lds);
  EXPECT_TRUE(inst.mem.offen);
  EXPECT_EQ(inst.mem.offset, 16);
  EXPECT_EQ(inst.find(Role::kDst), nullptr);
  const Operand* rsrc = inst.find(Role::kRsrc);
  ASSERT_NE(rsrc, nullptr);
  EXPECT_EQ(rsrc->index, 4);
  EXPECT_EQ(rsrc->dwords, 4);
  EXPECT_EQ(disassemble(inst), "buffer_load_dword v2, s[4:7], s8 offen offset:16 lds");
}

TEST(DecodeFields, GlobalSignedOffsetAndSaddr) {
  // llvm-mc -mcpu=gfx942: global_load_dword v1, v[2:3], off offset:-16 ; global_load_dword v1, v2, s[4:5]
  const Inst off = decode_one(Target::kGfx942, {0xf0, 0x9f, 0x50, 0xdc, 0x02, 0x00, 0x7f, 0x01});
  EXPECT_EQ(off.mem.offset, -16);
  EXPECT_EQ(off.find(Role::kSaddr)->kind, OperandKind::kOff);
  EXPECT_EQ(off.find(Role::kAddr)->dwords, 2);
  const Inst sbase = decode_one(Target::kGfx942, {0x00, 0x80, 0x50, 0xdc, 0x02, 0x00, 0x04, 0x01});
  EXPECT_EQ(sbase.find(Role::kSaddr)->kind, OperandKind::kScalar);
  EXPECT_EQ(sbase.find(Role::kSaddr)->index, 4);
  EXPECT_EQ(sbase.find(Role::kAddr)->dwords, 1);
}

TEST(DecodeFields, VopcWritesVccImplicitlyInTheShortForm) {
  // llvm-mc -mcpu=gfx942: v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:BYTE_1 src1_sel:WORD_1
  const Inst inst = decode_one(Target::kGfx942, {0xf9, 0x04, 0x84, 0x7c, 0x01, 0x00, 0x01, 0x05});
  const Operand* sdst = inst.find(Role::kSdst);
  ASSERT_NE(sdst, nullptr);
  EXPECT_EQ(sdst->kind, OperandKind::kScalar);
  EXPECT_EQ(sdst->index, 106);  // vcc
  EXPECT_EQ(inst.sdwa.src0_sel, 1);
  EXPECT_EQ(inst.sdwa.src1_sel, 5);
}

TEST(DecodeFields, DppControls) {
  // llvm-mc -mcpu=gfx942: v_mov_b32_dpp v1, v2 row_shr:1 row_mask:0xa bank_mask:0x3 bound_ctrl:1
  const Inst inst = decode_one(Target::kGfx942, {0xfa, 0x02, 0x02, 0x7e, 0x02, 0x11, 0x09, 0xa3});
  EXPECT_EQ(inst.extension, Extension::kDpp);
  EXPECT_EQ(inst.dpp.ctrl, 0x111);
  EXPECT_EQ(inst.dpp.row_mask, 0xa);
  EXPECT_EQ(inst.dpp.bank_mask, 0x3);
  EXPECT_TRUE(inst.dpp.bound_ctrl);
  EXPECT_EQ(inst.find(Role::kSrc0)->kind, OperandKind::kVgpr);
  EXPECT_EQ(inst.find(Role::kSrc0)->index, 2);
  EXPECT_EQ(disassemble(inst), "v_mov_b32_dpp v1, v2 row_shr:1 row_mask:0xa bank_mask:0x3 bound_ctrl:1");
}

TEST(DecodeFields, SmemImmediateAndRegisterOffset) {
  // llvm-mc -mcpu=gfx942: s_load_dword s5, s[2:3], s7 offset:0x20 ; s_load_dword s5, s[2:3], -0x100
  const Inst both = decode_one(Target::kGfx942, {0x41, 0x41, 0x02, 0xc0, 0x20, 0x00, 0x00, 0x0e});
  EXPECT_TRUE(both.mem.smem_imm);
  EXPECT_TRUE(both.mem.soffset_imm);
  EXPECT_EQ(both.mem.offset, 0x20);
  EXPECT_EQ(both.find(Role::kSoffset)->kind, OperandKind::kScalar);
  EXPECT_EQ(both.find(Role::kSoffset)->index, 7);
  EXPECT_EQ(both.find(Role::kSbase)->index, 2);
  EXPECT_EQ(disassemble(both), "s_load_dword s5, s[2:3], s7 offset:0x20");
  const Inst negative = decode_one(Target::kGfx942, {0x41, 0x01, 0x02, 0xc0, 0x00, 0xff, 0x1f, 0x00});
  EXPECT_EQ(negative.mem.offset, -0x100);
  EXPECT_EQ(negative.find(Role::kSoffset)->kind, OperandKind::kImmediate);
  EXPECT_EQ(disassemble(negative), "s_load_dword s5, s[2:3], -0x100");
}

TEST(DecodeFields, SameBitsDifferentInstructionPerTarget) {
  // VOP3P opcode 0x54 is v_mfma_f32_16x16x32_f16 on gfx950 and nothing on gfx942 (isa-notes.md).
  // Bytes: llvm-mc -mcpu=gfx950 "v_mfma_f32_16x16x32_f16 a[0:3], v[0:3], v[4:7], a[0:3]".
  const std::vector<uint8_t> bytes = {0x00, 0x80, 0xd4, 0xd3, 0x00, 0x09, 0x02, 0x04};
  auto on950 = decode_instruction(bytes, 0, Target::kGfx950, 0);
  ASSERT_TRUE(on950.is_ok()) << on950.status().to_string();
  EXPECT_EQ(on950->op, Op::v_mfma_f32_16x16x32_f16);
  EXPECT_FALSE(decode_instruction(bytes, 0, Target::kGfx942, 0).is_ok());
}

}  // namespace
}  // namespace ingot::emu
