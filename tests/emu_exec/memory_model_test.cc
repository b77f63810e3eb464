// The cross-workgroup memory-visibility checker (EmulatorOptions::check_memory_model). Correctly
// synchronised split-K kernels must pass it for any host thread count and schedule, bit-exact against a
// host sum; variants that drop one step of the release/acquire pair (as written in LLVM AMDGPUUsage's
// GFX942 code sequences) must fail naming the step, the writer workgroup, the lane and the address; a
// workgroup reading its own stores is never reported.
#include <regex>
#include <random>
#include <string>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr uint32_t kGroups = 24;

struct SplitKRun {
  Result<LaunchProfile> profile = Status::ok();
  std::vector<float> inputs, result;
  uint64_t partials = 0;
  uint32_t counter = 0;
};

// Runs one of the split_k_* kernels (kernargs of split_k_reduce.s) on kGroups workgroups of `items`
// work-items (64, or 128 for split_k_two_waves*), one partial column per work-item.
SplitKRun run_split_k(const char* kernel, Target target, uint32_t threads, Schedule schedule, uint64_t seed,
                      bool check, uint32_t items = 64) {
  Emulator emu(EmulatorOptions{.target = target,
                               .host_threads = threads,
                               .schedule = schedule,
                               .seed = seed,
                               .check_memory_model = check});
  SplitKRun run;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-100.0f, 100.0f);
  run.inputs.resize(kGroups * items);
  for (float& x : run.inputs) x = value(rng);
  DeviceArray<float> in = upload(emu, run.inputs);
  DeviceArray<float> partials = upload(emu, std::vector<float>(kGroups * items, 0.0f));
  DeviceArray<uint32_t> counter = upload(emu, std::vector<uint32_t>{0});
  DeviceArray<float> result = upload(emu, std::vector<float>(items, -1.0f));
  run.partials = partials.address;
  run.profile = run_kernel(emu, kernel, {kGroups, 1, 1}, {items, 1, 1},
                           kernargs({in.address, partials.address, counter.address, result.address, kGroups}));
  run.result = download(emu, result);
  run.counter = download(emu, counter)[0];
  return run;
}

// Column c = sum over workgroups g in order of 1.5 * inputs[g * columns + c].
std::vector<float> host_sum(const std::vector<float>& inputs) {
  const size_t columns = inputs.size() / kGroups;
  std::vector<float> sum(columns, 0.0f);
  for (uint32_t g = 0; g < kGroups; ++g) {
    for (size_t c = 0; c < columns; ++c) sum[c] += 1.5f * inputs[g * columns + c];
  }
  return sum;
}

uint64_t parse_hex(const std::string& text) { return std::stoull(text, nullptr, 16); }

class MemoryModel : public ::testing::TestWithParam<Target> {};

TEST_P(MemoryModel, SynchronisedSplitKPassesForAnyThreadCountAndSchedule) {
  // split_k_release_in_order is the pack's release: no wait between the partial store and buffer_wbl2.
  for (const char* kernel : {"split_k_reduce", "split_k_reduce_buffer", "split_k_release_in_order"}) {
    for (uint32_t threads : {1u, 2u, 3u, 5u, 8u}) {
      for (uint64_t seed = 0; seed <= 6; ++seed) {
        const Schedule schedule = seed == 0 ? Schedule::kDeterministic : Schedule::kRandom;
        SplitKRun run = run_split_k(kernel, GetParam(), threads, schedule, seed, true);
        ASSERT_TRUE(run.profile.is_ok()) << kernel << ", " << threads << " threads, seed " << seed << ": "
                                         << run.profile.status().to_string();
        EXPECT_EQ(run.result, host_sum(run.inputs)) << kernel << ", " << threads << " threads, seed " << seed;
        EXPECT_EQ(run.counter, 0u) << kernel;
      }
    }
  }
}

