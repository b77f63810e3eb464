// MFMA through the numerics room's shape table and mfma_execute. Operands are rows of the unified
// register file (VGPRs or AGPRs), already register-major as mfma_execute wants them. MFMA ignores EXEC.
#include <array>
#include <cstring>
#include <vector>

#include "handler_table.h"
#include "ingot_emu/mfma.h"
#include "ingot_emu/mfma_shapes.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

constexpr size_t kOps = static_cast<size_t>(Op::kNumOps);

const MfmaShape* shape_of(Op op) {
  static const std::array<const MfmaShape*, kOps> table = [] {
    std::array<const MfmaShape*, kOps> shapes{};
    for (size_t i = 0; i < kOps; ++i) shapes[i] = find_mfma_shape(op_mnemonic(static_cast<Op>(i)));
    return shapes;
  }();
  const size_t i = static_cast<size_t>(op);
  return i < kOps ? table[i] : nullptr;
}

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

Status mfma(Wave& wave, const Inst& inst) {
  const MfmaShape* shape = shape_of(inst.op);
  if (shape == nullptr) return fault("no MFMA shape for " + std::string(op_mnemonic(inst.op)));
  if (shape->scaled) return Status(StatusCode::kUnsupported, "scaled MFMA is not emulated");
  const Gfx gfx = wave.launch->target == Target::kGfx950 ? Gfx::k950 : Gfx::k942;
  MfmaModifiers mods;
  mods.cbsz = inst.mai.cbsz;
  mods.abid = inst.mai.abid;
  mods.blgp = inst.mai.blgp;
  if (shape->a_type == MfmaType::kF64) {
    mods.neg = inst.mai.blgp;
    mods.blgp = 0;
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

}  // namespace

void register_mfma(HandlerRegistry& r) {
  for (const MfmaShape& shape : mfma_shapes()) r.add(shape.mnemonic, mfma);
}

}  // namespace ingot::emu
