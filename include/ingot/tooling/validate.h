// `ingot validate` as a library function: proves manifest, files and code objects agree.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace ingot {

struct ValidationIssue {
  std::string where;    // kernel id, file path or "manifest"
  std::string message;  // one clear sentence
  std::string to_string() const { return where + ": " + message; }
};

struct ValidationReport {
  std::vector<ValidationIssue> issues;
  size_t kernels_checked = 0;
  size_t files_checked = 0;
  bool ok() const { return issues.empty(); }
};

// Checks: manifest structure; files present, inside the pack, size and sha256; ELF is AMDGPU and
// mach == arch; symbol and .kd present; metadata kernarg size and args (name, offset, size) equal the
// manifest's; VGPR/AGPR/SGPR/LDS within the arch's limits and agreeing with the descriptor;
// workgroup size <= max_flat_workgroup_size; no duplicate ids; no unindexed .co files; every
// variant of every manifest family present; launch grid, dynamic LDS, workspace and cost evaluated at
// representative sizes the kernel accepts (no failing expression, grid within a dispatch's 2^32-1
// work-items, LDS non-negative and within the arch). Never throws; an unreadable pack is one issue.
ValidationReport validate_pack(const std::filesystem::path& dir);

}  // namespace ingot
