#include "gemm_shapes.h"

#include <algorithm>
#include <array>
#include <random>
#include <tuple>
#include <variant>

#include "ingot/tooling/select.h"

namespace ingot::harness {

namespace {

int64_t param_or(const ManifestKernel& kernel, const char* name, int64_t fallback) {
  auto it = kernel.params.find(name);
  if (it == kernel.params.end() || !std::holds_alternative<int64_t>(it->second)) return fallback;
  return std::get<int64_t>(it->second);
}

int64_t round_up(int64_t value, int64_t multiple) { return (value + multiple - 1) / multiple * multiple; }

}  // namespace

TileSizes tile_sizes(const ManifestKernel& kernel) {
  TileSizes t;
  t.bm = param_or(kernel, "bm", t.bm);
  t.bn = param_or(kernel, "bn", t.bn);
  t.bk = param_or(kernel, "bk", t.bk);
  return t;
}

std::vector<NamedShape> desired_shapes(const ManifestKernel& kernel, uint32_t seed) {
  const TileSizes t = tile_sizes(kernel);
  std::vector<NamedShape> shapes;
  {
    GemmShape s;
    s.M = t.bm + t.bm / 4 + 1;
    s.N = t.bn + t.bn / 4 + 3;
    s.K = 2 * t.bk + 8;
    s.lda = s.K + 8;
    s.ldb = s.K + 24;
    s.ldc = s.N + 5;
    shapes.push_back({"tails", s});
  }
  {
    GemmShape s;
    s.M = 1;
    s.N = std::max<int64_t>(t.bn - 3, 1);
    s.K = std::max<int64_t>(t.bk / 2 + 8, 8);
    s.lda = s.K;
    s.ldb = s.K + 8;
    s.ldc = s.N + 1;
    shapes.push_back({"m1", s});
  }
  {
    // K = 0 is legal by every family's rules (K >= 0, K % 8 == 0): C must become alpha*0 (+ bias).
    GemmShape s;
    s.M = t.bm / 2 + 1;
    s.N = t.bn / 2 + 1;
    s.K = 0;
    s.lda = 8;
    s.ldb = 8;
    s.ldc = s.N + 2;
    shapes.push_back({"k0", s});
  }
  {
    // Odd element strides: every family only requires lda >= K and ldb >= K, so rows may start at any
    // element (unaligned for 16-byte loads).
    GemmShape s;
    s.M = t.bm / 2 + 3;
    s.N = t.bn / 2 + 5;
    s.K = t.bk + 8;
    s.lda = s.K + 1;
    s.ldb = s.K + 3;
    s.ldc = s.N + 1;
    shapes.push_back({"odd_strides", s});
  }
  if (kernel.launch.workspace.to_string() != Expr().to_string()) {
    // A kernel with a workspace (split-K) splits K only when K is deep next to its few output tiles:
    // a decode-like problem, two N tiles (one partial), sixteen K tiles plus a tail in the last.
    GemmShape s;
    s.M = 3;
    s.N = t.bn + 5;
    s.K = 16 * t.bk + 8;
    s.lda = s.K + 8;
    s.ldb = s.K + 16;
    s.ldc = s.N + 3;
    shapes.push_back({"deep_k", s});
  }
  std::mt19937 rng(seed);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  for (const char* name : {"random1", "random2"}) {
    GemmShape s;
    s.M = pick(1, 2 * t.bm);
    s.N = pick(1, 2 * t.bn);
    s.K = 8 * pick(1, (2 * t.bk) / 8 + 2);
    s.lda = s.K + 8 * pick(0, 4);
    s.ldb = s.K + 8 * pick(0, 4);
    s.ldc = s.N + pick(0, 7);
    shapes.push_back({name, s});
  }
  return shapes;
}

Result<GemmShape> legalize(const ManifestKernel& kernel, const GemmShape& desired, const DeviceInfo& device) {
  static constexpr std::array<int64_t, 6> kSteps = {1, 8, 16, 32, 64, 128};
  struct Rounding {
    size_t m, n, k;
  };
  std::vector<Rounding> order;
  for (size_t m = 0; m < kSteps.size(); ++m) {
    for (size_t n = 0; n < kSteps.size(); ++n) {
      for (size_t k = 0; k < kSteps.size(); ++k) order.push_back({m, n, k});
    }
  }
  // Smallest total change first; among equals, prefer rounding K, then N, then M (keeps the M=1 case).
  std::stable_sort(order.begin(), order.end(), [](const Rounding& a, const Rounding& b) {
    return std::make_tuple(a.m + a.n + a.k, a.m, a.n) < std::make_tuple(b.m + b.n + b.k, b.m, b.n);
  });
  Status first_rejection;
  for (const Rounding& r : order) {
    const int64_t mg = kSteps[r.m], ng = kSteps[r.n], kg = kSteps[r.k];
    GemmShape s;
    s.M = round_up(desired.M, mg);
    s.N = round_up(desired.N, ng);
    s.K = round_up(desired.K, kg);
    s.lda = round_up(s.K + (desired.lda - desired.K), kg);
    s.ldb = round_up(s.K + (desired.ldb - desired.K), kg);
    s.ldc = round_up(s.N + (desired.ldc - desired.N), ng);
    const Status accepted = check_kernel_accepts(kernel, kernel_problem(kernel, s), device);
    if (accepted.is_ok()) return s;
    if (first_rejection.is_ok()) first_rejection = accepted;
  }
  return Status(StatusCode::kNoKernel, "no shape near " + desired.describe() + " is accepted: " + first_rejection.message());
}

}  // namespace ingot::harness
