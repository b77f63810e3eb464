#include "bench_shapes.h"

namespace ingot::bench {

const char* dtype_name(GemmDtype dtype) {
  switch (dtype) {
    case GemmDtype::kBf16: return "bf16";
    case GemmDtype::kFp8Block128: return "fp8_block128";
    case GemmDtype::kFp8PerToken: return "fp8_per_token";
  }
  return "?";
}

bool parse_dtype(const std::string& text, GemmDtype* out) {
  for (GemmDtype d : {GemmDtype::kBf16, GemmDtype::kFp8Block128, GemmDtype::kFp8PerToken}) {
    if (text == dtype_name(d)) {
      *out = d;
      return true;
    }
  }
  return false;
}

const std::vector<int64_t>& representative_ms() {
  static const std::vector<int64_t> ms{1, 2, 4, 8, 16, 64, 512, 4096};
  return ms;
}

const std::vector<int64_t>& representative_nks() {
  static const std::vector<int64_t> nks{1536, 2048, 7168, 8192, 18432, 24576, 28672};
  return nks;
}

const std::vector<NK>& model_linears() {
  // C = A[M,K] . B[N,K]^T: N is the layer's output features, K its input features.
  static const std::vector<NK> linears{
      {1536, 7168, "DeepSeek-V3 q_a_proj"},
      {24576, 1536, "DeepSeek-V3 q_b_proj"},
      {18432, 7168, "DeepSeek-V3 dense MLP gate/up"},
      {7168, 18432, "DeepSeek-V3 dense MLP down"},
      {8192, 8192, "Llama-3-70B o_proj"},
      {28672, 8192, "Llama-3-70B MLP gate/up"},
      {8192, 28672, "Llama-3-70B MLP down"},
  };
  return linears;
}

}  // namespace ingot::bench
