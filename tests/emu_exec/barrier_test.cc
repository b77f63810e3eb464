// s_barrier counts waves, not PCs: it releases once every wave of the workgroup that has not ended waits
// at a barrier, wherever that is (CDNA4 ISA guide, S_BARRIER: "If some waves in the threadgroup have
// already terminated, this waits on only the surviving waves"). Expected values are computed here
// from the kernels' descriptions, not by the emulator.
#include <cstdint>
#include <string>
#include <vector>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Barrier : public ::testing::TestWithParam<Target> {};

// Producers (waves 0-1) and consumers (waves 2-3) meet at barriers at four different PCs.
TEST_P(Barrier, PingPongGroupsMeetAtDifferentPcs) {
  for (Schedule schedule : {Schedule::kDeterministic, Schedule::kRandom}) {
    for (uint64_t seed : {1, 2, 3}) {
      Emulator emu(EmulatorOptions{.target = GetParam(), .schedule = schedule, .seed = seed});
      DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(128, 0xdeadbeef));
      auto profile = run_kernel(emu, "barrier_ping_pong", {1, 1, 1}, {256, 1, 1}, kernargs({out.address}));
      ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
      const std::vector<uint32_t> got = download(emu, out);
      for (uint32_t wave = 0; wave < 2; ++wave) {
        for (uint32_t lane = 0; lane < 64; ++lane) {
          uint32_t sum = 0;
          for (uint32_t round = 0; round < 4; ++round) sum += (round + 1) * (lane + 1) + 1000 * wave;
          ASSERT_EQ(got[wave * 64 + lane], sum) << "wave " << wave << " lane " << lane << " seed " << seed;
        }
      }
    }
  }
}

// Waves 2 and 3 end without reaching a barrier, before (delay 0) or after (delay 200) waves 0 and 1
// wait at it: either way the barrier releases the two waves that have not ended.
TEST_P(Barrier, EndedWavesNoLongerCount) {
  for (uint64_t delay : {0, 200}) {
    Emulator emu(EmulatorOptions{.target = GetParam()});
    DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(128, 0));
    auto profile =
        run_kernel(emu, "barrier_early_end", {2, 1, 1}, {256, 1, 1}, kernargs({out.address, delay}));
    ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
    const std::vector<uint32_t> got = download(emu, out);
    for (uint32_t item = 0; item < 128; ++item) ASSERT_EQ(got[item], (item ^ 64) + 7) << "delay " << delay;
  }
}

// A barrier that can never release: wave 0 spins on a flag that wave 1 sets only after the barrier. The
// instruction bound ends it, naming the spinning wave and the wave waiting at the barrier with its PC.
TEST_P(Barrier, HangNamesTheWavesAtTheBarrier) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .max_instructions_per_wave = 5000});
  auto profile = run_kernel(emu, "barrier_spin_hang", {1, 1, 1}, {128, 1, 1}, kernargs({}));
  ASSERT_FALSE(profile.is_ok());
  EXPECT_EQ(profile.status().code(), StatusCode::kEmulatorFault);
  const std::string& message = profile.status().message();
  EXPECT_NE(message.find("wave 0, pc "), std::string::npos) << message;
  EXPECT_NE(message.find("more than 5000 instructions"), std::string::npos) << message;
  EXPECT_NE(message.find("wave(s) waiting at s_barrier: 1 at pc 0x"), std::string::npos) << message;
}

// One wave alone: its barriers release at once.
TEST_P(Barrier, SingleWaveBarrierIsFine) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(128, 0));
  auto profile = run_kernel(emu, "barrier_early_end", {1, 1, 1}, {64, 1, 1}, kernargs({out.address, 0}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  // Wave 0 alone reads the slot of wave 1, which never wrote it: LDS starts at zero.
  const std::vector<uint32_t> got = download(emu, out);
  for (uint32_t item = 0; item < 64; ++item) ASSERT_EQ(got[item], 0u);
}

INGOT_FOR_BOTH_TARGETS(Barrier);

}  // namespace
}  // namespace ingot::emu::testing