// A variant's fault: which step is missing, and (for a missing release) how far the named store is
// before the faulting load. The distances are the instruction sizes between them in the kernel source
// (SOPP/SOP1/SOP2/SOPC/VOP1/VOP2/VOPC 4 bytes, + 4 for a literal; SMEM/FLAT/MUBUF 8), counted by hand:
// in split_k_reduce the partial store is at byte 52 of the kernel and the loop's load at byte 144.
struct Broken {
  const char* kernel;
  const char* missing;
  uint64_t store_to_load_bytes;  // 0: the message names no store pc
};

TEST_P(MemoryModel, EachMissingStepIsReportedWithWriterLaneAndAddress) {
  const Broken variants[] = {
      {"split_k_no_release", "no release after the store at pc ", 144 - 52 - 8},        // buffer_wbl2 dropped
      {"split_k_no_release_wait", "no release after the store at pc ", 144 - 52 - 4},   // s_waitcnt dropped
      {"split_k_no_acquire", "no acquire before this load", 0},                          // buffer_inv dropped
      {"split_k_acquire_early", "no acquire before this load", 0},  // buffer_inv before the atomic completed
  };
  const std::regex load_pc(R"(, pc (0x[0-9a-f]+) \(global_load_dword v9)");
  const std::regex store_pc(R"(store at pc (0x[0-9a-f]+))");
  const std::regex lane_address(R"(load by lane (\d+) of (0x[0-9a-f]+) reads data stored by workgroup \((\d+),0,0\))");
  for (const Broken& variant : variants) {
    for (uint32_t threads : {1u, 2u, 8u}) {
      for (uint64_t seed = 0; seed <= 3; ++seed) {
        const Schedule schedule = seed == 0 ? Schedule::kDeterministic : Schedule::kRandom;
        SCOPED_TRACE(std::string(variant.kernel) + ", " + std::to_string(threads) + " threads, seed " +
                     std::to_string(seed));
        SplitKRun run = run_split_k(variant.kernel, GetParam(), threads, schedule, seed, true);
        ASSERT_FALSE(run.profile.is_ok());
        ASSERT_EQ(run.profile.status().code(), StatusCode::kEmulatorFault);
        const std::string message = run.profile.status().message();
        EXPECT_NE(message.find(std::string("kernel ") + variant.kernel), std::string::npos) << message;
        EXPECT_NE(message.find(variant.missing), std::string::npos) << message;
        std::smatch where;
        ASSERT_TRUE(std::regex_search(message, where, lane_address)) << message;
        const uint64_t lane = std::stoull(where[1]), address = parse_hex(where[2]), writer = std::stoull(where[3]);
        // Lane l of the last arriver reads partial[g * 64 + l] of workgroup g.
        EXPECT_EQ(address, run.partials + (writer * 64 + lane) * 4) << message;
        if (variant.store_to_load_bytes != 0) {
          std::smatch load, store;
          ASSERT_TRUE(std::regex_search(message, load, load_pc)) << message;
          ASSERT_TRUE(std::regex_search(message, store, store_pc)) << message;
          EXPECT_EQ(parse_hex(load[1]) - parse_hex(store[1]), variant.store_to_load_bytes) << message;
        }
      }
    }
  }
}

TEST_P(MemoryModel, OffByDefaultSoTheBrokenVariantsStillComputeHere) {
  // The reason the checker exists: without it the emulator makes every store visible at once.
  ScopedEnv unset("INGOT_EMU_CHECK_MEMORY_MODEL", std::nullopt);
  for (const char* kernel :
       {"split_k_no_release", "split_k_no_release_wait", "split_k_no_acquire", "split_k_acquire_early"}) {
    SplitKRun run = run_split_k(kernel, GetParam(), 2, Schedule::kRandom, 3, false);
    ASSERT_TRUE(run.profile.is_ok()) << kernel << ": " << run.profile.status().to_string();
    EXPECT_EQ(run.result, host_sum(run.inputs)) << kernel;
  }
}

