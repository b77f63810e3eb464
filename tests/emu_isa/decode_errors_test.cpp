// Bad input: unknown or unsupported encodings, truncated streams, operands the hardware rejects. Each must
// be an error value naming the offset and the bytes, never a crash or a silent mis-decode.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"

namespace ingot::emu {
namespace {

std::vector<uint8_t> words_to_bytes(const std::vector<uint32_t>& words) {
  std::vector<uint8_t> out;
  for (uint32_t w : words) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(w >> (8 * i)));
  }
  return out;
}

constexpr uint32_t kSNop = 0xBF800000;      // s_nop 0
constexpr uint32_t kSEndpgm = 0xBF810000;   // s_endpgm

void expect_error(const std::vector<uint8_t>& text, Target target, const std::string& offset_text,
                  const std::string& bytes_text, const std::string& reason) {
  auto program = decode_program(text, target, 0);
  ASSERT_FALSE(program.is_ok());
  const std::string& message = program.status().message();
  EXPECT_EQ(program.status().code(), StatusCode::kCorruptCodeObject);
  EXPECT_NE(message.find(offset_text), std::string::npos) << message;
  EXPECT_NE(message.find(bytes_text), std::string::npos) << message;
  EXPECT_NE(message.find(reason), std::string::npos) << message;
}

TEST(DecodeErrors, WholeProgramDecodes) {
  auto program = decode_program(words_to_bytes({kSNop, kSEndpgm}), Target::kGfx942, 0x100);
  ASSERT_TRUE(program.is_ok()) << program.status().to_string();
  ASSERT_EQ(program->size(), 2u);
  EXPECT_EQ((*program)[1].address, 0x104u);
  EXPECT_EQ(disassemble((*program)[1]), "s_endpgm");
}

TEST(DecodeErrors, EmptyTextIsAnEmptyProgram) {
  auto program = decode_program({}, Target::kGfx950, 0);
  ASSERT_TRUE(program.is_ok());
  EXPECT_TRUE(program->empty());
}

TEST(DecodeErrors, UnknownOpcodes) {
  expect_error(words_to_bytes({kSNop, 0xBF800000 | (0x7Fu << 16)}), Target::kGfx942, "offset 0x4",
               "00 00 ff bf", "unknown SOPP opcode 127");
  expect_error(words_to_bytes({0xFF800000u}), Target::kGfx942, "offset 0x0", "00 00 80 ff", "unknown");
  // VOP3P opcode 0x6d is unused on both targets (0x7f, used here before, is v_smfmac_f32_32x32x32_fp8_fp8).
  expect_error(words_to_bytes({0xD3ED0000u, 0x00000000u}), Target::kGfx950, "offset 0x0", "00 00 ed d3", "VOP3P");
}

TEST(DecodeErrors, SmfmacIndexMustBeAVgpr) {
  // v_smfmac_f32_16x16x32_f16 v[10:13], v[2:3], v[4:7], v1 with SRC2 changed to s1 (LLVM rejects it).
  expect_error(words_to_bytes({0xD3E2000Au, 0x00060902u}), Target::kGfx942, "offset 0x0", "0a 00 e2 d3",
               "index operand (SRC2) must be a VGPR");
}

TEST(DecodeErrors, UnsupportedFormats) {
  expect_error(words_to_bytes({0xE8000000u, 0}), Target::kGfx942, "offset 0x0", "00 00 00 e8", "MTBUF");
  expect_error(words_to_bytes({0xF0000000u, 0}), Target::kGfx942, "offset 0x0", "00 00 00 f0", "MIMG");
}

TEST(DecodeErrors, TruncatedStreams) {
  // A VOP3 word (v_add_f64) without its second dword.
  expect_error(words_to_bytes({kSNop, 0xD2800000u}), Target::kGfx942, "offset 0x4", "00 00 80 d2", "truncated");
  // v_mov_b32 v1, <literal> without the literal.
  expect_error(words_to_bytes({0x7E0202FFu}), Target::kGfx942, "offset 0x0", "ff 02 02 7e", "literal");
  // A .text whose size is not a multiple of 4.
  std::vector<uint8_t> odd = words_to_bytes({kSNop});
  odd.push_back(0xAB);
  expect_error(odd, Target::kGfx942, "", "ab", "not a multiple of 4");
  // decode_instruction past the end.
  auto past = decode_instruction(words_to_bytes({kSNop}), 4, Target::kGfx942, 0);
  EXPECT_FALSE(past.is_ok());
}

