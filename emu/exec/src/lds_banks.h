// LDS bank-conflict model for the profile. Lanes of one phase that touch the same bank at different
// dwords serialise; the extra cycles are max-per-bank minus the ideal ceil(dwords / banks).
#pragma once

#include <cstdint>

#include "wave.h"

namespace ingot::emu {

// Extra cycles for one DS instruction; `bytes_per_lane` decides the phase size (b128: 16 lanes per
// phase on 32 banks, b64: 32 lanes, b32: all lanes of a half wave).
uint32_t lds_conflict_cycles(const uint32_t* addresses, uint32_t bytes_per_lane, LaneMask lanes,
                             uint32_t banks);

}  // namespace ingot::emu
