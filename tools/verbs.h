// The verbs of `ingot`, each a thin call into libingot.
#pragma once

#include <span>
#include <string_view>

#include "cli_args.h"

namespace ingot::cli {

int run_list(const ParsedArgs& args);
int run_info(const ParsedArgs& args);
int run_validate(const ParsedArgs& args);
int run_select(const ParsedArgs& args);
int run_disasm(const ParsedArgs& args);  // in verb_disasm.cpp, when the emulator's ISA tables are built
int run_emu(const ParsedArgs& args);     // in verb_emu.cpp, when the emulator is built
int run_run(const ParsedArgs& args);
int run_not_yet_available(const ParsedArgs& args);

// The verb table: names, options and help for every verb.
std::span<const VerbSpec> verb_table();
const VerbSpec* find_verb(std::string_view name);

// The verb's help; for a verb of an op (run, select) given OP, with only OP's own options among the
// op options (`ingot run gemm --help`). kInvalidArgument for an op without a check.
Result<std::string> verb_help_for(const VerbSpec& verb, std::string_view op);

}  // namespace ingot::cli
