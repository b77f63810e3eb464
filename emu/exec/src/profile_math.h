// Resource and occupancy figures of a launch (a model from the register/LDS budgets, not a measurement).
#pragma once

#include "exec_target_facts.h"
#include "ingot/tooling/code_object.h"
#include "ingot_emu/launch_profile.h"

namespace ingot::emu {

void fill_resources_and_occupancy(const ExecTargetFacts& facts, const CodeObjectKernel& kernel,
                                  uint32_t lds_bytes, uint32_t workgroup_items, LaunchProfile& profile);

}  // namespace ingot::emu
