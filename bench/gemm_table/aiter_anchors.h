// AMD's measured GEMM times (AITER tuned tables, MIT) read where they lie (never copied into the repo):
// `us` per (gfx, cu_num, M, N, K) for the configs AITER tuned. The bench prints them beside the pack's
// MODELED time for the same shape; they are AMD's measurements, ours are a model.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "bench_shapes.h"
#include "ingot/status.h"

namespace ingot::bench {

struct AnchorTime {
  double us = 0;
  std::string table;  // the CSV it came from
};

class AiterAnchors {
 public:
  // Reads the CSVs under `dir` (the folder holding aiter_tuned/). A missing file is skipped; a malformed
  // one is an error naming the file and line.
  static Result<AiterAnchors> load(const std::string& dir);
  // The fastest measured time AITER lists for this arch, CU count, shape and dtype, if any.
  std::optional<AnchorTime> find(const BenchCase& c) const;
  size_t size() const { return times_.size(); }
  struct Entry {
    BenchCase problem;
    AnchorTime time;
  };
  std::vector<Entry> entries() const;  // every (shape, fastest time) read, in key order

 private:
  using Key = std::tuple<std::string, int64_t, int, int64_t, int64_t, int64_t>;  // gfx, cus, dtype, M, N, K
  std::map<Key, AnchorTime> times_;
};

}  // namespace ingot::bench
