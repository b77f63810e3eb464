#include "gpr_index.h"

#include <algorithm>
#include <string>

#include "handler_table.h"
#include "operands.h"

namespace ingot::emu {
namespace {

constexpr uint32_t kMaxArchVgprs = 256;

// M0[15:12] bit for an operand role, or -1 when index mode never moves that operand.
int mode_bit(Role role) {
  switch (role) {
    case Role::kSrc0: return 0;
    case Role::kSrc1: return 1;
    case Role::kSrc2: return 2;
    case Role::kDst: return 3;
    default: return -1;
  }
}

std::string mode_text(uint32_t mode) {
  static constexpr const char* kNames[] = {"SRC0", "SRC1", "SRC2", "DST"};
  std::string text;
  for (uint32_t i = 0; i < 4; ++i) {
    if ((mode >> i) & 1) text += (text.empty() ? "" : ",") + std::string(kNames[i]);
  }
  return "gpr_idx(" + text + ")";
}

}  // namespace

Result<const Inst*> apply_gpr_index(const Wave& wave, const Inst& inst, Inst& scratch) {
  const uint32_t m0 = wave.s[kSlotM0];
  const uint32_t index = m0 & kGprIdxIndexMask;
  const uint32_t mode = (m0 >> kGprIdxModeShift) & kGprIdxModeMask;
  const bool is_valu = profile_class(inst.op) == ProfileClass::kValu;
  bool touched = false;
  for (int i = 0; i < inst.num_operands; ++i) {
    const Operand& op = inst.operands[static_cast<size_t>(i)];
    const bool vector = op.kind == OperandKind::kVgpr || op.kind == OperandKind::kAgpr;
    if (!vector || mode == 0) continue;
    // The sources define index mode for VALU VGPR operands only: whether it moves the VGPRs of memory,
    // LDS or MFMA instructions, or AGPRs, is not known, so such an instruction is refused.
    if (!is_valu || op.kind == OperandKind::kAgpr) {
      return Status(StatusCode::kUnsupported,
                    std::string(op_mnemonic(inst.op)) + " with VGPR index mode on (" + mode_text(mode) + ", " +
                        register_name(true, op.kind == OperandKind::kAgpr, op.index, op.dwords) +
                        ") is not emulated: indexing is defined for VALU VGPR operands");
    }
    const int bit = mode_bit(op.role);
    if (bit < 0 || !((mode >> bit) & 1)) continue;
    if (!touched) {
      scratch = inst;
      touched = true;
    }
    const uint32_t moved = op.index + index;
    const uint32_t limit = std::min(wave.accum_offset, kMaxArchVgprs);
    if (moved + op.dwords > limit) {
      return fault("VGPR index mode moves " + register_name(true, false, op.index, op.dwords) + " by M0[7:0] = " +
                   std::to_string(index) + " to " + register_name(true, false, moved, op.dwords) +
                   ", past the wave's " + std::to_string(limit) + " VGPRs");
    }
    scratch.operands[static_cast<size_t>(i)].index = static_cast<uint16_t>(moved);
  }
  return touched ? &scratch : &inst;
}

}  // namespace ingot::emu
