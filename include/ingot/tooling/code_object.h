// Reading AMDGPU code objects (HSA code object v4/v5/v6 ELF files) from bytes.
// Total on hostile input: every offset and size is checked against the buffer; a truncated,
// corrupted or inconsistent file gives StatusCode::kCorruptCodeObject naming what and where.
// Depends only on libelf, msgpack-cxx and status.h (library target ingot_codeobj), so the emulator
// can use it without the rest of libingot.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ingot/status.h"

namespace ingot {

// XNACK / SRAMECC setting from e_flags (code object v4+).
enum class TargetFeature { kUnsupported, kAny, kOff, kOn };
const char* target_feature_name(TargetFeature feature);

struct ElfSymbol {
  std::string name;
  uint64_t value = 0;          // virtual address
  uint64_t size = 0;
  uint8_t type = 0;            // STT_*
  uint8_t binding = 0;         // STB_*
  uint16_t section_index = 0;  // st_shndx
};

// A PT_LOAD segment: what a loader maps at vaddr (file bytes, then zero fill up to mem_size).
struct LoadSegment {
  uint64_t vaddr = 0;
  uint64_t mem_size = 0;
  uint32_t flags = 0;          // PF_R / PF_W / PF_X
  std::vector<uint8_t> bytes;  // the file part (file_size bytes)
};

// One entry of .args in the kernel's metadata.
struct KernelArgMetadata {
  std::string name;            // empty when the metadata has no .name
  uint32_t offset = 0;
  uint32_t size = 0;
  std::string value_kind;      // "by_value", "global_buffer", "hidden_block_count_x", ...
  std::string address_space;   // "global", "constant", ... or empty
};

// One entry of amdhsa.kernels in the NT_AMDGPU_METADATA note.
struct KernelMetadata {
  std::string name;
  std::string symbol;          // "<name>.kd"
  uint32_t kernarg_segment_size = 0;
  uint32_t kernarg_segment_align = 0;
  uint32_t group_segment_fixed_size = 0;
  uint32_t private_segment_fixed_size = 0;
  uint32_t wavefront_size = 0;
  uint32_t sgpr_count = 0;
  uint32_t vgpr_count = 0;
  uint32_t agpr_count = 0;
  uint32_t max_flat_workgroup_size = 0;
  std::vector<KernelArgMetadata> args;
};

// The 64-byte kernel descriptor (AMDGPUUsage "Kernel Descriptor"), raw words and decoded fields.
struct KernelDescriptor {
  static constexpr size_t kSize = 64;

  // Raw fields, at their byte offsets in the descriptor.
  uint32_t group_segment_fixed_size = 0;     // 0
  uint32_t private_segment_fixed_size = 0;   // 4
  uint32_t kernarg_size = 0;                 // 8
  int64_t kernel_code_entry_byte_offset = 0; // 16
  uint32_t compute_pgm_rsrc3 = 0;            // 44
  uint32_t compute_pgm_rsrc1 = 0;            // 48
  uint32_t compute_pgm_rsrc2 = 0;            // 52
  uint16_t kernel_code_properties = 0;       // 56
  uint16_t kernarg_preload = 0;              // 58

  uint64_t address = 0;        // virtual address of the descriptor (the .kd symbol value)
  uint64_t entry_address = 0;  // address + kernel_code_entry_byte_offset: first instruction

  // rsrc1
  uint32_t granulated_vgpr_count = 0;   // [5:0] blocks - 1
  uint32_t granulated_sgpr_count = 0;   // [9:6]
  uint32_t allocated_vgprs = 0;         // (blocks) * arch VGPR granule: arch VGPRs + AGPRs on gfx90a+
  uint32_t float_round_mode_32 = 0;     // [13:12]
  uint32_t float_round_mode_16_64 = 0;  // [15:14]
  uint32_t float_denorm_mode_32 = 0;    // [17:16]
  uint32_t float_denorm_mode_16_64 = 0; // [19:18]
  bool dx10_clamp = false;              // [21]
  bool ieee_mode = false;               // [23]
  bool fp16_overflow = false;           // [26]

  // rsrc2
  bool private_segment_wave_offset = false;  // [0]
  uint32_t user_sgpr_count = 0;              // [5:1]
  bool trap_handler = false;                 // [6]
  bool workgroup_id_x = false;               // [7]
  bool workgroup_id_y = false;               // [8]
  bool workgroup_id_z = false;               // [9]
  bool workgroup_info = false;               // [10]
  uint32_t workitem_id_vgprs = 0;            // [12:11]: 0 X, 1 XY, 2 XYZ
  uint32_t granulated_lds_size = 0;          // [23:15]
  uint32_t lds_bytes = 0;                    // granulated_lds_size * the arch's LDS granule (0 if arch unknown)

  // rsrc3 (gfx90a+)
  uint32_t accum_offset_field = 0;  // [5:0]
  uint32_t accum_offset = 0;        // first AGPR index in the unified file: (field + 1) * 4
  bool tg_split = false;            // [16]

  // kernel_code_properties
  bool enable_private_segment_buffer = false;  // bit 0
  bool enable_dispatch_ptr = false;            // 1
  bool enable_queue_ptr = false;               // 2
  bool enable_kernarg_segment_ptr = false;     // 3
  bool enable_dispatch_id = false;             // 4
  bool enable_flat_scratch_init = false;       // 5
  bool enable_private_segment_size = false;    // 6
  bool enable_wavefront_size32 = false;        // 10
  bool uses_dynamic_stack = false;             // 11
};

// A kernel: its metadata entry and the descriptor found through `<name>.kd`.
struct CodeObjectKernel {
  KernelMetadata metadata;
  KernelDescriptor descriptor;
};

struct CodeObject {
  uint16_t e_machine = 0;          // 224 = EM_AMDGPU
  uint16_t e_type = 0;             // ET_DYN for a linked code object, ET_REL for an assembler output
  uint8_t os_abi = 0;              // 64 = ELFOSABI_AMDGPU_HSA
  uint8_t abi_version = 0;         // 2 = v4, 3 = v5, 4 = v6
  uint32_t code_object_version = 0;// 4, 5, 6; 0 when abi_version is none of those
  uint32_t e_flags = 0;
  uint32_t mach = 0;               // e_flags[7:0]
  std::string arch;                // "gfx942", "gfx950", other known names, or "unknown"
  TargetFeature xnack = TargetFeature::kUnsupported;
  TargetFeature sramecc = TargetFeature::kUnsupported;
  std::string target;              // amdhsa.target, e.g. "amdgcn-amd-amdhsa--gfx942"; may be empty

  std::vector<ElfSymbol> symbols;  // .symtab then .dynsym entries with a name
  std::vector<LoadSegment> segments;
  std::vector<uint8_t> text;       // .text section bytes
  uint64_t text_address = 0;       // .text sh_addr
  std::vector<CodeObjectKernel> kernels;

  const ElfSymbol* find_symbol(std::string_view name) const;
  const CodeObjectKernel* find_kernel(std::string_view name) const;  // by metadata .name or .symbol
};

// Parses a whole code object. The bytes are copied; the result owns everything it holds.
Result<CodeObject> read_code_object(std::span<const uint8_t> bytes);

// Decodes a 64-byte descriptor; arch_granule_source is the arch name used for LDS/VGPR granules.
// Exposed for the emulator and tests; read_code_object uses it.
Result<KernelDescriptor> decode_kernel_descriptor(std::span<const uint8_t> bytes, uint64_t address,
                                                  std::string_view arch);

}  // namespace ingot
