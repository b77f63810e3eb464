// What a kernel descriptor may ask of the initial wave state on the emulated targets, checked once per
// launch (Emulator::launch) before any wave is set up.
#pragma once

#include <string>

#include "ingot/tooling/code_object.h"
#include "ingot/status.h"

namespace ingot::emu {

// kInvalidArgument naming the kernel when the descriptor enables a user SGPR that gfx942 and gfx950
// do not provide. Both have architected flat scratch, and LLVM's AMDGPUUsage (kernel descriptor,
// ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER and ENABLE_SGPR_FLAT_SCRATCH_INIT) says: "If the Target
// Properties column of amdgpu-processor-table specifies Architected flat scratch then not supported
// and must be 0"; LLVM's assembler refuses `.amdhsa_user_sgpr_private_segment_buffer` for both
// targets ("directive is not supported with architected flat scratch"). Scratch is reached through
// scratch_* instructions instead.
Status check_initial_state_supported(const KernelDescriptor& kd, const std::string& kernel);

}  // namespace ingot::emu
