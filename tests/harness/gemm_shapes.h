// The shapes each kernel is run on, chosen from its tile sizes so that every edge is exercised, and
// made legal for the kernel by its own manifest constraints (never by knowledge of a family).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gemm_cases.h"
#include "ingot/tooling/manifest.h"
#include "ingot/problem.h"
#include "ingot/status.h"

namespace ingot::harness {

struct TileSizes {
  int64_t bm = 64, bn = 64, bk = 128;
};
// From the kernel's params (bm, bn, bk); a family without bk (gemm_fp8) uses 128, its K step.
TileSizes tile_sizes(const ManifestKernel& kernel);

struct NamedShape {
  std::string name;
  GemmShape shape;
};

// "tails": two tiles in M and N with the second partial, K two K tiles plus 8 (a tail inside the last
// K tile), lda/ldb/ldc larger than the rows; "m1": a single row (decode), one partial N tile, K below
// one tile; "k0": K = 0 (C = bias or 0); "odd_strides": rows starting at odd elements; "deep_k" (only
// for kernels that declare a workspace): M = 3 with sixteen K tiles, where split-K splits; "random1",
// "random2": seeded random sizes up to two tiles each way, padded strides.
std::vector<NamedShape> desired_shapes(const ManifestKernel& kernel, uint32_t seed);

// The closest shape the kernel accepts: where a constraint demands it, M, N and K (and their strides)
// are rounded up to multiples of 8..128, the smallest change first. kNoKernel with the kernel's own
// message when nothing nearby is accepted.
Result<GemmShape> legalize(const ManifestKernel& kernel, const GemmShape& desired, const DeviceInfo& device);

}  // namespace ingot::harness