TEST(DecodeErrors, OperandsTheHardwareRejects) {
  // v_add_f64 with a literal (code 255) in src0: GFX9 VOP3 takes no literals.
  expect_error(words_to_bytes({0xD2800000u, 0x000404FFu}), Target::kGfx942, "offset 0x0", "00 00 80 d2",
               "literal");
  // v_add_f64 v[1:2], ...: a misaligned 64-bit VGPR destination.
  expect_error(words_to_bytes({0xD2800001u, 0x00020500u | 0x100u}), Target::kGfx942, "offset 0x0", "01 00 80 d2",
               "aligned");
  // s_mov_b64 s[1:2], s[2:3]: a misaligned SGPR pair.
  expect_error(words_to_bytes({0xBE810102u}), Target::kGfx942, "offset 0x0", "02 01 81 be", "register tuple");
  // An invalid DPP control (0x1FF) on v_mov_b32_dpp.
  expect_error(words_to_bytes({0x7E0202FAu, 0xFF01FF02u}), Target::kGfx942, "offset 0x0", "fa 02 02 7e", "DPP");
}

TEST(DecodeErrors, TargetSpecificValidity) {
  // llvm-mc -mcpu=gfx950: buffer_load_dwordx3 off, s[4:7], s8 lds. gfx942 has no x3 direct-to-LDS load.
  const std::vector<uint8_t> x3_lds = {0x00, 0x00, 0x59, 0xe0, 0x00, 0x00, 0x01, 0x08};
  auto on950 = decode_instruction(x3_lds, 0, Target::kGfx950, 0);
  ASSERT_TRUE(on950.is_ok()) << on950.status().to_string();
  EXPECT_EQ(disassemble(*on950), "buffer_load_dwordx3 off, s[4:7], s8 lds");
  expect_error(x3_lds, Target::kGfx942, "offset 0x0", "00 00 59 e0", "cannot load to LDS");
}

TEST(DecodeErrors, MfmaAccumulatorCannotBeScalar) {
  // v_mfma_f32_32x32x2_f32 with the C field naming s[0:15] (code 0): not something the hardware reads.
  expect_error(words_to_bytes({0xD3C48900u, 0x40022100u & 0xF803FFFFu}), Target::kGfx942, "offset 0x0", "00 89 c4 d3",
               "MFMA C operand");
}

TEST(DecodeErrors, GlobalReservedBit13) {
  // global_load_dword v1, v[2:3], off with bit 13 set (the SVE bit only scratch uses on CDNA3/4).
  expect_error(words_to_bytes({0xDC50A000u, 0x017F0002u}), Target::kGfx942, "offset 0x0", "00 a0 50 dc", "reserved");
}

TEST(DecodeErrors, RandomWordsNeverCrash) {
  // Whatever the bytes, the decoder returns a value: an Inst that disassembles, or an error with a message.
  std::mt19937 rng(12345);
  int decoded = 0;
  for (int i = 0; i < 200000; ++i) {
    std::vector<uint8_t> bytes(12);
    for (auto& b : bytes) b = static_cast<uint8_t>(rng());
    const size_t len = 4 * (1 + rng() % 3);
    bytes.resize(len);
    for (Target target : {Target::kGfx942, Target::kGfx950}) {
      auto inst = decode_instruction(bytes, 0, target, 0);
      if (inst.is_ok()) {
        ++decoded;
        EXPECT_LE(inst->size, len);
        EXPECT_FALSE(disassemble(*inst).empty());
      } else {
        EXPECT_FALSE(inst.status().message().empty());
      }
    }
  }
  EXPECT_GT(decoded, 0);
}

}  // namespace
}  // namespace ingot::emu
