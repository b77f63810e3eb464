#include "memory_access.h"

#include <algorithm>
#include <array>
#include <utility>

namespace ingot::emu {

void account_global_access(Wave& wave, const uint64_t* addresses, uint32_t bytes_per_lane, LaneMask lanes,
                           bool write) {
  std::array<std::pair<uint64_t, uint64_t>, kWaveSize> ranges;
  size_t count = 0;
  for (int lane = 0; lane < kWaveSize; ++lane) {
    if ((lanes >> lane) & 1) ranges[count++] = {addresses[lane], addresses[lane] + bytes_per_lane};
  }
  if (count == 0) return;
  LaunchProfile& profile = *wave.profile;
  (write ? profile.global_bytes_written : profile.global_bytes_read) += count * bytes_per_lane;
  std::sort(ranges.begin(), ranges.begin() + static_cast<std::ptrdiff_t>(count));
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
