// The wall-clock budget of a launch (EmulatorOptions::timeout_seconds, INGOT_EMU_TIMEOUT): a runaway kernel
// stops within about the budget, with a fault naming the kernel, workgroup, wave and PC, on one host thread
// or several; a malformed budget fails every launch naming it; a kernel that ends is not disturbed.
#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class ScopedTimeoutEnv : public ScopedEnv {
 public:
  explicit ScopedTimeoutEnv(std::optional<std::string> value) : ScopedEnv("INGOT_EMU_TIMEOUT", std::move(value)) {}
};

// The launch of `stem` and the wall-clock seconds it took.
std::pair<Result<LaunchProfile>, double> timed_run(Emulator& emu, const std::string& stem, Dim3 grid, Dim3 workgroup) {
  const auto start = std::chrono::steady_clock::now();
  Result<LaunchProfile> profile = run_kernel(emu, stem, grid, workgroup, kernargs({}));
  return {std::move(profile), std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

void expect_timeout(const Result<LaunchProfile>& profile, const std::string& kernel, const std::string& seconds) {
  ASSERT_FALSE(profile.is_ok()) << "the runaway launch ended by itself";
  EXPECT_EQ(profile.status().code(), StatusCode::kEmulatorFault);
  const std::string& message = profile.status().message();
  EXPECT_NE(message.find("kernel " + kernel + ", workgroup ("), std::string::npos) << message;
  EXPECT_NE(message.find(", wave "), std::string::npos) << message;
  EXPECT_NE(message.find(", pc 0x"), std::string::npos) << message;
  EXPECT_NE(message.find("wall-clock budget of " + seconds + " s"), std::string::npos) << message;
}

// Without the budget this kernel would run 2^32 instructions per wave (minutes).
TEST(Timeout, AnInfiniteLoopStopsWithinItsBudget) {
  ScopedTimeoutEnv env{std::nullopt};
  Emulator emu(EmulatorOptions{.timeout_seconds = 0.25});
  auto [profile, seconds] = timed_run(emu, "infinite_loop", {1, 1, 1}, {64, 1, 1});
  expect_timeout(profile, "infinite_loop", "0.25");
  EXPECT_NE(profile.status().message().find("wave 0, pc 0x"), std::string::npos) << profile.status().message();
  EXPECT_GE(seconds, 0.25);
  EXPECT_LT(seconds, 10.0) << "the budget was 0.25 s";
}

// Many workgroups looping on several host threads: every thread stops, and the lowest workgroup is named.
TEST(Timeout, EveryHostThreadStops) {
  ScopedTimeoutEnv env{std::nullopt};
  Emulator emu(EmulatorOptions{.host_threads = 2, .timeout_seconds = 0.25});
  auto [profile, seconds] = timed_run(emu, "infinite_loop", {64, 1, 1}, {256, 1, 1});
  expect_timeout(profile, "infinite_loop", "0.25");
  EXPECT_NE(profile.status().message().find("workgroup (0,0,0)"), std::string::npos) << profile.status().message();
  EXPECT_LT(seconds, 10.0) << "the budget was 0.25 s";
}

// A wave spinning while another waits at a barrier: the fault names the waiting wave too.
TEST(Timeout, AHangAtABarrierNamesTheWaitingWave) {
  ScopedTimeoutEnv env{std::nullopt};
  Emulator emu(EmulatorOptions{.timeout_seconds = 0.25});
  auto [profile, seconds] = timed_run(emu, "barrier_spin_hang", {1, 1, 1}, {128, 1, 1});
  expect_timeout(profile, "barrier_spin_hang", "0.25");
  EXPECT_NE(profile.status().message().find("wave(s) waiting at s_barrier: 1 at pc 0x"), std::string::npos)
      << profile.status().message();
}

TEST(Timeout, TheVariableSetsTheBudgetAndTheOptionWins) {
  ScopedTimeoutEnv env{std::string("0.2")};
  Emulator from_variable;
  EXPECT_EQ(from_variable.options().timeout_seconds, 0.2);
  expect_timeout(timed_run(from_variable, "infinite_loop", {1, 1, 1}, {64, 1, 1}).first, "infinite_loop", "0.2");
  EXPECT_EQ(Emulator(EmulatorOptions{.timeout_seconds = 0.3}).options().timeout_seconds, 0.3);
  ScopedTimeoutEnv unset{std::nullopt};
  EXPECT_EQ(Emulator().options().timeout_seconds, 0.0);
}

// A kernel that ends well inside the budget runs as without one.
TEST(Timeout, AKernelThatEndsIsNotDisturbed) {
  ScopedTimeoutEnv env{std::nullopt};
  Emulator emu(EmulatorOptions{.timeout_seconds = 60});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 16, 0));
  auto profile = run_kernel(emu, "salu_branch", {1, 1, 1}, {64, 1, 1}, kernargs({out.address, 5}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  EXPECT_EQ(download(emu, out)[0], 15u);  // salu_branch's r0: 1 + 2 + ... + 5
}

TEST(Timeout, AMalformedBudgetFailsEveryLaunchNamingIt) {
  for (const char* bad : {"x", "0", "-1", "1e7", "nan", "inf", "2s", " 1"}) {
    ScopedTimeoutEnv env{std::string(bad)};
    Emulator emu;
    auto profile = run_kernel(emu, "infinite_loop", {1, 1, 1}, {64, 1, 1}, kernargs({}));
    ASSERT_FALSE(profile.is_ok()) << "INGOT_EMU_TIMEOUT='" << bad << "' was accepted";
    EXPECT_EQ(profile.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(profile.status().message().find("INGOT_EMU_TIMEOUT='" + std::string(bad) + "'"), std::string::npos)
        << profile.status().to_string();
  }
  ScopedTimeoutEnv env{std::nullopt};
  for (double bad : {-1.0, 2e6}) {
    Emulator emu(EmulatorOptions{.timeout_seconds = bad});
    auto profile = run_kernel(emu, "infinite_loop", {1, 1, 1}, {64, 1, 1}, kernargs({}));
    ASSERT_FALSE(profile.is_ok()) << "timeout_seconds " << bad << " was accepted";
    EXPECT_NE(profile.status().message().find("timeout_seconds"), std::string::npos) << profile.status().to_string();
  }
}

}  // namespace
}  // namespace ingot::emu::testing
