// The CLI's argument handling, driven by one table per verb (see verbs.cpp): every verb declares its
// options, positionals and help text once; parsing (CLI11), `--help` and error messages come from that
// table.
#pragma once

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ingot/status.h"

namespace ingot::cli {

struct OptionSpec {
  std::string_view name;  // without the leading "--"
  std::string_view value; // placeholder for its value ("DIR"); empty for a flag
  std::string_view help;
  bool repeatable = false;  // each occurrence is kept, in order, in ParsedArgs::params (e.g. --arg)
};

struct ParsedArgs;
using VerbFn = int (*)(const ParsedArgs&);

struct VerbSpec {
  std::string_view name;
  std::string_view positionals;  // usage text of the positionals, e.g. "KERNEL"
  size_t min_positionals = 0;
  size_t max_positionals = 0;
  bool accepts_params = false;   // `--PARAM VALUE` for names not in `options` (problem values, filters)
  std::string_view summary;
  std::vector<OptionSpec> options;
  VerbFn run = nullptr;
  std::string_view failure;      // when the verb exits 1, for its help's exit-status line
};

struct ParsedArgs {
  std::string verb;                                          // the verb being run
  std::map<std::string, std::string, std::less<>> options;  // declared options that were given
  std::vector<std::string> positionals;
  std::vector<std::pair<std::string, std::string>> params;  // free --PARAM VALUE and repeatable options, in order
  bool help = false;

  bool has(std::string_view name) const { return options.find(name) != options.end(); }
  const std::string* get(std::string_view name) const {
    auto it = options.find(name);
    return it == options.end() ? nullptr : &it->second;
  }
};

// " (did you mean --NAME?)" for the known name closest to `unknown`, or "" when none is close.
std::string did_you_mean(std::string_view unknown, const std::vector<std::string>& known);
// kInvalidArgument "unknown option --NAME (did you mean ...?)", suggesting from `known` and the verb's options.
Status unknown_option(const VerbSpec& verb, std::string_view name, std::vector<std::string> known);

// Parses the arguments after the verb. kInvalidArgument names the offending argument.
Result<ParsedArgs> parse_args(const VerbSpec& verb, std::span<char* const> args);
// "usage: ingot VERB ..." plus one line per option.
std::string verb_help(const VerbSpec& verb);

}  // namespace ingot::cli
