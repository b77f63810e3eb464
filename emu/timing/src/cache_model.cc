// The cache model: where a launch's vector-memory bytes come from, by footprint and reuse.
//
// Workgroups go round-robin over the XCDs (ASSUMED, as the dispatcher spreads consecutive workgroups),
// so each XCD's L2 sees requested / xcds bytes over a footprint of min(unique, requested / xcds): an
// operand shared by all workgroups (a GEMM's A re-read by every N-tile) is fetched once per XCD, an
// operand split between them (decode weights) once in all. Within one cache, the first touch of a
// byte misses and a re-read hits with probability min(1, capacity / footprint) (ASSUMED: re-reads
// spread evenly over the footprint, no tiling for the cache). The MALL sees the L2 misses of all XCDs
// over the launch's unique bytes, and the same rule gives the HBM traffic.
#include <algorithm>

#include "ingot_emu/timing.h"

namespace ingot::emu {
namespace {

// Misses of a cache of `capacity` bytes that sees `requested` bytes over `footprint` distinct bytes.
double misses(double requested, double footprint, double capacity) {
  const double rereads = std::max(0.0, requested - footprint);
  const double hit = footprint <= capacity ? 1.0 : capacity / footprint;
  return footprint + rereads * (1.0 - hit);
}

}  // namespace

CacheTraffic model_caches(double requested, double unique, const TimingConstants& c) {
  CacheTraffic t;
  requested = std::max(requested, 0.0);
  unique = std::clamp(unique, 0.0, requested);
  const double xcds = std::max<uint32_t>(c.xcds, 1);
  const double per_xcd = requested / xcds;
  const double footprint = std::min(unique, per_xcd);
  t.l2_bytes = requested;
  t.mall_bytes = xcds * misses(per_xcd, footprint, c.l2_bytes_per_xcd);
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
