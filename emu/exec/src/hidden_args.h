// The hidden (implicit) kernel arguments a code object V5 kernel reads from its kernarg segment, filled
// by Emulator::launch as the HSA runtime fills them on a GPU launch: a Triton or HIP kernel's metadata
// lists them (`.value_kind: hidden_block_count_x`, ...) after its explicit arguments, and its code loads
// them through the kernarg pointer (e.g. the grid size behind `tl.num_programs`).
//
// Values per LLVM AMDGPUUsage, "AMDHSA Code Object V5 Kernel Argument Metadata Map Additions and
// Changes" (llvm/docs/AMDGPUUsage.rst): block counts are the whole work-groups per dimension, group
// sizes the dispatch packet's work-group size, remainders the size of a partial last work-group (0: the
// emulator's grid is whole work-groups), grid_dims "the same value as the AQL dispatch packet
// dimensionality", dynamic_lds_size the launch's dynamic LDS bytes. Global offsets are 0 (HIP has none).
// Pointers the emulator has no object for (heap, printf and hostcall buffers, multigrid sync, default
// queue, completion action, queue) are null, as are the GFX8-only aperture bases.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ingot/tooling/code_object.h"
#include "ingot/status.h"
#include "ingot_emu/emulator.h"

namespace ingot::emu {

struct DispatchShape {
  Dim3 grid;       // work-groups
  Dim3 workgroup;  // work-items per work-group
  uint32_t dynamic_lds = 0;
};

// The AQL dispatch packet's dimensionality for this launch: the highest axis whose grid (in work-items)
// is wider than 1, at least 1. The emulator's dispatch packet carries the same value.
uint16_t dispatch_dimensions(const DispatchShape& shape);

// The value the runtime writes for a hidden argument kind; nullopt for a kind that is not hidden (an
// explicit argument) or that names no value ("hidden_none"): those bytes are left as the caller gave them.
std::optional<uint64_t> hidden_arg_value(std::string_view value_kind, const DispatchShape& shape);

// Writes every hidden argument of `kernel`'s metadata into `kernarg` (little-endian, as wide as the
// slot, at most 8 bytes). kInvalidArgument naming the kernel and the argument when a slot lies outside
// `kernarg` (a hostile metadata offset).
Status fill_hidden_args(const KernelMetadata& kernel, const DispatchShape& shape, std::span<uint8_t> kernarg);

}  // namespace ingot::emu
