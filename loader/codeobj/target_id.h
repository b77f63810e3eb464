// AMDGPU target IDs (LLVM AMDGPUUsage, "Target ID"): a processor and its target features, e.g.
// "gfx942:sramecc+:xnack-" (a device's gcnArchName) or "amdgcn-amd-amdhsa--gfx942" (a code object's
// amdhsa.target, here with both features unspecified). A code object runs on a device when the processors
// are equal and every feature the code object specifies ("+" on, "-" off) has the device's setting; an
// unspecified feature ("any") runs either way. Private to libingot.
#pragma once

#include <string>
#include <string_view>

#include "ingot/status.h"

namespace ingot {

enum class TargetFeature { kAny, kOn, kOff };

struct TargetId {
  std::string processor;  // "gfx942"
  TargetFeature sramecc = TargetFeature::kAny;
  TargetFeature xnack = TargetFeature::kAny;
  std::string to_string() const;  // "gfx942:sramecc+:xnack-" (unspecified features omitted)
};

// Parses a target ID with or without the "amdgcn-amd-amdhsa--" triple. kInvalidArgument naming the text
// for an empty processor, a feature other than sramecc/xnack, a feature without +/-, or one given twice.
Result<TargetId> parse_target_id(std::string_view text);

// ok when code built for `code_object` runs on `device`; kArchMismatch naming `what`, both target IDs and
// the field that differs otherwise.
Status check_target_compatible(const TargetId& code_object, const TargetId& device, std::string_view what);

}  // namespace ingot
