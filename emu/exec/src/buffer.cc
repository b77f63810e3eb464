// MUBUF with buffer-descriptor semantics (CDNA4 ISA reference guide, 9.1.5 "Buffer Addressing" and
// 9.1.8 "Buffer Resource"; CDNA3's is the same):
//   index  = (idxen ? vgpr_index : 0) + (ADD_TID ? lane : 0);  offset = (offen ? vgpr_offset : 0) + inst_offset
//   linear:   buffer_offset = offset + stride * index
//   swizzled: buffer_offset = (index / IS * stride + offset / ES * ES) * IS + index % IS * ES + offset % ES
//   address = base + soffset + buffer_offset
// IS is the V#'s INDEX_STRIDE (8/16/32/64). ES, the element size: the CDNA3/CDNA4 V# has no
// ELEMENT_SIZE field (bits 116:115 are the user-VM bits there), so it is taken as 4 bytes, the private
// segment's swizzle (an assumption, see emu/README.md). With ADD_TID the stride has 18 bits (the
// DATA_FORMAT field holds stride[17:14]) for the non-format opcodes.
// Range checks ("Range Checking"): private (ADD_TID, no idxen): none; structured (idxen, stride != 0):
// index >= num_records is out; otherwise raw: a dword is out when soffset + offset + 4*(d+1) > num_records,
// soffset and the instruction offset counted as the hardware counts them (LLVM's AMDGPU developers:
// "voffset + imm + payload > num_records - (saturating) soffset", llvm-project PR #207821; AMD's rocjitsu
// simulator, ROCm/rocm-systems PR #10928). Out-of-range loads return 0 and stores are dropped.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <deque>
#include <iterator>
#include <string>
#include <string_view>

#include "handler_table.h"
#include "ingot_emu/number_formats.h"
#include "vector_memory.h"

