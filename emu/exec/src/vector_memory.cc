#include "vector_memory.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <string_view>

#include "handler_table.h"
#include "ingot_emu/number_formats.h"

namespace ingot::emu {

uint32_t load_element_bytes(LoadForm form) {
  switch (form) {
    case LoadForm::kU8: case LoadForm::kI8: case LoadForm::kD16U8: case LoadForm::kD16I8:
    case LoadForm::kD16HiU8: case LoadForm::kD16HiI8: return 1;
    case LoadForm::kU16: case LoadForm::kI16: case LoadForm::kD16U16: case LoadForm::kD16HiU16: return 2;
    default: return 4;
  }
}

uint32_t shape_loaded(LoadForm form, uint32_t raw, uint32_t old) {
  switch (form) {
    case LoadForm::kU8: return raw & 0xff;
    case LoadForm::kI8: return static_cast<uint32_t>(static_cast<int8_t>(raw));
    case LoadForm::kU16: return raw & 0xffff;
    case LoadForm::kI16: return static_cast<uint32_t>(static_cast<int16_t>(raw));
    case LoadForm::kD16U8: return (old & 0xffff0000u) | (raw & 0xff);
    case LoadForm::kD16I8: return (old & 0xffff0000u) | (static_cast<uint32_t>(static_cast<int8_t>(raw)) & 0xffff);
    case LoadForm::kD16U16: return (old & 0xffff0000u) | (raw & 0xffff);
    case LoadForm::kD16HiU8: return (old & 0xffffu) | ((raw & 0xff) << 16);
    case LoadForm::kD16HiI8: return (old & 0xffffu) | (static_cast<uint32_t>(static_cast<int8_t>(raw)) << 16);
    case LoadForm::kD16HiU16: return (old & 0xffffu) | ((raw & 0xffff) << 16);
    default: return raw;
  }
}

namespace {

const Operand* data_operand(const Inst& inst) {
  if (const Operand* op = inst.find(Role::kData0)) return op;
  return inst.find(Role::kDst);
}

}  // namespace

Status vmem_load(Wave& wave, const Inst& inst, const VmemLanes& lanes, LoadForm form, uint32_t dwords) {
  const Operand* dst = inst.find(Role::kDst);
  const uint32_t bytes = form == LoadForm::kDwords ? 4 * dwords : load_element_bytes(form);
  Lanes out[4];
  const uint32_t rows = form == LoadForm::kDwords ? dwords : 1;
  Lanes old;
  if (form != LoadForm::kDwords) read_lanes(wave, dst, old);
  if (wave.launch->memory_model != nullptr) {
    INGOT_RETURN_IF_ERROR(memory_model_load(wave, lanes, form == LoadForm::kDwords ? 4 : bytes, rows));
  }
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((lanes.lanes >> l) & 1)) continue;
    for (uint32_t d = 0; d < rows; ++d) {
      const uint32_t piece = form == LoadForm::kDwords ? 4 : bytes;
      uint32_t raw = 0;
      if ((lanes.valid[l] >> d) & 1) {
        const uint64_t address = lanes.address[l] + 4ull * d;
        const uint8_t* source = global_pointer(wave, address, piece);
        if (source == nullptr) return global_fault("load", address, piece, l);
        std::memcpy(&raw, source, piece);
      }
      out[d].v[l] = form == LoadForm::kDwords ? raw : shape_loaded(form, raw, old.v[l]);
    }
  }
  account_global_access(wave, lanes.address, lanes.valid, lanes.lanes, form == LoadForm::kDwords ? 4 : bytes, rows,
                        false);
  for (uint32_t d = 0; d < rows; ++d) write_lanes(wave, dst, out[d], lanes.lanes, static_cast<int>(d));
  track_load(wave, inst, WaitCounter::kVm, dst);
  return Status::ok();
}

