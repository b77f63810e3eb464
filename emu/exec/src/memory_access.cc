#include "memory_access.h"

#include <algorithm>
#include <array>
#include <utility>

namespace ingot::emu {

void account_global_access(Wave& wave, const uint64_t* addresses, const uint8_t* valid, LaneMask lanes,
                           uint32_t piece_bytes, uint32_t pieces, bool write) {
  // One range per run of consecutive in-range pieces of a lane: at most 4 pieces, so at most 2 runs.
  std::array<std::pair<uint64_t, uint64_t>, 2 * kWaveSize> ranges;
  size_t count = 0;
  uint64_t bytes = 0;
  for (int lane = 0; lane < kWaveSize; ++lane) {
    if (!((lanes >> lane) & 1)) continue;
    uint32_t p = 0;
    while (p < pieces) {
      if (!((valid[lane] >> p) & 1)) {
        ++p;
        continue;
      }
      const uint32_t first = p;
      while (p < pieces && ((valid[lane] >> p) & 1)) ++p;
      const uint64_t start = addresses[lane] + uint64_t{piece_bytes} * first;
      const uint64_t end = addresses[lane] + uint64_t{piece_bytes} * p;
      bytes += end - start;
      if (count < ranges.size()) ranges[count++] = {start, end};
    }
  }
  if (count == 0) return;
  LaunchProfile& profile = *wave.profile;
  (write ? profile.global_bytes_written : profile.global_bytes_read) += bytes;
  const auto last = ranges.begin() + static_cast<std::ptrdiff_t>(count);
  if (!std::is_sorted(ranges.begin(), last)) std::sort(ranges.begin(), last);
  uint64_t used = 0, segments = 0;
  uint64_t start = ranges[0].first, end = ranges[0].second;
  uint64_t last_segment = UINT64_MAX;
  auto flush = [&] {
    used += end - start;
    const uint64_t first_segment = start / 64, final_segment = (end - 1) / 64;
    segments += final_segment - first_segment + 1 - (first_segment == last_segment ? 1 : 0);
    last_segment = final_segment;
  };
  for (size_t i = 1; i < count; ++i) {
    if (ranges[i].first <= end) {
      end = std::max(end, ranges[i].second);
    } else {
      flush();
      start = ranges[i].first;
      end = ranges[i].second;
    }
  }
  flush();
  profile.global_segments += segments;
  profile.global_segment_bytes_used += used;
}

}  // namespace ingot::emu
