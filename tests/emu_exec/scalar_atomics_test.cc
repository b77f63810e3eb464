// Scalar memory atomics (s_atomic_*, _x2, with and without glc) across workgroups: each result is
// checked against the operation's definition (CDNA3/CDNA4 ISA guides, SMEM atomics; the same integer
// operations as the vector atomics), computed here, not by the emulator.
#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class ScalarAtomics : public ::testing::TestWithParam<Target> {};

constexpr uint32_t kGroups = 6;
constexpr uint64_t kUmaxStart = uint64_t{5} << 32 | 3;
constexpr uint64_t kAddStart = uint64_t{0xfffffffe} << 32 | 0xffffffff;  // the adds carry into the high half
constexpr uint64_t kAddStep = 0x100000001ull;

std::vector<uint32_t> initial_words() {
  return {0, 100, 0, 0, static_cast<uint32_t>(kUmaxStart), static_cast<uint32_t>(kUmaxStart >> 32),
          static_cast<uint32_t>(kAddStart), static_cast<uint32_t>(kAddStart >> 32)};
}

TEST_P(ScalarAtomics, WorkgroupsSerialiseOnTheWords) {
  for (Schedule schedule : {Schedule::kDeterministic, Schedule::kRandom}) {
    Emulator emu(EmulatorOptions{.target = GetParam(), .host_threads = 2, .schedule = schedule, .seed = 7});
    DeviceArray<uint32_t> words = upload(emu, initial_words());
    DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kGroups * 4, 0xcccccccc));
    auto profile = run_kernel(emu, "scalar_atomics", {kGroups, 1, 1}, {64, 1, 1}, kernargs({words.address, out.address}));
    ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
    const std::vector<uint32_t> w = download(emu, words);
    const std::vector<uint32_t> r = download(emu, out);

    std::set<uint32_t> tickets;
    std::set<uint64_t> add_olds;
    uint32_t winners = 0, winner = 0;
    for (uint32_t g = 0; g < kGroups; ++g) {
      tickets.insert(r[4 * g]);
      if (r[4 * g + 1] == 0) {
        ++winners;
        winner = g;
      }
      add_olds.insert(r[4 * g + 2] | uint64_t{r[4 * g + 3]} << 32);
    }
    // add with return: every workgroup got a distinct ticket 0..groups-1; the word ends at groups.
    EXPECT_EQ(tickets.size(), kGroups);
    EXPECT_EQ(*tickets.rbegin(), kGroups - 1);
    EXPECT_EQ(w[0], kGroups);
    // dec without return, data 0xffffffff: (m == 0 || m > data) ? data : m - 1, i.e. m - 1 here.
    EXPECT_EQ(w[1], 100 - kGroups);
    // cmpswap: exactly one workgroup found 0 and stored 1000 + its id; the others saw that value.
    ASSERT_EQ(winners, 1u);
    EXPECT_EQ(w[2], 1000 + winner);
    for (uint32_t g = 0; g < kGroups; ++g) {
      if (g != winner) {
        EXPECT_EQ(r[4 * g + 1], 1000 + winner) << "group " << g;
      }
    }
    // 64-bit unsigned max of the start and every g<<32 | 7.
    uint64_t umax = kUmaxStart;
    for (uint64_t g = 0; g < kGroups; ++g) umax = std::max(umax, g << 32 | 7);
    EXPECT_EQ(w[4] | uint64_t{w[5]} << 32, umax);
    // 64-bit add with return: the old values are start + k*step for k = 0..groups-1, carries included.
    std::set<uint64_t> expected_olds;
    for (uint64_t k = 0; k < kGroups; ++k) expected_olds.insert(kAddStart + k * kAddStep);
    EXPECT_EQ(add_olds, expected_olds);
    EXPECT_EQ(w[6] | uint64_t{w[7]} << 32, kAddStart + kGroups * kAddStep);
  }
}

// A scalar atomic outside every allocation is a fault, as a vector atomic's is: `words` holds 8 bytes,
// so the cmpswap at byte 8 leaves it.
TEST_P(ScalarAtomics, OutOfBoundsIsAFault) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> words = upload(emu, std::vector<uint32_t>{0, 100});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(4, 0));
  auto profile = run_kernel(emu, "scalar_atomics", {1, 1, 1}, {64, 1, 1}, kernargs({words.address, out.address}));
  ASSERT_FALSE(profile.is_ok());
  EXPECT_EQ(profile.status().code(), StatusCode::kEmulatorFault);
  EXPECT_NE(profile.status().message().find("scalar atomic"), std::string::npos) << profile.status().message();
  EXPECT_NE(profile.status().message().find("s_atomic_cmpswap"), std::string::npos) << profile.status().message();
}

INGOT_FOR_BOTH_TARGETS(ScalarAtomics);

}  // namespace
}  // namespace ingot::emu::testing