Status vmem_store(Wave& wave, const Inst& inst, const VmemLanes& lanes, StoreForm form, uint32_t dwords) {
  const Operand* data = data_operand(inst);
  Lanes values[4];
  const uint32_t rows = form == StoreForm::kDwords ? dwords : 1;
  for (uint32_t d = 0; d < rows; ++d) read_lanes(wave, data, values[d], static_cast<int>(d));
  const uint32_t piece = form == StoreForm::kDwords ? 4 : (form == StoreForm::kByte || form == StoreForm::kByteHi ? 1 : 2);
  const bool high = form == StoreForm::kByteHi || form == StoreForm::kShortHi;
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((lanes.lanes >> l) & 1)) continue;
    for (uint32_t d = 0; d < rows; ++d) {
      if (!((lanes.valid[l] >> d) & 1)) continue;
      const uint64_t address = lanes.address[l] + 4ull * d;
      uint8_t* target = global_pointer(wave, address, piece);
      if (target == nullptr) return global_fault("store", address, piece, l);
      const uint32_t value = high ? values[d].v[l] >> 16 : values[d].v[l];
      std::memcpy(target, &value, piece);
    }
  }
  account_global_access(wave, lanes.address, lanes.valid, lanes.lanes, piece, rows, true);
  if (wave.launch->memory_model != nullptr) memory_model_store(wave, inst, lanes, piece, rows);
  track_store(wave, WaitCounter::kVm);
  return Status::ok();
}

uint64_t lds_direct_base(const Wave& wave, const Inst& inst, LdsM0 m0) {
  const uint32_t mask = m0 == LdsM0::kBytes ? kLdsM0ByteMask : kLdsM0DwordMask;
  return uint64_t{wave.s[kSlotM0] & mask} + static_cast<uint32_t>(inst.mem.offset);
}

Status lds_direct_dword(const Inst& inst, LoadForm form, uint32_t raw, int lane, uint32_t& dword) {
  const bool negative = (form == LoadForm::kI8 && (raw & 0x80)) || (form == LoadForm::kI16 && (raw & 0x8000));
  if (negative) {
    return Status(StatusCode::kUnsupported,
                  std::string(op_mnemonic(inst.op)) + " by lane " + std::to_string(lane) + " loaded a negative element (" +
                      hex(raw) + "): whether a signed sub-dword element is sign- or zero-extended in LDS is not "
                      "documented, so it is not emulated");
  }
  dword = form == LoadForm::kDwords ? raw : shape_loaded(form, raw, 0);
  return Status::ok();
}

Status lds_direct_store(Wave& wave, uint64_t target, const uint32_t* values, uint32_t dwords, int lane) {
  std::vector<uint8_t>& lds = wave.group->lds;
  if (target + 4ull * dwords > lds.size()) {
    return fault("direct-to-LDS load by lane " + std::to_string(lane) + " writes LDS at " + hex(target) +
                 ", outside the workgroup's " + std::to_string(lds.size()) + " bytes");
  }
  std::memcpy(lds.data() + target, values, 4ull * dwords);
  return Status::ok();
}

Status vmem_load_to_lds(Wave& wave, const Inst& inst, const VmemLanes& lanes, LoadForm form, uint32_t dwords,
                        LdsM0 m0) {
  const bool narrow = form == LoadForm::kU8 || form == LoadForm::kI8 || form == LoadForm::kU16 || form == LoadForm::kI16;
  if (!(narrow || (form == LoadForm::kDwords && dwords != 2))) {
    return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) +
                                                " cannot load to LDS (not in the ISA guide's load-to-LDS subset)");
  }
  const uint32_t piece = narrow ? load_element_bytes(form) : 4;
  const uint32_t rows = narrow ? 1 : dwords;
  const uint64_t base = lds_direct_base(wave, inst, m0);
  const uint32_t stride = lds_direct_lane_stride(rows);
  if (wave.launch->memory_model != nullptr) INGOT_RETURN_IF_ERROR(memory_model_load(wave, lanes, piece, rows));
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((lanes.lanes >> l) & 1)) continue;
    uint32_t values[4] = {};
    for (uint32_t d = 0; d < rows; ++d) {
      uint32_t raw = 0;
      if ((lanes.valid[l] >> d) & 1) {
        const uint64_t address = lanes.address[l] + 4ull * d;
        const uint8_t* source = global_pointer(wave, address, piece);
        if (source == nullptr) return global_fault("load to LDS", address, piece, l);
        std::memcpy(&raw, source, piece);
      }
      INGOT_RETURN_IF_ERROR(lds_direct_dword(inst, form, raw, l, values[d]));
    }
    INGOT_RETURN_IF_ERROR(lds_direct_store(wave, base + uint64_t(l) * stride, values, rows, l));
  }
  account_global_access(wave, lanes.address, lanes.valid, lanes.lanes, piece, rows, false);
  track_store(wave, WaitCounter::kVm);
  return Status::ok();
}

