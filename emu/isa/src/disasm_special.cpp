// Symbolic SOPP/SOPK/DS immediates: s_waitcnt counters, hwreg(...), sendmsg(...), gpr_idx(...), swizzle(...).
// The field layouts and names below are GFX9-family ISA facts (gfx942 / gfx950).
#include <bit>

#include "disasm_internal.h"

namespace ingot::emu::detail {
namespace {

// s_waitcnt simm16: vmcnt = [3:0] | [15:14] << 4, expcnt = [6:4], lgkmcnt = [11:8].
constexpr unsigned kVmcntMax = 63, kExpcntMax = 7, kLgkmcntMax = 15;

// s_getreg/s_setreg simm16: id [5:0], offset [10:6], size - 1 [15:11].
struct HwregName {
  unsigned id;
  const char* name;
};
constexpr HwregName kHwregs[] = {
    {1, "HW_REG_MODE"},          {2, "HW_REG_STATUS"},       {3, "HW_REG_TRAPSTS"},
    {4, "HW_REG_HW_ID"},         {5, "HW_REG_GPR_ALLOC"},    {6, "HW_REG_LDS_ALLOC"},
    {7, "HW_REG_IB_STS"},        {15, "HW_REG_SH_MEM_BASES"}, {16, "HW_REG_TBA_LO"},
    {17, "HW_REG_TBA_HI"},       {18, "HW_REG_TMA_LO"},      {19, "HW_REG_TMA_HI"},
    {20, "HW_REG_XCC_ID"},       {21, "HW_REG_SQ_PERF_SNAPSHOT_DATA"},
    {22, "HW_REG_SQ_PERF_SNAPSHOT_DATA1"}, {23, "HW_REG_SQ_PERF_SNAPSHOT_PC_LO"},
    {24, "HW_REG_SQ_PERF_SNAPSHOT_PC_HI"},
};

// s_sendmsg simm16: message id [3:0], operation [6:4], stream [9:8].
struct MsgName {
  unsigned id;
  const char* name;
  bool needs_op;
};
constexpr MsgName kMessages[] = {
    {1, "MSG_INTERRUPT", false}, {2, "MSG_GS", true},           {3, "MSG_GS_DONE", true},
    {4, "MSG_SAVEWAVE", false},  {5, "MSG_STALL_WAVE_GEN", false}, {6, "MSG_HALT_WAVES", false},
    {7, "MSG_ORDERED_PS_DONE", false}, {8, "MSG_EARLY_PRIM_DEALLOC", false},
    {9, "MSG_GS_ALLOC_REQ", false}, {10, "MSG_GET_DOORBELL", false}, {15, "MSG_SYSMSG", true},
};
constexpr const char* kGsOps[] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
constexpr const char* kSysOps[] = {nullptr, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                   "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC"};
constexpr unsigned kMsgGs = 2, kMsgGsDone = 3, kMsgSysmsg = 15;

// s_set_gpr_idx_mode / s_set_gpr_idx_on: bit per mode.
constexpr const char* kGprIdxModes[] = {"SRC0", "SRC1", "SRC2", "DST"};

// ds_swizzle_b32 offset: [15] = 1 with [14:8] = 0 -> quad permute (2 bits per lane);
// [15] = 0 -> bitmask mode: and [4:0], or [9:5], xor [14:10] on the lane id within 32 lanes.
constexpr unsigned kQuadPermMask = 0xFF00, kQuadPermEnc = 0x8000, kBitmaskPermMask = 0x8000;
constexpr unsigned kBitmaskMax = 0x1F, kBitmaskWidth = 5;

std::string bitmask_pattern(unsigned and_mask, unsigned or_mask, unsigned xor_mask) {
  const unsigned probe0 = ((0 & and_mask) | or_mask) ^ xor_mask;
  const unsigned probe1 = ((kBitmaskMax & and_mask) | or_mask) ^ xor_mask;
  std::string out = "\"";
  for (unsigned mask = 1u << (kBitmaskWidth - 1); mask > 0; mask >>= 1) {
    const unsigned p0 = probe0 & mask, p1 = probe1 & mask;
    if (p0 == p1) out += p0 ? '1' : '0';
    else out += p0 ? 'i' : 'p';
  }
  return out + "\"";
}

}  // namespace

std::string waitcnt_text(unsigned simm16) {
  const unsigned vm = (simm16 & 0xF) | ((simm16 >> 14) & 0x3) << 4;
  const unsigned exp = (simm16 >> 4) & 0x7, lgkm = (simm16 >> 8) & 0xF;
  const bool all_default = vm == kVmcntMax && exp == kExpcntMax && lgkm == kLgkmcntMax;
  std::string out;
  auto add = [&](const char* name, unsigned value) {
    if (!out.empty()) out += ' ';
    out += std::string(name) + "(" + std::to_string(value) + ")";
  };
  if (vm != kVmcntMax || all_default) add("vmcnt", vm);
  if (exp != kExpcntMax || all_default) add("expcnt", exp);
  if (lgkm != kLgkmcntMax || all_default) add("lgkmcnt", lgkm);
  return out;
}

std::string hwreg_text(unsigned simm16) {
  const unsigned id = simm16 & 0x3F, offset = (simm16 >> 6) & 0x1F, width = ((simm16 >> 11) & 0x1F) + 1;
  std::string out = "hwreg(";
  const char* name = nullptr;
  for (const HwregName& h : kHwregs) {
    if (h.id == id) name = h.name;
  }
  out += name ? std::string(name) : std::to_string(id);
  if (offset != 0 || width != 32) out += ", " + std::to_string(offset) + ", " + std::to_string(width);
  return out + ")";
}

std::string sendmsg_text(unsigned simm16) {
  const unsigned id = simm16 & 0xF, op = (simm16 >> 4) & 0x7, stream = (simm16 >> 8) & 0x3;
  const bool exact = (id | op << 4 | stream << 8) == simm16;
  const MsgName* msg = nullptr;
  for (const MsgName& m : kMessages) {
    if (m.id == id) msg = &m;
  }
  if (msg && exact) {
    if (!msg->needs_op && op == 0 && stream == 0) return std::string("sendmsg(") + msg->name + ")";
    if (id == kMsgGs && op >= 1 && op <= 3) {
      return std::string("sendmsg(") + msg->name + ", " + kGsOps[op] + ", " + std::to_string(stream) + ")";
    }
    if (id == kMsgGsDone && op == 0 && stream == 0) return std::string("sendmsg(") + msg->name + ", " + kGsOps[0] + ")";
    if (id == kMsgGsDone && op >= 1 && op <= 3) {
      return std::string("sendmsg(") + msg->name + ", " + kGsOps[op] + ", " + std::to_string(stream) + ")";
    }
    if (id == kMsgSysmsg && op >= 1 && op <= 4 && stream == 0) {
      return std::string("sendmsg(") + msg->name + ", " + kSysOps[op] + ")";
    }
  }
  if (exact) {
    return "sendmsg(" + std::to_string(id) + ", " + std::to_string(op) + ", " + std::to_string(stream) + ")";
  }
  return std::to_string(simm16);
}

std::string gpr_idx_text(unsigned simm16) {
  if ((simm16 & ~0xFu) != 0) return hex_text(simm16);
  std::string out = "gpr_idx(";
  bool comma = false;
  for (unsigned i = 0; i < 4; ++i) {
    if (!(simm16 & (1u << i))) continue;
    if (comma) out += ',';
    out += kGprIdxModes[i];
    comma = true;
  }
  return out + ")";
}

std::string swizzle_text(unsigned offset) {
  if ((offset & kQuadPermMask) == kQuadPermEnc) {
    std::string out = "offset:swizzle(QUAD_PERM";
    for (int lane = 0; lane < 4; ++lane) out += "," + std::to_string((offset >> (2 * lane)) & 3);
    return out + ")";
  }
  if ((offset & kBitmaskPermMask) == 0) {
    const unsigned and_mask = offset & kBitmaskMax, or_mask = (offset >> 5) & kBitmaskMax,
                   xor_mask = (offset >> 10) & kBitmaskMax;
    if (and_mask == kBitmaskMax && or_mask == 0 && std::popcount(xor_mask) == 1) {
      return "offset:swizzle(SWAP," + std::to_string(xor_mask) + ")";
    }
    if (and_mask == kBitmaskMax && or_mask == 0 && xor_mask > 0 && std::has_single_bit(xor_mask + 1)) {
      return "offset:swizzle(REVERSE," + std::to_string(xor_mask + 1) + ")";
    }
    const unsigned group = kBitmaskMax - and_mask + 1;
    if (group > 1 && std::has_single_bit(group) && or_mask < group && xor_mask == 0) {
      return "offset:swizzle(BROADCAST," + std::to_string(group) + "," + std::to_string(or_mask) + ")";
    }
    return "offset:swizzle(BITMASK_PERM," + bitmask_pattern(and_mask, or_mask, xor_mask) + ")";
  }
  return "offset:" + std::to_string(offset);
}

}  // namespace ingot::emu::detail
