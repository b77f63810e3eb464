// The two parts the table models, and the roofline model itself. The numbers are the arch table's
// (arch/arch_facts.def: vendor peak figures), read in hardware_model.cc. Everything derived from them
// is a MODEL ESTIMATE, never a measured GPU time.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace ingot::bench {

struct HardwarePart {
  std::string_view arch;   // "gfx942"
  std::string_view name;   // "MI300X"
  int64_t cus;             // the flagship part's CU count (the table's --cus default)
  double dense_16bit_tflops;  // BF16/FP16 dense peak
  double dense_fp8_tflops;
  double hbm_tbytes_per_s;
  uint32_t simds_per_cu;
  uint32_t max_waves_per_simd;
};

std::span<const HardwarePart> hardware_parts();
const HardwarePart* hardware_part(std::string_view arch);  // nullptr for an unknown arch

// max(bytes / HBM bandwidth, flops / peak). `fp8` picks the FP8 peak.
struct RooflineEstimate {
  double memory_us = 0.0;
  double compute_us = 0.0;
  double estimate_us = 0.0;
  bool memory_bound = false;
};
RooflineEstimate roofline(const HardwarePart& part, double bytes, double flops, bool fp8);

}  // namespace ingot::bench
