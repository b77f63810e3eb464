// MFMA through the numerics room's shape table and mfma_execute (sparse v_smfmac_* through smfmac_execute).
// Operands are rows of the unified register file (VGPRs or AGPRs), already register-major as the numerics
// functions want them. MFMA ignores EXEC.
#include <array>
#include <cstring>
#include <string_view>
#include <vector>

#include "handler_table.h"
#include "ingot_emu/mfma.h"
#include "ingot_emu/mfma_shapes.h"
#include "ingot_emu/smfmac.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

constexpr size_t kOps = static_cast<size_t>(Op::kNumOps);

// The numerics row of every Op, looked up by mnemonic once (dense and sparse tables alike).
template <typename Shape, const Shape* (*find)(std::string_view)>
const Shape* row_of(Op op) {
  static const std::array<const Shape*, kOps> table = [] {
    std::array<const Shape*, kOps> shapes{};
    for (size_t i = 0; i < kOps; ++i) shapes[i] = find(op_mnemonic(static_cast<Op>(i)));
    return shapes;
  }();
  const size_t i = static_cast<size_t>(op);
  return i < kOps ? table[i] : nullptr;
}

const MfmaShape* shape_of(Op op) { return row_of<MfmaShape, find_mfma_shape>(op); }
const SmfmacShape* sparse_shape_of(Op op) { return row_of<SmfmacShape, find_smfmac_shape>(op); }

// Copies `regs` rows of an operand (or a broadcast constant) into `out`.
void gather(const Wave& wave, const Operand* op, int regs, std::vector<uint32_t>& out) {
  out.resize(size_t(regs) * kWaveSize);
  for (int r = 0; r < regs; ++r) {
    Lanes lanes;
    const bool is_register = op && (op->kind == OperandKind::kVgpr || op->kind == OperandKind::kAgpr);
    read_lanes(wave, op, lanes, is_register ? r : 0);
    std::memcpy(&out[size_t(r) * kWaveSize], lanes.v, sizeof lanes.v);
  }
}

// v_mfma_scale_*: the E8M0 scale of each lane and which byte of it applies.
//  * Byte: the intrinsic's scale_src opsel (0..3, "selects byte 0..3 of the packed E8M0 word": Mojo's
//    cdna4_block_scaled_mfma docs) is lowered by LLVM as op_sel[i] = bit 0, op_sel_hi[i] = bit 1
//    (checked with the pinned LLVM: llvm.amdgcn.mfma.scale.* opsel 1 -> op_sel:[1,0,0], 2 ->
//    op_sel_hi:[1,0,0]); i = 0 for A's scale, 1 for B's.
//  * A scale that is not a VGPR (SGPR or inline constant): LLVM PR 158117 restricts the operands to
//    VGPRs because "for all Inline/SGPR constants, SP HW use bits [30:23] as the scale"; we model that
//    (the value's bits 30..23 as the E8M0, op_sel ignored).
struct ScaleOperand {
  std::array<uint32_t, kWaveSize> words{};
  uint8_t byte = 0;
};

ScaleOperand scale_operand(const Wave& wave, const Inst& inst, Role role, int which) {
  ScaleOperand out;
  const Operand* op = inst.find(role);
  Lanes lanes;
  read_lanes(wave, op, lanes);
  const bool vgpr = op != nullptr && op->kind == OperandKind::kVgpr;
  for (int lane = 0; lane < kWaveSize; ++lane) {
    out.words[size_t(lane)] = vgpr ? lanes.v[lane] : (lanes.v[lane] >> 23) & 0xffu;
  }
  if (vgpr) {
    const uint32_t low = (inst.mods.op_sel >> which) & 1u, high = (inst.mods.op_sel_hi >> which) & 1u;
    out.byte = static_cast<uint8_t>(low | high << 1);
  }
  return out;
}

