// The code-object reader on real objects assembled by LLVM from fixtures/scale_kernel.s.in.
// Expected values come from that source (directives, hand-written metadata) and AMDGPUUsage's
// field definitions; the descriptor bytes themselves were encoded by LLVM, not by us.
#include <gtest/gtest.h>

#include "ingot/tooling/arch.h"
#include "ingot/tooling/code_object.h"
#include "test_support.h"

namespace ingot {
namespace {

#define REQUIRE_FIXTURE(var, name)                                             \
  auto var##_maybe = test::fixture_bytes(name);                                \
  if (!var##_maybe) GTEST_SKIP() << "fixture " << name << " was not built (no assembler)"; \
  const std::vector<uint8_t>& var = *var##_maybe

TEST(CodeObject, ReadsHeaderOfGfx942Object) {
  REQUIRE_FIXTURE(bytes, "scale_gfx942");
  auto object = read_code_object(bytes);
  ASSERT_TRUE(object.is_ok()) << object.status().to_string();
  EXPECT_EQ(object->e_machine, 224);
  EXPECT_EQ(object->e_type, 3);  // ET_DYN: linked by LLD
  EXPECT_EQ(object->os_abi, 64);
  EXPECT_EQ(object->abi_version, 3);
  EXPECT_EQ(object->code_object_version, 5u);
  EXPECT_EQ(object->mach, 0x4cu);
  EXPECT_EQ(object->arch, "gfx942");
  EXPECT_EQ(object->xnack, TargetFeature::kAny);  // no :xnack+/- in the target id
  EXPECT_EQ(object->sramecc, TargetFeature::kAny);
  EXPECT_EQ(object->target, "amdgcn-amd-amdhsa--gfx942");
}

TEST(CodeObject, Gfx950ObjectHasItsMach) {
  REQUIRE_FIXTURE(bytes, "scale_gfx950");
  auto object = read_code_object(bytes);
  ASSERT_TRUE(object.is_ok()) << object.status().to_string();
  EXPECT_EQ(object->mach, 0x4fu);
  EXPECT_EQ(object->arch, "gfx950");
  ASSERT_EQ(object->kernels.size(), 1u);
  EXPECT_EQ(object->kernels[0].metadata.name, "scale_gfx950");
}

TEST(CodeObject, SymbolsAndText) {
  REQUIRE_FIXTURE(bytes, "scale_gfx942");
  auto object = read_code_object(bytes);
  ASSERT_TRUE(object.is_ok());
  const ElfSymbol* function = object->find_symbol("scale_gfx942");
  const ElfSymbol* descriptor = object->find_symbol("scale_gfx942.kd");
  ASSERT_NE(function, nullptr);
  ASSERT_NE(descriptor, nullptr);
  EXPECT_EQ(function->type, 2);        // STT_FUNC
  EXPECT_EQ(descriptor->type, 1);      // STT_OBJECT
  EXPECT_EQ(descriptor->size, 64u);
  EXPECT_EQ(object->find_symbol("no_such_symbol"), nullptr);
  // The kernel is the first thing in .text; its first instruction is s_load_dwordx4 s[4:7], s[0:1], 0x0,
  // which LLVM encodes as 0xC00A0100 0x00000000 (python -m gen encode --arch gfx942).
  EXPECT_EQ(object->text_address, function->value);
  ASSERT_GE(object->text.size(), 8u);
  const std::vector<uint8_t> first(object->text.begin(), object->text.begin() + 8);
  EXPECT_EQ(first, (std::vector<uint8_t>{0x00, 0x01, 0x0a, 0xc0, 0x00, 0x00, 0x00, 0x00}));
  // Nine instructions of 4 or 8 bytes: s_endpgm (4 bytes) ends it.
  const std::vector<uint8_t> last(object->text.end() - 4, object->text.end());
  EXPECT_EQ(last, (std::vector<uint8_t>{0x00, 0x00, 0x81, 0xbf}));  // s_endpgm = SOPP op 1
  bool has_executable_segment = false;
  for (const LoadSegment& segment : object->segments) {
    if ((segment.flags & 1u) != 0 && segment.vaddr <= function->value &&
        function->value < segment.vaddr + segment.mem_size) {
      has_executable_segment = true;
    }
  }
  EXPECT_TRUE(has_executable_segment);
}

TEST(CodeObject, KernelMetadata) {
  REQUIRE_FIXTURE(bytes, "scale_gfx942");
  auto object = read_code_object(bytes);
  ASSERT_TRUE(object.is_ok());
  ASSERT_EQ(object->kernels.size(), 1u);
  const CodeObjectKernel* kernel = object->find_kernel("scale_gfx942");
  ASSERT_NE(kernel, nullptr);
  const KernelMetadata& m = kernel->metadata;
  EXPECT_EQ(m.symbol, "scale_gfx942.kd");
  EXPECT_EQ(m.kernarg_segment_size, 24u);
  EXPECT_EQ(m.kernarg_segment_align, 8u);
  EXPECT_EQ(m.group_segment_fixed_size, 1024u);
  EXPECT_EQ(m.private_segment_fixed_size, 0u);
  EXPECT_EQ(m.wavefront_size, 64u);
  EXPECT_EQ(m.sgpr_count, 20u);
  EXPECT_EQ(m.vgpr_count, 12u);
  EXPECT_EQ(m.agpr_count, 8u);
  EXPECT_EQ(m.max_flat_workgroup_size, 256u);
  ASSERT_EQ(m.args.size(), 4u);
  EXPECT_EQ(m.args[0].name, "in");
  EXPECT_EQ(m.args[0].value_kind, "global_buffer");
  EXPECT_EQ(m.args[0].address_space, "global");
  EXPECT_EQ(m.args[1].name, "out");
  EXPECT_EQ(m.args[1].offset, 8u);
  EXPECT_EQ(m.args[2].name, "n");
  EXPECT_EQ(m.args[2].offset, 16u);
  EXPECT_EQ(m.args[2].size, 4u);
  EXPECT_EQ(m.args[2].value_kind, "by_value");
  EXPECT_EQ(m.args[3].name, "");
  EXPECT_EQ(m.args[3].offset, 20u);
  EXPECT_EQ(m.args[3].value_kind, "hidden_block_count_x");
}

TEST(CodeObject, KernelDescriptorFields) {
  REQUIRE_FIXTURE(bytes, "scale_gfx942");
  auto object = read_code_object(bytes);
  ASSERT_TRUE(object.is_ok());
  const KernelDescriptor& kd = object->kernels.at(0).descriptor;
  EXPECT_EQ(kd.address, object->find_symbol("scale_gfx942.kd")->value);
  EXPECT_EQ(kd.entry_address, object->find_symbol("scale_gfx942")->value);
  EXPECT_EQ(kd.group_segment_fixed_size, 1024u);
  EXPECT_EQ(kd.private_segment_fixed_size, 0u);
  EXPECT_EQ(kd.kernarg_size, 24u);
  // next_free_vgpr 20 (12 arch + 8 acc): ceil(20 / 8) - 1 = 2 blocks of 8 -> 24 registers.
  EXPECT_EQ(kd.granulated_vgpr_count, 2u);
  EXPECT_EQ(kd.allocated_vgprs, 24u);
  // next_free_sgpr 20 + VCC, FLAT_SCRATCH, XNACK_MASK (6) = 26: ceil(26 / 8) - 1 = 3.
  EXPECT_EQ(kd.granulated_sgpr_count, 3u);
  EXPECT_EQ(kd.float_round_mode_32, 1u);
  EXPECT_EQ(kd.float_round_mode_16_64, 0u);
  EXPECT_EQ(kd.float_denorm_mode_32, 3u);
  EXPECT_EQ(kd.float_denorm_mode_16_64, 3u);
  EXPECT_TRUE(kd.dx10_clamp);
  EXPECT_FALSE(kd.ieee_mode);
  EXPECT_EQ(kd.user_sgpr_count, 2u);  // the kernarg segment pointer only
  EXPECT_TRUE(kd.workgroup_id_x);
  EXPECT_TRUE(kd.workgroup_id_y);
  EXPECT_FALSE(kd.workgroup_id_z);
  EXPECT_EQ(kd.workitem_id_vgprs, 1u);
  EXPECT_EQ(kd.accum_offset_field, 2u);  // 12 / 4 - 1
  EXPECT_EQ(kd.accum_offset, 12u);
  EXPECT_FALSE(kd.tg_split);
  EXPECT_TRUE(kd.enable_kernarg_segment_ptr);
  EXPECT_FALSE(kd.enable_dispatch_ptr);
  EXPECT_FALSE(kd.enable_queue_ptr);
  EXPECT_FALSE(kd.enable_private_segment_buffer);
  EXPECT_FALSE(kd.enable_wavefront_size32);
  EXPECT_FALSE(kd.uses_dynamic_stack);
}

TEST(CodeObject, DecodeDescriptorFromHandBuiltBytes) {
  // A descriptor assembled here from AMDGPUUsage's layout, independent of LLVM's fixture.
  std::vector<uint8_t> bytes(64, 0);
  auto put32 = [&](size_t offset, uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes[offset + i] = static_cast<uint8_t>(value >> (8 * i));
  };
  put32(0, 65536);                        // group segment
  put32(4, 16);                           // private segment
  put32(8, 256);                          // kernarg size
  put32(16, 0xffffff00u);                 // entry offset -256 (low half)
  put32(20, 0xffffffffu);                 // (high half)
  put32(44, (1u << 16) | 31u);            // rsrc3: TG_SPLIT, ACCUM_OFFSET 31 -> 128
  put32(48, 63u | (5u << 6) | (1u << 23));  // rsrc1: 64 VGPR blocks, SGPR field 5, IEEE
  put32(52, 1u | (6u << 1) | (1u << 9) | (2u << 11) | (100u << 15));  // rsrc2
  bytes[56] = 0x09;                       // private segment buffer + kernarg ptr
  bytes[57] = 0x08;                       // bit 11: dynamic stack
  auto kd = decode_kernel_descriptor(bytes, 0x1000, "gfx950");
  ASSERT_TRUE(kd.is_ok());
  EXPECT_EQ(kd->group_segment_fixed_size, 65536u);
  EXPECT_EQ(kd->private_segment_fixed_size, 16u);
  EXPECT_EQ(kd->kernarg_size, 256u);
  EXPECT_EQ(kd->kernel_code_entry_byte_offset, -256);
  EXPECT_EQ(kd->entry_address, 0xf00u);
  EXPECT_EQ(kd->allocated_vgprs, 512u);
  EXPECT_EQ(kd->granulated_sgpr_count, 5u);
  EXPECT_TRUE(kd->ieee_mode);
  EXPECT_TRUE(kd->private_segment_wave_offset);
  EXPECT_EQ(kd->user_sgpr_count, 6u);
  EXPECT_FALSE(kd->workgroup_id_x);
  EXPECT_TRUE(kd->workgroup_id_z);
  EXPECT_EQ(kd->workitem_id_vgprs, 2u);
  EXPECT_EQ(kd->granulated_lds_size, 100u);
  EXPECT_EQ(kd->lds_bytes, 100u * 1280u);  // gfx950 granule: 320 dwords
  EXPECT_EQ(kd->accum_offset, 128u);
  EXPECT_TRUE(kd->tg_split);
  EXPECT_TRUE(kd->enable_private_segment_buffer);
  EXPECT_TRUE(kd->enable_kernarg_segment_ptr);
  EXPECT_TRUE(kd->uses_dynamic_stack);
  auto gfx942 = decode_kernel_descriptor(bytes, 0x1000, "gfx942");
  EXPECT_EQ(gfx942->lds_bytes, 100u * 512u);
  EXPECT_FALSE(decode_kernel_descriptor(std::span<const uint8_t>(bytes).first(63), 0, "gfx942").is_ok());
}

TEST(Arch, TableMatchesPublishedFacts) {
  // AMDGPUUsage EF_AMDGPU_MACH values and the CDNA3/CDNA4 LDS sizes (isa-notes.md).
  const ArchInfo* gfx942 = find_arch("gfx942");
  const ArchInfo* gfx950 = find_arch("gfx950");
  ASSERT_NE(gfx942, nullptr);
  ASSERT_NE(gfx950, nullptr);
  EXPECT_EQ(gfx942->mach, 0x4cu);
  EXPECT_EQ(gfx950->mach, 0x4fu);
  EXPECT_EQ(gfx942->lds_bytes, 64u * 1024u);
  EXPECT_EQ(gfx950->lds_bytes, 160u * 1024u);
  EXPECT_EQ(gfx942->max_vgprs, 512u);
  EXPECT_EQ(gfx942->max_sgprs, 102u);
  EXPECT_EQ(find_arch_by_mach(0x4f), gfx950);
  EXPECT_EQ(find_arch("gfx90a"), nullptr);
  EXPECT_EQ(mach_name(0x3f), "gfx90a");
  EXPECT_EQ(mach_name(0x40), "gfx940");
  EXPECT_EQ(mach_name(0xee), "unknown");
}

}  // namespace
}  // namespace ingot