namespace ingot::emu {
namespace {

struct Descriptor {
  uint64_t base;
  uint32_t stride;
  uint32_t num_records;
  uint32_t dst_sel[4];   // 0 -> 0, 1 -> 1, 4..7 -> memory component 0..3
  uint32_t num_format;   // 0 unorm, 1 snorm, 2 uscaled, 3 sscaled, 4 uint, 5 sint, 7 float
  uint32_t data_format;  // 1 "8" ... 14 "32_32_32_32"
  uint32_t index_stride;
  bool swizzle;
  bool add_tid;
};

constexpr uint32_t kSwizzleElementBytes = 4;

Descriptor read_descriptor(const Wave& wave, const Inst& inst, bool format_op) {
  const Operand* rsrc = inst.find(Role::kRsrc);
  const uint32_t slot = rsrc ? rsrc->index : 0;
  const uint32_t w0 = wave.s[slot], w1 = wave.s[slot + 1], w2 = wave.s[slot + 2], w3 = wave.s[slot + 3];
  Descriptor d{};
  d.base = w0 | (uint64_t{w1 & 0xffff} << 32);
  d.stride = (w1 >> 16) & 0x3fff;
  d.swizzle = ((w1 >> 31) & 1) != 0;
  d.num_records = w2;
  for (int c = 0; c < 4; ++c) d.dst_sel[c] = (w3 >> (3 * c)) & 7;
  d.num_format = (w3 >> 12) & 7;
  d.data_format = (w3 >> 15) & 0xf;
  d.index_stride = 8u << ((w3 >> 21) & 3);
  d.add_tid = ((w3 >> 23) & 1) != 0;
  if (d.add_tid && !format_op) d.stride |= d.data_format << 14;
  return d;
}

// Per-lane addresses and validity of `pieces` pieces of `piece_bytes` each. A format op (whole
// element range-checked "all or nothing") passes its element as one piece.
void buffer_lanes(const Wave& wave, const Inst& inst, const Descriptor& desc, uint32_t piece_bytes,
                  uint32_t pieces, VmemLanes& out) {
  const Operand* vaddr = inst.find(Role::kAddr);
  Lanes index, offset;
  std::fill(std::begin(index.v), std::end(index.v), 0u);
  std::fill(std::begin(offset.v), std::end(offset.v), 0u);
  if (inst.mem.idxen) read_lanes(wave, vaddr, index, 0);
  if (inst.mem.offen) read_lanes(wave, vaddr, offset, inst.mem.idxen ? 1 : 0);
  const Operand* soffset_op = inst.find(Role::kSoffset);
  const uint64_t soffset = soffset_op && soffset_op->kind != OperandKind::kOff ? read_s32(wave, soffset_op) : 0;
  const uint32_t inst_offset = static_cast<uint32_t>(inst.mem.offset);
  const bool private_buffer = desc.add_tid && !inst.mem.idxen;
  const bool structured = desc.stride != 0 && inst.mem.idxen;
  out.lanes = wave.exec();
  for (int l = 0; l < kWaveSize; ++l) {
    const uint64_t idx = uint64_t{index.v[l]} + (desc.add_tid ? uint64_t(l) : 0);
    const uint64_t byte_offset = uint64_t{offset.v[l]} + inst_offset;
    uint64_t buffer_offset = byte_offset + uint64_t{desc.stride} * idx;
    if (desc.swizzle) {
      const uint64_t is = desc.index_stride, es = kSwizzleElementBytes;
      buffer_offset = (idx / is * desc.stride + byte_offset / es * es) * is + idx % is * es + byte_offset % es;
    }
    out.address[l] = desc.base + soffset + buffer_offset;
    uint8_t valid = 0;
    for (uint32_t p = 0; p < pieces; ++p) {
      const bool in_range = private_buffer ? true
                            : structured   ? idx < desc.num_records
                                           : soffset + byte_offset + uint64_t{piece_bytes} * (p + 1) <= desc.num_records;
      valid |= static_cast<uint8_t>(in_range ? 1u << p : 0u);
    }
    out.valid[l] = valid;
  }
}

void buffer_lanes(const Wave& wave, const Inst& inst, uint32_t piece_bytes, uint32_t pieces, VmemLanes& out) {
  buffer_lanes(wave, inst, read_descriptor(wave, inst, false), piece_bytes, pieces, out);
}

// Swizzled buffers interleave element-size pieces: an access wider than that has no single address
// ("A single fetch instruction cannot attempt to fetch a unit larger than const-element-size").
Status check_swizzle_width(Wave& wave, const Inst& inst, uint32_t bytes) {
  if (bytes <= kSwizzleElementBytes || !read_descriptor(wave, inst, false).swizzle) return Status::ok();
  return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) + " accesses " + std::to_string(bytes) +
                                              " bytes per lane of a swizzled buffer, more than its element size (" +
                                              std::to_string(kSwizzleElementBytes) + ")");
}

template <LoadForm Form, uint32_t Dwords>
Status buffer_load(Wave& wave, const Inst& inst) {
  VmemLanes lanes;
  const uint32_t bytes = load_element_bytes(Form);
  INGOT_RETURN_IF_ERROR(check_swizzle_width(wave, inst, bytes * Dwords));
  buffer_lanes(wave, inst, bytes, Form == LoadForm::kDwords ? Dwords : 1, lanes);
  if (inst.mem.lds) return vmem_load_to_lds(wave, inst, lanes, Form, Dwords, LdsM0::kBytes);
  return vmem_load(wave, inst, lanes, Form, Dwords);
}

template <StoreForm Form, uint32_t Dwords>
Status buffer_store(Wave& wave, const Inst& inst) {
  VmemLanes lanes;
  const uint32_t bytes = Form == StoreForm::kDwords ? 4 : (Form == StoreForm::kByte || Form == StoreForm::kByteHi ? 1 : 2);
  INGOT_RETURN_IF_ERROR(check_swizzle_width(wave, inst, bytes * Dwords));
  buffer_lanes(wave, inst, bytes, Form == StoreForm::kDwords ? Dwords : 1, lanes);
  return vmem_store(wave, inst, lanes, Form, Dwords);
}

