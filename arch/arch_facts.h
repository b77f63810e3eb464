// The per-arch facts table (arch_facts.def, with each number's source) as C++ data: one ArchFacts per
// arch, constexpr, header-only, so the loader, the emulator and the benches read the same numbers
// without linking anything.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace ingot::arch_table {

// Field order = the order of INGOT_FACT lines in arch_facts.def (designated initializers).
struct ArchFacts {
  std::string_view name;
  std::string_view part;
  uint32_t elf_mach;
  uint32_t min_llvm;
  uint32_t cus;
  uint32_t simds_per_cu;
  uint32_t max_waves_per_simd;
  uint32_t wavefront_size;
  double clock_ghz;
  uint32_t max_vgprs;
  uint32_t max_arch_vgprs;
  uint32_t max_agprs;
  uint32_t vgpr_alloc_granule;
  uint32_t max_sgprs;
  uint32_t extra_sgprs;
  uint32_t sgpr_encoding_granule;
  uint32_t sgprs_per_simd;
  uint32_t sgpr_alloc_granule;
  uint32_t lds_bytes;
  uint32_t lds_banks;
  uint32_t lds_alloc_granule;
  std::string_view fp8_format;
  double dense_16bit_tflops;
  double dense_fp8_tflops;
  double hbm_tbytes_per_s;
};

inline constexpr std::array kArchFacts{
#define INGOT_ARCH_BEGIN(arch) ArchFacts{.name = #arch,
#define INGOT_FACT(field, value) .field = value,
#define INGOT_ARCH_END() },
#include "arch_facts.def"
#undef INGOT_ARCH_BEGIN
#undef INGOT_FACT
#undef INGOT_ARCH_END
};

// The facts of `name`, or nullptr for an arch the table does not hold.
constexpr const ArchFacts* find_arch_facts(std::string_view name) {
  for (const ArchFacts& facts : kArchFacts) {
    if (facts.name == name) return &facts;
  }
  return nullptr;
}

}  // namespace ingot::arch_table
