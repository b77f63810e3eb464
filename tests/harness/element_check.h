// Element-by-element comparison of an output with its CPU reference, shared by every op's check: the
// largest errors (what `ingot run` reports), the elements outside their tolerance (the first few as
// failure lines), and the padding an op must leave as it found it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ingot::harness {

struct ErrorStats {
  double max_abs = 0.0;
  double max_rel = 0.0;
  double worst_ratio = 0.0;   // max error / tolerance over the checked elements: <= 1 passes
  int64_t checked = 0;
  int64_t outside = 0;        // elements outside their tolerance
  int64_t padding_written = 0;

  bool passed() const { return outside == 0 && padding_written == 0; }
  // "max abs error: ...", "max rel error: ...", "worst error / tolerance: ..." lines, then how many
  // elements are outside tolerance and how many padding elements were written, when any.
  std::vector<std::string> report() const;
};

// Accumulates one output's comparison; failures() gives the first kMaxLines failures plus a count line.
class ElementCheck {
 public:
  static constexpr int kMaxLines = 8;
  explicit ElementCheck(std::string output) : output_(std::move(output)) {}

  // Element at `index` ("[m][n]") got `got`, the reference says `want` within `tolerance` (NaN fails).
  void element(const std::string& index, double got, double want, double tolerance);
  // A padding element the op must not write, compared as bytes.
  void padding(const std::string& index, bool intact);

  const ErrorStats& stats() const { return stats_; }
  std::vector<std::string> failures() const;

 private:
  std::string output_;
  ErrorStats stats_;
  std::vector<std::string> lines_;
};

}  // namespace ingot::harness