Status vmem_atomic32(Wave& wave, const Inst& inst, const VmemLanes& lanes, Atomic32 op, bool cmpswap) {
  const Operand* data = data_operand(inst);
  Lanes value, compare, old;
  read_lanes(wave, data, value, 0);
  if (cmpswap) read_lanes(wave, data, compare, 1);
  {
    std::lock_guard<std::mutex> lock(wave.launch->memory->atomic_lock());
    for (int l = 0; l < kWaveSize; ++l) {
      old.v[l] = 0;
      if (!((lanes.lanes >> l) & 1) || !(lanes.valid[l] & 1)) continue;
      uint8_t* target = global_pointer(wave, lanes.address[l], 4);
      if (target == nullptr) return global_fault("atomic", lanes.address[l], 4, l);
      uint32_t memory;
      std::memcpy(&memory, target, 4);
      old.v[l] = memory;
      const uint32_t next = op(memory, value.v[l], cmpswap ? compare.v[l] : 0);
      std::memcpy(target, &next, 4);
    }
    if (wave.launch->memory_model != nullptr) memory_model_atomic(wave, inst, lanes, 4);
  }
  account_global_access(wave, lanes.address, lanes.valid, lanes.lanes, 4, 1, true);
  if (inst.mem.sc0) {
    const Operand* dst = inst.find(Role::kDst);
    if (dst == nullptr) dst = data;
    write_lanes(wave, dst, old, lanes.lanes);
    track_load(wave, inst, WaitCounter::kVm, dst);
  } else {
    track_store(wave, WaitCounter::kVm);
  }
  return Status::ok();
}

Status vmem_atomic64(Wave& wave, const Inst& inst, const VmemLanes& lanes, Atomic64 op, bool cmpswap) {
  const Operand* data = data_operand(inst);
  Lanes v[4], old_lo, old_hi;
  for (int d = 0; d < (cmpswap ? 4 : 2); ++d) read_lanes(wave, data, v[d], d);
  {
    std::lock_guard<std::mutex> lock(wave.launch->memory->atomic_lock());
    for (int l = 0; l < kWaveSize; ++l) {
      old_lo.v[l] = old_hi.v[l] = 0;
      if (!((lanes.lanes >> l) & 1) || !(lanes.valid[l] & 1)) continue;
      uint8_t* target = global_pointer(wave, lanes.address[l], 8);
      if (target == nullptr) return global_fault("atomic", lanes.address[l], 8, l);
      uint64_t memory;
      std::memcpy(&memory, target, 8);
      old_lo.v[l] = static_cast<uint32_t>(memory);
      old_hi.v[l] = static_cast<uint32_t>(memory >> 32);
      const uint64_t value = v[0].v[l] | uint64_t{v[1].v[l]} << 32;
      const uint64_t compare = cmpswap ? (v[2].v[l] | uint64_t{v[3].v[l]} << 32) : 0;
      const uint64_t next = op(memory, value, compare);
      std::memcpy(target, &next, 8);
    }
    if (wave.launch->memory_model != nullptr) memory_model_atomic(wave, inst, lanes, 8);
  }
  account_global_access(wave, lanes.address, lanes.valid, lanes.lanes, 8, 1, true);
  if (inst.mem.sc0) {
    const Operand* dst = inst.find(Role::kDst);
    if (dst == nullptr) dst = data;
    write_lanes(wave, dst, old_lo, lanes.lanes, 0);
    write_lanes(wave, dst, old_hi, lanes.lanes, 1);
    track_load(wave, inst, WaitCounter::kVm, dst);
  } else {
    track_store(wave, WaitCounter::kVm);
  }
  return Status::ok();
}

uint32_t packed_add_f16(uint32_t m, uint32_t d) {
  const uint32_t lo = f32_to_f16(f16_to_f32(uint16_t(m)) + f16_to_f32(uint16_t(d)));
  const uint32_t hi = f32_to_f16(f16_to_f32(uint16_t(m >> 16)) + f16_to_f32(uint16_t(d >> 16)));
  return lo | hi << 16;
}

