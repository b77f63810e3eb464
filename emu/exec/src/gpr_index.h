// VGPR index mode (s_set_gpr_idx_on / _mode / _off): while it is on, VALU instructions add M0[7:0] to
// the VGPR numbers of the operands that M0[15:12] selects (bit 12 src0, 13 src1, 14 src2, 15 dst).
// AMD's description (gem5 vega/insts/instructions.cc, S_SET_GPR_IDX_ON): "Vector operations after this
// will perform relative GPR addressing based on the contents of M0"; the operand bits are LLVM's
// gpr_idx(SRC0,SRC1,SRC2,DST) immediate (AMDGPU operand syntax, "imask").
#pragma once

#include "ingot/status.h"
#include "ingot_emu/inst.h"
#include "wave.h"

namespace ingot::emu {

inline constexpr uint32_t kGprIdxIndexMask = 0xff;  // M0[7:0]
inline constexpr uint32_t kGprIdxModeShift = 12;    // M0[15:12]
inline constexpr uint32_t kGprIdxModeMask = 0xf;

// The instruction as it executes in index mode: `inst` itself when index mode is off or selects none of
// its operands, else a copy in `scratch` with the selected VGPR operands moved. An indexed register past
// the wave's VGPRs, or index mode reaching an instruction it is not defined for, is a fault.
Result<const Inst*> apply_gpr_index(const Wave& wave, const Inst& inst, Inst& scratch);

}  // namespace ingot::emu
