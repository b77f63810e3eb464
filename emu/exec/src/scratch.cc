// SCRATCH loads and stores (gfx940+ architected flat scratch): each lane addresses its own private
// segment. Private offset = (saddr ? s[saddr] : 0) + (SVE ? v[vaddr] : 0) + signed offset (LLVM
// AMDGPUUsage, "Flat Scratch" / the SCRATCH encoding). The segment is the descriptor's
// private_segment_fixed_size bytes per lane; an access outside [0, size) is a fault naming the lane
// and the private offset (the executor adds kernel, workgroup, wave and PC). Storage follows the
// hardware's swizzle (AMDGPUUsage "Private Segment Buffer": element size 4, index stride 64): byte A
// of lane l lives at (A/4)*256 + l*4 + A%4 of the wave's scratch, so a lane's multi-dword access is
// dword-interleaved with its neighbours' as on the chip; kernels cannot observe the difference
// except through a private segment buffer descriptor, which gfx942/gfx950 do not provide (architected
// flat scratch: see initial_state.cc).
// Not modelled: dynamic stacks beyond the fixed size, the profile's byte counts.
#include <string>

#include "handler_table.h"
#include "vector_memory.h"

namespace ingot::emu {
namespace {

constexpr size_t kSwizzleStride = 4 * kWaveSize;

uint8_t& scratch_byte(Wave& wave, int lane, uint64_t offset) {
  return wave.scratch[size_t(offset / 4) * kSwizzleStride + size_t(lane) * 4 + size_t(offset % 4)];
}

// `bytes` (1..4) little-endian private bytes of `lane` from `offset`.
uint32_t scratch_read(Wave& wave, int lane, uint64_t offset, uint32_t bytes) {
  uint32_t raw = 0;
  for (uint32_t b = 0; b < bytes; ++b) raw |= uint32_t{scratch_byte(wave, lane, offset + b)} << (8 * b);
  return raw;
}

struct PrivateLanes {
  int64_t offset[kWaveSize];
  LaneMask lanes = 0;
};

void private_offsets(const Wave& wave, const Inst& inst, PrivateLanes& out) {
  const Operand* vaddr = inst.find(Role::kAddr);
  const Operand* saddr = inst.find(Role::kSaddr);
  const bool vector_offset = vaddr != nullptr && vaddr->kind == OperandKind::kVgpr;
  const bool scalar_offset = saddr != nullptr && saddr->kind == OperandKind::kScalar;
  Lanes v;
  if (vector_offset) read_lanes(wave, vaddr, v);
  const uint32_t s = scalar_offset ? read_s32(wave, saddr) : 0;
  out.lanes = wave.exec();
  for (int l = 0; l < kWaveSize; ++l) {
    // The address arithmetic is 32-bit; read it as signed so a negative result is reported as such.
    const uint32_t sum = s + (vector_offset ? v.v[l] : 0u) + static_cast<uint32_t>(inst.mem.offset);
    out.offset[l] = static_cast<int32_t>(sum);
  }
}

// The offsets of the EXEC lanes, `bytes` each, checked against the segment (the first bad lane faults).
Status private_offsets_checked(const Wave& wave, const Inst& inst, uint32_t bytes, const char* what,
                               PrivateLanes& out) {
  private_offsets(wave, inst, out);
  const uint64_t size = wave.scratch.size() / kWaveSize;
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((out.lanes >> l) & 1)) continue;
    const int64_t offset = out.offset[l];
    if (offset < 0 || static_cast<uint64_t>(offset) + bytes > size) {
      return fault(std::string("scratch ") + what + " of " + std::to_string(bytes) + " bytes at private offset " +
                   std::to_string(offset) + " by lane " + std::to_string(l) + " is outside the kernel's " +
                   std::to_string(size) + " bytes of private segment per lane");
    }
  }
  return Status::ok();
}

template <LoadForm Form, uint32_t Dwords>
Status scratch_load(Wave& wave, const Inst& inst) {
  const uint32_t piece = Form == LoadForm::kDwords ? 4 : load_element_bytes(Form);
  PrivateLanes p;
  INGOT_RETURN_IF_ERROR(private_offsets_checked(wave, inst, piece * Dwords, "load", p));
  const Operand* dst = inst.find(Role::kDst);
  Lanes out[4], old;
  if constexpr (Form != LoadForm::kDwords) read_lanes(wave, dst, old);
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((p.lanes >> l) & 1)) continue;
    for (uint32_t d = 0; d < Dwords; ++d) {
      const uint32_t raw = scratch_read(wave, l, static_cast<uint64_t>(p.offset[l]) + 4 * d, piece);
      out[d].v[l] = Form == LoadForm::kDwords ? raw : shape_loaded(Form, raw, old.v[l]);
    }
  }
  for (uint32_t d = 0; d < Dwords; ++d) write_lanes(wave, dst, out[d], p.lanes, static_cast<int>(d));
  track_load(wave, inst, WaitCounter::kVm, dst);
  return Status::ok();
}

