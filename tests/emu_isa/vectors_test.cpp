// The LLVM-assembled vectors (generated at build time from the ISA table, see CMakeLists.txt): every line
// must decode, to the row's instruction, consuming exactly LLVM's bytes. (The byte-exact reassembly of our
// disassembly is checked by test_llvm_oracle.py, which needs LLVM at test time.)
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ingot_emu/decode.h"
#include "ingot_emu/isa_table.h"

namespace ingot::emu {
namespace {

std::vector<uint8_t> parse_hex(const std::string& hex) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return out;
}

class VectorsTest : public ::testing::TestWithParam<Target> {};

TEST_P(VectorsTest, EveryRowHasVectorsAndEachDecodes) {
  const Target target = GetParam();
  const std::string path = std::string(INGOT_ISA_VECTORS_DIR) + "/vectors_" + std::string(target_name(target)) + ".tsv";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "no vectors at " << path << " (needs the venv Python with triton at build time)";
  std::map<std::string, int> per_row;
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.rfind("# SKIP:", 0) == 0) GTEST_SKIP() << line;
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string mnemonic_text, asm_text, hex;
    std::getline(ss, mnemonic_text, '\t');
    std::getline(ss, asm_text, '\t');
    std::getline(ss, hex, '\t');
    const std::vector<uint8_t> bytes = parse_hex(hex);
    auto inst = decode_instruction(bytes, 0, target, 0);
    ASSERT_TRUE(inst.is_ok()) << asm_text << ": " << inst.status().to_string();
    EXPECT_EQ(mnemonic(inst->op), mnemonic_text) << asm_text;
    EXPECT_EQ(inst->size, bytes.size()) << asm_text;
    ++per_row[mnemonic_text];
    ++checked;
  }
  for (const OpInfo& info : all_ops()) {
    if (info.available_on(target)) {
      EXPECT_GT(per_row[std::string(info.mnemonic)], 0) << info.mnemonic << " has no vector";
    }
  }
  std::printf("%s: %d LLVM vectors decoded\n", std::string(target_name(target)).c_str(), checked);
}

INSTANTIATE_TEST_SUITE_P(Targets, VectorsTest, ::testing::Values(Target::kGfx942, Target::kGfx950),
                         [](const ::testing::TestParamInfo<Target>& param) {
                           return std::string(target_name(param.param));
                         });

}  // namespace
}  // namespace ingot::emu
