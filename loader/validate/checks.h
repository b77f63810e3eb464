// Per-kernel checks of a code object against its manifest entry and its arch's limits.
// Private to libingot; validate.cpp walks the pack and calls these.
#pragma once

#include <string>
#include <vector>

#include "ingot/tooling/code_object.h"
#include "ingot/tooling/manifest.h"
#include "ingot/tooling/validate.h"

namespace ingot::validation {

// Appends one issue per disagreement: arch, symbols, metadata kernargs, resources, limits,
// descriptor fields, launch workgroup size.
void check_code_object(const ManifestKernel& kernel, const CodeObject& object, std::vector<ValidationIssue>& issues);

// Appends one issue per launch rule (grid axis, dynamic LDS, workspace, cost) that fails to evaluate or
// yields an impossible launch at a representative problem size the kernel accepts.
void check_launch_rules(const ManifestKernel& kernel, std::vector<ValidationIssue>& issues);

}  // namespace ingot::validation
