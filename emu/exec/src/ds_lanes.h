// Lane plumbing shared by the DS handler files (ds.cc: reads, writes, lane exchanges; ds_atomic.cc:
// atomics and exchanges): per-lane LDS addresses, the workgroup's LDS range check (out of range is a
// fault), bank-conflict accounting for the profile, and one- or two-dword lane values.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "handler_table.h"
#include "lds_banks.h"
#include "memory_access.h"
#include "valu_common.h"

namespace ingot::emu::ds {

struct DsAddresses {
  uint32_t lane[kWaveSize];
};

inline void base_addresses(const Wave& wave, const Inst& inst, DsAddresses& out) {
  Lanes addr;
  read_lanes(wave, inst.find(Role::kAddr), addr);
  for (int l = 0; l < kWaveSize; ++l) out.lane[l] = addr.v[l];
}

inline Status check_range(const Wave& wave, uint64_t address, uint32_t bytes, int lane) {
  const uint64_t size = wave.group->lds.size();
  if (address + bytes > size) {
    return fault("LDS access of " + std::to_string(bytes) + " bytes at " + hex(address) + " by lane " +
                 std::to_string(lane) + " is outside the workgroup's " + std::to_string(size) + " bytes of LDS");
  }
  return Status::ok();
}

inline void account_banks(Wave& wave, const uint32_t* addresses, uint32_t bytes, LaneMask lanes,
                          LdsDirection direction) {
  const uint32_t banks = wave.launch->facts->lds_banks;
  const uint32_t extra = lds_conflict_cycles(addresses, bytes, lanes, banks, direction);
  if (wave.timing_trace != nullptr) wave.lds_on_64_banks = lds_served_banks(bytes, banks, direction) == 64;
  if (extra > 0) {
    wave.profile->lds_bank_conflict_cycles += extra;
    ++wave.profile->lds_conflicted_instructions;
  }
}

// Adds the instruction's offset to every lane's address, checks each EXEC lane's `bytes` against the
// workgroup's LDS and hands `visit(lane, cell)` that lane's LDS bytes.
template <typename Visit>
Status visit_lane_cells(Wave& wave, const Inst& inst, DsAddresses& a, uint32_t bytes, Visit visit) {
  const LaneMask exec = wave.exec();
  const uint32_t offset = static_cast<uint32_t>(inst.mem.offset) & 0xffff;
  for (int l = 0; l < kWaveSize; ++l) {
    a.lane[l] += offset;
    if (!((exec >> l) & 1)) continue;
    INGOT_RETURN_IF_ERROR(check_range(wave, a.lane[l], bytes, l));
    visit(l, wave.group->lds.data() + a.lane[l]);
  }
  return Status::ok();
}

// Gathers a T (one or two dwords) of lane l from consecutive rows / scatters it back.
template <typename T>
T lane_value(const Lanes* rows, int l) {
  if constexpr (sizeof(T) == 8) return rows[0].v[l] | uint64_t{rows[1].v[l]} << 32;
  return rows[0].v[l];
}
template <typename T>
void set_lane_value(Lanes* rows, int l, T value) {
  rows[0].v[l] = static_cast<uint32_t>(value);
  if constexpr (sizeof(T) == 8) rows[1].v[l] = static_cast<uint32_t>(value >> 32);
}

template <typename T>
void read_data_rows(const Wave& wave, const Operand* op, Lanes* rows) {
  for (uint32_t d = 0; d < sizeof(T) / 4; ++d) read_lanes(wave, op, rows[d], static_cast<int>(d));
}

inline void write_result_rows(Wave& wave, const Inst& inst, const Lanes* rows, uint32_t count, LaneMask exec) {
  const Operand* dst = inst.find(Role::kDst);
  for (uint32_t d = 0; d < count; ++d) write_lanes(wave, dst, rows[d], exec, static_cast<int>(d));
  track_load(wave, inst, WaitCounter::kLds, dst);
}

// The atomics and exchanges (ds_atomic.cc), registered from register_ds.
void register_ds_atomics(HandlerRegistry& r);

}  // namespace ingot::emu::ds
