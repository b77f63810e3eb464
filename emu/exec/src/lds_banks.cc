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

// ds_read_b128 on 32 banks, eight lanes per phase: within each half wave, lane quads 0,5 / 1,4 / 2,7 / 3,6
// (quad q = lanes 4q..4q+3) share a phase.
constexpr LaneOrder b128_read_lanes() {
  constexpr uint8_t kQuadPairs[8] = {0, 5, 1, 4, 2, 7, 3, 6};
  LaneOrder order{};
  size_t next = 0;
  for (uint8_t half = 0; half < 2; ++half) {
    for (uint8_t quad : kQuadPairs) {
      for (uint8_t i = 0; i < 4; ++i) order[next++] = static_cast<uint8_t>(32 * half + 4 * quad + i);
    }
  }
  return order;
}

constexpr LaneOrder kConsecutive = consecutive_lanes();
constexpr LaneOrder kB128Read = b128_read_lanes();

}  // namespace

uint32_t lds_conflict_cycles(const uint32_t* addresses, uint32_t bytes_per_lane, LaneMask lanes,
                             uint32_t banks, LdsDirection direction) {
  const uint32_t dwords_per_lane = std::max<uint32_t>(1, (bytes_per_lane + 3) / 4);
  // Lanes served per phase: as many as fill every bank once.
  const uint32_t phase_lanes = std::clamp<uint32_t>(banks / dwords_per_lane, 1, kWaveSize);
  const LaneOrder& order =
      direction == LdsDirection::kRead && dwords_per_lane == 4 && banks == 32 ? kB128Read : kConsecutive;
  uint32_t extra = 0;
  for (uint32_t first = 0; first < kWaveSize; first += phase_lanes) {
    // Distinct dword addresses per bank in this phase.
    std::array<uint32_t, 128> words{};
    uint32_t count = 0;
    for (uint32_t i = first; i < std::min<uint32_t>(first + phase_lanes, kWaveSize); ++i) {
      const uint32_t lane = order[i];
      if (!((lanes >> lane) & 1)) continue;
      for (uint32_t d = 0; d < dwords_per_lane && count < words.size(); ++d) words[count++] = addresses[lane] / 4 + d;
    }
    if (count == 0) continue;
    std::sort(words.begin(), words.begin() + count);
    const uint32_t unique = static_cast<uint32_t>(std::unique(words.begin(), words.begin() + count) - words.begin());
    std::array<uint32_t, 64> per_bank{};
    uint32_t worst = 0;
    for (uint32_t i = 0; i < unique; ++i) worst = std::max(worst, ++per_bank[words[i] % banks]);
    const uint32_t ideal = (unique + banks - 1) / banks;
    extra += worst - std::min(worst, ideal);
  }
  return extra;
}

}  // namespace ingot::emu
