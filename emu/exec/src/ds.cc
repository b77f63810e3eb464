// DS (LDS) instructions: reads and writes b8..b128 (with the d16 halves and the lane-indexed addtid
// forms), two-address forms, 32/64-bit atomics and exchanges, and the lane exchanges that use the LDS
// crossbar (ds_swizzle, ds_permute, ds_bpermute). Semantics are the pseudocode of the CDNA4 ISA
// reference guide, 12.12 "LDS Instructions" (the same opcodes and definitions as CDNA3's); float
// atomics follow its 9.2 "Float Memory Atomics" rules. Every lane's address is checked against the
// workgroup's LDS size (static + dynamic): out of range is a fault.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <string>
#include <type_traits>

#include "handler_table.h"
#include "lds_banks.h"
#include "memory_access.h"
#include "valu_common.h"
#include "vector_memory.h"

namespace ingot::emu {
namespace {

struct DsAddresses {
  uint32_t lane[kWaveSize];
};

void base_addresses(const Wave& wave, const Inst& inst, DsAddresses& out) {
  Lanes addr;
  read_lanes(wave, inst.find(Role::kAddr), addr);
  for (int l = 0; l < kWaveSize; ++l) out.lane[l] = addr.v[l];
}

Status check_range(const Wave& wave, uint64_t address, uint32_t bytes, int lane) {
  const uint64_t size = wave.group->lds.size();
  if (address + bytes > size) {
    return fault("LDS access of " + std::to_string(bytes) + " bytes at " + hex(address) + " by lane " +
                 std::to_string(lane) + " is outside the workgroup's " + std::to_string(size) + " bytes of LDS");
  }
  return Status::ok();
}

void account_banks(Wave& wave, const uint32_t* addresses, uint32_t bytes, LaneMask lanes) {
  const uint32_t extra = lds_conflict_cycles(addresses, bytes, lanes, wave.launch->facts->lds_banks);
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

void write_result_rows(Wave& wave, const Inst& inst, const Lanes* rows, uint32_t count, LaneMask exec) {
  const Operand* dst = inst.find(Role::kDst);
  for (uint32_t d = 0; d < count; ++d) write_lanes(wave, dst, rows[d], exec, static_cast<int>(d));
  track_load(wave, inst, WaitCounter::kLds, dst);
}

// ds_read_*: Bytes per lane, sign extension for the narrow forms.
template <uint32_t Bytes, bool SignExtend>
Status ds_read(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  constexpr uint32_t kDwords = (Bytes + 3) / 4;
  Lanes out[4];
  INGOT_RETURN_IF_ERROR(visit_lane_cells(wave, inst, a, Bytes, [&](int l, const uint8_t* cell) {
    uint32_t words[4] = {0, 0, 0, 0};
    std::memcpy(words, cell, Bytes);
    if constexpr (SignExtend && Bytes == 1) words[0] = static_cast<uint32_t>(static_cast<int8_t>(words[0]));
    if constexpr (SignExtend && Bytes == 2) words[0] = static_cast<uint32_t>(static_cast<int16_t>(words[0]));
    for (uint32_t d = 0; d < kDwords; ++d) out[d].v[l] = words[d];
  }));
  account_banks(wave, a.lane, Bytes, exec);
  const Operand* dst = inst.find(Role::kDst);
  for (uint32_t d = 0; d < kDwords; ++d) write_lanes(wave, dst, out[d], exec, static_cast<int>(d));
  track_load(wave, inst, WaitCounter::kLds, dst);
  return Status::ok();
}

// gfx950 ds_read_b64_tr_b{4,8,16}: every lane reads 8 bytes at its address, then the 16 lanes of each
// quarter-wave exchange elements so that lane i's element j is element i % n of lane r*j + i / n of
// its group (n = 64 / Bits elements per lane, r = 16 / n lanes per row). Sources that agree: Triton's
// chooseLLDsReadB64TrLayout (its 16x4 b16 diagram: lanes T0..T15 load M[4t%16..+3] at K = t/4 and
// "lane i gets Mi, K[0-3]") and Mojo's gpu.intrinsics docs (ds_read_tr16_b64: "each 16-lane row loads
// a 4x16 tile ... each lane gets a column"; ds_read_tr8_b64: "16x8 bytes ... two interleaved 8x8 byte
// transposes"); AMD rocRoller's TransposeLoadsTest, a GPU test, states the same permutation for b16, b8
// and b4 with one formula; for b4 (r = 1: a 16 x 16 nibble matrix per row, transposed) the CDNA4 ISA
// guide agrees ("Interpret the data as a matrix with 4 bit elements and transpose the matrix"; 11.4:
// one instruction covers 16 K values per 16-lane group). Lanes outside EXEC contribute zeros
// (unverified; the guide requires EXEC to be all ones).
template <uint32_t Bits>
Status ds_read_transposed(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  uint64_t raw[kWaveSize] = {};
  INGOT_RETURN_IF_ERROR(
      visit_lane_cells(wave, inst, a, 8, [&](int l, const uint8_t* cell) { std::memcpy(&raw[l], cell, 8); }));
  constexpr uint32_t kPerLane = 64 / Bits, kLanesPerRow = 16 / kPerLane;
  constexpr uint64_t kMask = (uint64_t{1} << Bits) - 1;
  Lanes out[2];
  for (uint32_t l = 0; l < kWaveSize; ++l) {
    const uint32_t group = l & ~15u, i = l & 15u;
    uint64_t value = 0;
    for (uint32_t j = 0; j < kPerLane; ++j) {
      const uint64_t element = (raw[group + kLanesPerRow * j + i / kPerLane] >> (Bits * (i % kPerLane))) & kMask;
      value |= element << (Bits * j);
    }
    out[0].v[l] = static_cast<uint32_t>(value);
    out[1].v[l] = static_cast<uint32_t>(value >> 32);
  }
  account_banks(wave, a.lane, 8, exec);
  const Operand* dst = inst.find(Role::kDst);
  for (int d = 0; d < 2; ++d) write_lanes(wave, dst, out[d], exec, d);
  track_load(wave, inst, WaitCounter::kLds, dst);
  return Status::ok();
}

// ds_read_{u8,i8,u16}_d16(_hi): the element goes into one half of the destination, the other half kept.
template <LoadForm Form>
Status ds_read_d16(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  const uint32_t bytes = load_element_bytes(Form);
  const Operand* dst = inst.find(Role::kDst);
  Lanes out;
  read_lanes(wave, dst, out);
  INGOT_RETURN_IF_ERROR(visit_lane_cells(wave, inst, a, bytes, [&](int l, const uint8_t* cell) {
    uint32_t raw = 0;
    std::memcpy(&raw, cell, bytes);
    out.v[l] = shape_loaded(Form, raw, out.v[l]);
  }));
  account_banks(wave, a.lane, bytes, exec);
  write_result_rows(wave, inst, &out, 1, exec);
  return Status::ok();
}

// ds_write_b*: Bytes from the data register, from bit Shift (16 for the _d16_hi forms).
template <uint32_t Bytes, uint32_t Shift = 0>
Status ds_write(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  constexpr uint32_t kDwords = (Bytes + 3) / 4;
  Lanes data[4];
  for (uint32_t d = 0; d < kDwords; ++d) read_lanes(wave, inst.find(Role::kData0), data[d], static_cast<int>(d));
  INGOT_RETURN_IF_ERROR(visit_lane_cells(wave, inst, a, Bytes, [&](int l, uint8_t* cell) {
    uint32_t words[4];
    for (uint32_t d = 0; d < kDwords; ++d) words[d] = data[d].v[l];
    words[0] >>= Shift;
    std::memcpy(cell, words, Bytes);
  }));
  account_banks(wave, a.lane, Bytes, exec);
  track_store(wave, WaitCounter::kLds);
  return Status::ok();
}

// ds_read2 / ds_write2: two elements at offset0 and offset1, each in units of the element size
// (times 64 for the st64 forms).
template <uint32_t Bytes, uint32_t Stride, bool Write>
Status ds_two(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  constexpr uint32_t kDwords = Bytes / 4;
  const uint32_t off[2] = {uint32_t{inst.mem.offset0} * Bytes * Stride, uint32_t{inst.mem.offset1} * Bytes * Stride};
  Lanes data[2][2];
  if constexpr (Write) {
    for (uint32_t d = 0; d < kDwords; ++d) {
      read_lanes(wave, inst.find(Role::kData0), data[0][d], static_cast<int>(d));
      read_lanes(wave, inst.find(Role::kData1), data[1][d], static_cast<int>(d));
    }
  }
  uint32_t both[kWaveSize];
  for (int e = 0; e < 2; ++e) {
    for (int l = 0; l < kWaveSize; ++l) {
      both[l] = a.lane[l] + off[e];
      if (!((exec >> l) & 1)) continue;
      INGOT_RETURN_IF_ERROR(check_range(wave, both[l], Bytes, l));
      uint8_t* cell = wave.group->lds.data() + both[l];
      for (uint32_t d = 0; d < kDwords; ++d) {
        if constexpr (Write) {
          std::memcpy(cell + 4 * d, &data[e][d].v[l], 4);
        } else {
          std::memcpy(&data[e][d].v[l], cell + 4 * d, 4);
        }
      }
    }
    account_banks(wave, both, Bytes, exec);
  }
  if constexpr (!Write) {
    const Operand* dst = inst.find(Role::kDst);
    for (int e = 0; e < 2; ++e) {
      for (uint32_t d = 0; d < kDwords; ++d) write_lanes(wave, dst, data[e][d], exec, static_cast<int>(e * kDwords + d));
    }
    track_load(wave, inst, WaitCounter::kLds, dst);
  } else {
    track_store(wave, WaitCounter::kLds);
  }
  return Status::ok();
}

// LDS atomics on 32- or 64-bit T (CDNA3/CDNA4 ISA, "LDS Instructions"): memory = F(memory, DATA, DATA2),
// lanes applied in lane order. The _rtn forms return the value memory held before.
template <typename T, auto F>
Status ds_atomic(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  const uint32_t offset = static_cast<uint32_t>(inst.mem.offset) & 0xffff;
  Lanes data0[2], data1[2], old[2];
  read_data_rows<T>(wave, inst.find(Role::kData0), data0);
  read_data_rows<T>(wave, inst.find(Role::kData1), data1);
  for (int l = 0; l < kWaveSize; ++l) {
    a.lane[l] += offset;
    set_lane_value<T>(old, l, 0);
    if (!((exec >> l) & 1)) continue;
    INGOT_RETURN_IF_ERROR(check_range(wave, a.lane[l], sizeof(T), l));
    uint8_t* cell = wave.group->lds.data() + a.lane[l];
    T value;
    std::memcpy(&value, cell, sizeof(T));
    set_lane_value<T>(old, l, value);
    value = F(value, lane_value<T>(data0, l), lane_value<T>(data1, l));
    std::memcpy(cell, &value, sizeof(T));
  }
  account_banks(wave, a.lane, sizeof(T), exec);
  if (inst.find(Role::kDst) != nullptr) {
    write_result_rows(wave, inst, old, sizeof(T) / 4, exec);
  } else {
    track_store(wave, WaitCounter::kLds);
  }
  return Status::ok();
}

// ds_wrxchg2(st64)_rtn_b32/b64: per lane, swap DATA with the element at ADDR + offset0 * size * Stride and
// DATA2 with the one at offset1; both old values are returned (first, then second).
template <typename T, uint32_t Stride>
Status ds_wrxchg2(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  constexpr uint32_t kBytes = sizeof(T);
  const uint32_t off[2] = {uint32_t{inst.mem.offset0} * kBytes * Stride, uint32_t{inst.mem.offset1} * kBytes * Stride};
  Lanes data[2][2], old[4];
  read_data_rows<T>(wave, inst.find(Role::kData0), data[0]);
  read_data_rows<T>(wave, inst.find(Role::kData1), data[1]);
  uint32_t at[2][kWaveSize];
  for (int l = 0; l < kWaveSize; ++l) {
    at[0][l] = a.lane[l] + off[0];
    at[1][l] = a.lane[l] + off[1];
    set_lane_value<T>(old, l, 0);
    set_lane_value<T>(old + kBytes / 4, l, 0);
    if (!((exec >> l) & 1)) continue;
    for (int e = 0; e < 2; ++e) INGOT_RETURN_IF_ERROR(check_range(wave, at[e][l], kBytes, l));
    T previous[2];
    for (int e = 0; e < 2; ++e) std::memcpy(&previous[e], wave.group->lds.data() + at[e][l], kBytes);
    for (int e = 0; e < 2; ++e) {
      const T value = lane_value<T>(data[e], l);
      std::memcpy(wave.group->lds.data() + at[e][l], &value, kBytes);
      set_lane_value<T>(old + e * (kBytes / 4), l, previous[e]);
    }
  }
  for (int e = 0; e < 2; ++e) account_banks(wave, at[e], kBytes, exec);
  write_result_rows(wave, inst, old, 2 * kBytes / 4, exec);
  return Status::ok();
}

// ds_condxchg32_rtn_b64: two dwords at ADDR0 = (ADDR + offset) & 0xfff8 and ADDR0 + 4; each is replaced by
// DATA's dword with bit 31 cleared iff that dword's bit 31 is set; both old dwords are returned.
Status ds_condxchg32(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  const uint32_t offset = static_cast<uint32_t>(inst.mem.offset) & 0xffff;
  Lanes data[2], old[2];
  read_data_rows<uint64_t>(wave, inst.find(Role::kData0), data);
  for (int l = 0; l < kWaveSize; ++l) {
    a.lane[l] = (a.lane[l] + offset) & 0xfff8u;
    old[0].v[l] = old[1].v[l] = 0;
    if (!((exec >> l) & 1)) continue;
    INGOT_RETURN_IF_ERROR(check_range(wave, a.lane[l], 8, l));
    for (int d = 0; d < 2; ++d) {
      uint8_t* cell = wave.group->lds.data() + a.lane[l] + 4 * d;
      std::memcpy(&old[d].v[l], cell, 4);
      if (data[d].v[l] & 0x80000000u) {
        const uint32_t value = data[d].v[l] & 0x7fffffffu;
        std::memcpy(cell, &value, 4);
      }
    }
  }
  account_banks(wave, a.lane, 8, exec);
  write_result_rows(wave, inst, old, 2, exec);
  return Status::ok();
}

// ds_read/write_addtid_b32: no address VGPR; lane l's dword is at offset + M0[15:0] + 4 * l.
template <bool Write>
Status ds_addtid(Wave& wave, const Inst& inst) {
  DsAddresses a;
  const LaneMask exec = wave.exec();
  const uint32_t base = (static_cast<uint32_t>(inst.mem.offset) & 0xffff) + (wave.s[kSlotM0] & 0xffff);
  Lanes data;
  if constexpr (Write) read_lanes(wave, inst.find(Role::kData0), data);
  for (int l = 0; l < kWaveSize; ++l) {
    a.lane[l] = base + 4u * static_cast<uint32_t>(l);
    if (!((exec >> l) & 1)) continue;
    INGOT_RETURN_IF_ERROR(check_range(wave, a.lane[l], 4, l));
    uint8_t* cell = wave.group->lds.data() + a.lane[l];
    if constexpr (Write) {
      std::memcpy(cell, &data.v[l], 4);
    } else {
      std::memcpy(&data.v[l], cell, 4);
    }
  }
  account_banks(wave, a.lane, 4, exec);
  if constexpr (Write) {
    track_store(wave, WaitCounter::kLds);
  } else {
    write_result_rows(wave, inst, &data, 1, exec);
  }
  return Status::ok();
}

// ds_swizzle_b32: offset[15] = 1: quad permute (offset[7:0] as four 2-bit selects); else within
// groups of 32 lanes, source = ((lane & and_mask) | or_mask) ^ xor_mask.
Status ds_swizzle(Wave& wave, const Inst& inst) {
  Lanes src, out;
  read_lanes(wave, inst.find(Role::kAddr), src);
  const LaneMask exec = wave.exec();
  const uint32_t pattern = static_cast<uint32_t>(inst.mem.offset) & 0xffff;
  for (int l = 0; l < kWaveSize; ++l) {
    int from;
    if (pattern & 0x8000) {
      from = (l & ~3) | static_cast<int>((pattern >> (2 * (l & 3))) & 3);
    } else {
      const int and_mask = pattern & 31, or_mask = (pattern >> 5) & 31, xor_mask = (pattern >> 10) & 31;
      from = (l & 32) | ((((l & 31) & and_mask) | or_mask) ^ xor_mask);
    }
    out.v[l] = ((exec >> from) & 1) ? src.v[from] : 0;
  }
  const Operand* dst = inst.find(Role::kDst);
  write_lanes(wave, dst, out, exec);
  track_load(wave, inst, WaitCounter::kLds, dst);
  return Status::ok();
}

// ds_bpermute_b32: each lane pulls data0 from lane ((addr + offset) / 4) % 64.
// ds_permute_b32: each lane pushes data0 to that lane (higher lanes win on collisions).
template <bool Push>
Status ds_permute(Wave& wave, const Inst& inst) {
  Lanes addr, data, out;
  read_lanes(wave, inst.find(Role::kAddr), addr);
  read_lanes(wave, inst.find(Role::kData0), data);
  const LaneMask exec = wave.exec();
  const uint32_t offset = static_cast<uint32_t>(inst.mem.offset) & 0xffff;
  std::memset(out.v, 0, sizeof out.v);
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((exec >> l) & 1)) continue;
    const int other = static_cast<int>(((addr.v[l] + offset) / 4) & 63);
    if constexpr (Push) {
      out.v[other] = data.v[l];
    } else {
      out.v[l] = ((exec >> other) & 1) ? data.v[other] : 0;
    }
  }
  const Operand* dst = inst.find(Role::kDst);
  write_lanes(wave, dst, out, exec);
  track_load(wave, inst, WaitCounter::kLds, dst);
  return Status::ok();
}

// Atomic operations as F(memory, DATA, DATA2), by the ISA's pseudocode, for T = u32 or u64.
using u32 = uint32_t;
using u64 = uint64_t;
template <typename T> T add_op(T m, T d, T) { return m + d; }
template <typename T> T sub_op(T m, T d, T) { return m - d; }
template <typename T> T rsub_op(T m, T d, T) { return d - m; }
template <typename T> T and_op(T m, T d, T) { return m & d; }
template <typename T> T or_op(T m, T d, T) { return m | d; }
template <typename T> T xor_op(T m, T d, T) { return m ^ d; }
template <typename T> T mskor_op(T m, T mask, T bits) { return (m & ~mask) | bits; }
template <typename T> T umin_op(T m, T d, T) { return std::min(m, d); }
template <typename T> T umax_op(T m, T d, T) { return std::max(m, d); }
template <typename T> T smin_op(T m, T d, T) { return T(std::min(std::make_signed_t<T>(m), std::make_signed_t<T>(d))); }
template <typename T> T smax_op(T m, T d, T) { return T(std::max(std::make_signed_t<T>(m), std::make_signed_t<T>(d))); }
template <typename T> T inc_op(T m, T d, T) { return m >= d ? T{0} : m + 1; }
template <typename T> T dec_op(T m, T d, T) { return (m == 0 || m > d) ? d : m - 1; }
template <typename T> T cmpst_op(T m, T cmp, T src) { return m == cmp ? src : m; }
template <typename T> T cmpst_float_op(T m, T cmp, T src) { return float_atomic_equal<T>(m, cmp) ? src : m; }
template <typename T, bool Max> T float_min_max_op(T m, T d, T) { return float_atomic_min_max<T, Max>(m, d); }
template <typename T> T swap_op(T, T d, T) { return d; }
template <typename T>
T float_add_op(T m, T d, T) {
  if constexpr (sizeof(T) == 4) {
    return f32_bits(as_f32(m) + as_f32(d));
  } else {
    return f64_bits(as_f64(m) + as_f64(d));
  }
}
u32 pk_add_f16_op(u32 m, u32 d, u32) { return packed_add_f16(m, d); }
u32 pk_add_bf16_op(u32 m, u32 d, u32) { return packed_add_bf16(m, d); }

// The atomics both widths have, registered through `add` (which also registers the _rtn form).
template <typename T, typename Add>
void add_atomics_of_width(Add& add) {
  const std::string w = sizeof(T) == 4 ? "32" : "64";
  const std::string u = "_u" + w, b = "_b" + w, i = "_i" + w, f = "_f" + w;
  add("ds_add" + u, ds_atomic<T, add_op<T>>);
  add("ds_sub" + u, ds_atomic<T, sub_op<T>>);
  add("ds_rsub" + u, ds_atomic<T, rsub_op<T>>);
  add("ds_inc" + u, ds_atomic<T, inc_op<T>>);
  add("ds_dec" + u, ds_atomic<T, dec_op<T>>);
  add("ds_min" + u, ds_atomic<T, umin_op<T>>);
  add("ds_max" + u, ds_atomic<T, umax_op<T>>);
  add("ds_min" + i, ds_atomic<T, smin_op<T>>);
  add("ds_max" + i, ds_atomic<T, smax_op<T>>);
  add("ds_and" + b, ds_atomic<T, and_op<T>>);
  add("ds_or" + b, ds_atomic<T, or_op<T>>);
  add("ds_xor" + b, ds_atomic<T, xor_op<T>>);
  add("ds_mskor" + b, ds_atomic<T, mskor_op<T>>);
  add("ds_cmpst" + b, ds_atomic<T, cmpst_op<T>>);
  add("ds_cmpst" + f, ds_atomic<T, cmpst_float_op<T>>);
  add("ds_add" + f, ds_atomic<T, float_add_op<T>>);
  add("ds_min" + f, ds_atomic<T, float_min_max_op<T, false>>);
  add("ds_max" + f, ds_atomic<T, float_min_max_op<T, true>>);
}

}  // namespace

