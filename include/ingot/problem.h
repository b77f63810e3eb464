// A call to be served by some kernel: op, match keys, integer sizes, buffers and float scalars,
// plus the device it runs on. Generic over ops: the manifest decides which names matter.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>


namespace ingot {

struct Problem {
  std::string op;                                       // "gemm", "fmha_fwd", "mla_decode"
  std::map<std::string, std::string, std::less<>> keys;  // match keys: dtype_a -> "bf16"
  std::map<std::string, int64_t, std::less<>> ints;      // M, N, K, lda, causal ...
  std::map<std::string, uint64_t, std::less<>> buffers;  // A -> device address
  std::map<std::string, double, std::less<>> scalars;    // alpha -> 1.0

  Problem() = default;
  explicit Problem(std::string op_name) : op(std::move(op_name)) {}
  Problem& key(std::string name, std::string value) { keys[std::move(name)] = std::move(value); return *this; }
  Problem& integer(std::string name, int64_t value) { ints[std::move(name)] = value; return *this; }
  Problem& buffer(std::string name, uint64_t address) { buffers[std::move(name)] = address; return *this; }
  Problem& scalar(std::string name, double value) { scalars[std::move(name)] = value; return *this; }

  // "gemm(M=128, N=64, K=100, dtype_a=bf16)" for messages.
  std::string describe() const;
};

// The device values selection and launch rules may use. Names seen by expressions:
// cus, max_lds (bytes per workgroup), wavefront_size, xcds, clock_mhz.
struct DeviceInfo {
  std::string arch;           // "gfx942"
  int64_t cus = 0;            // compute units (304 on MI300X, 80 on MI308X: never assume)
  int64_t max_lds = 0;        // 0 = the arch's LDS size
  int64_t wavefront_size = 64;
  int64_t xcds = 1;
  int64_t clock_mhz = 0;
};

}  // namespace ingot
