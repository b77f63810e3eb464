// The NT_AMDGPU_METADATA note (msgpack, code object v3+) to typed structs. Private to ingot_codeobj.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ingot/tooling/code_object.h"
#include "ingot/status.h"

namespace ingot::metadata {

// Owner "AMDGPU", type 32 (AMDGPUUsage "Code Object V3 and Above Note Records").
inline constexpr std::string_view kNoteOwner = "AMDGPU";
inline constexpr uint32_t kNoteType = 32;

struct Parsed {
  std::string target;                   // amdhsa.target
  std::vector<uint32_t> version;        // amdhsa.version, e.g. {1, 2}
  std::vector<KernelMetadata> kernels;  // amdhsa.kernels
};

// Total on malformed input: bad msgpack, wrong types and absurd sizes are kCorruptCodeObject.
Result<Parsed> parse(std::span<const uint8_t> note_desc);

}  // namespace ingot::metadata
