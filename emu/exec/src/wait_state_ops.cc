#include "wait_state_ops.h"

#include <array>
#include <string_view>

#include "handler_table.h"
#include "ingot_emu/isa_table.h"
#include "ingot_emu/mfma_shapes.h"
#include "ingot_emu/smfmac.h"

namespace ingot::emu {
namespace {

constexpr size_t kOps = static_cast<size_t>(Op::kNumOps);

HazardUnit mfma_unit(const MfmaShape& shape) {
  if (shape.a_type == MfmaType::kF64) return shape.m == 4 ? HazardUnit::kDgemm4 : HazardUnit::kDgemm16;
  if (shape.a_type == MfmaType::kF32) return HazardUnit::kSgemm;
  return HazardUnit::kXdl;
}

// LLVM's TRANS instructions (VOP1Instructions.td, the `TRANS = 1` blocks) that gfx940/gfx950 have.
bool is_transcendental(std::string_view name) {
  static constexpr std::string_view kTrans[] = {
      "v_exp_f32",  "v_log_f32",  "v_rcp_f32",  "v_rcp_iflag_f32", "v_rsq_f32",        "v_sqrt_f32",
      "v_sin_f32",  "v_cos_f32",  "v_rcp_f64",  "v_rsq_f64",       "v_sqrt_f64",       "v_exp_f16",
      "v_log_f16",  "v_rcp_f16",  "v_rsq_f16",  "v_sqrt_f16",      "v_sin_f16",        "v_cos_f16",
      "v_exp_legacy_f32", "v_log_legacy_f32"};
  for (std::string_view trans : kTrans) {
    if (name == trans) return true;
  }
  return false;
}

// Conversions that write one byte (FP8) or nibble pair (FP4) of their destination chosen by op_sel[3:2]
// (LLVM's FP8 dst-byte-sel group): op_sel[2] set makes the write partial.
bool writes_selected_byte(std::string_view name) {
  return name == "v_cvt_sr_fp8_f32" || name == "v_cvt_sr_bf8_f32" || name.starts_with("v_cvt_scalef32_sr_fp8_") ||
         name.starts_with("v_cvt_scalef32_sr_bf8_") || name.starts_with("v_cvt_scalef32_pk_fp4_");
}

WaitStateOp classify(Op op) {
  const std::string_view name = op_mnemonic(op);
  WaitStateOp info;
  switch (profile_class(op)) {
    case ProfileClass::kValu: info.unit = name.starts_with("v_dot") ? HazardUnit::kValuDot : HazardUnit::kValu; break;
    case ProfileClass::kMfma: break;  // unit and passes from the shape tables below
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
  } else if (const SmfmacShape* sparse = find_smfmac_shape(name)) {
    info.unit = HazardUnit::kXdl;
    info.smfmac = true;
    info.passes[0] = static_cast<uint8_t>(smfmac_passes(*sparse, Gfx::k942));
    info.passes[1] = static_cast<uint8_t>(smfmac_passes(*sparse, Gfx::k950));
  }
  info.readlane = name == "v_readlane_b32" || name == "v_readfirstlane_b32";
  info.writelane = name == "v_writelane_b32";
  info.div_fmas = name.starts_with("v_div_fmas_");
  info.setreg = name.starts_with("s_setreg_");
  info.getreg = name == "s_getreg_b32";
  info.cmpx = name.starts_with("v_cmpx_");
  info.permlane_swap = name.starts_with("v_permlane") && name.ends_with("_swap_b32");
  info.reads_m0 = name.starts_with("s_movrel") || name.starts_with("s_sendmsg") || name == "s_ttracedata" ||
                  name == "ds_read_addtid_b32" || name == "ds_write_addtid_b32";
  info.trans = is_transcendental(name);
  info.fma64 = name == "v_fma_f64" || name == "v_fmac_f64";
  info.fp8_byte_sel = writes_selected_byte(name);
  info.fp4_sr = name.starts_with("v_cvt_scalef32_sr_pk_fp4_");
  info.nop = name == "s_nop";
  const ExecClass exec_class = op_info(op).exec_class;
  const bool vmem_write = exec_class == ExecClass::kVmemStore || exec_class == ExecClass::kVmemAtomic;
  info.store = info.unit == HazardUnit::kVmem && vmem_write;
  const bool smem_store = name.starts_with("s_store_") || name.starts_with("s_buffer_store_");
  info.clause_store = (info.store && !op_info(op).has_flag(kFlagCachePolicy)) ||
                      (info.unit == HazardUnit::kSmem && smem_store);
  info.reads_dst = info.unit == HazardUnit::kVmem && exec_class == ExecClass::kVmemLoad &&
                   name.find("_d16") != std::string_view::npos;
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
  if (!info.mfma()) return 0;
  const int passes = info.passes[static_cast<int>(target)];
  if (info.shape == nullptr) return passes;  // sparse MFMA: one count per target
  const MfmaShape& shape = *info.shape;
  if (shape.a_type != MfmaType::kF8F6F4 || !mfma_f8f6f4_format_valid(inst.mai.cbsz) ||
      !mfma_f8f6f4_format_valid(inst.mai.blgp)) {
    return passes;
  }
  return mfma_passes(shape, target == Target::kGfx950 ? Gfx::k950 : Gfx::k942,
                     static_cast<MfmaF8F6F4Format>(inst.mai.cbsz), static_cast<MfmaF8F6F4Format>(inst.mai.blgp));
}

}  // namespace ingot::emu
