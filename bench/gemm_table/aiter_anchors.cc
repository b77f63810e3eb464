#include "aiter_anchors.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace ingot::bench {
namespace {

struct TableSpec {
  const char* file;
  GemmDtype dtype;
  const char* filter_column;  // a row counts only if this column contains `filter_text` ("" = every row)
  const char* filter_text;
};

// bf16: AITER's bf16 tables (any out dtype). FP8 block-128: the blockscale tables (CK, DeepSeek-V3 and
// preshuffled asm). FP8 per-token: the a8w8 rowwise tables, FP8 weights only (they also list int8).
constexpr TableSpec kTables[] = {
    {"bf16_tuned_gemm.csv", GemmDtype::kBf16, "dtype", "bfloat16"},
    {"a8w8_blockscale_tuned_gemm.csv", GemmDtype::kFp8Block128, "", ""},
    {"a8w8_blockscale_tuned_gemm_ds_v3.csv", GemmDtype::kFp8Block128, "", ""},
    {"a8w8_blockscale_bpreshuffle_tuned_gemm.csv", GemmDtype::kFp8Block128, "", ""},
    {"a8w8_tuned_gemm.csv", GemmDtype::kFp8PerToken, "q_dtype_w", "float8"},
    {"a8w8_bpreshuffle_tuned_gemm.csv", GemmDtype::kFp8PerToken, "q_dtype_w", "float8"},
};

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, ',')) fields.push_back(field);
  return fields;
}

template <typename T>
bool parse(const std::string& text, T& out) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

Result<AiterAnchors> AiterAnchors::load(const std::string& dir) {
  AiterAnchors anchors;
  for (const TableSpec& spec : kTables) {
    const std::filesystem::path path = std::filesystem::path(dir) / "aiter_tuned" / spec.file;
    std::ifstream file(path);
    if (!file) continue;
    std::string line;
    std::getline(file, line);
    const std::vector<std::string> header = split(line);
    auto column = [&](const std::string& name) -> int {
      for (size_t i = 0; i < header.size(); ++i) {
        if (header[i] == name) return static_cast<int>(i);
      }
      return -1;
    };
    const int gfx = column("gfx"), cus = column("cu_num"), m = column("M"), n = column("N"), k = column("K"),
              us = column("us"), filter = spec.filter_column[0] != '\0' ? column(spec.filter_column) : -1;
    if (gfx < 0 || cus < 0 || m < 0 || n < 0 || k < 0 || us < 0 || (spec.filter_column[0] != '\0' && filter < 0)) {
      return Status(StatusCode::kInvalidArgument, path.string() + ": header lacks gfx, cu_num, M, N, K, us or " +
                                                      spec.filter_column);
    }
    for (int row = 2; std::getline(file, line); ++row) {
      if (line.empty()) continue;
      const std::vector<std::string> f = split(line);
      if (f.size() < header.size()) {
        return Status(StatusCode::kInvalidArgument, path.string() + ":" + std::to_string(row) + ": too few fields");
      }
      if (filter >= 0 && f[static_cast<size_t>(filter)].find(spec.filter_text) == std::string::npos) continue;
      int64_t cu = 0, mv = 0, nv = 0, kv = 0;
      double time = 0;
      if (!parse(f[static_cast<size_t>(cus)], cu) || !parse(f[static_cast<size_t>(m)], mv) ||
          !parse(f[static_cast<size_t>(n)], nv) || !parse(f[static_cast<size_t>(k)], kv) ||
          !parse(f[static_cast<size_t>(us)], time)) {
        return Status(StatusCode::kInvalidArgument, path.string() + ":" + std::to_string(row) + ": bad number");
      }
      const Key key{f[static_cast<size_t>(gfx)], cu, static_cast<int>(spec.dtype), mv, nv, kv};
      auto [it, inserted] = anchors.times_.try_emplace(key, AnchorTime{time, spec.file});
      if (!inserted && time < it->second.us) it->second = AnchorTime{time, spec.file};
    }
  }
  return anchors;
}

std::optional<AnchorTime> AiterAnchors::find(const BenchCase& c) const {
  auto it = times_.find(Key{c.arch, c.cus, static_cast<int>(c.dtype), c.M, c.N, c.K});
  if (it == times_.end()) return std::nullopt;
  return it->second;
}

std::vector<AiterAnchors::Entry> AiterAnchors::entries() const {
  std::vector<Entry> out;
  for (const auto& [key, time] : times_) {
    const auto& [gfx, cus, dtype, m, n, k] = key;
    out.push_back({BenchCase{gfx, cus, static_cast<GemmDtype>(dtype), m, n, k}, time});
  }
  return out;
}

}  // namespace ingot::bench