// buffer_load/store_format_*: DATA_FORMAT, NUM_FORMAT and DST_SEL come from the V# (CDNA4 ISA guide
// 9.1.4 "Buffer Data", table of data formats in 9.1.2). Supported: the formats whose components all
// have one width (8, 16, 8_8, 32, 16_16, 8_8_8_8, 32_32, 16_16_16_16, 32_32_32, 32_32_32_32), component X
// in the lowest bits. Loads: 32-bit components are not converted ("Memory reads of data in memory that
// is 32 or 64 bits do not undergo any format conversion"); narrower ones by NUM_FORMAT: uint / sint
// extend, float (16-bit) to f32, unorm x / (2^n - 1), snorm max(x / (2^(n-1) - 1), -1), u/sscaled to
// float. Stores: 32-bit components as is; narrower ones as uint / sint (truncated) or float (f16, round
// to nearest even). Out of range ("all or nothing" per element): loads give 0 in every component
// except DST_SEL = 1 ones; stores are dropped. Anything else is a fault naming the format.
struct BufferFormat {
  uint8_t components;
  uint8_t bits;  // of each component
  const char* name;
};
constexpr std::array<BufferFormat, 16> kDataFormats = {{
    {0, 0, "INVALID"}, {1, 8, "8"}, {1, 16, "16"}, {2, 8, "8_8"}, {1, 32, "32"}, {2, 16, "16_16"},
    {0, 0, "10_11_11"}, {0, 0, "11_11_10"}, {0, 0, "10_10_10_2"}, {0, 0, "2_10_10_10"}, {4, 8, "8_8_8_8"},
    {2, 32, "32_32"}, {4, 16, "16_16_16_16"}, {3, 32, "32_32_32"}, {4, 32, "32_32_32_32"}, {0, 0, "reserved"},
}};
constexpr std::array<const char*, 8> kNumFormats = {"UNORM", "SNORM", "USCALED", "SSCALED",
                                                    "UINT",  "SINT",  "reserved", "FLOAT"};
enum NumFormat : uint32_t { kUnorm = 0, kSnorm = 1, kUscaled = 2, kSscaled = 3, kUint = 4, kSint = 5, kFloat = 7 };

Status format_unsupported(const Inst& inst, const Descriptor& desc, const std::string& why) {
  return Status(StatusCode::kUnsupported,
                std::string(op_mnemonic(inst.op)) + " with data format " + kDataFormats[desc.data_format].name +
                    ", number format " + kNumFormats[desc.num_format] + ": " + why + " (not emulated)");
}

bool integer_format(uint32_t num_format) { return num_format == kUint || num_format == kSint; }

uint32_t decode_component(uint32_t raw, uint32_t bits, uint32_t num_format) {
  if (bits == 32) return raw;
  const uint32_t top = 1u << (bits - 1);
  const int32_t sign_extended = static_cast<int32_t>((raw ^ top) - top);
  switch (num_format) {
    case kUint: return raw;
    case kSint: return static_cast<uint32_t>(sign_extended);
    case kFloat: return f32_bits(f16_to_f32(static_cast<uint16_t>(raw)));
    case kUnorm: return f32_bits(static_cast<float>(raw) / static_cast<float>((top << 1) - 1));
    case kSnorm: return f32_bits(std::max(static_cast<float>(sign_extended) / static_cast<float>(top - 1), -1.0f));
    case kUscaled: return f32_bits(static_cast<float>(raw));
    default: return f32_bits(static_cast<float>(sign_extended));  // sscaled
  }
}