uint32_t packed_add_bf16(uint32_t m, uint32_t d) {
  const uint32_t lo = f32_to_bf16(bf16_to_f32(uint16_t(m)) + bf16_to_f32(uint16_t(d)));
  const uint32_t hi = f32_to_bf16(bf16_to_f32(uint16_t(m >> 16)) + bf16_to_f32(uint16_t(d >> 16)));
  return lo | hi << 16;
}

namespace {
using u32 = uint32_t;
using u64 = uint64_t;
}  // namespace

Atomic32 atomic32_op(const char* stem) {
  const std::string_view s(stem);
  // cmpswap: data dword 0 is the new value, dword 1 the compare value.
  if (s == "swap") return [](u32, u32 d, u32) { return d; };
  if (s == "cmpswap") return [](u32 m, u32 d, u32 c) { return m == c ? d : m; };
  if (s == "add") return [](u32 m, u32 d, u32) { return m + d; };
  if (s == "sub") return [](u32 m, u32 d, u32) { return m - d; };
  if (s == "smin") return [](u32 m, u32 d, u32) { return u32(std::min(int32_t(m), int32_t(d))); };
  if (s == "umin") return [](u32 m, u32 d, u32) { return std::min(m, d); };
  if (s == "smax") return [](u32 m, u32 d, u32) { return u32(std::max(int32_t(m), int32_t(d))); };
  if (s == "umax") return [](u32 m, u32 d, u32) { return std::max(m, d); };
  if (s == "and") return [](u32 m, u32 d, u32) { return m & d; };
  if (s == "or") return [](u32 m, u32 d, u32) { return m | d; };
  if (s == "xor") return [](u32 m, u32 d, u32) { return m ^ d; };
  if (s == "inc") return [](u32 m, u32 d, u32) { return m >= d ? 0u : m + 1; };
  if (s == "dec") return [](u32 m, u32 d, u32) { return (m == 0 || m > d) ? d : m - 1; };
  if (s == "add_f32") return [](u32 m, u32 d, u32) { return f32_bits(as_f32(m) + as_f32(d)); };
  if (s == "pk_add_f16") return [](u32 m, u32 d, u32) { return packed_add_f16(m, d); };
  if (s == "pk_add_bf16") return [](u32 m, u32 d, u32) { return packed_add_bf16(m, d); };
  return nullptr;
}

Atomic64 atomic64_op(const char* stem) {
  const std::string_view s(stem);
  if (s == "swap_x2") return [](u64, u64 d, u64) { return d; };
  if (s == "cmpswap_x2") return [](u64 m, u64 d, u64 c) { return m == c ? d : m; };
  if (s == "add_x2") return [](u64 m, u64 d, u64) { return m + d; };
  if (s == "sub_x2") return [](u64 m, u64 d, u64) { return m - d; };
  if (s == "smin_x2") return [](u64 m, u64 d, u64) { return u64(std::min(int64_t(m), int64_t(d))); };
  if (s == "umin_x2") return [](u64 m, u64 d, u64) { return std::min(m, d); };
  if (s == "smax_x2") return [](u64 m, u64 d, u64) { return u64(std::max(int64_t(m), int64_t(d))); };
  if (s == "umax_x2") return [](u64 m, u64 d, u64) { return std::max(m, d); };
  if (s == "and_x2") return [](u64 m, u64 d, u64) { return m & d; };
  if (s == "or_x2") return [](u64 m, u64 d, u64) { return m | d; };
  if (s == "xor_x2") return [](u64 m, u64 d, u64) { return m ^ d; };
  if (s == "inc_x2") return [](u64 m, u64 d, u64) { return m >= d ? u64{0} : m + 1; };
  if (s == "dec_x2") return [](u64 m, u64 d, u64) { return (m == 0 || m > d) ? d : m - 1; };
  if (s == "add_f64") return [](u64 m, u64 d, u64) { return f64_bits(as_f64(m) + as_f64(d)); };
  if (s == "min_f64") return [](u64 m, u64 d, u64) { return float_atomic_min_max<u64, false>(m, d); };
  if (s == "max_f64") return [](u64 m, u64 d, u64) { return float_atomic_min_max<u64, true>(m, d); };
  return nullptr;
}

}  // namespace ingot::emu
