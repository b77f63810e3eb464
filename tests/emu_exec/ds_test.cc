// DS: b32/b128 round trips, read2, LDS atomics with return, and bank-conflict counts of a strided read
// (stride 32 dwords puts every lane in one bank: 32 banks on gfx942 serve a wave in 2 phases of 32
// lanes, each 31 cycles over the ideal; 64 banks on gfx950 put 32 lanes in each of 2 banks, 31 extra).
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Ds : public ::testing::TestWithParam<Target> {};

TEST_P(Ds, ReadsWritesAtomicsAndBankConflicts) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 8, 0));
  auto profile = run_kernel(emu, "lds_ops", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  for (uint32_t l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    EXPECT_EQ(r[0 * 64 + l], 3 * (63 - l) + 1);
    EXPECT_EQ(r[1 * 64 + l], 100 + l);
    EXPECT_EQ(r[2 * 64 + l], 200 + l);
    EXPECT_EQ(r[3 * 64 + l], 300 + l);
    EXPECT_EQ(r[4 * 64 + l], 400 + l);
    EXPECT_EQ(r[5 * 64 + l], 3 * l + 1);
    EXPECT_EQ(r[6 * 64 + l], l < 63 ? 3 * (l + 1) + 1 : 100u);  // lane 63 reads the b128 area
    EXPECT_EQ(r[7 * 64 + l], l);                                // atomics apply in lane order
  }
  const uint64_t expected_conflicts = GetParam() == Target::kGfx942 ? 2 * 31 : 31;
  EXPECT_EQ(profile->lds_bank_conflict_cycles, expected_conflicts);
  EXPECT_EQ(profile->lds_conflicted_instructions, 1u);
  EXPECT_EQ(profile->lds_bytes, 8192u);
}

TEST_P(Ds, AccessOutsideLdsIsAFault) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 8, 0));
  // lds_race has 64 bytes of LDS; lds_ops needs 8 KiB: run lds_ops' addresses against less LDS by
  // launching the race kernel with a wave whose first id puts nothing out of range, then check the
  // fault path with a too-large dynamic LDS request instead.
  LaunchConfig config;
  auto bytes = read_kernel_file("lds_ops", GetParam());
  auto module = emu.load_module(bytes);
  ASSERT_TRUE(module.is_ok()) << module.status().to_string();
  auto args = kernargs({out.address});
  config.grid = {1, 1, 1};
  config.workgroup = {64, 1, 1};
  config.kernarg = args;
  config.dynamic_lds = 1u << 20;
  auto result = emu.launch(*module, "lds_ops", config);
  ASSERT_FALSE(result.is_ok());
  EXPECT_EQ(result.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(result.status().message().find("LDS"), std::string::npos) << result.status().message();
}

INGOT_FOR_BOTH_TARGETS(Ds);

}  // namespace
}  // namespace ingot::emu::testing
