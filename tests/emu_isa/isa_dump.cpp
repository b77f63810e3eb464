// Test helper: decode hex byte strings with the emulator's decoder and print the disassembly.
//
//   ingot_isa_dump <arch> <vectors.tsv>   input lines "mnemonic<TAB>asm<TAB>hex" (comments start with '#')
//   output lines   "OK<TAB>mnemonic<TAB>asm<TAB>hex<TAB>decoded mnemonic<TAB>size<TAB>disassembly"
//              or  "ERR<TAB>mnemonic<TAB>asm<TAB>hex<TAB>message"
//
//   ingot_isa_dump --program <arch> <text.bin>   decode a whole .text section
//   output lines   "<address hex><TAB><hex bytes><TAB><disassembly>", or one "ERR<TAB>message" line
// The Python oracle test reassembles the disassembly with LLVM and compares bytes.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"
#include "ingot_emu/isa_table.h"

namespace {

std::vector<uint8_t> parse_hex(const std::string& hex) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  }
  return out;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string part;
  while (std::getline(ss, part, '\t')) out.push_back(part);
  return out;
}

}  // namespace

int dump_program(ingot::emu::Target target, const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path);
    return 2;
  }
  const std::vector<uint8_t> text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto program = ingot::emu::decode_program(text, target, 0);
  if (!program.is_ok()) {
    std::cout << "ERR\t" << program.status().message() << '\n';
    return 0;
  }
  for (const auto& inst : *program) {
    char hex[32];
    std::string bytes;
    for (size_t i = 0; i < inst.size; ++i) {
      std::snprintf(hex, sizeof hex, "%02x", text[inst.address + i]);
      bytes += hex;
    }
    std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(inst.address));
    std::cout << hex << '\t' << bytes << '\t' << ingot::emu::disassemble(inst) << '\n';
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--program") {
    const auto target = ingot::emu::parse_target(argv[2]);
    if (!target) return 2;
    return dump_program(*target, argv[3]);
  }
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <gfx942|gfx950> <vectors.tsv>\n", argv[0]);
    return 2;
  }
  const auto target = ingot::emu::parse_target(argv[1]);
  if (!target) {
    std::fprintf(stderr, "unknown arch %s\n", argv[1]);
    return 2;
  }
  std::ifstream in(argv[2]);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", argv[2]);
    return 2;
  }
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = split_tabs(line);
    if (f.size() < 3) continue;
    const std::vector<uint8_t> bytes = parse_hex(f[2]);
    auto inst = ingot::emu::decode_instruction(bytes, 0, *target, 0);
    if (!inst.is_ok()) {
      std::cout << "ERR\t" << f[0] << '\t' << f[1] << '\t' << f[2] << '\t' << inst.status().message() << '\n';
      continue;
    }
    std::cout << "OK\t" << f[0] << '\t' << f[1] << '\t' << f[2] << '\t' << ingot::emu::mnemonic(inst->op) << '\t'
              << static_cast<int>(inst->size) << '\t' << ingot::emu::disassemble(*inst) << '\n';
  }
  return 0;
}
