// Which GEMM problems the table covers: the Llama-3-70B / DeepSeek-V3 linear shapes of issue 4.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ingot::bench {

// How the operands are typed; each maps to the match keys the manifest's gemm kernels use.
enum class GemmDtype { kBf16, kFp8Block128, kFp8PerToken };
const char* dtype_name(GemmDtype dtype);  // "bf16", "fp8_block128", "fp8_per_token"
bool parse_dtype(const std::string& text, GemmDtype* out);

struct BenchCase {
  std::string arch;  // "gfx942"
  int64_t cus = 0;
  GemmDtype dtype = GemmDtype::kBf16;
  int64_t M = 0, N = 0, K = 0;
};

// The axes.
const std::vector<int64_t>& representative_ms();   // 1 2 4 8 16 64 512 4096
const std::vector<int64_t>& representative_nks();  // 1536 2048 7168 8192 18432 24576 28672

struct NK {
  int64_t n, k;
  const char* layer;  // which model linear the pair is
};
// The default subset of (N, K) pairs: the real linears of the two models whose N and K both lie on
// the axis (the full 7x7 cross product is --all).
const std::vector<NK>& model_linears();

}  // namespace ingot::bench
