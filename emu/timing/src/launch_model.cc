// Whole-launch modeled time. The cache model (cache_model.cc) first says where the launch's bytes come
// from; its latency mix is what the CU model charges per vector load. Uniform launches: workgroups go out
// in rounds of (CUs x resident workgroups per CU); each round costs the CU model's cycles for that many
// resident copies of the traced workgroup (the tail round is modeled with the copies it actually has).
// Launches of differing workgroups: each traced workgroup's time with k resident copies of it, the
// workgroups dispatched in order to the first free of the CUs x k slots. Either way, plus the launch
// latency, bounded below by the MALL and HBM traffic at their bandwidths.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <queue>
#include <string>

#include "ingot_emu/timing.h"

namespace ingot::emu {
namespace {

uint64_t vmem_bytes(const std::vector<WaveTrace>& traces) {
  uint64_t bytes = 0;
  for (const WaveTrace& trace : traces) {
    for (const TimingOp& op : trace) {
      if (op.kind == TimingKind::kVmemLoad || op.kind == TimingKind::kVmemStore) bytes += op.bytes;
    }
  }
  return bytes;
}

std::string busiest_unit(const CuTiming& cu, const TimingConstants& c) {
  const double cycles = static_cast<double>(std::max<uint64_t>(cu.cycles, 1));
  struct Share {
    const char* name;
    double value;
  };
  const Share shares[] = {
      {"MFMA", static_cast<double>(cu.mfma_busy) / cycles},
      {"VALU", static_cast<double>(cu.valu_busy) / cycles},
      {"issue", static_cast<double>(cu.issue_slots * c.issue_cycles) / cycles},
      {"LDS", static_cast<double>(cu.lds_busy) / cycles},
      {"L2/L1 bandwidth", static_cast<double>(cu.memory_busy) / cycles},
  };
  const Share* top = std::max_element(std::begin(shares), std::end(shares),
                                      [](const Share& a, const Share& b) { return a.value < b.value; });
  // No resource busy most of the time: the waves wait on latency they do not hide.
  return top->value >= 0.7 ? top->name : "latency";
}

// The constants with the CU model's load latency set to the launch's cache mix.
TimingConstants with_latency_of(const CacheTraffic& traffic, const TimingConstants& c) {
  TimingConstants mixed = c;
  mixed.vmem_latency = static_cast<uint32_t>(std::lround(traffic.latency_cycles));
  return mixed;
}

// Resident workgroups per CU: as many as the grid needs, at most what the occupancy allows.
uint32_t resident_per_cu(uint64_t groups, uint32_t allowed, const TimingConstants& c) {
  const uint64_t needed = (groups + c.cus - 1) / c.cus;
  return static_cast<uint32_t>(std::clamp<uint64_t>(needed, 1, std::max(allowed, 1u)));
}

ModeledTiming finish(uint64_t cycles, const CuTiming& slowest, const CacheTraffic& traffic, const LaunchShape& shape,
                     double unique, const TimingConstants& c) {
  ModeledTiming out;
  const double compute_s = static_cast<double>(cycles) / c.clock_hz;
  const double hbm_s = traffic.hbm_bytes / (c.hbm_bytes_per_s * c.hbm_achievable_share);
  const double mall_s = traffic.mall_bytes / c.mall_bytes_per_s;
  const double seconds = std::max({compute_s, hbm_s, mall_s}) + c.launch_latency_s;
  out.us = seconds * 1e6;
  out.tflops = static_cast<double>(shape.flops) / seconds / 1e12;
  out.gbps = unique / seconds / 1e9;
  out.cycles_per_round = slowest.cycles;
  out.traffic = traffic;
  out.bound = hbm_s >= std::max(compute_s, mall_s) ? "HBM bandwidth"
              : mall_s >= compute_s               ? "MALL bandwidth"
                                                  : busiest_unit(slowest, c);
  return out;
}

// The runs of `workgroups` that repeat the traced pattern of a launch of `launch_workgroups` (two or more
// traced, ascending, the first 0): each traced workgroup stands for those up to the next traced one.
std::vector<WorkgroupRun> repeated_runs(const std::vector<TracedWorkgroup>& traced, uint64_t launch_workgroups,
                                        uint64_t workgroups) {
  const uint64_t period = std::max<uint64_t>(launch_workgroups, traced.back().index + 1);
  std::vector<WorkgroupRun> runs;
  for (uint64_t base = 0; base < workgroups; base += period) {
    for (size_t i = 0; i < traced.size() && base + traced[i].index < workgroups; ++i) {
      const uint64_t end = std::min(base + (i + 1 < traced.size() ? traced[i + 1].index : period), workgroups);
      runs.push_back({&traced[i].waves, end - base - traced[i].index});
    }
  }
  return runs;
}

}  // namespace

ModeledTiming model_launch(const std::vector<WaveTrace>& traces, const LaunchShape& shape, const TimingConstants& c) {
  const uint64_t groups = std::max<uint64_t>(shape.workgroups, 1);
  const double requested = shape.requested_bytes != 0 ? static_cast<double>(shape.requested_bytes)
                                                      : static_cast<double>(vmem_bytes(traces)) * static_cast<double>(groups);
  const double unique = shape.hbm_bytes != 0 ? static_cast<double>(shape.hbm_bytes) : requested;
  const uint32_t k = resident_per_cu(groups, shape.workgroups_per_cu, c);
  const uint64_t per_round = uint64_t{c.cus} * k;
  const uint64_t full_rounds = groups / per_round;
  const uint64_t tail = groups % per_round;
  const CacheTraffic traffic = model_caches(requested, unique, full_rounds + (tail != 0 ? 1 : 0),
                                           static_cast<double>(shape.round_footprint_per_xcd), c);
  const TimingConstants mixed = with_latency_of(traffic, c);
  const CuTiming round = model_cu(traces, k, mixed);
  uint64_t cycles = full_rounds * round.cycles;
  if (tail != 0) cycles += model_cu(traces, static_cast<uint32_t>((tail + c.cus - 1) / c.cus), mixed).cycles;

  ModeledTiming out = finish(cycles, round, traffic, shape, unique, c);
  out.rounds = full_rounds + (tail != 0 ? 1 : 0);
  out.workgroups_per_cu = k;
  return out;
}

ModeledTiming model_launch(const std::vector<WorkgroupRun>& runs, const LaunchShape& shape, const TimingConstants& c) {
  uint64_t groups = 0;
  double run_bytes = 0;
  for (const WorkgroupRun& run : runs) {
    if (run.waves == nullptr) continue;
    groups += run.count;
    run_bytes += static_cast<double>(vmem_bytes(*run.waves)) * static_cast<double>(run.count);
  }
  const double requested = shape.requested_bytes != 0 ? static_cast<double>(shape.requested_bytes) : run_bytes;
  const double unique = shape.hbm_bytes != 0 ? static_cast<double>(shape.hbm_bytes) : requested;
  const uint32_t k = resident_per_cu(std::max<uint64_t>(groups, 1), shape.workgroups_per_cu, c);
  const uint64_t per_round = uint64_t{c.cus} * k;
  const uint64_t rounds = (groups + per_round - 1) / per_round;
  const CacheTraffic traffic =
      model_caches(requested, unique, rounds, static_cast<double>(shape.round_footprint_per_xcd), c);
  const TimingConstants mixed = with_latency_of(traffic, c);
  // A workgroup holds its slot for its round time with k resident copies of its own kind (ASSUMED: a
  // mixed CU behaves like the average of its members).
  std::map<const std::vector<WaveTrace>*, CuTiming> timing_of;
  CuTiming slowest;
  for (const WorkgroupRun& run : runs) {
    if (run.waves == nullptr || timing_of.count(run.waves) != 0) continue;
    const CuTiming t = model_cu(*run.waves, k, mixed);
    timing_of[run.waves] = t;
    if (t.cycles >= slowest.cycles) slowest = t;
  }
  std::priority_queue<uint64_t, std::vector<uint64_t>, std::greater<>> slots;
  for (uint64_t i = 0; i < uint64_t{c.cus} * k; ++i) slots.push(0);
  uint64_t cycles = 0;
  for (const WorkgroupRun& run : runs) {
    if (run.waves == nullptr) continue;
    const uint64_t duration = timing_of[run.waves].cycles;
    for (uint64_t i = 0; i < run.count; ++i) {
      const uint64_t done = slots.top() + duration;
      slots.pop();
      slots.push(done);
      cycles = std::max(cycles, done);
    }
  }

  ModeledTiming out = finish(cycles, slowest, traffic, shape, unique, c);
  out.rounds = rounds;
  out.workgroups_per_cu = k;
  return out;
}

ModeledTiming model_traced_launch(const std::vector<TracedWorkgroup>& traced, uint64_t launch_workgroups,
                                  const LaunchShape& shape, const TimingConstants& c) {
  static const std::vector<WaveTrace> kNoWaves;
  ModeledTiming out = traced.size() <= 1
                          ? model_launch(traced.empty() ? kNoWaves : traced.front().waves, shape, c)
                          : model_launch(repeated_runs(traced, launch_workgroups, shape.workgroups), shape, c);
  out.traced_workgroups = traced.size();
  return out;
}

std::string ModeledTiming::to_text() const {
  char line[384];
  std::snprintf(line, sizeof line,
                "modeled time %.2f us (%.1f TF, %.0f GB/s modeled), bound by %s; %llu cycles per round x %llu "
                "round(s), %u workgroup(s) per CU; L2 hits %.0f%%, MALL hits %.0f%%, HBM %.0f%% of the bytes; "
                "%llu traced workgroup(s)\n",
                us, tflops, gbps, bound.c_str(), static_cast<unsigned long long>(cycles_per_round),
                static_cast<unsigned long long>(rounds), workgroups_per_cu, 100 * traffic.l2_hit_share,
                100 * traffic.mall_hit_share, 100 * traffic.hbm_share,
                static_cast<unsigned long long>(traced_workgroups));
  return line;
}

}  // namespace ingot::emu
