#include "hardware_model.h"

#include <algorithm>
#include <array>

#include "arch_facts.h"

namespace ingot::bench {
namespace {

// The bench's view of the arch table (arch/arch_facts.def: AMD's published peaks, CU counts, SIMDs
// and waves per SIMD, each with its source there).
constexpr HardwarePart part_of(const arch_table::ArchFacts& f) {
  return {f.name,          f.part,          f.cus, f.dense_16bit_tflops, f.dense_fp8_tflops, f.hbm_tbytes_per_s,
          f.simds_per_cu, f.max_waves_per_simd};
}

constexpr std::array<HardwarePart, arch_table::kArchFacts.size()> kParts = [] {
  std::array<HardwarePart, arch_table::kArchFacts.size()> out{};
  for (size_t i = 0; i < out.size(); ++i) out[i] = part_of(arch_table::kArchFacts[i]);
  return out;
}();
}  // namespace

std::span<const HardwarePart> hardware_parts() { return kParts; }

const HardwarePart* hardware_part(std::string_view arch) {
  for (const HardwarePart& part : kParts) {
    if (part.arch == arch) return &part;
  }
  return nullptr;
}

RooflineEstimate roofline(const HardwarePart& part, double bytes, double flops, bool fp8) {
  RooflineEstimate e;
  // TB/s = 1e12 B/s -> bytes / (1e12 * tbps) seconds = bytes / (1e6 * tbps) microseconds.
  e.memory_us = bytes / (part.hbm_tbytes_per_s * 1e6);
  const double peak = fp8 ? part.dense_fp8_tflops : part.dense_16bit_tflops;
  e.compute_us = flops / (peak * 1e6);
  e.memory_bound = e.memory_us >= e.compute_us;
  e.estimate_us = std::max(e.memory_us, e.compute_us);
  return e;
}

}  // namespace ingot::bench
