// Kernel descriptor layout and bit fields: LLVM AMDGPUUsage "Kernel Descriptor" and
// "compute_pgm_rsrc1/2/3" tables (GFX9 / GFX90A+ rows).
#include <cstring>

#include "ingot/tooling/arch.h"
#include "ingot/tooling/code_object.h"

namespace ingot {
namespace {

// Byte offsets inside the 64-byte descriptor.
constexpr size_t kGroupSegmentOffset = 0;
constexpr size_t kPrivateSegmentOffset = 4;
constexpr size_t kKernargSizeOffset = 8;
constexpr size_t kEntryOffsetOffset = 16;
constexpr size_t kRsrc3Offset = 44;
constexpr size_t kRsrc1Offset = 48;
constexpr size_t kRsrc2Offset = 52;
constexpr size_t kCodePropertiesOffset = 56;
constexpr size_t kKernargPreloadOffset = 58;

// A bit field [low, low + width).
struct Field {
  unsigned low;
  unsigned width;
  uint32_t of(uint32_t word) const { return (word >> low) & ((1u << width) - 1u); }
  bool bit(uint32_t word) const { return of(word) != 0; }
};

namespace rsrc1 {
constexpr Field kVgprBlocks{0, 6};
constexpr Field kSgprBlocks{6, 4};
constexpr Field kFloatRound32{12, 2};
constexpr Field kFloatRound16_64{14, 2};
constexpr Field kFloatDenorm32{16, 2};
constexpr Field kFloatDenorm16_64{18, 2};
constexpr Field kDx10Clamp{21, 1};
constexpr Field kIeeeMode{23, 1};
constexpr Field kFp16Overflow{26, 1};
}  // namespace rsrc1

namespace rsrc2 {
constexpr Field kPrivateSegment{0, 1};
constexpr Field kUserSgprCount{1, 5};
constexpr Field kTrapHandler{6, 1};
constexpr Field kWorkgroupIdX{7, 1};
constexpr Field kWorkgroupIdY{8, 1};
constexpr Field kWorkgroupIdZ{9, 1};
constexpr Field kWorkgroupInfo{10, 1};
constexpr Field kWorkitemIdVgprs{11, 2};
constexpr Field kLdsSize{15, 9};
}  // namespace rsrc2

namespace rsrc3 {
constexpr Field kAccumOffset{0, 6};
constexpr Field kTgSplit{16, 1};
// ACCUM_OFFSET is in units of 4 registers, stored minus one.
constexpr uint32_t kAccumOffsetGranule = 4;
}  // namespace rsrc3

namespace properties {
constexpr Field kPrivateSegmentBuffer{0, 1};
constexpr Field kDispatchPtr{1, 1};
constexpr Field kQueuePtr{2, 1};
constexpr Field kKernargSegmentPtr{3, 1};
constexpr Field kDispatchId{4, 1};
constexpr Field kFlatScratchInit{5, 1};
constexpr Field kPrivateSegmentSize{6, 1};
constexpr Field kWavefrontSize32{10, 1};
constexpr Field kUsesDynamicStack{11, 1};
}  // namespace properties

template <typename T>
T read_le(std::span<const uint8_t> bytes, size_t offset) {
  T value{};
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

}  // namespace

Result<KernelDescriptor> decode_kernel_descriptor(std::span<const uint8_t> bytes, uint64_t address,
                                                  std::string_view arch) {
  if (bytes.size() < KernelDescriptor::kSize) {
    return Status(StatusCode::kCorruptCodeObject, "kernel descriptor is " + std::to_string(bytes.size()) +
                                                      " bytes, expected " + std::to_string(KernelDescriptor::kSize));
  }
  KernelDescriptor kd;
  kd.group_segment_fixed_size = read_le<uint32_t>(bytes, kGroupSegmentOffset);
  kd.private_segment_fixed_size = read_le<uint32_t>(bytes, kPrivateSegmentOffset);
  kd.kernarg_size = read_le<uint32_t>(bytes, kKernargSizeOffset);
  kd.kernel_code_entry_byte_offset = read_le<int64_t>(bytes, kEntryOffsetOffset);
  kd.compute_pgm_rsrc3 = read_le<uint32_t>(bytes, kRsrc3Offset);
  kd.compute_pgm_rsrc1 = read_le<uint32_t>(bytes, kRsrc1Offset);
  kd.compute_pgm_rsrc2 = read_le<uint32_t>(bytes, kRsrc2Offset);
  kd.kernel_code_properties = read_le<uint16_t>(bytes, kCodePropertiesOffset);
  kd.kernarg_preload = read_le<uint16_t>(bytes, kKernargPreloadOffset);

  kd.address = address;
  // Wrapping add on purpose: a lying offset gives a wrong address, which callers bounds-check,
  // never signed-overflow UB.
  kd.entry_address = address + static_cast<uint64_t>(kd.kernel_code_entry_byte_offset);

  const ArchInfo* info = find_arch(arch);
  const uint32_t r1 = kd.compute_pgm_rsrc1;
  kd.granulated_vgpr_count = rsrc1::kVgprBlocks.of(r1);
  kd.granulated_sgpr_count = rsrc1::kSgprBlocks.of(r1);
  kd.allocated_vgprs = info ? (kd.granulated_vgpr_count + 1) * info->vgpr_alloc_granule : 0;
  kd.float_round_mode_32 = rsrc1::kFloatRound32.of(r1);
  kd.float_round_mode_16_64 = rsrc1::kFloatRound16_64.of(r1);
  kd.float_denorm_mode_32 = rsrc1::kFloatDenorm32.of(r1);
  kd.float_denorm_mode_16_64 = rsrc1::kFloatDenorm16_64.of(r1);
  kd.dx10_clamp = rsrc1::kDx10Clamp.bit(r1);
  kd.ieee_mode = rsrc1::kIeeeMode.bit(r1);
  kd.fp16_overflow = rsrc1::kFp16Overflow.bit(r1);

  const uint32_t r2 = kd.compute_pgm_rsrc2;
  kd.private_segment_wave_offset = rsrc2::kPrivateSegment.bit(r2);
  kd.user_sgpr_count = rsrc2::kUserSgprCount.of(r2);
  kd.trap_handler = rsrc2::kTrapHandler.bit(r2);
  kd.workgroup_id_x = rsrc2::kWorkgroupIdX.bit(r2);
  kd.workgroup_id_y = rsrc2::kWorkgroupIdY.bit(r2);
  kd.workgroup_id_z = rsrc2::kWorkgroupIdZ.bit(r2);
  kd.workgroup_info = rsrc2::kWorkgroupInfo.bit(r2);
  kd.workitem_id_vgprs = rsrc2::kWorkitemIdVgprs.of(r2);
  kd.granulated_lds_size = rsrc2::kLdsSize.of(r2);
  kd.lds_bytes = info ? kd.granulated_lds_size * info->lds_granule_bytes : 0;

  const uint32_t r3 = kd.compute_pgm_rsrc3;
  if (info == nullptr || info->has_agprs) {
    kd.accum_offset_field = rsrc3::kAccumOffset.of(r3);
    kd.accum_offset = (kd.accum_offset_field + 1) * rsrc3::kAccumOffsetGranule;
    kd.tg_split = rsrc3::kTgSplit.bit(r3);
  }

  const uint32_t props = kd.kernel_code_properties;
  kd.enable_private_segment_buffer = properties::kPrivateSegmentBuffer.bit(props);
  kd.enable_dispatch_ptr = properties::kDispatchPtr.bit(props);
  kd.enable_queue_ptr = properties::kQueuePtr.bit(props);
  kd.enable_kernarg_segment_ptr = properties::kKernargSegmentPtr.bit(props);
  kd.enable_dispatch_id = properties::kDispatchId.bit(props);
  kd.enable_flat_scratch_init = properties::kFlatScratchInit.bit(props);
  kd.enable_private_segment_size = properties::kPrivateSegmentSize.bit(props);
  kd.enable_wavefront_size32 = properties::kWavefrontSize32.bit(props);
  kd.uses_dynamic_stack = properties::kUsesDynamicStack.bit(props);
  return kd;
}

}  // namespace ingot
