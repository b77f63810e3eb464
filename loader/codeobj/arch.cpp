#include "ingot/arch.h"

#include <array>

namespace ingot {
namespace {

// Limits from LLVM AMDGPUUsage: gfx90a+ have a unified 512-entry VGPR file per lane (arch VGPRs then
// AGPRs, both addressable up to 256), VGPRs allocated in blocks of 8; GFX9 addresses 102 SGPRs and
// adds VCC, FLAT_SCRATCH and XNACK_MASK (6) on top; LLVM's assembler encodes the SGPR field in blocks
// of 8 registers (checked: next_free_sgpr 20 + 6 extra gives field 3); LDS is 64 KiB in 128-dword granules on gfx942, 160 KiB in
// 320-dword granules on gfx950. FP8: FNUZ on gfx942, OCP on gfx950 (isa-notes.md "FP8"). CUs:
// MI300X has 304, MI355X 256 (AMD CDNA3 / CDNA4 white papers; isa-notes.md "Hardware numbers").
constexpr std::array<ArchInfo, 2> kArchs{{
    {"gfx942", 0x04c, 512, 256, 256, 102, 6, 8, 8, 64 * 1024, 128 * 4, 64, true, "e4m3fnuz", 304},
    {"gfx950", 0x04f, 512, 256, 256, 102, 6, 8, 8, 160 * 1024, 320 * 4, 64, true, "e4m3fn", 256},
}};

struct MachName {
  uint32_t mach;
  std::string_view name;
};

// EF_AMDGPU_MACH values (AMDGPUUsage "AMDGPU EF_AMDGPU_MACH Values") for the GFX9 family and a few
// neighbours, so a wrong-arch object is reported by name.
constexpr std::array<MachName, 16> kMachNames{{
    {0x02c, "gfx900"}, {0x02d, "gfx902"}, {0x02e, "gfx904"}, {0x02f, "gfx906"},
    {0x030, "gfx908"}, {0x031, "gfx909"}, {0x032, "gfx90c"}, {0x033, "gfx1010"},
    {0x036, "gfx1030"}, {0x03f, "gfx90a"}, {0x040, "gfx940"}, {0x041, "gfx1100"},
    {0x04b, "gfx941"}, {0x04c, "gfx942"}, {0x04f, "gfx950"}, {0x051, "gfx9-generic"},
}};

}  // namespace

const ArchInfo* find_arch(std::string_view name) {
  for (const ArchInfo& arch : kArchs) {
    if (arch.name == name) return &arch;
  }
  return nullptr;
}

const ArchInfo* find_arch_by_mach(uint32_t mach) {
  for (const ArchInfo& arch : kArchs) {
    if (arch.mach == mach) return &arch;
  }
  return nullptr;
}

std::string_view mach_name(uint32_t mach) {
  for (const MachName& entry : kMachNames) {
    if (entry.mach == mach) return entry.name;
  }
  return "unknown";
}

}  // namespace ingot
