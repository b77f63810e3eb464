// Parsing on CLI11: each verb's table entry becomes a CLI::App (flags, options, repeatable options and
// positionals); CLI11 does the tokenising (--name VALUE, --name=VALUE, flags, counts) and rejects what the
// verb does not declare. Verbs that take free --PARAM VALUE pairs (list filters, select's raw manifest
// keys) get them set aside first and check the names themselves (unknown_option below).
#include "cli_args.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>

namespace ingot::cli {
namespace {

// Option names match ignoring case (--M as well as --m), as CLI11 is told below.
const OptionSpec* find_option(const VerbSpec& verb, std::string_view name);

Status usage_error(const VerbSpec& verb, const std::string& what) {
  return Status(StatusCode::kInvalidArgument, what + " (see: ingot help " + std::string(verb.name) + ")");
}

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours
// ("arhc" -> "arch" is one edit).
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

const OptionSpec* find_option(const VerbSpec& verb, std::string_view name) {
  for (const auto& option : verb.options) {
    if (same_ignoring_case(option.name, name)) return &option;
  }
  return nullptr;
}

// The option name of a CLI11 extra ("--arhc=x" -> "arhc"), empty for a positional.
std::string option_name(const std::string& arg) {
  if (arg.size() <= 2 || arg.compare(0, 2, "--") != 0) return "";
  return arg.substr(2, arg.find('=') - 2);
}

}  // namespace

std::string did_you_mean(std::string_view unknown, const std::vector<std::string>& known) {
  const std::string* best = nullptr;
  size_t best_distance = 0;
  for (const std::string& name : known) {
    const size_t distance = edit_distance(unknown, name);
    if (best == nullptr || distance < best_distance) best = &name, best_distance = distance;
  }
  // A suggestion only when it is plausibly the same word: at most a third of it changed.
  if (best == nullptr || best_distance > std::max<size_t>(1, std::min(unknown.size(), best->size()) / 3)) return "";
  return " (did you mean --" + *best + "?)";
}

Status unknown_option(const VerbSpec& verb, std::string_view name, std::vector<std::string> known) {
  for (const auto& option : verb.options) known.emplace_back(option.name);
  return usage_error(verb, "unknown option --" + std::string(name) + did_you_mean(name, known));
}

Result<ParsedArgs> parse_args(const VerbSpec& verb, std::span<char* const> args) {
  ParsedArgs parsed;
  parsed.verb = std::string(verb.name);

  // Free --PARAM VALUE pairs (undeclared names) are set aside for the verb; the rest goes to CLI11.
  std::vector<std::string> declared;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string arg = args[i];
    const std::string name = option_name(arg);
    if (!verb.accepts_params || name.empty() || name == "help" || find_option(verb, name) != nullptr) {
      declared.push_back(arg);
      continue;
    }
    if (const size_t eq = arg.find('='); eq != std::string::npos) {
      parsed.params.emplace_back(name, arg.substr(eq + 1));
    } else if (i + 1 < args.size()) {
      parsed.params.emplace_back(name, args[++i]);
    } else {
      return usage_error(verb, "--" + name + " needs a value");
    }
  }

  CLI::App app(std::string(verb.summary), "ingot " + std::string(verb.name));
  app.set_help_flag();
  app.add_flag("-h,--help", parsed.help);
  std::vector<std::pair<const OptionSpec*, CLI::Option*>> options;
  for (const auto& spec : verb.options) {
    const std::string flag = "--" + std::string(spec.name);
    CLI::Option* option = spec.value.empty() ? app.add_flag(flag) : app.add_option(flag);
    option->ignore_case();  // --M as well as --m, as users and the manifest spell sizes
    if (!spec.value.empty()) {
      option->type_size(1)->expected(1);
      option->multi_option_policy(spec.repeatable ? CLI::MultiOptionPolicy::TakeAll : CLI::MultiOptionPolicy::TakeLast);
    }
    options.emplace_back(&spec, option);
  }
  app.add_option("positionals", parsed.positionals)->expected(0, static_cast<int>(verb.max_positionals) + 1);
  std::reverse(declared.begin(), declared.end());  // CLI11 takes the arguments last first
  try {
    app.parse(std::move(declared));
  } catch (const CLI::ExtrasError&) {
    for (const std::string& extra : app.remaining()) {
      if (const std::string name = option_name(extra); !name.empty()) return unknown_option(verb, name, {});
    }
    return usage_error(verb, "unexpected argument '" + app.remaining().front() + "'");
  } catch (const CLI::ParseError& error) {
    return usage_error(verb, error.what());
  }
  if (parsed.help) return parsed;
  for (const auto& [spec, option] : options) {
    if (option->count() == 0) continue;
    const std::string name(spec->name);
    if (spec->value.empty()) {
      parsed.options[name] = "";
    } else if (spec->repeatable) {
      for (const std::string& value : option->results()) parsed.params.emplace_back(name, value);
    } else {
      parsed.options[name] = option->results().back();
    }
  }
  if (parsed.positionals.size() < verb.min_positionals) {
    return usage_error(verb, "missing " + std::string(verb.positionals));
  }
  if (parsed.positionals.size() > verb.max_positionals) {
    return usage_error(verb, "unexpected argument '" + parsed.positionals[verb.max_positionals] + "'");
  }
  return parsed;
}

std::string verb_help(const VerbSpec& verb) {
  std::string text = "usage: ingot " + std::string(verb.name);
  if (!verb.positionals.empty()) text += " " + std::string(verb.positionals);
  if (!verb.options.empty()) text += " [options]";
  if (verb.accepts_params) text += " [--PARAM VALUE]...";
  text += "\n\n" + std::string(verb.summary) + "\n";
  if (!verb.options.empty()) {
    text += "\noptions:\n";
    for (const auto& option : verb.options) {
      std::string left = "  --" + std::string(option.name);
      if (!option.value.empty()) left += " " + std::string(option.value);
      if (left.size() < 24) left.resize(24, ' ');
      else left += "  ";
      text += left + std::string(option.help) + "\n";
    }
  }
  text += "  --help                print this help\n";
  text += "\nexit status: 0 success, 1 the request failed (";
  text += verb.failure.empty() ? std::string_view("see above") : verb.failure;
  text += "), 2 bad command line\n";
  return text;
}

}  // namespace ingot::cli
