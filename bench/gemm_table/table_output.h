// The table as text (for people) and JSON (for the closing note and scripts).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "aiter_anchors.h"
#include "gemm_bench.h"

namespace ingot::bench {

// The header states the issue model, the extrapolation and the roofline numbers used.
void print_header(std::ostream& out, const BenchOptions& options);
void print_text_row(std::ostream& out, const BenchRow& row);
// The check of the timing model's figures against every AMD anchor on a modeled part (flagship CU count):
// per arch and dtype, how many measured times lie below the physical floor (none should), and the
// largest share of the HBM peak and of the dense MFMA peak AMD's own kernels reached.
void print_anchor_floor_check(std::ostream& out, const AiterAnchors& anchors);
void print_text_error(std::ostream& out, const BenchCase& problem, const std::string& message);
std::string rows_to_json(const std::vector<BenchRow>& rows, const std::vector<std::string>& errors,
                         const BenchOptions& options);

}  // namespace ingot::bench
