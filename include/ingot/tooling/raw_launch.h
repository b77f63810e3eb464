// Kernel arguments for a code object that has no manifest entry (a kernel author's own .co, `ingot emu`):
// each value is given by argument name and placed at the offset, and checked against the size, that the
// code object's own metadata (.amdgpu_metadata .args) declares. Hidden arguments the runtime fills on a
// real launch (code object v5 "hidden_*" kinds) are derived from the launch shape. Manifest kernels use
// prepare_launch (launch.h) instead, which packs from the manifest's layout.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ingot/tooling/code_object.h"
#include "ingot/status.h"

namespace ingot {

// One argument's value: the little-endian bytes of a scalar, exactly as wide as the argument, or a
// device address for a pointer argument (which must be 8 bytes wide).
struct RawKernArg {
  std::string name;
  bool is_pointer = false;
  std::vector<uint8_t> bytes;  // scalar
  uint64_t address = 0;        // pointer

  static RawKernArg scalar(std::string name, std::vector<uint8_t> bytes);
  static RawKernArg pointer(std::string name, uint64_t address);
};

// The kernarg segment for `kernel`: max(kernarg_segment_size, end of the last argument) bytes, zero
// where nothing is placed. A by-value argument may have any width (a struct of 16, 64... bytes). A name the
// metadata repeats (AMD's hand-written kernels name dozens of slots `pad`) takes one value per slot, in
// metadata order: the k-th value given for it fills its k-th slot. kInvalidArgument (naming the kernel and
// the argument) for a name the metadata lacks, more values for a name than it has slots, a scalar of the
// wrong width, a pointer for a slot that is not 8 bytes, or a non-hidden argument left without a value.
// Hidden arguments nobody gave get their launch-shape value as AMDGPUUsage's code object V5 table defines
// it (block counts in work-groups, group sizes, remainders 0, grid dims of the work-item grid as the AQL
// packet has it) or stay 0 (heap, printf, queue pointers).
Result<std::vector<uint8_t>> pack_raw_kernargs(const KernelMetadata& kernel, std::span<const RawKernArg> args,
                                               const std::array<uint32_t, 3>& grid_workgroups,
                                               const std::array<uint32_t, 3>& workgroup);

// A device address to place in a raw kernarg blob, at a byte offset of the segment.
struct KernargPointer {
  uint32_t offset = 0;
  uint64_t address = 0;
};

// The kernarg segment for `kernel` from a whole raw blob, as launchers of AMD's kernels build it (one
// struct, or slots the metadata names only `pad`), with device addresses placed at given offsets (8 bytes,
// little-endian). The blob must be exactly the segment's size (max(kernarg_segment_size, end of the last
// argument)); kInvalidArgument naming the kernel for another size, a pointer that does not fit inside the
// segment, or two pointers that overlap. Nothing else is checked or filled: the blob is the caller's.
Result<std::vector<uint8_t>> place_raw_kernarg_blob(const KernelMetadata& kernel, std::span<const uint8_t> blob,
                                                    std::span<const KernargPointer> pointers);

}  // namespace ingot
