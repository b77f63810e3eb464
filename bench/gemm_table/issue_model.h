// The stated issue model behind the "MFMA busy share" column. The emulator counts instructions by
// class exactly; this model turns the counts into issue cycles of one wave64 on its SIMD:
//   MFMA                 : its busy cycles (passes x 4, from the numerics room's shape table, as the
//                          emulator reports them in LaunchProfile::mfma_busy_cycles)
//   VALU (non-MFMA)      : 4 cycles (64 lanes over a 16-lane SIMD)
//   DS, VMEM             : 4 cycles (addresses/data of 64 lanes leave the SIMD over 4 cycles)
//   SALU, SMEM, branch   : 1 cycle
// Instructions of one wave are assumed NOT to overlap one another (no MFMA/VALU co-issue, memory
// latency hidden by other waves and not counted), so the share is a pessimistic bound for a single
// wave's instruction stream: share = MFMA busy cycles / all issue cycles.
#pragma once

#include <cstdint>

#include "ingot_emu/launch_profile.h"

namespace ingot::bench {

struct IssueCosts {
  uint32_t valu = 4;
  uint32_t lds = 4;
  uint32_t vmem = 4;
  uint32_t salu = 1;
  uint32_t smem = 1;
  uint32_t branch = 1;
};
inline constexpr IssueCosts kIssueCosts{};

// Signed so that main-loop deltas (profile at K minus profile at a smaller K) stay meaningful.
struct IssueCycles {
  double mfma_busy = 0.0;
  double other = 0.0;  // every non-MFMA instruction under kIssueCosts
  double total() const { return mfma_busy + other; }
  double mfma_share() const { return total() <= 0.0 ? 0.0 : mfma_busy / total(); }
};

IssueCycles issue_cycles(const emu::LaunchProfile& profile);
IssueCycles operator-(const IssueCycles& a, const IssueCycles& b);

}  // namespace ingot::bench
