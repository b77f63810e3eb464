// DS atomics and exchanges: 32/64-bit integer and float atomics with and without return, packed
// f16/bf16 adds, ds_wrxchg(2), ds_wrap and ds_condxchg32. Semantics are the pseudocode of the CDNA4 ISA
// reference guide, 12.12 "LDS Instructions" (the same as CDNA3's); float atomics follow its 9.2 "Float
// Memory Atomics" rules. Lanes apply in lane order.
#include <algorithm>
#include <cstring>
#include <deque>
#include <string>
#include <type_traits>

#include "ds_lanes.h"
#include "vector_memory.h"

namespace ingot::emu::ds {
namespace {

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
  account_banks(wave, a.lane, sizeof(T), exec, LdsDirection::kWrite);
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
  for (int e = 0; e < 2; ++e) account_banks(wave, at[e], kBytes, exec, LdsDirection::kWrite);
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
  account_banks(wave, a.lane, 8, exec, LdsDirection::kWrite);
  write_result_rows(wave, inst, old, 2, exec);
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

void register_ds_atomics(HandlerRegistry& r) {
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
}

}  // namespace ingot::emu::ds
