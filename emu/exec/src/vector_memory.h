// The lane work shared by buffer and global/flat instructions once addresses are known: loads (with
// sub-dword and d16 forms), stores, atomics and direct-to-LDS loads. Buffer instructions mark
// out-of-range dwords invalid (loads give 0, stores are dropped); a valid address outside every
// device allocation is a fault naming lane and address.
#pragma once

#include <cstdint>

#include "memory_access.h"

namespace ingot::emu {

struct VmemLanes {
  uint64_t address[kWaveSize];
  uint8_t valid[kWaveSize];  // bit d: dword d (or the whole element for sub-dword forms) is in range
  LaneMask lanes = 0;        // EXEC
};

enum class LoadForm : uint8_t {
  kDwords,                      // 1..4 dwords
  kU8, kI8, kU16, kI16,         // zero / sign extended into a dword
  kD16U8, kD16I8, kD16U16,      // into the low half, high half kept
  kD16HiU8, kD16HiI8, kD16HiU16 // into the high half, low half kept
};
enum class StoreForm : uint8_t { kDwords, kByte, kByteHi, kShort, kShortHi };

// Bytes one element of a sub-dword load form reads (4 for kDwords), and the dword a load form puts in
// the destination from the raw little-endian bytes it read and the destination's old value.
uint32_t load_element_bytes(LoadForm form);
uint32_t shape_loaded(LoadForm form, uint32_t raw, uint32_t old);

Status vmem_load(Wave& wave, const Inst& inst, const VmemLanes& lanes, LoadForm form, uint32_t dwords);
Status vmem_store(Wave& wave, const Inst& inst, const VmemLanes& lanes, StoreForm form, uint32_t dwords);
// Direct-to-LDS loads (MUBUF with lds=1, global_load_lds_*, scratch_load_lds_*). Lane l's data lands
// at LDS offset + instruction offset + l * stride, stride 4 for byte, short and dword loads and 16 for
// 3- and 4-dword loads (a 3-dword load skips its 4th dword): AMD CDNA3/CDNA4 ISA guides 9.1.9 ("Memory
// Buffer Load to LDS": LDS_ADDR = LDSbase + LDS_offset + inst_offset + TIDinWave * 4, "* 16" for data of
// 3 or 4 dwords) and 10.3 (global/scratch: "DWORDX1 ... ThreadID*4", "DWORDX4 ... ThreadID*16"). A byte
// or short element fills its lane's whole dword, zero-extended: AMD rocRoller's GPU test of sub-dword
// Direct2LDS loads (rocm-libraries PR #5084, Direct2LDSTileCopyTest) expects bytes 0..63 loaded with
// buffer_load_ubyte to read back from LDS as [0,0,0,0, 1,0,0,0, ...] and shorts as [0,0, 1,0, ...].
// The LDS offset is M0[17:0] in bytes for MUBUF (guide 9.1.9) and M0[17:2] * 4 for global and scratch
// (guide 10.3; CK ck_tile's async global load notes the two low bits are dropped).
enum class LdsM0 : uint8_t { kBytes, kDwords };
inline constexpr uint32_t kLdsM0ByteMask = 0x3ffff;   // M0[17:0]
inline constexpr uint32_t kLdsM0DwordMask = 0x3fffc;  // M0[17:2] * 4
inline constexpr uint32_t kLdsDirectNarrowStride = 4;
inline constexpr uint32_t kLdsDirectWideStride = 16;  // 3- and 4-dword loads

uint64_t lds_direct_base(const Wave& wave, const Inst& inst, LdsM0 m0);
inline uint32_t lds_direct_lane_stride(uint32_t dwords) {
  return dwords >= 3 ? kLdsDirectWideStride : kLdsDirectNarrowStride;
}
// The dword a one-dword-or-narrower direct-to-LDS load writes for a lane from the raw element bytes.
// A signed byte or short whose sign bit is set is refused (kUnsupported naming the instruction and
// lane): the sources above show unsigned elements only, so whether the rest of the dword is sign- or
// zero-filled is not settled. Non-negative signed elements are the same either way.
Status lds_direct_dword(const Inst& inst, LoadForm form, uint32_t raw, int lane, uint32_t& dword);
// Writes `dwords` dwords of lane `lane` at LDS byte `target`, or faults when they leave the workgroup's LDS.
Status lds_direct_store(Wave& wave, uint64_t target, const uint32_t* values, uint32_t dwords, int lane);

// MUBUF / global direct-to-LDS: form kDwords with 1, 3 or 4 dwords, or kU8/kI8/kU16/kI16 (other forms
// are refused). Invalid (out-of-range) pieces write 0.
Status vmem_load_to_lds(Wave& wave, const Inst& inst, const VmemLanes& lanes, LoadForm form, uint32_t dwords,
                        LdsM0 m0);

using Atomic32 = uint32_t (*)(uint32_t memory, uint32_t data, uint32_t compare);
using Atomic64 = uint64_t (*)(uint64_t memory, uint64_t data, uint64_t compare);
Status vmem_atomic32(Wave& wave, const Inst& inst, const VmemLanes& lanes, Atomic32 op, bool cmpswap);
Status vmem_atomic64(Wave& wave, const Inst& inst, const VmemLanes& lanes, Atomic64 op, bool cmpswap);

// The atomic operations by mnemonic stem ("add", "smax", "add_f32", ...), shared by both families.
Atomic32 atomic32_op(const char* stem);
Atomic64 atomic64_op(const char* stem);

// Every memory atomic's stem (buffer_atomic_<stem>, global_/flat_atomic_<stem>): each resolves through
// atomic32_op or atomic64_op.
inline constexpr const char* kVmemAtomicStems[] = {
    "swap", "cmpswap", "add", "sub", "smin", "umin", "smax", "umax", "and", "or", "xor", "inc", "dec", "add_f32",
    "pk_add_f16", "pk_add_bf16", "swap_x2", "cmpswap_x2", "add_x2", "sub_x2", "smin_x2", "umin_x2", "smax_x2",
    "umax_x2", "and_x2", "or_x2", "xor_x2", "inc_x2", "dec_x2", "add_f64", "min_f64", "max_f64"};

// Packed 2 x f16 / 2 x bf16 add of the memory atomics (LDS and buffer/global), round to nearest even.
uint32_t packed_add_f16(uint32_t memory, uint32_t data);
uint32_t packed_add_bf16(uint32_t memory, uint32_t data);

// Float atomic min / max / compare-swap on raw bits (U = uint32_t for f32, uint64_t for f64), by the
// CDNA3/CDNA4 ISA's "Float Memory Atomics" rules: a signalling NaN operand (the memory value checked
// first) comes back quieted; otherwise the smaller (larger) value in the order -inf < ... < -0 < +0 <
// ... < +inf, a quiet NaN ranking above +inf for min and below -inf for max (so the number wins).
// Compare-swap swaps only when neither is NaN and the values are equal (+0 == -0). Denormals are
// never flushed (MODE's denorm bits are ignored, as for VALU f32).
template <typename U>
struct FloatAtomicBits {
  static constexpr int kMantissaBits = sizeof(U) == 4 ? 23 : 52;
  static constexpr U kSign = U{1} << (8 * sizeof(U) - 1);
  static constexpr U kQuiet = U{1} << (kMantissaBits - 1);
  static constexpr U kMantissa = (U{1} << kMantissaBits) - 1;
  static constexpr U kExponent = ~(kSign | kMantissa);
  static bool nan(U x) { return (x & kExponent) == kExponent && (x & kMantissa) != 0; }
  static bool signalling(U x) { return nan(x) && !(x & kQuiet); }
  // A key whose unsigned order is the float order (-0 below +0); meaningful for non-NaN values.
  static U key(U x) { return (x & kSign) ? ~x : (x | kSign); }
};

template <typename U, bool Max>
U float_atomic_min_max(U memory, U data) {
  using B = FloatAtomicBits<U>;
  if (B::signalling(memory)) return memory | B::kQuiet;
  if (B::signalling(data)) return data | B::kQuiet;
  if (B::nan(data)) return memory;
  if (B::nan(memory)) return data;
  const bool data_wins = Max ? B::key(data) > B::key(memory) : B::key(data) < B::key(memory);
  return data_wins ? data : memory;
}

template <typename U>
bool float_atomic_equal(U a, U b) {
  using B = FloatAtomicBits<U>;
  if (B::nan(a) || B::nan(b)) return false;
  return a == b || ((a | b) & ~B::kSign) == 0;
}

}  // namespace ingot::emu
