// LDS bank-conflict model for the profile. The LDS serves a wave's DS instruction in phases, each a set of
// lanes whose dwords fill every bank at most once; lanes of one phase that touch the same bank at different
// dwords serialise. The extra cycles are, per phase, max-per-bank minus the ideal ceil(dwords / banks).
// Which lanes share a phase (sources in emu/README.md, "LDS bank conflicts"):
//   32-bit:  half a wave (32 lanes) per phase on 32 banks, all 64 lanes on 64 banks;
//   64-bit:  16 consecutive lanes on 32 banks (32 on 64 banks);
//   96-bit:  as many consecutive lanes as fill the banks once (10 on 32 banks, 21 on 64): no source;
//   128-bit writes: 8 consecutive lanes on 32 banks (CK Tile's LDS documentation);
//   128-bit reads on 32 banks: eight lanes from two quarter-groups, {0-3, 20-23}, {4-7, 16-19},
//            {8-11, 28-31}, {12-15, 24-27} and the same 32 lanes higher;
//   128-bit on 64 banks: 16 consecutive lanes (no source for a permuted order there).
#pragma once

#include <cstdint>

#include "wave.h"

namespace ingot::emu {

enum class LdsDirection : uint8_t { kRead, kWrite };  // atomics count as writes

// Extra cycles for one DS instruction touching `bytes_per_lane` at each lane's address.
uint32_t lds_conflict_cycles(const uint32_t* addresses, uint32_t bytes_per_lane, LaneMask lanes,
                             uint32_t banks, LdsDirection direction);

}  // namespace ingot::emu
