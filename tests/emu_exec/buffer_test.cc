// MUBUF descriptor semantics: raw buffers are range-checked per dword against num_records (loads
// give 0 past the end, stores are dropped); structured buffers (stride, idxen) by index.
#include <set>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Buffer : public ::testing::TestWithParam<Target> {};

TEST_P(Buffer, OutOfRangeLoadsAreZeroAndStoresDropped) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::vector<uint32_t> in(256);
  for (uint32_t i = 0; i < in.size(); ++i) in[i] = i * 7 + 3;
  const uint32_t in_records = 100, store_records = 40;
  DeviceArray<uint32_t> din = upload(emu, in);
  DeviceArray<uint32_t> loads = upload(emu, std::vector<uint32_t>(64 * 6, 0xcccccccc));
  DeviceArray<uint32_t> stores = upload(emu, std::vector<uint32_t>(64, 0xffffffff));
  auto profile = run_kernel(emu, "buffer_oob", {1, 1, 1}, {64, 1, 1},
                            kernargs({din.address, loads.address, stores.address,
                                      in_records | uint64_t{store_records} << 32}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, loads);
  const std::vector<uint32_t> s = download(emu, stores);
  for (uint32_t l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    EXPECT_EQ(r[l], 4 * l + 4 <= in_records ? in[l] : 0u);
    for (uint32_t d = 0; d < 4; ++d) {
      EXPECT_EQ(r[(1 + d) * 64 + l], 16 * l + 4 * d + 4 <= in_records ? in[4 * l + d] : 0u) << "dword " << d;
    }
    EXPECT_EQ(r[5 * 64 + l], l < 10 ? in[2 * l] : 0u);
    EXPECT_EQ(s[l], 4 * l + 4 <= store_records ? 1000 + l : 0xffffffffu);
  }
}

// The profile counts only in-range buffer bytes: hardware never fetches (or writes) dwords past
// num_records, e.g. the 0x80000000 offsets GEMM kernels use to mask tail lanes. Expected values are
// rebuilt here from the byte addresses each instruction of buffer_oob.s touches in range.
TEST_P(Buffer, ProfileCountsOnlyInRangeBytes) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  const uint32_t in_records = 100, store_records = 40;
  DeviceArray<uint32_t> din = upload(emu, std::vector<uint32_t>(256, 1));
  DeviceArray<uint32_t> loads = upload(emu, std::vector<uint32_t>(64 * 6, 0));
  DeviceArray<uint32_t> stores = upload(emu, std::vector<uint32_t>(64, 0));
  auto profile = run_kernel(emu, "buffer_oob", {1, 1, 1}, {64, 1, 1},
                            kernargs({din.address, loads.address, stores.address,
                                      in_records | uint64_t{store_records} << 32}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();

  // Per instruction: the set of byte addresses accessed in range.
  std::vector<std::set<uint64_t>> reads(3), writes(7);
  for (uint64_t l = 0; l < 64; ++l) {
    auto add = [](std::set<uint64_t>& set, uint64_t address, uint64_t n) {
      for (uint64_t b = 0; b < n; ++b) set.insert(address + b);
    };
    if (4 * l + 4 <= in_records) add(reads[0], din.address + 4 * l, 4);           // load_dword offen
    for (uint64_t d = 0; d < 4; ++d) {                                             // load_dwordx4 offen
      if (16 * l + 4 * d + 4 <= in_records) add(reads[1], din.address + 16 * l + 4 * d, 4);
    }
    if (l < 10) add(reads[2], din.address + 8 * l, 4);                             // structured, stride 8
    if (4 * l + 4 <= store_records) add(writes[0], stores.address + 4 * l, 4);     // store_dword offen
    for (uint64_t k = 0; k < 6; ++k) add(writes[1 + k], loads.address + 256 * k + 4 * l, 4);
  }
  uint64_t read_bytes = 0, written_bytes = 0, segments = 0;
  for (const auto* group : {&reads, &writes}) {
    for (const std::set<uint64_t>& bytes : *group) {
      std::set<uint64_t> segment_ids;
      for (uint64_t address : bytes) segment_ids.insert(address / 64);
      segments += segment_ids.size();
      (group == &reads ? read_bytes : written_bytes) += bytes.size();
    }
  }
  EXPECT_EQ(profile->global_bytes_read, read_bytes);
  EXPECT_EQ(profile->global_bytes_written, written_bytes);
  EXPECT_EQ(profile->global_segments, segments);
  EXPECT_EQ(profile->global_segment_bytes_used, read_bytes + written_bytes);
}

INGOT_FOR_BOTH_TARGETS(Buffer);

}  // namespace
}  // namespace ingot::emu::testing

namespace ingot::emu::testing {
namespace {

// buffer_load_dword ... lds: each lane's dword lands in LDS at M0 + 4*lane; out-of-range lanes
// write 0 there.
TEST_P(Buffer, DirectToLdsLoad) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::vector<uint32_t> in(64);
  for (uint32_t i = 0; i < 64; ++i) in[i] = 0xabc00000u + i;
  const uint32_t records = 4 * 40 + 2;  // lanes 0..39 in range; lane 40's dword straddles the end
  DeviceArray<uint32_t> din = upload(emu, in);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64, 0xcccccccc));
  auto profile = run_kernel(emu, "lds_direct", {1, 1, 1}, {64, 1, 1}, kernargs({din.address, out.address, records}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  for (uint32_t l = 0; l < 64; ++l) EXPECT_EQ(r[l], 4 * l + 4 <= records ? in[l] : 0u) << "lane " << l;
}

}  // namespace
}  // namespace ingot::emu::testing
