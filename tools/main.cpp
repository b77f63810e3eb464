// `ingot`: list, inspect, validate and select kernels of a pack. Every verb is a call into libingot;
// this file only finds the verb in the table and hands it the parsed arguments.
#include <iostream>
#include <span>
#include <string_view>

#include "cli_common.h"
#include "verbs.h"

namespace {

void print_usage(std::ostream& out) {
  out << "usage: ingot VERB [options]   (ingot VERB --help for a verb's options)\n\nverbs:\n";
  for (const auto& verb : ingot::cli::verb_table()) {
    std::string name(verb.name);
    name.resize(10, ' ');
    const std::string_view summary = verb.summary.substr(0, verb.summary.find('\n'));
    out << "  " << name << summary << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  using namespace ingot::cli;
  if (argc < 2) {
    print_usage(std::cerr);
    return kExitUsage;
  }
  const std::string_view verb_name = argv[1];
  if (verb_name == "--help" || verb_name == "-h" || verb_name == "help") {
    print_usage(std::cout);
    return kExitOk;
  }
  for (const auto& verb : verb_table()) {
    if (verb.name != verb_name) continue;
    auto args = parse_args(verb, std::span<char* const>(argv + 2, static_cast<size_t>(argc - 2)));
    if (!args) return report_failure(args.status());
    if (args.value().help) {
      std::cout << verb_help(verb);
      return kExitOk;
    }
    return verb.run(args.value());
  }
  std::cerr << "ingot: unknown verb '" << verb_name << "'\n";
  print_usage(std::cerr);
  return kExitUsage;
}
