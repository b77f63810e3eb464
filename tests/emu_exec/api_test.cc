// The public API's contracts: device addresses, copies with bounds, module loading errors (corrupt
// input, wrong arch, undecodable code names the kernel), launch argument checks.
#include <algorithm>

#include "emu_test_support.h"
#include "ingot/tooling/code_object.h"

namespace ingot::emu::testing {
namespace {

TEST(EmulatorApi, AllocationsLookLikeGpuAddresses) {
  Emulator emu;
  auto a = emu.allocate(100), b = emu.allocate(1 << 20), c = emu.allocate(8);
  ASSERT_TRUE(a.is_ok() && b.is_ok() && c.is_ok());
  for (uint64_t address : {*a, *b, *c}) {
    EXPECT_NE(address, 0u);
    EXPECT_EQ(address % 4096, 0u);
  }
  EXPECT_GE(*b, *a + 100);
  EXPECT_GE(*c, *b + (1 << 20));
  EXPECT_FALSE(emu.allocate(0).is_ok());
  std::vector<uint8_t> data(200, 1);
  EXPECT_FALSE(emu.copy_to_device(*a, data.data(), data.size()).is_ok());  // 200 > 100 bytes
  EXPECT_TRUE(emu.copy_to_device(*a, data.data(), 100).is_ok());
  EXPECT_FALSE(emu.copy_to_host(data.data(), *a + 50, 51).is_ok());
  EXPECT_TRUE(emu.free(*a).is_ok());
  EXPECT_FALSE(emu.free(*a).is_ok());
  EXPECT_FALSE(emu.copy_to_host(data.data(), *a, 4).is_ok());
  EXPECT_EQ(emu.cus(), 304u);
  EXPECT_EQ(Emulator(EmulatorOptions{.target = Target::kGfx950}).cus(), 256u);
  EXPECT_EQ(Emulator(EmulatorOptions{.cus = 80}).cus(), 80u);
}

TEST(EmulatorApi, GarbageIsACorruptCodeObject) {
  Emulator emu;
  std::vector<uint8_t> garbage(1000, 0x5a);
  auto module = emu.load_module(garbage);
  ASSERT_FALSE(module.is_ok());
  EXPECT_EQ(module.status().code(), StatusCode::kCorruptCodeObject);
}

TEST(EmulatorApi, WrongArchIsRejected) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx942});
  auto module = emu.load_module(read_kernel_file("salu_branch", Target::kGfx950));
  ASSERT_FALSE(module.is_ok());
  EXPECT_EQ(module.status().code(), StatusCode::kArchMismatch);
}

TEST(EmulatorApi, UndecodableWordNamesTheKernel) {
  Emulator emu;
  std::vector<uint8_t> bytes = read_kernel_file("salu_branch", Target::kGfx942);
  auto parsed = read_code_object(bytes);
  ASSERT_TRUE(parsed.is_ok()) << parsed.status().to_string();
  const std::vector<uint8_t>& text = parsed->text;
  ASSERT_GE(text.size(), 16u);
  auto at = std::search(bytes.begin(), bytes.end(), text.begin(), text.begin() + 16);
  ASSERT_NE(at, bytes.end());
  // 0xffffffff: encoding bits [31:26] = 111111 name no GFX9 instruction format.
  std::fill(at, at + 4, uint8_t{0xff});
  auto module = emu.load_module(bytes);
  ASSERT_FALSE(module.is_ok());
  EXPECT_NE(module.status().message().find("salu_branch"), std::string::npos) << module.status().message();
}

TEST(EmulatorApi, LaunchChecksItsArguments) {
  Emulator emu;
  auto module = emu.load_module(read_kernel_file("salu_branch", Target::kGfx942));
  ASSERT_TRUE(module.is_ok()) << module.status().to_string();
  auto names = emu.kernel_names(*module);
  ASSERT_TRUE(names.is_ok());
  EXPECT_EQ(*names, std::vector<std::string>{"salu_branch"});
  std::vector<uint8_t> args(64, 0);
  LaunchConfig config;
  config.kernarg = args;
  EXPECT_EQ(emu.launch(*module, "nope", config).status().code(), StatusCode::kNotFound);
  config.workgroup = {1025, 1, 1};
  EXPECT_EQ(emu.launch(*module, "salu_branch", config).status().code(), StatusCode::kInvalidArgument);
  config.workgroup = {64, 1, 1};
  config.grid = {0, 1, 1};
  EXPECT_EQ(emu.launch(*module, "salu_branch", config).status().code(), StatusCode::kInvalidArgument);
  config.grid = {1, 1, 1};
  std::vector<uint8_t> short_args(4, 0);
  config.kernarg = short_args;
  EXPECT_EQ(emu.launch(*module, "salu_branch", config).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(emu.launch(99, "salu_branch", config).status().code(), StatusCode::kNotFound);
}

}  // namespace
}  // namespace ingot::emu::testing
