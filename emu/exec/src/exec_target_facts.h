// Per-target execution facts the emulator's scheduler and profile use, as data in one table.
// Sources: AMD CDNA3 / CDNA4 ISA guides and white papers (CU counts, LDS banks, waves per SIMD),
// LLVM AMDGPUUsage (register granules).
#pragma once

#include <cstdint>
#include <string_view>

namespace ingot::emu {

struct ExecTargetFacts {
  std::string_view name;
  uint32_t default_cus;            // CUs on the flagship part (MI300X / MI355X)
  uint32_t simds_per_cu;
  uint32_t max_waves_per_simd;
  uint32_t vgprs_per_simd_lane;    // unified VGPR+AGPR budget per lane of a SIMD
  uint32_t vgpr_alloc_granule;     // a wave's VGPR allocation is rounded up to this
  uint32_t sgprs_per_simd;
  uint32_t sgpr_alloc_granule;
  uint32_t lds_bytes_per_cu;
  uint32_t lds_banks;              // 4-byte banks
  uint32_t lds_alloc_granule;      // rsrc2 LDS size unit
};

inline constexpr ExecTargetFacts kGfx942Facts{"gfx942", 304, 4, 8, 512, 8, 800, 16, 64 * 1024, 32, 512};
inline constexpr ExecTargetFacts kGfx950Facts{"gfx950", 256, 4, 8, 512, 8, 800, 16, 160 * 1024, 64, 1280};

}  // namespace ingot::emu
