// EmulatorOptions::host_threads: 0 is auto (INGOT_EMU_HOST_THREADS, else 1); an explicit count is used
// as given whatever the environment says; a malformed variable fails launches naming it instead of being
// ignored. The process environment is restored after each test.
#include <cstdlib>
#include <optional>
#include <utility>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

// INGOT_EMU_HOST_THREADS set (or unset for nullopt) for one scope.
class ScopedHostThreadsEnv : public ScopedEnv {
 public:
  explicit ScopedHostThreadsEnv(std::optional<std::string> value)
      : ScopedEnv("INGOT_EMU_HOST_THREADS", std::move(value)) {}
};

// salu_branch writes a few words per lane; a successful launch is all these tests need from it.
Result<LaunchProfile> run_small_kernel(Emulator& emu) {
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 16, 0));
  return run_kernel(emu, "salu_branch", {1, 1, 1}, {64, 1, 1}, kernargs({out.address, 5}));
}

TEST(HostThreads, AutoWithoutTheVariableIsOne) {
  ScopedHostThreadsEnv env{std::nullopt};
  EXPECT_EQ(Emulator().options().host_threads, 1u);
  ScopedHostThreadsEnv empty{std::string("")};
  EXPECT_EQ(Emulator().options().host_threads, 1u);
}

TEST(HostThreads, AutoTakesTheVariable) {
  ScopedHostThreadsEnv env{std::string("3")};
  Emulator emu;
  EXPECT_EQ(emu.options().host_threads, 3u);
  auto profile = run_small_kernel(emu);
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
}

TEST(HostThreads, AnExplicitCountIgnoresTheVariable) {
  ScopedHostThreadsEnv env{std::string("3")};
  EXPECT_EQ(Emulator(EmulatorOptions{.host_threads = 2}).options().host_threads, 2u);
  EXPECT_EQ(Emulator(EmulatorOptions{.host_threads = 1}).options().host_threads, 1u);
  // Not consulted at all: even a malformed value does not disturb an explicit count.
  ScopedHostThreadsEnv bad{std::string("lots")};
  Emulator emu(EmulatorOptions{.host_threads = 2});
  auto profile = run_small_kernel(emu);
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
}

TEST(HostThreads, AMalformedVariableFailsEveryLaunchNamingIt) {
  for (const char* bad : {"2x", "x", "0", "-1", "257", " 2", "99999999999"}) {
    ScopedHostThreadsEnv env{std::string(bad)};
    Emulator emu;
    auto profile = run_small_kernel(emu);
    ASSERT_FALSE(profile.is_ok()) << "INGOT_EMU_HOST_THREADS='" << bad << "' was accepted";
    EXPECT_EQ(profile.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(profile.status().message().find("INGOT_EMU_HOST_THREADS='" + std::string(bad) + "'"), std::string::npos)
        << profile.status().to_string();
    EXPECT_FALSE(run_small_kernel(emu).is_ok()) << "only the first launch failed for '" << bad << "'";
  }
}

}  // namespace
}  // namespace ingot::emu::testing
