// Whole-launch modeled time: workgroups go out in rounds of (CUs x resident workgroups per CU); each
// round costs the CU model's cycles for that many resident copies of the traced workgroup (the tail
// round is modeled with the copies it actually has), plus the launch latency. The HBM roofline over
// the launch's compulsory bytes bounds it from below.
#include <algorithm>
#include <cstdio>
#include <string>

#include "ingot_emu/timing.h"

namespace ingot::emu {
namespace {

std::string bound_of(const CuTiming& cu, double compute_s, double hbm_s, const TimingConstants& c) {
  if (hbm_s >= compute_s) return "HBM bandwidth";
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

}  // namespace

ModeledTiming model_launch(const std::vector<WaveTrace>& traces, const LaunchShape& shape,
                           const TimingConstants& c) {
  ModeledTiming out;
  const uint64_t groups = std::max<uint64_t>(shape.workgroups, 1);
  const uint64_t per_cu_needed = (groups + c.cus - 1) / c.cus;
  const uint32_t k = static_cast<uint32_t>(std::clamp<uint64_t>(per_cu_needed, 1, std::max(shape.workgroups_per_cu, 1u)));
  const uint64_t per_round = uint64_t{c.cus} * k;
  const uint64_t full_rounds = groups / per_round;
  const uint64_t tail = groups % per_round;
  const CuTiming round = model_cu(traces, k, c);
  uint64_t cycles = full_rounds * round.cycles;
  if (tail != 0) cycles += model_cu(traces, static_cast<uint32_t>((tail + c.cus - 1) / c.cus), c).cycles;

  const double compute_s = static_cast<double>(cycles) / c.clock_hz;
  const double hbm_s = static_cast<double>(shape.hbm_bytes) / c.hbm_bytes_per_s;
  const double seconds = std::max(compute_s, hbm_s) + c.launch_latency_s;
  out.us = seconds * 1e6;
  out.tflops = static_cast<double>(shape.flops) / seconds / 1e12;
  out.gbps = static_cast<double>(shape.hbm_bytes) / seconds / 1e9;
  out.cycles_per_round = round.cycles;
  out.rounds = full_rounds + (tail != 0 ? 1 : 0);
  out.workgroups_per_cu = k;
  out.bound = bound_of(round, compute_s, hbm_s, c);
  return out;
}

std::string ModeledTiming::to_text() const {
  char line[256];
  std::snprintf(line, sizeof line,
                "modeled time %.2f us (%.1f TF, %.0f GB/s modeled), bound by %s; %llu cycles per round x %llu "
                "round(s), %u workgroup(s) per CU\n",
                us, tflops, gbps, bound.c_str(), static_cast<unsigned long long>(cycles_per_round),
                static_cast<unsigned long long>(rounds), workgroups_per_cu);
  return line;
}

}  // namespace ingot::emu
