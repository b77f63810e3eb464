// Replays a corpus and a few thousand seeded mutations of it through one fuzz entry point, so CI
// exercises the hostile-input paths without libFuzzer. Usage:
//   ingot_fuzz_replay <code_object|manifest|validate_pack|decoder> <mutations> <seed> <corpus file or dir>...
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "fuzz_entry_points.h"

namespace {

using Input = std::vector<uint8_t>;
using EntryPoint = int (*)(const uint8_t*, size_t);

Input read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return Input(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void collect(const std::filesystem::path& path, std::vector<Input>& corpus) {
  if (std::filesystem::is_directory(path)) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(path)) {
      if (entry.is_regular_file()) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());  // deterministic order for a fixed seed
    for (const auto& file : files) corpus.push_back(read_file(file));
  } else if (std::filesystem::is_regular_file(path)) {
    corpus.push_back(read_file(path));
  }
}

// The same kinds of edits libFuzzer makes: bit flips, byte sets, interesting values, truncation,
// insertion, erasure and splicing with another input.
Input mutate(const Input& seed, const std::vector<Input>& corpus, std::mt19937_64& random) {
  Input out = seed;
  const int edits = 1 + static_cast<int>(random() % 6);
  static constexpr uint8_t kInteresting[] = {0x00, 0x01, 0x7f, 0x80, 0xff, '[', ']', '{', '}', '"', ':', ',', '0', '9'};
  for (int e = 0; e < edits; ++e) {
    const size_t at = out.empty() ? 0 : random() % out.size();
    switch (random() % 7) {
      case 0:
        if (!out.empty()) out[at] ^= static_cast<uint8_t>(1u << (random() % 8));
        break;
      case 1:
        if (!out.empty()) out[at] = static_cast<uint8_t>(random());
        break;
      case 2:
        if (!out.empty()) out[at] = kInteresting[random() % sizeof kInteresting];
        break;
      case 3:
        out.resize(out.empty() ? 0 : random() % out.size());
        break;
      case 4:
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), static_cast<uint8_t>(random()));
        break;
      case 5:
        if (!out.empty()) out.erase(out.begin() + static_cast<std::ptrdiff_t>(at));
        break;
      case 6: {
        const Input& other = corpus[random() % corpus.size()];
        if (other.empty()) break;
        const size_t from = random() % other.size();
        const size_t length = 1 + random() % std::min<size_t>(64, other.size() - from);
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), other.begin() + static_cast<std::ptrdiff_t>(from),
                   other.begin() + static_cast<std::ptrdiff_t>(from + length));
        break;
      }
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s <code_object|manifest|validate_pack|decoder> <mutations> <seed> <corpus>...\n", argv[0]);
    return 2;
  }
  const std::string target = argv[1];
  EntryPoint entry = target == "code_object"     ? ingot::fuzz::code_object
                     : target == "manifest"      ? ingot::fuzz::manifest
                     : target == "validate_pack" ? ingot::fuzz::validate_pack
                     : target == "decoder"       ? ingot::fuzz::decoder
                                                 : nullptr;
  if (entry == nullptr) {
    std::fprintf(stderr, "unknown target %s\n", target.c_str());
    return 2;
  }
  const long mutations = std::strtol(argv[2], nullptr, 10);
  std::mt19937_64 random(std::strtoull(argv[3], nullptr, 10));
  std::vector<Input> corpus;
  for (int i = 4; i < argc; ++i) collect(argv[i], corpus);
  corpus.push_back({});  // the empty input is always worth a try
  for (const Input& input : corpus) entry(input.data(), input.size());
  for (long i = 0; i < mutations; ++i) {
    const Input input = mutate(corpus[random() % corpus.size()], corpus, random);
    entry(input.data(), input.size());
  }
  std::printf("%s: %zu corpus inputs and %ld mutations ran without a crash\n", target.c_str(), corpus.size(), mutations);
  return 0;
}