template <uint32_t Count, bool Store>
Status buffer_format(Wave& wave, const Inst& inst) {
  const Descriptor desc = read_descriptor(wave, inst, true);
  const BufferFormat format = kDataFormats[desc.data_format];
  if (format.components == 0) return format_unsupported(inst, desc, "packed or invalid data format");
  if (desc.num_format == 6) return format_unsupported(inst, desc, "reserved number format");
  if (format.bits == 8 && desc.num_format == kFloat) return format_unsupported(inst, desc, "8-bit float");
  if (Store && format.bits < 32 && !integer_format(desc.num_format) && desc.num_format != kFloat) {
    return format_unsupported(inst, desc, "the store rounding of normalized/scaled formats is not documented");
  }
  if (Store && Count < format.components) return format_unsupported(inst, desc, "fewer components than the format");
  if (inst.mem.lds) return format_unsupported(inst, desc, "load to LDS");
  const uint32_t element = format.components * format.bits / 8;
  if (desc.swizzle && element > kSwizzleElementBytes) {
    return format_unsupported(inst, desc, "element wider than the swizzle element size");
  }
  VmemLanes lanes;
  buffer_lanes(wave, inst, desc, element, 1, lanes);
  const uint32_t mask = format.bits == 32 ? ~0u : (1u << format.bits) - 1;
  const Operand* data = inst.find(Store ? Role::kData0 : Role::kDst);
  if (data == nullptr) data = inst.find(Role::kDst);
  Lanes values[Count];
  if constexpr (Store) {
    for (uint32_t c = 0; c < Count; ++c) read_lanes(wave, data, values[c], static_cast<int>(c));
  } else if (wave.launch->memory_model != nullptr) {
    INGOT_RETURN_IF_ERROR(memory_model_load(wave, lanes, element, 1));
  }
  const uint32_t one = integer_format(desc.num_format) ? 1u : f32_bits(1.0f);
  for (int l = 0; l < kWaveSize; ++l) {
    if (!((lanes.lanes >> l) & 1)) continue;
    const bool valid = lanes.valid[l] & 1;
    uint8_t* memory = nullptr;
    if (valid) {
      memory = global_pointer(wave, lanes.address[l], element);
      if (memory == nullptr) return global_fault(Store ? "format store" : "format load", lanes.address[l], element, l);
    }
    uint8_t bytes[16] = {};
    if constexpr (Store) {
      for (uint32_t c = 0; c < format.components; ++c) {
        uint32_t value = values[c].v[l];
        if (format.bits == 16 && desc.num_format == kFloat) value = f32_to_f16(as_f32(value));
        value &= mask;
        std::memcpy(bytes + c * format.bits / 8, &value, format.bits / 8);
      }
      if (valid) std::memcpy(memory, bytes, element);
    } else {
      if (valid) std::memcpy(bytes, memory, element);
      uint32_t components[4] = {0, 0, 0, 0};
      for (uint32_t c = 0; c < format.components; ++c) {
        uint32_t raw = 0;
        std::memcpy(&raw, bytes + c * format.bits / 8, format.bits / 8);
        components[c] = valid ? decode_component(raw, format.bits, desc.num_format) : 0;
      }
      for (uint32_t c = 0; c < Count; ++c) {
        const uint32_t sel = desc.dst_sel[c];
        if (sel >= 4 && sel - 4 >= format.components) {
          return format_unsupported(inst, desc, "DST_SEL picks a component the format does not have");
        }
        values[c].v[l] = sel == 0 ? 0 : sel == 1 ? one : sel >= 4 ? components[sel - 4] : 0;
      }
    }
  }
  account_global_access(wave, lanes.address, lanes.valid, lanes.lanes, element, 1, Store);
  if constexpr (Store) {
    if (wave.launch->memory_model != nullptr) memory_model_store(wave, inst, lanes, element, 1);
    track_store(wave, WaitCounter::kVm);
  } else {
    for (uint32_t c = 0; c < Count; ++c) write_lanes(wave, data, values[c], lanes.lanes, static_cast<int>(c));
    track_load(wave, inst, WaitCounter::kVm, data);
  }
  return Status::ok();
}

constexpr size_t kOps = static_cast<size_t>(Op::kNumOps);
constexpr std::string_view kAtomicPrefix = "buffer_atomic_";

Status buffer_atomic(Wave& wave, const Inst& inst) {
  static const auto table = [] {
    std::array<std::pair<Atomic32, Atomic64>, kOps> ops{};
    for (size_t i = 0; i < kOps; ++i) {
      const std::string_view name = op_mnemonic(static_cast<Op>(i));
      if (name.substr(0, kAtomicPrefix.size()) != kAtomicPrefix) continue;
      const std::string stem(name.substr(kAtomicPrefix.size()));
      ops[i] = {atomic32_op(stem.c_str()), atomic64_op(stem.c_str())};
    }
    return ops;
  }();
  const auto [op32, op64] = table[static_cast<size_t>(inst.op)];
  const bool cmpswap = op_mnemonic(inst.op).find("cmpswap") != std::string_view::npos;
  VmemLanes lanes;
  if (op32 != nullptr) {
    buffer_lanes(wave, inst, 4, 1, lanes);
    return vmem_atomic32(wave, inst, lanes, op32, cmpswap);
  }
  if (op64 != nullptr) {
    INGOT_RETURN_IF_ERROR(check_swizzle_width(wave, inst, 8));
    buffer_lanes(wave, inst, 8, 1, lanes);
    return vmem_atomic64(wave, inst, lanes, op64, cmpswap);
  }
  return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) + " is not emulated");
}

}  // namespace