template <StoreForm Form, uint32_t Dwords>
Status scratch_store(Wave& wave, const Inst& inst) {
  const uint32_t piece =
      Form == StoreForm::kDwords ? 4 : (Form == StoreForm::kByte || Form == StoreForm::kByteHi ? 1 : 2);
  PrivateLanes p;
  INGOT_RETURN_IF_ERROR(private_offsets_checked(wave, inst, piece * Dwords, "store", p));
  Lanes values[4];
  for (uint32_t d = 0; d < Dwords; ++d) read_lanes(wave, inst.find(Role::kData0), values[d], static_cast<int>(d));
  const bool high = Form == StoreForm::kByteHi || Form == StoreForm::kShortHi;
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((p.lanes >> l) & 1)) continue;
    for (uint32_t d = 0; d < Dwords; ++d) {
      const uint32_t value = high ? values[d].v[l] >> 16 : values[d].v[l];
      for (uint32_t b = 0; b < piece; ++b) {
        const uint64_t offset = static_cast<uint64_t>(p.offset[l]) + 4 * d + b;
        scratch_byte(wave, l, offset) = static_cast<uint8_t>(value >> (8 * b));
      }
    }
  }
  track_store(wave, WaitCounter::kVm);
  return Status::ok();
}

// scratch_load_lds_{dword,ubyte,sbyte,ushort,sshort}: each lane's private element goes to LDS at
// M0[17:2] * 4 + offset + 4 * lane, a byte or short zero-extended to the lane's dword (the rule and its
// sources are vmem_load_to_lds's, vector_memory.h; CDNA4 ISA guide 10.3 "DWORDX1: LDS_ADDR = LDSbase +
// LDSoffset(M0[17:2] * 4) + INST.OFFSET + ThreadID*4").
template <LoadForm Form>
Status scratch_load_lds(Wave& wave, const Inst& inst) {
  const uint32_t piece = load_element_bytes(Form);
  PrivateLanes p;
  INGOT_RETURN_IF_ERROR(private_offsets_checked(wave, inst, piece, "load to LDS", p));
  const uint64_t base = lds_direct_base(wave, inst, LdsM0::kDwords);
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((p.lanes >> l) & 1)) continue;
    const uint32_t raw = scratch_read(wave, l, static_cast<uint64_t>(p.offset[l]), piece);
    uint32_t value = 0;
    INGOT_RETURN_IF_ERROR(lds_direct_dword(inst, Form, raw, l, value));
    INGOT_RETURN_IF_ERROR(lds_direct_store(wave, base + uint64_t{kLdsDirectNarrowStride} * uint64_t(l), &value, 1, l));
  }
  track_store(wave, WaitCounter::kVm);
  return Status::ok();
}

}  // namespace

void register_scratch(HandlerRegistry& r) {
  r.add("scratch_load_lds_dword", scratch_load_lds<LoadForm::kDwords>);
  r.add("scratch_load_lds_ubyte", scratch_load_lds<LoadForm::kU8>);
  r.add("scratch_load_lds_sbyte", scratch_load_lds<LoadForm::kI8>);
  r.add("scratch_load_lds_ushort", scratch_load_lds<LoadForm::kU16>);
  r.add("scratch_load_lds_sshort", scratch_load_lds<LoadForm::kI16>);
  r.add("scratch_load_dword", scratch_load<LoadForm::kDwords, 1>);
  r.add("scratch_load_dwordx2", scratch_load<LoadForm::kDwords, 2>);
  r.add("scratch_load_dwordx3", scratch_load<LoadForm::kDwords, 3>);
  r.add("scratch_load_dwordx4", scratch_load<LoadForm::kDwords, 4>);
  r.add("scratch_load_ubyte", scratch_load<LoadForm::kU8, 1>);
  r.add("scratch_load_sbyte", scratch_load<LoadForm::kI8, 1>);
  r.add("scratch_load_ushort", scratch_load<LoadForm::kU16, 1>);
  r.add("scratch_load_sshort", scratch_load<LoadForm::kI16, 1>);
  r.add("scratch_load_ubyte_d16", scratch_load<LoadForm::kD16U8, 1>);
  r.add("scratch_load_sbyte_d16", scratch_load<LoadForm::kD16I8, 1>);
  r.add("scratch_load_short_d16", scratch_load<LoadForm::kD16U16, 1>);
  r.add("scratch_load_ubyte_d16_hi", scratch_load<LoadForm::kD16HiU8, 1>);
  r.add("scratch_load_sbyte_d16_hi", scratch_load<LoadForm::kD16HiI8, 1>);
  r.add("scratch_load_short_d16_hi", scratch_load<LoadForm::kD16HiU16, 1>);
  r.add("scratch_store_dword", scratch_store<StoreForm::kDwords, 1>);
  r.add("scratch_store_dwordx2", scratch_store<StoreForm::kDwords, 2>);
  r.add("scratch_store_dwordx3", scratch_store<StoreForm::kDwords, 3>);
  r.add("scratch_store_dwordx4", scratch_store<StoreForm::kDwords, 4>);
  r.add("scratch_store_byte", scratch_store<StoreForm::kByte, 1>);
  r.add("scratch_store_byte_d16_hi", scratch_store<StoreForm::kByteHi, 1>);
  r.add("scratch_store_short", scratch_store<StoreForm::kShort, 1>);
  r.add("scratch_store_short_d16_hi", scratch_store<StoreForm::kShortHi, 1>);
}

}  // namespace ingot::emu
