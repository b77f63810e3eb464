#include "cli_args.h"

namespace ingot::cli {
namespace {

const OptionSpec* find_option(const VerbSpec& verb, std::string_view name) {
  for (const auto& option : verb.options) {
    if (option.name == name) return &option;
  }
  return nullptr;
}

Status usage_error(const VerbSpec& verb, const std::string& what) {
  return Status(StatusCode::kInvalidArgument,
                "ingot " + std::string(verb.name) + ": " + what + " (see: ingot " + std::string(verb.name) + " --help)");
}

}  // namespace

Result<ParsedArgs> parse_args(const VerbSpec& verb, std::span<char* const> args) {
  ParsedArgs parsed;
  parsed.verb = std::string(verb.name);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      parsed.help = true;
      continue;
    }
    if (arg.size() <= 2 || arg.substr(0, 2) != "--") {
      parsed.positionals.emplace_back(arg);
      continue;
    }
    // --name VALUE or --name=VALUE
    std::string_view name = arg.substr(2);
    std::string inline_value;
    bool has_inline = false;
    if (auto eq = name.find('='); eq != std::string_view::npos) {
      inline_value = std::string(name.substr(eq + 1));
      name = name.substr(0, eq);
      has_inline = true;
    }
    const OptionSpec* option = find_option(verb, name);
    const bool wants_value = option == nullptr || !option->value.empty();
    if (option == nullptr && !verb.accepts_params) {
      return usage_error(verb, "unknown option --" + std::string(name));
    }
    std::string value;
    if (wants_value) {
      if (has_inline) {
        value = inline_value;
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        return usage_error(verb, "--" + std::string(name) + " needs a value");
      }
    } else if (has_inline) {
      return usage_error(verb, "--" + std::string(name) + " takes no value");
    }
    if (option != nullptr && !option->repeatable) {
      parsed.options[std::string(name)] = value;
    } else {
      parsed.params.emplace_back(std::string(name), value);
    }
  }
  if (parsed.help) return parsed;
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
  return text;
}

}  // namespace ingot::cli
