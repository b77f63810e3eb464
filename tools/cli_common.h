// Helpers shared by the verbs: finding/opening the pack, reporting failures, exit codes.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli_args.h"
#include "ingot/tooling/pack.h"
#include "ingot/status.h"
#include "op_check.h"

namespace ingot::cli {

// Exit codes, the same in every verb: 0 success, 1 the request failed (invalid pack, no kernel, FAIL...),
// 2 bad command line.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// Prints one line "ingot VERB: <what>: <message>" to stderr, without repeating a prefix the message
// already has ("no device: no device: ..."); returns kExitUsage for kInvalidArgument, else kExitFailure.
// `verb` defaults to the verb being run (set_current_verb, called by main).
int report_failure(const Status& status, std::string_view verb = {});
void set_current_verb(std::string_view verb);

// --pack DIR, else ingot::find_pack_dir() ($INGOT_PACK, build tree, install prefix).
Result<std::filesystem::path> pack_dir_from(const ParsedArgs& args);
Result<Pack> open_pack_from(const ParsedArgs& args);

// "tile_m=64 tile_n=64 dtype=bf16"
std::string params_text(const std::map<std::string, ParamValue, std::less<>>& params);

// A kernel's manifest entry as `--json` prints it (id, op, arch, family, file, params, resources).
nlohmann::json kernel_json(const ManifestKernel& kernel);

// A positive integer option value ("--cus"), or kInvalidArgument naming the option.
Result<int64_t> positive_integer(std::string_view option, const std::string& text);

// The options of `op`'s check that were given (run and select take the options of every op: the ones
// of another op are rejected here, naming the op's own).
Result<harness::CaseOptions> op_case_options(const ParsedArgs& args, const harness::OpCheck& check);

}  // namespace ingot::cli
