#include "wait_state_ops.h"

#include <array>
#include <string_view>

#include "handler_table.h"
#include "ingot_emu/isa_table.h"
#include "ingot_emu/mfma_shapes.h"

namespace ingot::emu {
namespace {

constexpr size_t kOps = static_cast<size_t>(Op::kNumOps);

HazardUnit mfma_unit(const MfmaShape& shape) {
  if (shape.a_type == MfmaType::kF64) return shape.m == 4 ? HazardUnit::kDgemm4 : HazardUnit::kDgemm16;
  if (shape.a_type == MfmaType::kF32) return HazardUnit::kSgemm;
  return HazardUnit::kXdl;
}

WaitStateOp classify(Op op) {
  const std::string_view name = op_mnemonic(op);
  WaitStateOp info;
  switch (profile_class(op)) {
    case ProfileClass::kValu: info.unit = name.starts_with("v_dot") ? HazardUnit::kValuDot : HazardUnit::kValu; break;
    // MFMA-class ops without a shape-table row (SMFMAC) are not checked: their passes are not data here.
    case ProfileClass::kMfma: break;
    case ProfileClass::kVmem: info.unit = HazardUnit::kVmem; break;
    case ProfileClass::kLds: info.unit = HazardUnit::kLds; break;
    case ProfileClass::kSmem: info.unit = HazardUnit::kSmem; break;
    case ProfileClass::kSalu: info.salu = true; break;
    case ProfileClass::kBranch: break;
  }
  if (const MfmaShape* shape = find_mfma_shape(name)) {
    info.unit = mfma_unit(*shape);
    info.passes[0] = static_cast<uint8_t>(shape->passes[static_cast<int>(Gfx::k942)]);
    info.passes[1] = static_cast<uint8_t>(shape->passes[static_cast<int>(Gfx::k950)]);
    info.shape = shape;
  }
  info.readlane = name == "v_readlane_b32" || name == "v_readfirstlane_b32";
  info.writelane = name == "v_writelane_b32";
  info.div_fmas = name.starts_with("v_div_fmas_");
  info.setreg = name.starts_with("s_setreg_");
  info.getreg = name == "s_getreg_b32";
  info.cmpx = name.starts_with("v_cmpx_");
  info.permlane_swap = name.starts_with("v_permlane") && name.ends_with("_swap_b32");
  info.reads_m0 = name.starts_with("s_movrel") || name.starts_with("s_sendmsg");
  info.nop = name == "s_nop";
  const ExecClass exec_class = op_info(op).exec_class;
  const bool vmem_write = exec_class == ExecClass::kVmemStore || exec_class == ExecClass::kVmemAtomic;
  info.store = info.unit == HazardUnit::kVmem && vmem_write;
  return info;
}

}  // namespace

const WaitStateOp& wait_state_op(Op op) {
  static const std::array<WaitStateOp, kOps + 1> table = [] {
    std::array<WaitStateOp, kOps + 1> ops{};
    for (size_t i = 0; i < kOps; ++i) ops[i] = classify(static_cast<Op>(i));
    return ops;
  }();
  const size_t i = static_cast<size_t>(op);
  return table[i < kOps ? i : kOps];
}

int wait_state_passes(const Inst& inst, Target target) {
  const WaitStateOp& info = wait_state_op(inst.op);
  if (!info.mfma() || info.shape == nullptr) return 0;
  const int passes = info.passes[static_cast<int>(target)];
  const MfmaShape& shape = *info.shape;
  if (shape.a_type != MfmaType::kF8F6F4 || !mfma_f8f6f4_format_valid(inst.mai.cbsz) ||
      !mfma_f8f6f4_format_valid(inst.mai.blgp)) {
    return passes;
  }
  return mfma_passes(shape, target == Target::kGfx950 ? Gfx::k950 : Gfx::k942,
                     static_cast<MfmaF8F6F4Format>(inst.mai.cbsz), static_cast<MfmaF8F6F4Format>(inst.mai.blgp));
}

}  // namespace ingot::emu
