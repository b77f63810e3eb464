#include "mfma_plans.h"

#include <array>
#include <functional>
#include <iterator>

#include "ingot_emu/mfma_layout.h"

namespace ingot::emu::detail {
namespace {

constexpr int kShapeCount = static_cast<int>(std::size(kMfmaShapes));
constexpr int kLanes = 64;

std::vector<uint16_t> input_index(const MfmaShape& shape, int elem_bits, bool is_a) {
  const int k_per_lane = mfma_k_per_lane(shape);
  std::vector<uint16_t> index(static_cast<size_t>(kLanes * k_per_lane));
  for (int lane = 0; lane < kLanes; ++lane) {
    for (int elem = 0; elem < k_per_lane; ++elem) {
      int dense = 0;
      if (is_a) {
        const MfmaCoord c = mfma_a_coord(shape, lane, elem, elem_bits);
        dense = (c.block * shape.m + c.row) * shape.k + c.col;
      } else {
        const MfmaCoord c = mfma_b_coord(shape, lane, elem, elem_bits);
        dense = (c.block * shape.k + c.row) * shape.n + c.col;
      }
      index[static_cast<size_t>(lane * k_per_lane + elem)] = static_cast<uint16_t>(dense);
    }
  }
  return index;
}

MfmaPlan build_plan(const MfmaShape& shape) {
  MfmaPlan plan;
  const int own_bits = mfma_type_bits(shape.a_type);
  plan.a_index[0] = input_index(shape, own_bits, true);
  plan.b_index[0] = input_index(shape, own_bits, false);
  if (shape.a_type == MfmaType::kF8F6F4) {
    plan.a_index[1] = input_index(shape, 6, true);
    plan.b_index[1] = input_index(shape, 6, false);
    plan.a_index[2] = input_index(shape, 4, true);
    plan.b_index[2] = input_index(shape, 4, false);
  }
  const int cd_elems = shape.cd_regs * 32 / mfma_type_bits(shape.cd_type);
  plan.cd_index.resize(static_cast<size_t>(cd_elems * kLanes));
  for (int elem = 0; elem < cd_elems; ++elem) {
    for (int lane = 0; lane < kLanes; ++lane) {
      const MfmaCoord c = mfma_cd_coord(shape, lane, elem);
      plan.cd_index[static_cast<size_t>(elem * kLanes + lane)] =
          static_cast<uint16_t>((c.block * shape.m + c.row) * shape.n + c.col);
    }
  }
  return plan;
}

const std::array<MfmaPlan, kShapeCount>& all_plans() {
  static const std::array<MfmaPlan, kShapeCount> plans = [] {
    std::array<MfmaPlan, kShapeCount> built;
    for (int s = 0; s < kShapeCount; ++s) built[static_cast<size_t>(s)] = build_plan(kMfmaShapes[s]);
    return built;
  }();
  return plans;
}

}  // namespace

const MfmaPlan* mfma_plan(const MfmaShape& shape) {
  const std::less<const MfmaShape*> before;
  const MfmaShape* row = &shape;
  if (before(row, kMfmaShapes) || !before(row, kMfmaShapes + kShapeCount)) {
    row = find_mfma_shape(shape.mnemonic);
    if (row == nullptr) return nullptr;
  }
  return &all_plans()[static_cast<size_t>(row - kMfmaShapes)];
}

}  // namespace ingot::emu::detail
