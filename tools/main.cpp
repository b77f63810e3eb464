// `ingot`: list, inspect, validate, select and run kernels of a pack. Every verb is a call into libingot;
// this file only finds the verb in the table and hands it the parsed arguments.
#include <iostream>
#include <span>
#include <string_view>

#include "cli_common.h"
#include "verbs.h"

namespace {

void print_usage(std::ostream& out) {
  out << "usage: ingot VERB [options]   (ingot help VERB for a verb's options)\n"
         "       ingot --version\n\nverbs:\n";
  for (const auto& verb : ingot::cli::verb_table()) {
    std::string name(verb.name);
    name.resize(10, ' ');
    const std::string_view summary = verb.summary.substr(0, verb.summary.find('\n'));
    out << "  " << name << summary << "\n";
  }
  out << "\nexit status: 0 success, 1 the request failed, 2 bad command line\n";
}

int unknown_verb(std::string_view name) {
  std::vector<std::string> verbs;
  for (const auto& verb : ingot::cli::verb_table()) verbs.emplace_back(verb.name);
  std::string hint = ingot::cli::did_you_mean(name, verbs);
  if (const size_t dashes = hint.find("--"); dashes != std::string::npos) hint.erase(dashes, 2);  // verbs have none
  std::cerr << "ingot: unknown verb '" << name << "'" << hint << " (see: ingot help)\n";
  return ingot::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace ingot::cli;
  if (argc < 2) {
    print_usage(std::cerr);
    return kExitUsage;
  }
  const std::string_view verb_name = argv[1];
  if (verb_name == "--version") {
    std::cout << "ingot " << INGOT_VERSION << "\n";
    return kExitOk;
  }
  if (verb_name == "--help" || verb_name == "-h" || verb_name == "help") {
    if (verb_name == "help" && argc > 2) {  // ingot help VERB [OP]
      const VerbSpec* verb = find_verb(argv[2]);
      if (verb == nullptr) return unknown_verb(argv[2]);
      auto help = verb_help_for(*verb, argc > 3 ? argv[3] : "");
      if (!help) return report_failure(help.status());
      std::cout << help.value();
      return kExitOk;
    }
    print_usage(std::cout);
    return kExitOk;
  }
  const VerbSpec* verb = find_verb(verb_name);
  if (verb == nullptr) return unknown_verb(verb_name);
  set_current_verb(verb->name);
  auto args = parse_args(*verb, std::span<char* const>(argv + 2, static_cast<size_t>(argc - 2)));
  if (!args) return report_failure(args.status());
  if (args.value().help) {
    const std::vector<std::string>& positionals = args.value().positionals;
    auto help = verb_help_for(*verb, positionals.empty() ? "" : positionals.front());
    if (!help) return report_failure(help.status());
    std::cout << help.value();
    return kExitOk;
  }
  return verb->run(args.value());
}
