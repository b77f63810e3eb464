// `ingot run gemm` and the gemm kernels' shapes behind the harness interface. The problem is the op's
// own (gemm_problem), so what runs is exactly what Runtime::gemm would select for the same call.
#include "gemm_check.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <tuple>

#include "gemm_cases.h"
#include "gemm_shapes.h"
#include "ingot/ops.h"

namespace ingot::harness {
namespace {

Status bad_option(const std::string& what) { return Status(StatusCode::kInvalidArgument, what); }

const std::string* find(const CaseOptions& options, std::string_view name) {
  auto it = options.find(name);
  return it == options.end() ? nullptr : &it->second;
}

Result<int64_t> integer_option(const CaseOptions& options, std::string_view name, std::optional<int64_t> fallback) {
  const std::string* text = find(options, name);
  if (text == nullptr) {
    if (fallback) return *fallback;
    return bad_option("--" + std::string(name) + " is required");
  }
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || ptr != text->data() + text->size() || text->empty()) {
    return bad_option("--" + std::string(name) + " needs an integer, got '" + *text + "'");
  }
  return value;
}

Result<GemmShape> shape_from(const CaseOptions& options) {
  GemmShape s;
  for (auto [name, field] : {std::pair{"m", &s.M}, std::pair{"n", &s.N}, std::pair{"k", &s.K}}) {
    auto value = integer_option(options, name, std::nullopt);
    if (!value) return value.status();
    *field = value.value();
  }
  if (s.M <= 0 || s.N <= 0 || s.K < 0) return bad_option("need M, N >= 1 and K >= 0");
  for (auto [name, field, fallback] : {std::tuple{"lda", &s.lda, s.K}, std::tuple{"ldb", &s.ldb, s.K},
                                       std::tuple{"ldc", &s.ldc, s.N}}) {
    auto value = integer_option(options, name, fallback);
    if (!value) return value.status();
    *field = value.value();
  }
  // Host buffers are sized from the strides: keep them below a size a CPU check can handle.
  constexpr int64_t kMaxElements = int64_t{1} << 28;
  if (s.lda < s.K || s.ldb < s.K || s.ldc < s.N || s.M * s.lda > kMaxElements || s.N * s.ldb > kMaxElements ||
      s.M * s.ldc > kMaxElements) {
    return bad_option("need lda, ldb >= K, ldc >= N and buffers under 2^28 elements");
  }
  return s;
}

CaseOptions options_of(const GemmShape& s) {
  return {{"m", std::to_string(s.M)},     {"n", std::to_string(s.N)},     {"k", std::to_string(s.K)},
          {"lda", std::to_string(s.lda)}, {"ldb", std::to_string(s.ldb)}, {"ldc", std::to_string(s.ldc)}};
}

GemmArgs op_args(const GemmShape& s) {
  GemmArgs args;
  args.M = s.M, args.N = s.N, args.K = s.K, args.lda = s.lda, args.ldb = s.ldb, args.ldc = s.ldc;
  return args;
}

// One `ingot run gemm` call, read from its options: the op's arguments (for gemm_problem) and what the
// case builder needs.
struct GemmCall {
  GemmShape shape;
  GemmArgs args;
  bool fp8 = false;
  DenseGemm dense;
  Fp8Gemm fp8_gemm;
};

Result<GemmCall> fp8_call(const CaseOptions& options, const GemmShape& s, const DeviceInfo& device) {
  if (find(options, "bias") || find(options, "alpha")) return bad_option("--bias and --alpha are not part of the fp8 gemm");
  if (const std::string* out = find(options, "out"); out && *out != "bf16") {
    return bad_option("fp8 gemm writes bf16 (--out bf16), not " + *out);
  }
  // The manifest spells it per_token; the command line also takes per-token.
  std::string scaling = find(options, "scaling") ? *find(options, "scaling") : "block128";
  std::replace(scaling.begin(), scaling.end(), '-', '_');
  if (scaling != "block128" && scaling != "per_token") {
    return bad_option("--scaling must be block128 or per-token, got '" + scaling + "'");
  }
  auto format = fp8_format_for_arch(device.arch);
  if (!format) return format.status();
  GemmCall call{s, op_args(s), true, {}, Fp8Gemm{format.value(), scaling}};
  call.args.dtype_a = call.args.dtype_b = "fp8";
  call.args.dtype_c = "bf16";
  call.args.scaling = scaling;
  call.args.fp8_format = format.value();
  return call;
}

Result<GemmCall> dense_call(const CaseOptions& options, const GemmShape& s) {
  if (find(options, "scaling")) return bad_option("--scaling is for --dtype fp8");
  GemmCall call{s, op_args(s), false, {}, {}};
  DenseGemm& g = call.dense;
  g.dtype_in = find(options, "dtype") ? *find(options, "dtype") : "bf16";
  g.dtype_out = find(options, "out") ? *find(options, "out") : "f32";
  if (g.dtype_in != "bf16" && g.dtype_in != "f16") return bad_option("--dtype must be bf16, f16 or fp8, got '" + g.dtype_in + "'");
  if (g.dtype_out != "bf16" && g.dtype_out != "f16" && g.dtype_out != "f32") {
    return bad_option("--out must be bf16, f16 or f32, got '" + g.dtype_out + "'");
  }
  if (const std::string* text = find(options, "alpha")) {
    auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), g.alpha);
    if (ec != std::errc() || ptr != text->data() + text->size() || !std::isfinite(g.alpha)) {
      return bad_option("--alpha needs a finite number, got '" + *text + "'");
    }
  }
  g.has_bias = find(options, "bias") != nullptr;
  call.args.dtype_a = call.args.dtype_b = g.dtype_in;
  call.args.dtype_c = g.dtype_out;
  call.args.alpha = g.alpha;
  call.args.bias = g.has_bias ? 1 : 0;  // any non-zero address says "with bias"; the case's buffer replaces it
  return call;
}