void register_buffer(HandlerRegistry& r) {
  r.add("buffer_load_format_x", buffer_format<1, false>);
  r.add("buffer_load_format_xy", buffer_format<2, false>);
  r.add("buffer_load_format_xyz", buffer_format<3, false>);
  r.add("buffer_load_format_xyzw", buffer_format<4, false>);
  r.add("buffer_store_format_x", buffer_format<1, true>);
  r.add("buffer_store_format_xy", buffer_format<2, true>);
  r.add("buffer_store_format_xyz", buffer_format<3, true>);
  r.add("buffer_store_format_xyzw", buffer_format<4, true>);
  r.add("buffer_load_dword", buffer_load<LoadForm::kDwords, 1>);
  r.add("buffer_load_dwordx2", buffer_load<LoadForm::kDwords, 2>);
  r.add("buffer_load_dwordx3", buffer_load<LoadForm::kDwords, 3>);
  r.add("buffer_load_dwordx4", buffer_load<LoadForm::kDwords, 4>);
  r.add("buffer_load_ubyte", buffer_load<LoadForm::kU8, 1>);
  r.add("buffer_load_sbyte", buffer_load<LoadForm::kI8, 1>);
  r.add("buffer_load_ushort", buffer_load<LoadForm::kU16, 1>);
  r.add("buffer_load_sshort", buffer_load<LoadForm::kI16, 1>);
  r.add("buffer_load_ubyte_d16", buffer_load<LoadForm::kD16U8, 1>);
  r.add("buffer_load_sbyte_d16", buffer_load<LoadForm::kD16I8, 1>);
  r.add("buffer_load_short_d16", buffer_load<LoadForm::kD16U16, 1>);
  r.add("buffer_load_ubyte_d16_hi", buffer_load<LoadForm::kD16HiU8, 1>);
  r.add("buffer_load_sbyte_d16_hi", buffer_load<LoadForm::kD16HiI8, 1>);
  r.add("buffer_load_short_d16_hi", buffer_load<LoadForm::kD16HiU16, 1>);
  r.add("buffer_store_dword", buffer_store<StoreForm::kDwords, 1>);
  r.add("buffer_store_dwordx2", buffer_store<StoreForm::kDwords, 2>);
  r.add("buffer_store_dwordx3", buffer_store<StoreForm::kDwords, 3>);
  r.add("buffer_store_dwordx4", buffer_store<StoreForm::kDwords, 4>);
  r.add("buffer_store_byte", buffer_store<StoreForm::kByte, 1>);
  r.add("buffer_store_byte_d16_hi", buffer_store<StoreForm::kByteHi, 1>);
  r.add("buffer_store_short", buffer_store<StoreForm::kShort, 1>);
  r.add("buffer_store_short_d16_hi", buffer_store<StoreForm::kShortHi, 1>);
  // Cache maintenance has no effect on the emulator's memory; the memory-model checker tracks it.
  r.add("buffer_wbl2", +[](Wave& wave, const Inst& inst) {
    if (wave.launch->memory_model != nullptr) memory_model_writeback(wave, inst);
    return Status::ok();
  });
  r.add("buffer_inv", +[](Wave& wave, const Inst& inst) {
    if (wave.launch->memory_model != nullptr) memory_model_invalidate(wave, inst);
    return Status::ok();
  });
  for (const char* stem : kVmemAtomicStems) {
    static std::deque<std::string> names;
    names.push_back(std::string(kAtomicPrefix) + stem);
    r.add(names.back(), buffer_atomic);
  }
}

}  // namespace ingot::emu
