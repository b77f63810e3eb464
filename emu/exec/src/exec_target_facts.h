// Per-target execution facts the emulator's scheduler and profile use: the emulator's view of the one
// arch table (arch/arch_facts.def, where every number has its source: CDNA3 / CDNA4 ISA guides and data
// sheets for CU counts, LDS banks, waves per SIMD; LLVM AMDGPUUsage for register granules).
#pragma once

#include <cstdint>
#include <string_view>

// The one arch table (arch/, through the ingot_arch target ingot_emu links).
#include "arch_facts.h"

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

constexpr ExecTargetFacts exec_target_facts(std::string_view arch) {
  const arch_table::ArchFacts& f = *arch_table::find_arch_facts(arch);
  return {f.name,           f.cus,           f.simds_per_cu, f.max_waves_per_simd, f.max_vgprs,
          f.vgpr_alloc_granule, f.sgprs_per_simd, f.sgpr_alloc_granule, f.lds_bytes, f.lds_banks,
          f.lds_alloc_granule};
}

inline constexpr ExecTargetFacts kGfx942Facts = exec_target_facts("gfx942");
inline constexpr ExecTargetFacts kGfx950Facts = exec_target_facts("gfx950");

}  // namespace ingot::emu
