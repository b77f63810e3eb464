// Hidden kernel arguments (exec/src/hidden_args.h) against LLVM AMDGPUUsage's code object V5 table
// ("AMDHSA Code Object V5 Kernel Argument Metadata Map Additions and Changes"): each expected value is
// written here from the table's sentence for that kind, not taken from the emulator. The slot layout is
// the one the pinned LLVM gives a Triton kernel with one pointer argument (its metadata, offsets 24..88).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "hidden_args.h"

namespace ingot::emu {
namespace {

KernelMetadata triton_like_kernel() {
  KernelMetadata kernel;
  kernel.name = "grid_info";
  kernel.kernarg_segment_size = 136;
  kernel.args = {{"", 0, 8, "global_buffer", ""},          {"", 8, 4, "by_value", ""},
                 {"", 24, 4, "hidden_block_count_x", ""},  {"", 28, 4, "hidden_block_count_y", ""},
                 {"", 32, 4, "hidden_block_count_z", ""},  {"", 36, 2, "hidden_group_size_x", ""},
                 {"", 38, 2, "hidden_group_size_y", ""},   {"", 40, 2, "hidden_group_size_z", ""},
                 {"", 42, 2, "hidden_remainder_x", ""},    {"", 44, 2, "hidden_remainder_y", ""},
                 {"", 46, 2, "hidden_remainder_z", ""},    {"", 64, 8, "hidden_global_offset_x", ""},
                 {"", 72, 8, "hidden_global_offset_y", ""}, {"", 80, 8, "hidden_global_offset_z", ""},
                 {"", 88, 2, "hidden_grid_dims", ""},      {"", 96, 8, "hidden_heap_v1", ""},
                 {"", 104, 8, "hidden_printf_buffer", ""}, {"", 112, 8, "hidden_hostcall_buffer", ""},
                 {"", 120, 4, "hidden_dynamic_lds_size", ""}, {"", 124, 4, "hidden_none", ""},
                 {"", 128, 8, "hidden_queue_ptr", ""}};
  return kernel;
}

uint64_t read_le(const std::vector<uint8_t>& bytes, uint32_t offset, uint32_t size) {
  uint64_t value = 0;
  for (uint32_t i = 0; i < size; ++i) value |= uint64_t{bytes[offset + i]} << (8 * i);
  return value;
}

TEST(HiddenArgs, EachFieldFollowsTheCodeObjectV5Table) {
  const KernelMetadata kernel = triton_like_kernel();
  // 7 x 3 x 2 work-groups of 64 x 2 x 1 work-items, 512 bytes of dynamic LDS.
  const DispatchShape shape{{7, 3, 2}, {64, 2, 1}, 512};
  std::vector<uint8_t> kernarg(136, 0xab);  // 0xab: what the caller left in every byte
  ASSERT_TRUE(fill_hidden_args(kernel, shape, kernarg).is_ok());

  // Explicit arguments are the caller's.
  EXPECT_EQ(read_le(kernarg, 0, 8), 0xababababababababull);
  EXPECT_EQ(read_le(kernarg, 8, 4), 0xababababu);
  // "The grid dispatch work-group count for the X dimension": whole work-groups per axis.
  EXPECT_EQ(read_le(kernarg, 24, 4), 7u);
  EXPECT_EQ(read_le(kernarg, 28, 4), 3u);
  EXPECT_EQ(read_le(kernarg, 32, 4), 2u);
  // "the same value as the AQL dispatch packet work-group size".
  EXPECT_EQ(read_le(kernarg, 36, 2), 64u);
  EXPECT_EQ(read_le(kernarg, 38, 2), 2u);
  EXPECT_EQ(read_le(kernarg, 40, 2), 1u);
  // "Must be zero if a partial work group does not exist": a launch here is whole work-groups.
  for (uint32_t offset : {42u, 44u, 46u}) EXPECT_EQ(read_le(kernarg, offset, 2), 0u) << offset;
  for (uint32_t offset : {64u, 72u, 80u}) EXPECT_EQ(read_le(kernarg, offset, 8), 0u) << offset;
  // "the same value as the AQL dispatch packet dimensionality": z is wider than 1, so 3.
  EXPECT_EQ(read_le(kernarg, 88, 2), 3u);
  // Pointers to runtime objects the emulator does not have: null.
  for (uint32_t offset : {96u, 104u, 112u, 128u}) EXPECT_EQ(read_le(kernarg, offset, 8), 0u) << offset;
  // "Size of the dynamically allocated LDS memory".
  EXPECT_EQ(read_le(kernarg, 120, 4), 512u);
  // hidden_none is padding: untouched, as are the gaps between slots.
  EXPECT_EQ(read_le(kernarg, 124, 4), 0xababababu);
  EXPECT_EQ(read_le(kernarg, 48, 8), 0xababababababababull);
}

TEST(HiddenArgs, GridDimsIsTheHighestAxisWiderThanOneWorkItem) {
  EXPECT_EQ(dispatch_dimensions({{1, 1, 1}, {1, 1, 1}, 0}), 1);
  EXPECT_EQ(dispatch_dimensions({{9, 1, 1}, {256, 1, 1}, 0}), 1);
  // One work-group in y, but two work-items per group in y: the packet's grid is two wide in y.
  EXPECT_EQ(dispatch_dimensions({{4, 1, 1}, {64, 2, 1}, 0}), 2);
  EXPECT_EQ(dispatch_dimensions({{4, 5, 1}, {64, 1, 1}, 0}), 2);
  EXPECT_EQ(dispatch_dimensions({{1, 1, 2}, {64, 1, 1}, 0}), 3);
}

TEST(HiddenArgs, ExplicitKindsAreNotHidden) {
  const DispatchShape shape{{2, 1, 1}, {64, 1, 1}, 0};
  EXPECT_FALSE(hidden_arg_value("by_value", shape).has_value());
  EXPECT_FALSE(hidden_arg_value("global_buffer", shape).has_value());
  EXPECT_FALSE(hidden_arg_value("hidden_none", shape).has_value());
  EXPECT_EQ(hidden_arg_value("hidden_block_count_x", shape), 2u);
}

TEST(HiddenArgs, SlotOutsideTheSegmentIsAnError) {
  KernelMetadata kernel;
  kernel.name = "hostile";
  kernel.args = {{"", 60, 8, "hidden_block_count_x", ""}};
  std::vector<uint8_t> kernarg(64, 0);
  const Status status = fill_hidden_args(kernel, {{1, 1, 1}, {64, 1, 1}, 0}, kernarg);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("hidden_block_count_x"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("hostile"), std::string::npos) << status.message();
}

}  // namespace
}  // namespace ingot::emu
