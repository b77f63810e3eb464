// LDS bank-conflict model for the profile. The LDS serves a wave's DS instruction in phases, each a set of
// lanes whose dwords fill the banks at most once; lanes of one phase that touch the same bank at different
// dwords serialise. The extra cycles are, per phase, max-per-bank minus the ideal ceil(dwords / banks).
// Which lanes share a phase, and over how many banks (sources in emu/README.md, "LDS bank conflicts"):
//   32 banks (gfx942):
//     32-bit:  half a wave (32 lanes) per phase;
//     64-bit:  16 consecutive lanes;
//     96-bit:  10 consecutive lanes, as many as fill the banks once: ASSUMED, no source;
//     128-bit writes: 8 consecutive lanes;
//     128-bit reads: eight lanes from two lane quads, {0-3, 20-23}, {4-7, 16-19}, {8-11, 28-31},
//              {12-15, 24-27} and the same 32 lanes higher.
//   64 banks (gfx950): only reads of 32, 64 and 128 bits use all 64 banks:
//     32-bit reads:  all 64 lanes in one phase (the bank count is disputed: see the README);
//     64-bit reads:  32 consecutive lanes;
//     128-bit reads: sixteen lanes from four lane quads, {0-3, 12-15, 20-23, 24-27},
//              {4-7, 8-11, 16-19, 28-31} and the same 32 lanes higher;
//     96-bit reads:  32 banks, eight lanes in gfx942's 128-bit read groups;
//     writes and atomics: 32 banks, gfx942's phases.
#pragma once

#include <cstdint>

#include "wave.h"

namespace ingot::emu {

enum class LdsDirection : uint8_t { kRead, kWrite };  // atomics count as writes

// Extra cycles for one DS instruction touching `bytes_per_lane` at each lane's address, on an LDS of
// `banks` banks (the target's; gfx950 resolves some accesses on 32 of its 64, see above).
uint32_t lds_conflict_cycles(const uint32_t* addresses, uint32_t bytes_per_lane, LaneMask lanes,
                             uint32_t banks, LdsDirection direction);

// How many banks that instruction is served on: `banks`, or 32 where gfx950 resolves it on 32 of its 64.
// The timing model moves its bytes at 4 bytes per bank per cycle (emu/timing, lds_64_bank_bytes_per_clk).
uint32_t lds_served_banks(uint32_t bytes_per_lane, uint32_t banks, LdsDirection direction);

}  // namespace ingot::emu