Result<GemmCall> call_from(const CaseOptions& options, const DeviceInfo& device) {
  auto shape = shape_from(options);
  if (!shape) return shape.status();
  const std::string* dtype = find(options, "dtype");
  if (dtype != nullptr && *dtype == "fp8") return fp8_call(options, shape.value(), device);
  return dense_call(options, shape.value());
}

class GemmCheck final : public OpCheck {
 public:
  std::string_view op() const override { return "gemm"; }

  std::vector<CheckOption> options() const override {
    return {{"m", "M", "rows of A and C (required; also --M)"},
            {"n", "N", "rows of B, columns of C (required; also --N)"},
            {"k", "K", "the reduction length (required; also --K)"},
            {"lda", "LDA", "A's row stride in elements (default K)"},
            {"ldb", "LDB", "B's row stride in elements (default K)"},
            {"ldc", "LDC", "C's row stride in elements (default N); columns N..LDC must stay untouched"},
            {"dtype", "bf16|f16|fp8", "input type (default bf16)"},
            {"out", "bf16|f16|f32", "output type (default f32; fp8 writes bf16)"},
            {"bias", "", "add a random bias[N] (bf16/f16 inputs)"},
            {"alpha", "A", "C = alpha * A.B^T (default 1; bf16/f16 inputs)"},
            {"scaling", "block128|per-token", "fp8 scales (default block128)"}};
  }

  Result<Problem> problem(const CaseOptions& options, const DeviceInfo& device) const override {
    auto call = call_from(options, device);
    if (!call) return call.status();
    return gemm_problem(call.value().args, device);
  }

  Result<HostCase> make_case(const CaseOptions& options, const DeviceInfo& device, uint32_t seed) const override {
    auto call = call_from(options, device);
    if (!call) return call.status();
    const GemmCall& c = call.value();
    HostCase hc = c.fp8 ? make_fp8_gemm_case(c.fp8_gemm, c.shape, seed) : make_dense_case(c.dense, c.shape, seed);
    auto problem = gemm_problem(c.args, device);  // exactly the op call's problem (buffers bound when the case runs)
    if (!problem) return problem.status();
    hc.problem = std::move(problem).value();
    return hc;
  }

  Result<std::vector<KernelShape>> kernel_shapes(const ManifestKernel& kernel, const DeviceInfo& device,
                                                 uint32_t seed) const override {
    std::vector<KernelShape> out;
    if (kernel.family != "gemm" && kernel.family != "gemm_fp8") return out;
    for (const NamedShape& desired : desired_shapes(kernel, seed)) {
      auto legal = legalize(kernel, desired.shape, device);
      if (!legal) return Status(legal.status().code(), desired.name + ": " + legal.status().message());
      out.push_back({desired.name, options_of(legal.value())});
    }
    return out;
  }

  Result<HostCase> kernel_case(const ManifestKernel& kernel, const KernelShape& shape, uint32_t seed) const override {
    auto s = shape_from(shape.options);
    if (!s) return s.status();
    return make_kernel_case(kernel, s.value(), seed);
  }
};

}  // namespace

const OpCheck& gemm_check() {
  static const GemmCheck check;
  return check;
}

}  // namespace ingot::harness
