#include "lds_banks.h"

#include <algorithm>
#include <array>

namespace ingot::emu {
namespace {

using LaneOrder = std::array<uint8_t, kWaveSize>;

constexpr LaneOrder consecutive_lanes() {
  LaneOrder order{};
  for (int l = 0; l < kWaveSize; ++l) order[static_cast<size_t>(l)] = static_cast<uint8_t>(l);
  return order;
}

// Lanes listed phase after phase: within each half wave, the lane quads of each set in turn (quad q =
// lanes 4q..4q+3).
template <size_t N>
constexpr LaneOrder quad_grouped_lanes(const uint8_t (&quads)[N]) {
  LaneOrder order{};
  size_t next = 0;
  for (uint8_t half = 0; half < 2; ++half) {
    for (uint8_t quad : quads) {
      for (uint8_t i = 0; i < 4; ++i) order[next++] = static_cast<uint8_t>(32 * half + 4 * quad + i);
    }
  }
  return order;
}

// ds_read_b128 on 32 banks, eight lanes per phase: quads 0,5 / 1,4 / 2,7 / 3,6 ("Phase 0: T0-T3,
// T20-T23 ... Phase 2: T4-T7, T16-T19", triton-lang/triton pull 11365, "For MI300").
constexpr uint8_t kCdna3B128ReadQuads[8] = {0, 5, 1, 4, 2, 7, 3, 6};
// ds_read_b128 on gfx950's 64 banks, sixteen lanes per phase: quads 0,3,5,6 / 1,2,4,7 ("Phase 0: T0-T3,
// T12-T15, T20-T23, T24-T27 ... Phase 2: T4-T7, T8-T11, T16-T19, T28-T31", the same pull, "For MI350").
constexpr uint8_t kCdna4B128ReadQuads[8] = {0, 3, 5, 6, 1, 2, 4, 7};

constexpr LaneOrder kConsecutive = consecutive_lanes();
constexpr LaneOrder kCdna3B128Read = quad_grouped_lanes(kCdna3B128ReadQuads);
constexpr LaneOrder kCdna4B128Read = quad_grouped_lanes(kCdna4B128ReadQuads);

// How one DS instruction is served: over how many banks, how many lanes per phase, in which lane order.
struct PhaseRule {
  uint32_t banks;
  uint32_t lanes;
  const LaneOrder* order;
};

PhaseRule phase_rule(uint32_t dwords, uint32_t banks, LdsDirection direction) {
  const bool read = direction == LdsDirection::kRead;
  if (banks == 64) {
    if (read && dwords == 4) return {64, 16, &kCdna4B128Read};
    if (read && dwords <= 2) return {64, 64 / dwords, &kConsecutive};
    // AMD's rocRoller LDS model: "Non ds_read_b128 and ds_read_b64 on gfx950 act as-if there are still
    // only 32 banks for conflict resolution". Measured (HipKittens): ds_read_b96 in 8 phases of gfx942's
    // 128-bit read groups, ds_write_b64 in 4 phases of 16 consecutive lanes, both wrapping at 32 banks.
    if (read && dwords == 3) return {32, 8, &kCdna3B128Read};
    banks = 32;
  }
  if (read && dwords == 4) return {banks, banks / 4, &kCdna3B128Read};
  // As many consecutive lanes as fill the banks once.
  return {banks, std::clamp<uint32_t>(banks / dwords, 1, kWaveSize), &kConsecutive};
}

uint32_t dwords_of(uint32_t bytes_per_lane) { return std::max<uint32_t>(1, (bytes_per_lane + 3) / 4); }

}  // namespace

uint32_t lds_served_banks(uint32_t bytes_per_lane, uint32_t banks, LdsDirection direction) {
  return phase_rule(dwords_of(bytes_per_lane), banks, direction).banks;
}

uint32_t lds_conflict_cycles(const uint32_t* addresses, uint32_t bytes_per_lane, LaneMask lanes,
                             uint32_t banks, LdsDirection direction) {
  const uint32_t dwords_per_lane = dwords_of(bytes_per_lane);
  const PhaseRule rule = phase_rule(dwords_per_lane, banks, direction);
  uint32_t extra = 0;
  for (uint32_t first = 0; first < kWaveSize; first += rule.lanes) {
    // Distinct dword addresses per bank in this phase.
    std::array<uint32_t, 128> words{};
    uint32_t count = 0;
    for (uint32_t i = first; i < std::min<uint32_t>(first + rule.lanes, kWaveSize); ++i) {
      const uint32_t lane = (*rule.order)[i];
      if (!((lanes >> lane) & 1)) continue;
      for (uint32_t d = 0; d < dwords_per_lane && count < words.size(); ++d) words[count++] = addresses[lane] / 4 + d;
    }
    if (count == 0) continue;
    std::sort(words.begin(), words.begin() + count);
    const uint32_t unique = static_cast<uint32_t>(std::unique(words.begin(), words.begin() + count) - words.begin());
    std::array<uint32_t, 64> per_bank{};
    uint32_t worst = 0;
    for (uint32_t i = 0; i < unique; ++i) worst = std::max(worst, ++per_bank[words[i] % rule.banks]);
    const uint32_t ideal = (unique + rule.banks - 1) / rule.banks;
    extra += worst - std::min(worst, ideal);
  }
  return extra;
}

}  // namespace ingot::emu