void register_ds(HandlerRegistry& r) {
  r.add("ds_read_b32", ds_read<4, false>);
  r.add("ds_read_b64", ds_read<8, false>);
  r.add("ds_read_b96", ds_read<12, false>);
  r.add("ds_read_b128", ds_read<16, false>);
  r.add("ds_read_u8", ds_read<1, false>);
  r.add("ds_read_i8", ds_read<1, true>);
  r.add("ds_read_u16", ds_read<2, false>);
  r.add("ds_read_i16", ds_read<2, true>);
  r.add("ds_read_u8_d16", ds_read_d16<LoadForm::kD16U8>);
  r.add("ds_read_i8_d16", ds_read_d16<LoadForm::kD16I8>);
  r.add("ds_read_u16_d16", ds_read_d16<LoadForm::kD16U16>);
  r.add("ds_read_u8_d16_hi", ds_read_d16<LoadForm::kD16HiU8>);
  r.add("ds_read_i8_d16_hi", ds_read_d16<LoadForm::kD16HiI8>);
  r.add("ds_read_u16_d16_hi", ds_read_d16<LoadForm::kD16HiU16>);
  r.add("ds_read_addtid_b32", ds_addtid<false>);
  r.add("ds_read_b64_tr_b4", ds_read_transposed<4>);
  r.add("ds_read_b64_tr_b8", ds_read_transposed<8>);
  r.add("ds_read_b64_tr_b16", ds_read_transposed<16>);
  r.add("ds_write_b8", ds_write<1>);
  r.add("ds_write_b16", ds_write<2>);
  r.add("ds_write_b8_d16_hi", ds_write<1, 16>);
  r.add("ds_write_b16_d16_hi", ds_write<2, 16>);
  r.add("ds_write_b32", ds_write<4>);
  r.add("ds_write_b64", ds_write<8>);
  r.add("ds_write_b96", ds_write<12>);
  r.add("ds_write_b128", ds_write<16>);
  r.add("ds_write_addtid_b32", ds_addtid<true>);
  r.add("ds_read2_b32", ds_two<4, 1, false>);
  r.add("ds_read2_b64", ds_two<8, 1, false>);
  r.add("ds_read2st64_b32", ds_two<4, 64, false>);
  r.add("ds_read2st64_b64", ds_two<8, 64, false>);
  r.add("ds_write2_b32", ds_two<4, 1, true>);
  r.add("ds_write2_b64", ds_two<8, 1, true>);
  r.add("ds_write2st64_b32", ds_two<4, 64, true>);
  r.add("ds_write2st64_b64", ds_two<8, 64, true>);
  for (const char* suffix : {"", "_rtn"}) {
    auto add = [&](const std::string& base, Handler h) {
      static std::deque<std::string> names;
      // The return forms put "_rtn" before the type: ds_add_u32 -> ds_add_rtn_u32.
      const size_t type_at = base.rfind('_');
      names.push_back(base.substr(0, type_at) + suffix + base.substr(type_at));
      r.add(names.back(), h);
    };
    add_atomics_of_width<u32>(add);
    add_atomics_of_width<u64>(add);
    add("ds_pk_add_f16", ds_atomic<u32, pk_add_f16_op>);
    add("ds_pk_add_bf16", ds_atomic<u32, pk_add_bf16_op>);
  }
  r.add("ds_wrxchg_rtn_b32", ds_atomic<u32, swap_op<u32>>);
  r.add("ds_wrxchg_rtn_b64", ds_atomic<u64, swap_op<u64>>);
  r.add("ds_wrap_rtn_b32", ds_atomic<u32, ([](u32 m, u32 d, u32 d2) { return m >= d ? m - d : m + d2; })>);
  r.add("ds_wrxchg2_rtn_b32", ds_wrxchg2<u32, 1>);
  r.add("ds_wrxchg2st64_rtn_b32", ds_wrxchg2<u32, 64>);
  r.add("ds_wrxchg2_rtn_b64", ds_wrxchg2<u64, 1>);
  r.add("ds_wrxchg2st64_rtn_b64", ds_wrxchg2<u64, 64>);
  r.add("ds_condxchg32_rtn_b64", ds_condxchg32);
  r.add("ds_swizzle_b32", ds_swizzle);
  r.add("ds_permute_b32", ds_permute<true>);
  r.add("ds_bpermute_b32", ds_permute<false>);
  r.add("ds_nop", +[](Wave&, const Inst&) { return Status::ok(); });
}

}  // namespace ingot::emu