Status mfma(Wave& wave, const Inst& inst) {
  const MfmaShape* shape = shape_of(inst.op);
  if (shape == nullptr) return fault("no MFMA shape for " + std::string(op_mnemonic(inst.op)));
  const Gfx gfx = gfx_of(wave);
  MfmaModifiers mods;
  mods.cbsz = inst.mai.cbsz;
  mods.abid = inst.mai.abid;
  mods.blgp = inst.mai.blgp;
  if (shape->a_type == MfmaType::kF64) {
    mods.neg = inst.mai.blgp;
    mods.blgp = 0;
  }
  ScaleOperand scale_a, scale_b;
  if (shape->scaled) {
    scale_a = scale_operand(wave, inst, Role::kScaleA, 0);
    scale_b = scale_operand(wave, inst, Role::kScaleB, 1);
    mods.scale_a = scale_a.words.data();
    mods.scale_b = scale_b.words.data();
    mods.scale_a_byte = scale_a.byte;
    mods.scale_b_byte = scale_b.byte;
  }
  thread_local std::vector<uint32_t> a, b, c, d;
  gather(wave, vsrc(inst, 0), mfma_a_regs(*shape, mods), a);
  gather(wave, vsrc(inst, 1), mfma_b_regs(*shape, mods), b);
  gather(wave, vsrc(inst, 2), shape->cd_regs, c);
  d.resize(c.size());
  INGOT_RETURN_IF_ERROR(mfma_execute(*shape, gfx, a.data(), b.data(), c.data(), d.data(), mods));
  const Operand* dst = vdst(inst);
  if (dst == nullptr || !(dst->kind == OperandKind::kVgpr || dst->kind == OperandKind::kAgpr)) {
    return fault("MFMA without a vector destination");
  }
  const int row = vector_row(wave, *dst);
  if (row + shape->cd_regs > kVgprRows) return fault("MFMA destination runs past the register file");
  std::memcpy(wave.vrow(row), d.data(), d.size() * sizeof(uint32_t));

  const auto a_format = static_cast<MfmaF8F6F4Format>(inst.mai.cbsz);
  const auto b_format = static_cast<MfmaF8F6F4Format>(inst.mai.blgp);
  LaunchProfile& profile = *wave.profile;
  profile.mfma_busy_cycles += 4ull * static_cast<uint64_t>(mfma_passes(*shape, gfx, a_format, b_format));
  profile.mfma_flops += 2ull * shape->m * shape->n * shape->k * shape->blocks;
  return Status::ok();
}

// v_smfmac_*: vdst is both C and D; SRC2 is the index VGPR.
Status smfmac(Wave& wave, const Inst& inst) {
  const SmfmacShape* shape = sparse_shape_of(inst.op);
  if (shape == nullptr) return fault("no sparse MFMA shape for " + std::string(op_mnemonic(inst.op)));
  const Gfx gfx = gfx_of(wave);
  const Operand* dst = vdst(inst);
  if (dst == nullptr || !(dst->kind == OperandKind::kVgpr || dst->kind == OperandKind::kAgpr)) {
    return fault("smfmac without a vector destination");
  }
  const int row = vector_row(wave, *dst);
  if (row + shape->cd_regs > kVgprRows) return fault("smfmac destination runs past the register file");
  SmfmacModifiers mods;
  mods.cbsz = inst.mai.cbsz;
  mods.abid = inst.mai.abid;
  mods.blgp = inst.mai.blgp;
  thread_local std::vector<uint32_t> a, b, index, cd;
  gather(wave, vsrc(inst, 0), shape->a_regs, a);
  gather(wave, vsrc(inst, 1), shape->b_regs, b);
  gather(wave, vsrc(inst, 2), 1, index);
  gather(wave, dst, shape->cd_regs, cd);
  INGOT_RETURN_IF_ERROR(smfmac_execute(*shape, gfx, a.data(), b.data(), index.data(), cd.data(), cd.data(), mods));
  std::memcpy(wave.vrow(row), cd.data(), cd.size() * sizeof(uint32_t));

  LaunchProfile& profile = *wave.profile;
  profile.mfma_busy_cycles += 4ull * static_cast<uint64_t>(smfmac_passes(*shape, gfx));
  // Dense-equivalent work, as AMD counts sparse throughput (2 x M x N x K for the name's K).
  profile.mfma_flops += 2ull * shape->m * shape->n * shape->k;
  return Status::ok();
}

}  // namespace

void register_mfma(HandlerRegistry& r) {
  for (const MfmaShape& shape : mfma_shapes()) r.add(shape.mnemonic, mfma);
  for (const SmfmacShape& shape : smfmac_shapes()) r.add(shape.mnemonic, smfmac);
}

}  // namespace ingot::emu
