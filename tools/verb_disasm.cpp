// ingot disasm KERNEL|FILE.co: machine code in LLVM syntax, decoded by the emulator's ISA tables, from a
// pack kernel (its code object verified first) or from any code-object file.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

#include "cli_common.h"
#include "ingot/tooling/code_object.h"
#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"
#include "ingot_emu/inst.h"
#include "verbs.h"

namespace ingot::cli {
namespace {

// Decodes a code object's whole .text and prints it; `label` names it in the header and in errors.
int print_listing(const std::string& label, const CodeObject& co) {
  auto target = emu::parse_target(co.arch);
  if (!target) return report_failure(Status(StatusCode::kUnsupported, label + ": no ISA tables for " + co.arch));
  auto program = emu::decode_program(co.text, *target, co.text_address);
  if (!program) return report_failure(Status(program.status().code(), label + ": " + program.status().message()));
  std::cout << "; " << label << " (" << co.arch << "), .text " << co.text.size() << " bytes at 0x" << std::hex
            << co.text_address << std::dec << ", " << program.value().size() << " instructions\n";
  for (const CodeObjectKernel& k : co.kernels) {
    std::cout << "; kernel " << k.metadata.name << ": entry 0x" << std::hex << k.descriptor.entry_address << std::dec << "\n";
  }
  std::cout << emu::disassemble_listing(program.value());
  return kExitOk;
}

// A code-object file someone built (not verified against a manifest: there is none).
int disasm_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return report_failure(Status(StatusCode::kIoError, "cannot read '" + path + "'"));
  const std::vector<uint8_t> bytes(std::istreambuf_iterator<char>(in), {});
  auto co = read_code_object(bytes);
  if (!co) return report_failure(Status(co.status().code(), path + ": " + co.status().message()));
  return print_listing(path, co.value());
}

}  // namespace

// KERNEL is a pack kernel id, or a path to a .co file (anything that names an existing file).
int run_disasm(const ParsedArgs& args) {
  if (args.positionals.empty()) {
    return report_failure(Status(StatusCode::kInvalidArgument, "ingot disasm: missing KERNEL or FILE.co"));
  }
  const std::string& what = args.positionals.front();
  std::error_code ec;
  if (std::filesystem::is_regular_file(what, ec)) return disasm_file(what);
  auto pack = open_pack_from(args);
  if (!pack) return report_failure(pack.status());
  const ManifestKernel* kernel = pack.value().find(what);
  if (kernel == nullptr) {
    return report_failure(Status(StatusCode::kNotFound, "no kernel '" + what + "' in the pack, and no file of that name"));
  }
  auto verified = pack.value().load_code_object(*kernel);
  if (!verified) return report_failure(verified.status());
  return print_listing(what, verified.value().code_object);
}

}  // namespace ingot::cli
