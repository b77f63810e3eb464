// Per-arch facts the loader needs (limits, granules, e_flags mach), as data in one table.
// Sources: LLVM AMDGPUUsage (processor table, kernel descriptor granules) and AMD's CDNA3/CDNA4 specs.
#pragma once

#include <cstdint>
#include <string_view>

namespace ingot {

struct ArchInfo {
  std::string_view name;          // "gfx942"
  uint32_t mach;                  // e_flags[7:0] EF_AMDGPU_MACH value
  uint32_t max_vgprs;             // arch VGPRs + AGPRs a wave may allocate (unified register file)
  uint32_t max_arch_vgprs;        // arch VGPRs alone (v0..v255)
  uint32_t max_agprs;             // AGPRs alone (a0..a255)
  uint32_t max_sgprs;             // SGPRs a kernel may address (excluding VCC, FLAT_SCRATCH, XNACK_MASK)
  uint32_t extra_sgprs;           // VCC + FLAT_SCRATCH + XNACK_MASK, which metadata .sgpr_count may include
  uint32_t vgpr_alloc_granule;    // registers per rsrc1 VGPR block
  uint32_t sgpr_encoding_granule; // registers per rsrc1 SGPR block
  uint32_t lds_bytes;             // LDS per workgroup (= per CU)
  uint32_t lds_granule_bytes;     // bytes per rsrc2 GRANULATED_LDS_SIZE unit
  uint32_t wavefront_size;
  bool has_agprs;                 // gfx90a+: accum_offset in rsrc3 is meaningful
  // How the arch's MFMAs read an "fp8" byte, as the manifest's `fp8_format` key spells it: CDNA3 the FNUZ
  // encoding "e4m3fnuz", CDNA4 the OCP one "e4m3fn" (isa-notes.md "FP8"; gen/archs.py FP8_FORMAT).
  std::string_view fp8_format;
  uint32_t cus;                   // CUs of the full part (MI300X, MI355X): a device's default CU count
};

// Archs the pack targets, with full limits. nullptr for anything else.
const ArchInfo* find_arch(std::string_view name);
const ArchInfo* find_arch_by_mach(uint32_t mach);

// Name of any EF_AMDGPU_MACH value LLVM defines that we recognise ("gfx90a"), or "unknown".
std::string_view mach_name(uint32_t mach);

}  // namespace ingot
