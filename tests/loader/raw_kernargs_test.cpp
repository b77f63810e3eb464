// pack_raw_kernargs (ingot/tooling/raw_launch.h): arguments by name against a code object's own metadata.
// Expected bytes are written out by hand from the layouts below (and, for the fixture, from the .args
// of fixtures/scale_kernel.s.in as LLVM assembled them), never produced by the packer itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <span>

#include "ingot/tooling/code_object.h"
#include "ingot/tooling/raw_launch.h"
#include "test_support.h"

namespace ingot {
namespace {

KernelArgMetadata slot(std::string name, uint32_t offset, uint32_t size, std::string kind) {
  KernelArgMetadata a;
  a.name = std::move(name);
  a.offset = offset;
  a.size = size;
  a.value_kind = std::move(kind);
  return a;
}

// ptr A @0, i32 n @8, f32 alpha @12, then hidden arguments as code object v5 lays them out after them.
KernelMetadata sample_kernel() {
  KernelMetadata k;
  k.name = "sample";
  k.kernarg_segment_size = 48;
  k.args = {slot("A", 0, 8, "global_buffer"),         slot("n", 8, 4, "by_value"),
            slot("alpha", 12, 4, "by_value"),         slot("", 16, 4, "hidden_block_count_x"),
            slot("", 20, 4, "hidden_block_count_y"),  slot("", 24, 2, "hidden_group_size_x"),
            slot("", 26, 2, "hidden_group_size_y"),   slot("", 28, 2, "hidden_remainder_x"),
            slot("", 30, 2, "hidden_grid_dims"),      slot("", 32, 8, "hidden_heap_v1")};
  return k;
}

const std::array<uint32_t, 3> kGrid{5, 3, 1};
const std::array<uint32_t, 3> kBlock{256, 2, 1};

std::vector<RawKernArg> sample_values() {
  return {RawKernArg::pointer("A", 0x00007f0012345678ull), RawKernArg::scalar("n", {0xfd, 0xff, 0xff, 0xff}),
          RawKernArg::scalar("alpha", {0x00, 0x00, 0x00, 0x3f})};  // n = -3, alpha = 0.5f
}

TEST(RawKernargs, PlacesValuesAndHiddenArgumentsAtTheMetadataOffsets) {
  const KernelMetadata k = sample_kernel();
  const auto values = sample_values();
  auto packed = pack_raw_kernargs(k, values, kGrid, kBlock);
  ASSERT_TRUE(packed.is_ok()) << packed.status().to_string();
  const std::vector<uint8_t> expected = {
      0x78, 0x56, 0x34, 0x12, 0x00, 0x7f, 0x00, 0x00,  // A
      0xfd, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x3f,  // n, alpha
      5,    0,    0,    0,    3,    0,    0,    0,     // block counts x, y
      0x00, 0x01, 2,    0,    0,    0,    2,    0,     // group sizes 256, 2; remainder 0; grid dims 2
      0,    0,    0,    0,    0,    0,    0,    0,     // heap pointer: the runtime's, left 0
      0,    0,    0,    0,    0,    0,    0,    0,     // segment padding up to kernarg_segment_size
  };
  EXPECT_EQ(packed.value(), expected);
}

// AMDGPUUsage: hidden_grid_dims is "the same value as the AQL dispatch packet dimensionality", and the packet's
// grid is in work-items: one work-group of 256x2 work-items is a 2-D dispatch, however few work-groups there are.
TEST(RawKernargs, GridDimsCountsTheHighestAxisOfTheWorkItemGrid) {
  KernelMetadata k;
  k.name = "dims";
  k.args = {slot("", 0, 2, "hidden_grid_dims")};
  using Axes = std::array<uint32_t, 3>;
  struct Case {
    Axes grid, block;
    uint8_t dims;
  };
  for (const Case& c : {Case{{7, 1, 1}, {256, 1, 1}, 1}, Case{{1, 1, 2}, {256, 1, 1}, 3}, Case{{7, 1, 1}, {256, 2, 1}, 2},
                        Case{{1, 1, 1}, {64, 1, 4}, 3}, Case{{1, 3, 1}, {64, 1, 1}, 2}}) {
    auto packed = pack_raw_kernargs(k, {}, c.grid, c.block);
    ASSERT_TRUE(packed.is_ok()) << packed.status().to_string();
    EXPECT_EQ(packed.value(), (std::vector<uint8_t>{c.dims, 0}));
  }
}

TEST(RawKernargs, RejectsWhatTheMetadataDoesNotAllow) {
  const KernelMetadata k = sample_kernel();
  auto fails_with = [&](std::vector<RawKernArg> values, const std::string& text) {
    auto packed = pack_raw_kernargs(k, values, kGrid, kBlock);
    ASSERT_FALSE(packed.is_ok()) << text;
    EXPECT_EQ(packed.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(packed.status().message().find(text), std::string::npos) << packed.status().message();
    EXPECT_NE(packed.status().message().find("kernel sample"), std::string::npos) << packed.status().message();
  };
  auto values = sample_values();
  values.push_back(RawKernArg::scalar("nope", {1}));
  fails_with(values, "no argument 'nope'");
  values = sample_values();
  values.push_back(RawKernArg::scalar("n", {1, 0, 0, 0}));
  fails_with(values, "'n' given more times than its 1 slot(s)");
  values = sample_values();
  values[1] = RawKernArg::scalar("n", {1, 0});
  fails_with(values, "'n' is 4 bytes, the value given is 2");
  values = sample_values();
  values[1] = RawKernArg::pointer("n", 0x1000);
  fails_with(values, "'n' is not a pointer");
  values = sample_values();
  values.pop_back();
  fails_with(values, "'alpha' (by_value, offset 12) has no value");
  // An unnamed hidden slot cannot be addressed by the empty name.
  values = sample_values();
  values.push_back(RawKernArg::scalar("", {0, 0, 0, 0}));
  fails_with(values, "no argument ''");
}

// AMD's hand-written kernels name many slots `pad` and pass structs by value: a repeated name takes its
// values in metadata order, and a by-value slot takes a value of its own width, however wide.
TEST(RawKernargs, RepeatedNamesAndWideByValueArguments) {
  KernelMetadata k;
  k.name = "aiter_like";
  k.kernarg_segment_size = 48;
  k.args = {slot("D", 0, 8, "global_buffer"), slot("pad", 8, 8, "by_value"), slot("params", 16, 16, "by_value"),
            slot("pad", 32, 4, "by_value"), slot("pad", 36, 12, "by_value")};
  std::vector<uint8_t> params(16);
  for (uint8_t i = 0; i < 16; ++i) params[i] = static_cast<uint8_t>(0xa0 + i);
  const std::vector<RawKernArg> values = {
      RawKernArg::scalar("pad", {1, 1, 1, 1, 1, 1, 1, 1}), RawKernArg::pointer("D", 0x00007f00aabbccddull),
      RawKernArg::scalar("params", params), RawKernArg::scalar("pad", {2, 2, 2, 2}),
      RawKernArg::scalar("pad", {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3})};
  auto packed = pack_raw_kernargs(k, values, kGrid, kBlock);
  ASSERT_TRUE(packed.is_ok()) << packed.status().to_string();
  // Built in place (no growing inserts: GCC 12's -Warray-bounds misreads vector::insert into a 16-byte vector).
  std::vector<uint8_t> expected(48);
  const uint8_t head[16] = {0xdd, 0xcc, 0xbb, 0xaa, 0x00, 0x7f, 0x00, 0x00, 1, 1, 1, 1, 1, 1, 1, 1};
  const uint8_t tail[16] = {2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
  std::copy(std::begin(head), std::end(head), expected.begin());
  std::copy(params.begin(), params.end(), expected.begin() + 16);
  std::copy(std::begin(tail), std::end(tail), expected.begin() + 32);
  EXPECT_EQ(packed.value(), expected);

  // The third `pad` is 12 bytes: a 4-byte value for it is refused; a fourth `pad` has no slot.
  auto wrong_width = values;
  wrong_width[4] = RawKernArg::scalar("pad", {3, 3, 3, 3});
  auto refused = pack_raw_kernargs(k, wrong_width, kGrid, kBlock);
  ASSERT_FALSE(refused.is_ok());
  EXPECT_NE(refused.status().message().find("'pad' is 12 bytes"), std::string::npos) << refused.status().message();
  auto extra = values;
  extra.push_back(RawKernArg::scalar("pad", std::vector<uint8_t>(8, 4)));  // as wide as the first `pad`
  refused = pack_raw_kernargs(k, extra, kGrid, kBlock);
  ASSERT_FALSE(refused.is_ok());
  EXPECT_NE(refused.status().message().find("more times than its 3 slot(s)"), std::string::npos)
      << refused.status().message();
}

// A whole raw blob with device addresses placed at given offsets.
TEST(RawKernargs, RawBlobWithPointersAtOffsets) {
  KernelMetadata k;
  k.name = "blob";
  k.kernarg_segment_size = 32;
  k.args = {slot("args", 0, 32, "by_value")};
  std::vector<uint8_t> blob(32);
  for (uint8_t i = 0; i < 32; ++i) blob[i] = i;
  const std::vector<KernargPointer> pointers = {{8, 0x1122334455667788ull}, {24, 0x7f0000001000ull}};
  auto placed = place_raw_kernarg_blob(k, blob, pointers);
  ASSERT_TRUE(placed.is_ok()) << placed.status().to_string();
  std::vector<uint8_t> expected = blob;
  const std::vector<uint8_t> first = {0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11};
  const std::vector<uint8_t> second = {0x00, 0x10, 0x00, 0x00, 0x00, 0x7f, 0x00, 0x00};
  std::copy(first.begin(), first.end(), expected.begin() + 8);
  std::copy(second.begin(), second.end(), expected.begin() + 24);
  EXPECT_EQ(placed.value(), expected);

  auto fails_with = [&](std::span<const uint8_t> bytes, std::vector<KernargPointer> at, const std::string& text) {
    auto result = place_raw_kernarg_blob(k, bytes, at);
    ASSERT_FALSE(result.is_ok()) << text;
    EXPECT_EQ(result.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(result.status().message().find(text), std::string::npos) << result.status().message();
  };
  fails_with(std::span<const uint8_t>(blob).first(31), {}, "blob is 31 bytes; the kernarg segment is 32");
  fails_with(blob, {{28, 1}}, "offset 28 does not fit the 32-byte segment");
  fails_with(blob, {{8, 1}, {12, 2}}, "offsets 8 and 12 overlap");
}

TEST(RawKernargs, HostileMetadataIsAnErrorNotAnAllocation) {
  KernelMetadata k;
  k.name = "hostile";
  k.args = {slot("x", 0xfffffff0u, 0x20, "by_value")};
  auto packed = pack_raw_kernargs(k, {}, kGrid, kBlock);
  ASSERT_FALSE(packed.is_ok());
  EXPECT_EQ(packed.status().code(), StatusCode::kInvalidArgument);
}

TEST(RawKernargs, PacksAgainstTheMetadataLlvmAssembled) {
  auto bytes = test::fixture_bytes("scale_gfx942");
  if (!bytes) GTEST_SKIP() << "fixture scale_gfx942 was not built (no assembler)";
  auto object = read_code_object(*bytes);
  ASSERT_TRUE(object.is_ok()) << object.status().to_string();
  ASSERT_EQ(object->kernels.size(), 1u);
  const std::vector<RawKernArg> values = {RawKernArg::pointer("out", 0x2000), RawKernArg::pointer("in", 0x1000),
                                          RawKernArg::scalar("n", {40, 0, 0, 0})};
  auto packed = pack_raw_kernargs(object->kernels[0].metadata, values, {9, 1, 1}, {256, 1, 1});
  ASSERT_TRUE(packed.is_ok()) << packed.status().to_string();
  // scale_kernel.s.in: in @0, out @8, n @16 (4 bytes), hidden_block_count_x @20; segment 24 bytes.
  const std::vector<uint8_t> expected = {0x00, 0x10, 0, 0, 0, 0, 0, 0, 0x00, 0x20, 0, 0, 0, 0, 0, 0,
                                         40,   0,    0, 0, 9, 0, 0, 0};
  EXPECT_EQ(packed.value(), expected);
}

}  // namespace
}  // namespace ingot
