// DS (LDS) instructions: reads and writes b8..b128 (with the d16 halves and the lane-indexed addtid
// forms), gfx950's transposed reads, two-address forms, and the lane exchanges that use the LDS
// crossbar (ds_swizzle, ds_permute, ds_bpermute); atomics and exchanges are in ds_atomic.cc. Semantics are the pseudocode of the CDNA4 ISA
// reference guide, 12.12 "LDS Instructions" (the same opcodes and definitions as CDNA3's); float
// atomics follow its 9.2 "Float Memory Atomics" rules. Every lane's address is checked against the
// workgroup's LDS size (static + dynamic): out of range is a fault.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "ds_lanes.h"
#include "vector_memory.h"

namespace ingot::emu {
namespace {

using namespace ds;

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
  account_banks(wave, a.lane, Bytes, exec, LdsDirection::kRead);
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
  account_banks(wave, a.lane, 8, exec, LdsDirection::kRead);
  const Operand* dst = inst.find(Role::kDst);
  for (int d = 0; d < 2; ++d) write_lanes(wave, dst, out[d], exec, d);
  track_load(wave, inst, WaitCounter::kLds, dst);
  return Status::ok();
}

// gfx950 ds_read_b96_tr_b6: every lane reads 12 bytes (16 six-bit elements, element e at bits 6e..6e+5
// of the little-endian 96 bits) at its 16-byte-aligned address; within each 16-lane group the 16 x 16
// element matrix is transposed, lane i's element j being element i of lane j. Sources that agree: the
// CDNA4 ISA guide (12.12 DS_READ_B96_TR_B6: "Interpret the data as a matrix with 6 bit elements and
// transpose the matrix"; 11.4: one instruction loads 16 K values per lane into three VGPRs) and AMD
// rocRoller's TransposeLoadsTest (B6AlignedVGPRsTranspose16x128GPUTest, a GPU test: "Each block of 16
// lanes is transposed as a 16x16 submatrix"; its packF6x16 packs element e at bit 6e). Both rocRoller
// ("DS_READ_B96_TR_B6 requires 128b-aligned addresses") and carlushuang/gcnasm's example ("need to pad
// 32bits per 96bits to accomplish 128bits alignment requirement") require 16-byte alignment: a
// misaligned address is a fault. Lanes outside EXEC contribute zeros (unverified; EXEC must be all ones).
constexpr uint32_t kTrB6Bits = 6, kTrB6Elements = 16, kTrB6Bytes = 12, kTrB6Alignment = 16;

uint32_t six_bit_element(const uint32_t (&words)[4], uint32_t e) {
  const uint32_t bit = kTrB6Bits * e, word = bit / 32;
  const uint64_t pair = words[word] | uint64_t{words[word + 1]} << 32;
  return static_cast<uint32_t>(pair >> (bit % 32)) & ((1u << kTrB6Bits) - 1);
}

Status ds_read_b96_tr_b6(Wave& wave, const Inst& inst) {
  DsAddresses a;
  base_addresses(wave, inst, a);
  const LaneMask exec = wave.exec();
  uint32_t raw[kWaveSize][4] = {};
  INGOT_RETURN_IF_ERROR(visit_lane_cells(wave, inst, a, kTrB6Bytes, [&](int l, const uint8_t* cell) {
    std::memcpy(raw[l], cell, kTrB6Bytes);
  }));
  for (int l = 0; l < kWaveSize; ++l) {
    if (((exec >> l) & 1) && a.lane[l] % kTrB6Alignment != 0) {
      return fault("ds_read_b96_tr_b6 by lane " + std::to_string(l) + " reads LDS at " + hex(a.lane[l]) +
                   ", which is not 16-byte aligned");
    }
  }
  Lanes out[3];
  for (uint32_t l = 0; l < kWaveSize; ++l) {
    const uint32_t group = l & ~15u, i = l & 15u;
    uint32_t words[4] = {};
    for (uint32_t j = 0; j < kTrB6Elements; ++j) {
      const uint32_t element = six_bit_element(raw[group + j], i), bit = kTrB6Bits * j;
      words[bit / 32] |= element << (bit % 32);
      if (bit % 32 + kTrB6Bits > 32) words[bit / 32 + 1] |= element >> (32 - bit % 32);
    }
    for (int d = 0; d < 3; ++d) out[d].v[l] = words[d];
  }
  account_banks(wave, a.lane, kTrB6Bytes, exec, LdsDirection::kRead);
  write_result_rows(wave, inst, out, 3, exec);
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
  account_banks(wave, a.lane, bytes, exec, LdsDirection::kRead);
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
  account_banks(wave, a.lane, Bytes, exec, LdsDirection::kWrite);
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
    account_banks(wave, both, Bytes, exec, Write ? LdsDirection::kWrite : LdsDirection::kRead);
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
  account_banks(wave, a.lane, 4, exec, Write ? LdsDirection::kWrite : LdsDirection::kRead);
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
  r.add("ds_read_b96_tr_b6", ds_read_b96_tr_b6);
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
  ds::register_ds_atomics(r);
  r.add("ds_swizzle_b32", ds_swizzle);
  r.add("ds_permute_b32", ds_permute<true>);
  r.add("ds_bpermute_b32", ds_permute<false>);
  r.add("ds_nop", +[](Wave&, const Inst&) { return Status::ok(); });
}

}  // namespace ingot::emu
