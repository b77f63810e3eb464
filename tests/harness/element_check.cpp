#include "element_check.h"

#include <cmath>
#include <sstream>

namespace ingot::harness {

std::vector<std::string> ErrorStats::report() const {
  std::ostringstream abs, rel, worst;
  abs << "max abs error: " << max_abs;
  rel << "max rel error: " << max_rel;
  worst << "worst error / tolerance: " << worst_ratio;
  std::vector<std::string> lines = {abs.str(), rel.str(), worst.str()};
  if (outside > 0) lines.push_back(std::to_string(outside) + " elements outside tolerance");
  if (padding_written > 0) lines.push_back(std::to_string(padding_written) + " padding elements written");
  return lines;
}

void ElementCheck::element(const std::string& index, double got, double want, double tolerance) {
  const double error = std::isnan(got) ? INFINITY : std::fabs(got - want);
  ++stats_.checked;
  stats_.max_abs = std::max(stats_.max_abs, error);
  if (want != 0.0) stats_.max_rel = std::max(stats_.max_rel, error / std::fabs(want));
  stats_.worst_ratio = std::max(stats_.worst_ratio, error / tolerance);
  if (error <= tolerance) return;
  if (stats_.outside++ + stats_.padding_written < kMaxLines) {
    std::ostringstream line;
    line << output_ << index << " = " << got << ", want " << want << " (tol " << tolerance << ")";
    lines_.push_back(line.str());
  }
}

void ElementCheck::padding(const std::string& index, bool intact) {
  if (intact) return;
  if (stats_.outside + stats_.padding_written++ < kMaxLines) {
    lines_.push_back("padding " + output_ + index + " was written");
  }
}

std::vector<std::string> ElementCheck::failures() const {
  std::vector<std::string> out = lines_;
  const int64_t bad = stats_.outside + stats_.padding_written;
  if (bad > kMaxLines) out.push_back("... " + std::to_string(bad) + " bad elements in all");
  return out;
}

}  // namespace ingot::harness
