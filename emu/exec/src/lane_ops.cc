// Cross-lane VALU: v_readlane / v_writelane / v_readfirstlane and gfx950's v_permlane*_swap.
// (ds_swizzle / ds_permute / ds_bpermute are DS instructions: see ds.cc.)
#include <bit>
#include <utility>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

Status readlane(Wave& wave, const Inst& inst) {
  Lanes s;
  read_lanes(wave, vsrc(inst, 0), s);
  const uint32_t lane = read_s32(wave, vsrc(inst, 1)) & 63;
  write_s32(wave, vdst(inst), s.v[lane]);
  return Status::ok();
}

Status readfirstlane(Wave& wave, const Inst& inst) {
  Lanes s;
  read_lanes(wave, vsrc(inst, 0), s);
  const LaneMask exec = wave.exec();
  const int lane = exec == 0 ? 0 : std::countr_zero(exec);
  write_s32(wave, vdst(inst), s.v[lane]);
  return Status::ok();
}

// Writes one lane regardless of EXEC.
Status writelane(Wave& wave, const Inst& inst) {
  const uint32_t value = read_s32(wave, vsrc(inst, 0));
  const uint32_t lane = read_s32(wave, vsrc(inst, 1)) & 63;
  const Operand* dst = vdst(inst);
  if (dst == nullptr || !(dst->kind == OperandKind::kVgpr || dst->kind == OperandKind::kAgpr)) {
    return fault("v_writelane without a vector destination");
  }
  wave.vrow(vector_row(wave, *dst))[lane] = value;
  return Status::ok();
}

// v_permlane16_swap: odd rows of vdst trade places with even rows of src0; v_permlane32_swap: the
// upper half of vdst with the lower half of src0. Both registers are written.
template <int RowSpan>
Status permlane_swap(Wave& wave, const Inst& inst) {
  const Operand* dst = vdst(inst);
  const Operand* src = vsrc(inst, 0);
  if (dst == nullptr || src == nullptr || dst->kind != OperandKind::kVgpr || src->kind != OperandKind::kVgpr) {
    return fault("v_permlane*_swap needs two VGPR operands");
  }
  uint32_t* d = wave.vrow(vector_row(wave, *dst));
  uint32_t* s = wave.vrow(vector_row(wave, *src));
  const LaneMask exec = wave.exec();
  for (int base = 0; base < kWaveSize; base += 2 * RowSpan) {
    for (int i = 0; i < RowSpan; ++i) {
      const int upper = base + RowSpan + i, lower = base + i;
      if (((exec >> upper) & 1) && ((exec >> lower) & 1)) std::swap(d[upper], s[lower]);
    }
  }
  return Status::ok();
}

}  // namespace

void register_lane_ops(HandlerRegistry& r) {
  r.add("v_readlane_b32", readlane);
  r.add("v_readfirstlane_b32", readfirstlane);
  r.add("v_writelane_b32", writelane);
  r.add("v_permlane16_swap_b32", permlane_swap<16>);
  r.add("v_permlane32_swap_b32", permlane_swap<32>);
}

}  // namespace ingot::emu
