// Self-checks of the launch level of the timing mode, each against a first-principles figure (5%):
//  - the cache model: a re-read stream whose footprint fits the L2 runs at the CUs' L2 share; one that
//    fits the MALL but is 64x the L2 streams at the MALL's bandwidth; one with no reuse at the achievable
//    HBM bandwidth; co-resident re-reads hit, so each XCD fetches its footprint once;
//  - workgroups that differ (a triangle: workgroup x does x + 1 chains): traced, the launch lasts as long
//    as its heaviest workgroup (plus the kernarg load); workgroup 0 alone would say a sixth of that;
//  - model_bench_launch: a cut-down launch's pattern repeated over a larger grid; errors as values.
#include <cstdint>
#include <string>
#include <vector>

#include "emu_test_support.h"
#include "ingot_emu/bench_timing.h"
#include "ingot_emu/timing.h"

namespace ingot::emu::testing {
namespace {

class TimingLaunch : public ::testing::TestWithParam<Target> {
 protected:
  const TimingConstants& constants() const { return timing_constants(std::string(target_name(GetParam()))); }
  // Modeled cycles of the launch body: the time without the launch latency, at the clock.
  double body_cycles(const ModeledTiming& t) const {
    return (t.us * 1e-6 - constants().launch_latency_s) * constants().clock_hz;
  }
};

EmulatorOptions timed(Target target) {
  EmulatorOptions options{.target = target, .timing = true};
  return options;
}

// A launch of 8 rounds (one workgroup per CU) of the load stream's workgroup (16 waves x 16 iterations x
// 8 KiB = 2 MiB each, traced once); the tests vary only how many distinct bytes it touches.
struct StreamLaunch {
  std::vector<WaveTrace> trace;
  uint64_t bytes_per_workgroup = 0;
  uint64_t rounds = 8;
  uint64_t workgroups = 0;
  double requested = 0;
};
StreamLaunch load_stream_launch(Target target, const TimingConstants& c) {
  constexpr uint32_t kItems = 1024;
  StreamLaunch out;
  Emulator emu(timed(target));
  DeviceArray<uint32_t> buf = upload(emu, std::vector<uint32_t>(kItems * 4, 1));
  auto profile = run_kernel(emu, "timing_load_stream", {1, 1, 1}, {kItems, 1, 1}, kernargs({buf.address, 16}));
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
  if (!profile.is_ok() || profile->traced_workgroups.empty()) return out;
  out.trace = profile->traced_workgroups.front().waves;
  out.bytes_per_workgroup = profile->global_bytes_read;
  out.workgroups = out.rounds * c.cus;
  out.requested = static_cast<double>(out.bytes_per_workgroup) * static_cast<double>(out.workgroups);
  return out;
}

TEST_P(TimingLaunch, ReReadStreamThatFitsTheL2RunsAtTheL2Share) {
  const TimingConstants& c = constants();
  const StreamLaunch s = load_stream_launch(GetParam(), c);
  ASSERT_EQ(s.bytes_per_workgroup, 2u << 20);
  // Every workgroup re-reads the same 1 MiB: a footprint inside each XCD's 4 MB L2.
  const LaunchShape shape{.workgroups = s.workgroups, .workgroups_per_cu = 1, .hbm_bytes = 1u << 20};
  const ModeledTiming t = model_launch(s.trace, shape, c);
  // AMD CDNA 3 white paper: 2048 B/clk of L2 per XCD over its 38 (MI300X) or 32 (MI355X) CUs; per
  // round the bytes at that share, the kernarg load and one L2-hit latency.
  const double share = 2048.0 / (GetParam() == Target::kGfx942 ? 38.0 : 32.0);
  const double expected =
      static_cast<double>(s.rounds) * (static_cast<double>(s.bytes_per_workgroup) / share + c.smem_latency + c.l2_latency);
  RecordProperty("modeled_cycles", std::to_string(body_cycles(t)));
  RecordProperty("expected_cycles", std::to_string(expected));
  EXPECT_NEAR(body_cycles(t), expected, 0.05 * expected);
  EXPECT_EQ(t.bound, "L2/L1 bandwidth");
  EXPECT_GT(t.traffic.l2_hit_share, 0.99);
}

TEST_P(TimingLaunch, ReReadStreamBeyondTheL2StreamsFromTheMall) {
  const TimingConstants& c = constants();
  const StreamLaunch s = load_stream_launch(GetParam(), c);
  // A 256 MiB footprint re-read by 8 rounds of workgroups (~19 reads in all): 64x each L2, inside the
  // 256 MB MALL (chipsandcheese.com, "Testing AMD's Giant MI300X"). Nearly every byte comes from the
  // MALL at its 17.2 TB/s (AMD CDNA 3 white paper); HBM only supplies the footprint once.
  const LaunchShape shape{.workgroups = s.workgroups, .workgroups_per_cu = 1, .hbm_bytes = 256u << 20};
  const ModeledTiming t = model_launch(s.trace, shape, c);
  const double expected_s = s.requested / 17.2e12;
  RecordProperty("modeled_us", std::to_string(t.us));
  RecordProperty("expected_us", std::to_string(expected_s * 1e6 + c.launch_latency_s * 1e6));
  EXPECT_NEAR(t.us * 1e-6 - c.launch_latency_s, expected_s, 0.05 * expected_s);
  EXPECT_EQ(t.bound, "MALL bandwidth");
  EXPECT_NEAR(t.traffic.hbm_bytes, 256.0 * (1 << 20), 1.0);
}

TEST_P(TimingLaunch, StreamWithoutReuseRunsAtAchievableHbm) {
  const TimingConstants& c = constants();
  const StreamLaunch s = load_stream_launch(GetParam(), c);
  const LaunchShape shape{.workgroups = s.workgroups, .workgroups_per_cu = 1};  // unique = requested
  const ModeledTiming t = model_launch(s.trace, shape, c);
  // Data sheets: 5.3 TB/s (MI300X), 8 TB/s (MI355X), at the table's achievable share.
  const double peak = GetParam() == Target::kGfx942 ? 5.3e12 : 8.0e12;
  const double expected_s = s.requested / (peak * c.hbm_achievable_share);
  EXPECT_NEAR(t.us * 1e-6 - c.launch_latency_s, expected_s, 0.05 * expected_s);
  EXPECT_EQ(t.bound, "HBM bandwidth");
  EXPECT_NEAR(t.gbps, s.requested / (t.us * 1e-6) / 1e9, 1e-6 * t.gbps);
}

TEST_P(TimingLaunch, CoResidentReReadsHitAndEachXcdFetchesItsFootprintOnce) {
  const TimingConstants& c = constants();
  // A prefill-GEMM-like launch: 100 MiB of operands read 80 times over (8000 MiB), in 4 rounds; the
  // tiles resident together on one XCD read 2 MiB of distinct rows and columns, inside its 4 MB L2.
  // Workgroups spread over the 8 XCDs, so each XCD touches all 100 MiB and fetches it once from the
  // 256 MB MALL; HBM supplies it once.
  constexpr double kMiB = 1024.0 * 1024.0;
  const CacheTraffic t = model_caches(8000 * kMiB, 100 * kMiB, 4, 2 * kMiB, c);
  EXPECT_NEAR(t.mall_bytes, 8 * 100 * kMiB, 1.0);
  EXPECT_NEAR(t.hbm_bytes, 100 * kMiB, 1.0);
  EXPECT_NEAR(t.l2_hit_share, 1.0 - 800.0 / 8000.0, 1e-12);
  // Not knowing the round's geometry, each round is taken to read fresh bytes: more MALL traffic.
  EXPECT_GT(model_caches(8000 * kMiB, 100 * kMiB, 4, 0, c).mall_bytes, 1.5 * t.mall_bytes);
}

uint64_t pipe_cycles(const LaunchProfile& profile) { return profile.mfma_busy_cycles / profile.instructions.mfma; }

TEST_P(TimingLaunch, WorkgroupsThatDifferAreTracedAndTheHeaviestSetsTheTime) {
  constexpr uint64_t kGroups = 6, kIterations = 4, kChain = kIterations * 8;
  auto launch = [&](EmulatorOptions options) {
    Emulator emu(options);
    return run_kernel(emu, "timing_triangle", {kGroups, 1, 1}, {64, 1, 1}, kernargs({kIterations}));
  };
  EmulatorOptions all = timed(GetParam());
  all.timing_all_workgroups = true;
  auto traced = launch(all);
  ASSERT_TRUE(traced.is_ok()) << traced.status().to_string();
  ASSERT_EQ(traced->traced_workgroups.size(), kGroups);
  const uint64_t pipe = pipe_cycles(*traced);
  // The functional count: workgroup x ran (x + 1) chains, 21 chains in all.
  ASSERT_EQ(traced->instructions.mfma, kChain * kGroups * (kGroups + 1) / 2);
  // Six workgroups on 304 (256) CUs: one each; the launch ends with workgroup 5's six chains, after the
  // ramp (the kernarg load's latency).
  const double ramp = constants().smem_latency;
  const double heaviest = static_cast<double>(kGroups * kChain * pipe) + ramp;
  EXPECT_NEAR(body_cycles(*traced->timing), heaviest, 0.05 * heaviest);

  // Workgroup 0 alone stands for all of them: a sixth of that.
  auto first_only = launch(timed(GetParam()));
  ASSERT_TRUE(first_only.is_ok());
  ASSERT_EQ(first_only->traced_workgroups.size(), 1u);
  const double lightest = static_cast<double>(kChain * pipe) + ramp;
  EXPECT_NEAR(body_cycles(*first_only->timing), lightest, 0.05 * lightest);

  // Traced 0 and 3: workgroups 4 and 5 are taken to be like 3 (four chains).
  EmulatorOptions some = timed(GetParam());
  some.timing_workgroups = {3, 99};  // 99 is past the grid: ignored
  auto partly = launch(some);
  ASSERT_TRUE(partly.is_ok());
  ASSERT_EQ(partly->traced_workgroups.size(), 2u);
  EXPECT_EQ(partly->traced_workgroups[1].index, 3u);
  const double like_three = static_cast<double>(4 * kChain * pipe) + ramp;
  EXPECT_NEAR(body_cycles(*partly->timing), like_three, 0.05 * like_three);
}

TEST_P(TimingLaunch, BenchLaunchRepeatsTheCutDownPattern) {
  constexpr uint64_t kGroups = 3, kIterations = 4, kChain = kIterations * 8;
  EmulatorOptions options = timed(GetParam());
  options.timing_all_workgroups = true;
  Emulator emu(options);
  auto cut = run_kernel(emu, "timing_triangle", {kGroups, 1, 1}, {64, 1, 1}, kernargs({kIterations}));
  ASSERT_TRUE(cut.is_ok()) << cut.status().to_string();
  const TimingConstants& c = constants();
  // The full launch: the 3-workgroup pattern over 2 x CUs workgroups (two per CU at the occupancy);
  // the chains share no SIMD when two one-wave workgroups sit on a CU, so the heaviest still decides.
  auto full = model_bench_launch(*cut, {.workgroups = 2 * uint64_t{c.cus}});
  ASSERT_TRUE(full.is_ok()) << full.status().to_string();
  const double heaviest = static_cast<double>(kGroups * kChain * pipe_cycles(*cut)) + c.smem_latency;
  EXPECT_NEAR(body_cycles(*full), heaviest, 0.05 * heaviest);
  EXPECT_EQ(full->workgroups_per_cu, 2u);
  EXPECT_EQ(full->bound, "MFMA");

  auto wrong_arch = model_bench_launch(*cut, {.arch = "gfx90a"});
  ASSERT_FALSE(wrong_arch.is_ok());
  EXPECT_NE(wrong_arch.status().message().find("gfx90a"), std::string::npos);
  Emulator untimed(EmulatorOptions{.target = GetParam()});
  auto plain = run_kernel(untimed, "timing_triangle", {1, 1, 1}, {64, 1, 1}, kernargs({1}));
  ASSERT_TRUE(plain.is_ok());
  auto no_traces = model_bench_launch(*plain, {});
  ASSERT_FALSE(no_traces.is_ok());
  EXPECT_NE(no_traces.status().message().find("timing"), std::string::npos);
}

INGOT_FOR_BOTH_TARGETS(TimingLaunch);

}  // namespace
}  // namespace ingot::emu::testing
