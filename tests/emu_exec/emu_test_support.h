// Helpers for the execution-engine tests: load a kernel assembled at build time, run it, read back.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "ingot_emu/emulator.h"

namespace ingot::emu::testing {

// Code objects are built into INGOT_EMU_TEST_KERNEL_DIR as <stem>.<arch>.co (see CMakeLists.txt).
inline std::vector<uint8_t> read_kernel_file(const std::string& stem, Target target) {
  const std::string path = std::string(INGOT_EMU_TEST_KERNEL_DIR) + "/" + stem + "." +
                           std::string(target_name(target)) + ".co";
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file.good()) << "missing test kernel " << path;
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// A device buffer of T with its host copy.
template <typename T>
struct DeviceArray {
  uint64_t address = 0;
  std::vector<T> host;
};

template <typename T>
DeviceArray<T> upload(Emulator& emu, const std::vector<T>& values) {
  DeviceArray<T> array;
  array.host = values;
  auto address = emu.allocate(values.size() * sizeof(T));
  EXPECT_TRUE(address.is_ok()) << address.status().to_string();
  array.address = *address;
  EXPECT_TRUE(emu.copy_to_device(array.address, values.data(), values.size() * sizeof(T)).is_ok());
  return array;
}

template <typename T>
std::vector<T> download(const Emulator& emu, const DeviceArray<T>& array) {
  std::vector<T> values(array.host.size());
  const Status status = emu.copy_to_host(values.data(), array.address, values.size() * sizeof(T));
  EXPECT_TRUE(status.is_ok()) << status.to_string();
  return values;
}

// Kernarg bytes from a list of 64-bit words (pointers or packed scalars).
inline std::vector<uint8_t> kernargs(std::initializer_list<uint64_t> words) {
  std::vector<uint8_t> bytes(64, 0);
  size_t offset = 0;
  for (uint64_t word : words) {
    for (int i = 0; i < 8; ++i) bytes[offset + i] = static_cast<uint8_t>(word >> (8 * i));
    offset += 8;
  }
  return bytes;
}

// Parameterised-test names "gfx942" / "gfx950".
struct TargetParamName {
  std::string operator()(const ::testing::TestParamInfo<Target>& param) const {
    return std::string(target_name(param.param));
  }
};
#define INGOT_FOR_BOTH_TARGETS(suite) \
  INSTANTIATE_TEST_SUITE_P(Targets, suite, ::testing::Values(Target::kGfx942, Target::kGfx950), \
                           ::ingot::emu::testing::TargetParamName())

// Loads `stem` for the emulator's target and launches its kernel (named like the file).
inline Result<LaunchProfile> run_kernel(Emulator& emu, const std::string& stem, Dim3 grid, Dim3 workgroup,
                                        const std::vector<uint8_t>& args, uint32_t dynamic_lds = 0) {
  const std::vector<uint8_t> bytes = read_kernel_file(stem, emu.options().target);
  Result<ModuleId> module = emu.load_module(bytes);
  if (!module) return module.status();
  LaunchConfig config;
  config.grid = grid;
  config.workgroup = workgroup;
  config.kernarg = args;
  config.dynamic_lds = dynamic_lds;
  return emu.launch(*module, stem, config);
}

// One 64-lane workgroup of `stem` with kernargs (in, out): uploads `in`, fills `out_words` dwords of output
// with 0xdeadbeef and returns them after the run (a failed launch is a test failure and an empty result).
inline std::vector<uint32_t> run_in_out_kernel(Emulator& emu, const std::string& stem, const std::vector<uint32_t>& in,
                                               size_t out_words) {
  DeviceArray<uint32_t> in_buf = upload(emu, in);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(out_words, 0xdeadbeefu));
  auto profile = run_kernel(emu, stem, {1, 1, 1}, {64, 1, 1}, kernargs({in_buf.address, out.address}));
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
  if (!profile.is_ok()) return {};
  return download(emu, out);
}

inline float as_float(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}
inline uint32_t float_bits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

// Sets an environment variable (or unsets it for nullopt) for one scope, restoring the old value after:
// the emulator reads INGOT_EMU_HOST_THREADS and INGOT_EMU_CHECK_MEMORY_MODEL when constructed.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) saved_ = old;
    if (value) {
      setenv(name, value->c_str(), 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (saved_) {
      setenv(name_, saved_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> saved_;
};

}  // namespace ingot::emu::testing
