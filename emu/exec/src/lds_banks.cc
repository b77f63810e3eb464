#include "lds_banks.h"

#include <algorithm>
#include <array>

namespace ingot::emu {

uint32_t lds_conflict_cycles(const uint32_t* addresses, uint32_t bytes_per_lane, LaneMask lanes,
                             uint32_t banks) {
  const uint32_t dwords_per_lane = std::max<uint32_t>(1, (bytes_per_lane + 3) / 4);
  // Lanes served per phase: as many as fill every bank once.
  const uint32_t phase_lanes = std::clamp<uint32_t>(banks / dwords_per_lane, 1, kWaveSize);
  uint32_t extra = 0;
  for (uint32_t first = 0; first < kWaveSize; first += phase_lanes) {
    // Distinct dword addresses per bank in this phase.
    std::array<uint32_t, 128> words{};
    uint32_t count = 0;
    for (uint32_t lane = first; lane < std::min<uint32_t>(first + phase_lanes, kWaveSize); ++lane) {
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
