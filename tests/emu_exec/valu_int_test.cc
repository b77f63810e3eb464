// Integer VALU: carries through VCC and SGPR pairs, multiplies, bit-field ops, compares, v_cndmask,
// v_perm, mbcnt. The reference is plain C++ arithmetic per lane.
#include <algorithm>
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

uint32_t perm_reference(uint32_t s0, uint32_t s1, uint32_t sel) {
  uint8_t bytes[8];
  for (int i = 0; i < 4; ++i) {
    bytes[i] = static_cast<uint8_t>(s1 >> (8 * i));
    bytes[4 + i] = static_cast<uint8_t>(s0 >> (8 * i));
  }
  uint32_t d = 0;
  for (int i = 0; i < 4; ++i) {
    const uint32_t s = (sel >> (8 * i)) & 0xff;
    const uint32_t byte = s < 8 ? bytes[s] : (s == 12 ? 0 : 0xff);
    d |= byte << (8 * i);
  }
  return d;
}

class ValuInt : public ::testing::TestWithParam<Target> {};

TEST_P(ValuInt, MatchesReference) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::mt19937 rng(7);
  std::vector<uint32_t> a(64), b(64);
  for (int l = 0; l < 64; ++l) {
    a[l] = static_cast<uint32_t>(rng());
    b[l] = l % 5 == 0 ? a[l] : static_cast<uint32_t>(rng());  // some equal pairs
  }
  a[3] = 0xffffffffu;
  b[3] = 1;  // carry
  DeviceArray<uint32_t> da = upload(emu, a), db = upload(emu, b);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 16, 0));
  auto profile = run_kernel(emu, "valu_int", {1, 1, 1}, {64, 1, 1}, kernargs({da.address, db.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  uint64_t gt_mask = 0;
  for (int l = 0; l < 64; ++l) gt_mask |= uint64_t{a[l] > b[l]} << l;
  for (int l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const uint32_t x = a[l], y = b[l];
    const uint64_t sum = uint64_t{x} + y;
    EXPECT_EQ(r[0 * 64 + l], static_cast<uint32_t>(sum));
    EXPECT_EQ(r[1 * 64 + l], static_cast<uint32_t>(sum >> 32));
    EXPECT_EQ(r[2 * 64 + l], (sum >> 32) ? 7u : 5u);
    EXPECT_EQ(r[3 * 64 + l], x * y);
    EXPECT_EQ(r[4 * 64 + l], static_cast<uint32_t>((uint64_t{x} * y) >> 32));
    EXPECT_EQ(r[5 * 64 + l], (x & 0xffffff) * (y & 0xffffff) + 17);
    EXPECT_EQ(r[6 * 64 + l], (x << 3) + y);
    EXPECT_EQ(r[7 * 64 + l], (x >> 5) & 0x1ff);
    EXPECT_EQ(r[8 * 64 + l], (0xff00ff00u & x) | (~0xff00ff00u & y));
    EXPECT_EQ(r[9 * 64 + l], static_cast<uint32_t>(((uint64_t{x} << 32) | y) >> 13));
    EXPECT_EQ(r[10 * 64 + l], static_cast<uint32_t>(std::min(static_cast<int32_t>(x), static_cast<int32_t>(y))));
    EXPECT_EQ(r[11 * 64 + l], x > y ? static_cast<uint32_t>(gt_mask) : static_cast<uint32_t>(gt_mask >> 32));
    EXPECT_EQ(r[12 * 64 + l], y > x ? 0xffffffffu : 0u);
    const int32_t s[3] = {static_cast<int32_t>(x), static_cast<int32_t>(y), 1000};
    int32_t sorted[3] = {s[0], s[1], s[2]};
    std::sort(sorted, sorted + 3);
    EXPECT_EQ(static_cast<int32_t>(r[13 * 64 + l]), sorted[1]);
    EXPECT_EQ(r[14 * 64 + l], perm_reference(x, y, 0x0c050400));
    EXPECT_EQ(r[15 * 64 + l], static_cast<uint32_t>(l));
  }
}

INGOT_FOR_BOTH_TARGETS(ValuInt);

}  // namespace
}  // namespace ingot::emu::testing
