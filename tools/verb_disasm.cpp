// ingot disasm KERNEL: the kernel's machine code in LLVM syntax, decoded by the emulator's ISA tables
// from the verified code object.
#include <iostream>

#include "cli_common.h"
#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"
#include "ingot_emu/inst.h"
#include "verbs.h"

namespace ingot::cli {

int run_disasm(const ParsedArgs& args) {
  if (args.positionals.empty()) {
    return report_failure(Status(StatusCode::kInvalidArgument, "ingot disasm: missing KERNEL"));
  }
  auto pack = open_pack_from(args);
  if (!pack) return report_failure(pack.status());
  const std::string& id = args.positionals.front();
  const ManifestKernel* kernel = pack.value().find(id);
  if (kernel == nullptr) return report_failure(Status(StatusCode::kNotFound, "no kernel '" + id + "' in the pack"));
  auto verified = pack.value().load_code_object(*kernel);
  if (!verified) return report_failure(verified.status());
  const CodeObject& co = verified.value().code_object;
  auto target = emu::parse_target(co.arch);
  if (!target) return report_failure(Status(StatusCode::kUnsupported, "no ISA tables for " + co.arch));
  auto program = emu::decode_program(co.text, *target, co.text_address);
  if (!program) return report_failure(Status(program.status().code(), id + ": " + program.status().message()));
  std::cout << "; " << id << " (" << co.arch << "), .text " << co.text.size() << " bytes at 0x" << std::hex
            << co.text_address << std::dec << ", " << program.value().size() << " instructions\n";
  if (const CodeObjectKernel* k = verified.value().code_object_kernel()) {
    std::cout << "; entry 0x" << std::hex << k->descriptor.entry_address << std::dec << "\n";
  }
  std::cout << emu::disassemble_listing(program.value());
  return kExitOk;
}

}  // namespace ingot::cli