TEST_P(MemoryModel, OwnStoresAreNeverReported) {
  const uint32_t groups = 4, items = 128;
  for (uint32_t threads : {1u, 2u, 4u}) {
    for (uint64_t seed = 0; seed <= 3; ++seed) {
      Emulator emu(EmulatorOptions{.target = GetParam(),
                                   .host_threads = threads,
                                   .schedule = seed == 0 ? Schedule::kDeterministic : Schedule::kRandom,
                                   .seed = seed,
                                   .check_memory_model = true});
      DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(groups * items, 0));
      DeviceArray<uint32_t> result = upload(emu, std::vector<uint32_t>(groups * items, 0));
      auto profile = run_kernel(emu, "own_store_load", {groups, 1, 1}, {items, 1, 1},
                                kernargs({out.address, result.address}));
      ASSERT_TRUE(profile.is_ok()) << threads << " threads, seed " << seed << ": " << profile.status().to_string();
      const std::vector<uint32_t> got = download(emu, result);
      for (uint32_t g = 0; g < groups; ++g) {
        for (uint32_t lane = 0; lane < items; ++lane) {
          EXPECT_EQ(got[g * items + lane], 3 * (g * items + (lane ^ 64)) + 1) << "group " << g << " lane " << lane;
        }
      }
    }
  }
}

TEST_P(MemoryModel, EnvironmentTurnsItOnAndAMalformedValueFailsLaunches) {
  {
    ScopedEnv on("INGOT_EMU_CHECK_MEMORY_MODEL", std::string("1"));
    EXPECT_TRUE(Emulator(EmulatorOptions{.target = GetParam()}).options().check_memory_model);
    SplitKRun run = run_split_k("split_k_no_acquire", GetParam(), 1, Schedule::kDeterministic, 1, false);
    ASSERT_FALSE(run.profile.is_ok());
    EXPECT_NE(run.profile.status().message().find("no acquire before this load"), std::string::npos);
  }
  {
    ScopedEnv off("INGOT_EMU_CHECK_MEMORY_MODEL", std::string("0"));
    EXPECT_FALSE(Emulator(EmulatorOptions{.target = GetParam()}).options().check_memory_model);
  }
  ScopedEnv bad("INGOT_EMU_CHECK_MEMORY_MODEL", std::string("yes"));
  SplitKRun run = run_split_k("split_k_reduce", GetParam(), 1, Schedule::kDeterministic, 1, false);
  ASSERT_FALSE(run.profile.is_ok());
  EXPECT_EQ(run.profile.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(run.profile.status().message().find("INGOT_EMU_CHECK_MEMORY_MODEL='yes'"), std::string::npos)
      << run.profile.status().message();
}

TEST_P(MemoryModel, AnotherWavesStoresAreReleasedOnlyOnceCompletedBeforeTheWriteBack) {
  for (uint32_t threads : {1u, 2u, 8u}) {
    for (uint64_t seed = 0; seed <= 4; ++seed) {
      const Schedule schedule = seed == 0 ? Schedule::kDeterministic : Schedule::kRandom;
      SCOPED_TRACE(std::to_string(threads) + " threads, seed " + std::to_string(seed));
      SplitKRun good = run_split_k("split_k_two_waves", GetParam(), threads, schedule, seed, true, 128);
      ASSERT_TRUE(good.profile.is_ok()) << good.profile.status().to_string();
      EXPECT_EQ(good.result, host_sum(good.inputs));
      SplitKRun bad = run_split_k("split_k_two_waves_no_wait", GetParam(), threads, schedule, seed, true, 128);
      ASSERT_FALSE(bad.profile.is_ok());
      EXPECT_NE(bad.profile.status().message().find("no release after the store at pc "), std::string::npos)
          << bad.profile.status().message();
    }
  }
}

INGOT_FOR_BOTH_TARGETS(MemoryModel);

}  // namespace
}  // namespace ingot::emu::testing
