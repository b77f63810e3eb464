// The cache model: where a launch's vector-memory bytes come from, by footprint and reuse.
//
// Workgroups go round-robin over the XCDs (ASSUMED, as the dispatcher spreads consecutive workgroups),
// so each XCD's L2 sees requested / xcds bytes over a footprint of min(unique, requested / xcds): an
// operand shared by all workgroups (a GEMM's A re-read by every N-tile) is fetched once per XCD, an
// operand split between them (decode weights) once in all. The launch runs in `rounds` of resident
// workgroups; each round touches the caller's round footprint (a GEMM's tile rows and columns), else
// min(footprint, its requested bytes) of it. Re-reads inside a round hit (ASSUMED: resident workgroups
// stream through shared data together, as a GEMM's co-resident tiles walk K in step); a round's first
// touches are compulsory misses once, and re-touches of what an earlier round read hit with probability
// min(1, capacity / footprint) (ASSUMED: spread evenly over the footprint). The MALL sees all XCDs' L2 misses over the launch's unique bytes: there every re-read is a
// re-touch, under the same capacity rule, which gives the HBM traffic.
#include <algorithm>
#include <cstdint>

#include "ingot_emu/timing.h"

namespace ingot::emu {
namespace {

// Misses of a cache of `capacity` bytes that sees `touches` bytes (first touches of a round, or every
// access) over `footprint` distinct bytes.
double misses(double touches, double footprint, double capacity) {
  const double retouches = std::max(0.0, touches - footprint);
  const double hit = footprint <= capacity ? 1.0 : capacity / footprint;
  return footprint + retouches * (1.0 - hit);
}

}  // namespace

CacheTraffic model_caches(double requested, double unique, uint64_t rounds, double round_footprint_per_xcd,
                          const TimingConstants& c) {
  CacheTraffic t;
  requested = std::max(requested, 0.0);
  unique = std::clamp(unique, 0.0, requested);
  const double xcds = std::max<uint32_t>(c.xcds, 1);
  const double per_xcd = requested / xcds;
  const double footprint = std::min(unique, per_xcd);
  const double round_count = static_cast<double>(std::max<uint64_t>(rounds, 1));
  const double per_round = round_footprint_per_xcd > 0 ? round_footprint_per_xcd : per_xcd / round_count;
  const double round_touches = std::max(footprint, round_count * std::min(footprint, per_round));
  t.l2_bytes = requested;
  t.mall_bytes = xcds * misses(round_touches, footprint, c.l2_bytes_per_xcd);
  t.hbm_bytes = misses(t.mall_bytes, unique, c.mall_bytes);
  if (requested > 0) {
    t.l2_hit_share = 1.0 - t.mall_bytes / requested;
    t.mall_hit_share = (t.mall_bytes - t.hbm_bytes) / requested;
    t.hbm_share = t.hbm_bytes / requested;
  } else {
    t.hbm_share = 1.0;  // no traffic to weigh: a lone load (if any) is taken to miss
  }
  t.latency_cycles = t.l2_hit_share * c.l2_latency + t.mall_hit_share * c.mall_latency + t.hbm_share * c.hbm_latency;
  return t;
}

}  // namespace ingot::emu
