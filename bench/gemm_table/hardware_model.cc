#include "hardware_model.h"

#include <algorithm>
#include <array>

namespace ingot::bench {
namespace {

// Source: isa-notes.md "Hardware numbers" (AMD's published peak figures). 4 SIMDs per CU and up to
// 8 waves per SIMD on both CDNA3 and CDNA4 (occupancy ceiling used only for the header text).
constexpr std::array<HardwarePart, 2> kParts{{
    {"gfx942", "MI300X", 304, 1307.0, 2615.0, 5.3, 4, 8},
    {"gfx950", "MI355X", 256, 2517.0, 5033.0, 8.0, 4, 8},
}};

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
