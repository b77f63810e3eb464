// Helpers shared by the verbs: finding/opening the pack, reporting failures, exit codes.
#pragma once

#include <filesystem>
#include <string>

#include "cli_args.h"
#include "ingot/pack.h"
#include "ingot/status.h"

namespace ingot::cli {

// Exit codes: 0 success, 1 the request failed (invalid pack, no kernel...), 2 bad command line.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// Prints "ingot: <code>: <message>" to stderr; returns kExitUsage for kInvalidArgument, else kExitFailure.
int report_failure(const Status& status);

// --pack DIR, else ingot::find_pack_dir() ($INGOT_PACK, build tree, install prefix).
Result<std::filesystem::path> pack_dir_from(const ParsedArgs& args);
Result<Pack> open_pack_from(const ParsedArgs& args);

// "tile_m=64 tile_n=64 dtype=bf16"
std::string params_text(const std::map<std::string, ParamValue, std::less<>>& params);

}  // namespace ingot::cli
