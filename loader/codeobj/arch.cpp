#include "ingot/tooling/arch.h"

#include <array>

// The one arch table (arch/, through the ingot_arch target).
#include "arch_facts.h"

namespace ingot {
namespace {

// The loader's view of the arch table (arch/arch_facts.def: every number there with its source).
constexpr ArchInfo arch_info(const arch_table::ArchFacts& f) {
  return {f.name,           f.elf_mach,          f.max_vgprs,          f.max_arch_vgprs,
          f.max_agprs,      f.max_sgprs,         f.extra_sgprs,        f.vgpr_alloc_granule,
          f.sgpr_encoding_granule, f.lds_bytes,  f.lds_alloc_granule,  f.wavefront_size,
          true,  // gfx90a+: accum_offset is meaningful
          f.fp8_format,     f.cus};
}

constexpr std::array<ArchInfo, arch_table::kArchFacts.size()> kArchs = [] {
  std::array<ArchInfo, arch_table::kArchFacts.size()> out{};
  for (size_t i = 0; i < out.size(); ++i) out[i] = arch_info(arch_table::kArchFacts[i]);
  return out;
}();

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
