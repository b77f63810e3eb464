// `ingot run gemm` and the gemm kernels' shapes behind the harness interface. The options are the gemm
// op's field table (loader/ops/gemm.cpp: M, N, K, strides, dtypes, alpha, scaling, fp8_format; buffers are
// the harness's), plus three spellings `ingot run gemm` has always had: --dtype (both inputs), --out
// (dtype_c) and --bias (a random bias[N]). The problem is the op's own (gemm_op().write_problem): every
// default is the op's, and the case is built from the problem's values, so what runs is exactly what the
// op call would select.
#include "gemm_check.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <tuple>

#include "gemm_cases.h"
#include "gemm_shapes.h"
#include "ingot/ops/gemm.h"

namespace ingot::harness {
namespace {

Status bad_option(const std::string& what) { return Status(StatusCode::kInvalidArgument, what); }

const std::string* find(const CaseOptions& options, std::string_view name) {
  auto it = options.find(name);
  return it == options.end() ? nullptr : &it->second;
}

std::string placeholder(const OpField& field) {
  if (!field.choices.empty()) {
    std::string text;
    for (std::string_view choice : field.choices) text += (text.empty() ? "" : "|") + std::string(choice);
    return text;
  }
  return field.kind == FieldKind::kBool ? "true|false" : std::string(field.name);
}

// The option values as the op's argument bag. A value the field does not take is kInvalidArgument
// naming the option.
Result<OpArgs> op_args(const CaseOptions& options) {
  OpArgs args(gemm_op());
  auto set = [&](std::string_view field, std::string_view value, std::string_view option) -> Status {
    Status s = args.set_text(field, value);
    if (s.is_ok()) return s;
    return bad_option("--" + std::string(option) + ": " + s.message());
  };
  for (const auto& [name, value] : options) {
    if (name == "dtype") {
      INGOT_RETURN_IF_ERROR(set("dtype_a", value, name));
      INGOT_RETURN_IF_ERROR(set("dtype_b", value, name));
    } else if (name == "out") {
      INGOT_RETURN_IF_ERROR(set("dtype_c", value, name));
    } else if (name == "bias") {
      INGOT_RETURN_IF_ERROR(args.set_buffer("bias", 1));  // "with bias": the case's buffer replaces it
    } else if (name == "scaling") {
      std::string scaling = value;  // the manifest spells it per_token; the command line also takes per-token
      std::replace(scaling.begin(), scaling.end(), '-', '_');
      INGOT_RETURN_IF_ERROR(set("scaling", scaling, name));
    } else {
      INGOT_RETURN_IF_ERROR(set(name, value, name));
    }
  }
  return args;
}

int64_t int_of(const Problem& p, const char* name) {
  auto it = p.ints.find(name);
  return it == p.ints.end() ? 0 : it->second;
}

std::string key_of(const Problem& p, const char* name) {
  auto it = p.keys.find(name);
  return it == p.keys.end() ? std::string() : it->second;
}

// The shape the op's problem describes (strides with the op's defaults), with the harness's own limits.
Result<GemmShape> shape_of(const Problem& p) {
  const GemmShape s{int_of(p, "M"), int_of(p, "N"), int_of(p, "K"), int_of(p, "lda"), int_of(p, "ldb"), int_of(p, "ldc")};
  if (s.M <= 0 || s.N <= 0) return bad_option("need M, N >= 1");
  // K=0 is the empty product (C = alpha*0 + bias): nothing for a kernel to compute or check, so the rule
  // is stated here rather than ending in a 0-byte device allocation.
  if (s.K <= 0) return bad_option("need K >= 1 (K=0 is an empty product: C = bias, or 0, with no kernel to run)");
  if (s.lda < s.K || s.ldb < s.K || s.ldc < s.N) return bad_option("need lda, ldb >= K and ldc >= N");
  // Host buffers are sized from the strides: keep them below a size a CPU check can handle. Checked
  // products: M*lda of two huge values must be an error, not a signed overflow.
  constexpr int64_t kMaxElements = int64_t{1} << 28;
  for (auto [rows, stride, name] : {std::tuple{s.M, s.lda, "M*lda"}, std::tuple{s.N, s.ldb, "N*ldb"},
                                    std::tuple{s.M, s.ldc, "M*ldc"}}) {
    int64_t elements = 0;
    if (__builtin_mul_overflow(rows, stride, &elements) || elements > kMaxElements) {
      return bad_option(std::string(name) + " = " + std::to_string(rows) + "*" + std::to_string(stride) +
                        " is over the harness's 2^28-element buffer limit");
    }
  }
  return s;
}

CaseOptions options_of(const GemmShape& s) {
  return {{"M", std::to_string(s.M)},     {"N", std::to_string(s.N)},     {"K", std::to_string(s.K)},
          {"lda", std::to_string(s.lda)}, {"ldb", std::to_string(s.ldb)}, {"ldc", std::to_string(s.ldc)}};
}

Result<GemmShape> shape_from_options(const CaseOptions& options) {
  GemmShape s;
  for (auto [name, field] : {std::pair{"M", &s.M}, std::pair{"N", &s.N}, std::pair{"K", &s.K},
                             std::pair{"lda", &s.lda}, std::pair{"ldb", &s.ldb}, std::pair{"ldc", &s.ldc}}) {
    const std::string* text = find(options, name);
    if (text == nullptr) return bad_option(std::string("kernel shape without ") + name);
    auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), *field);
    if (ec != std::errc() || ptr != text->data() + text->size()) return bad_option(std::string("bad ") + name);
  }
  return s;
}

class GemmCheck final : public OpCheck {
 public:
  std::string_view op() const override { return "gemm"; }

  std::vector<CheckOption> options() const override {
    std::vector<CheckOption> out;
    for (const OpField& field : gemm_op().fields()) {
      if (field.kind == FieldKind::kBuffer) continue;  // the harness allocates and fills every buffer
      std::string help(field.help);
      if (field.required) help += " (required)";
      if (!field.default_value.empty()) help += " (default " + std::string(field.default_value) + ")";
      out.push_back({std::string(field.name), placeholder(field), help});
    }
    out.push_back({"dtype", "bf16|f16|fp8", "both input types at once (dtype_a and dtype_b; default bf16)"});
    out.push_back({"out", "bf16|f16|f32", "the output type (dtype_c; default f32, fp8 writes bf16)"});
    out.push_back({"bias", "", "add a random bias[N] (bf16/f16 inputs)"});
    return out;
  }

  Result<Problem> problem(const CaseOptions& options, const DeviceInfo& device) const override {
    auto args = op_args(options);
    if (!args) return args.status();
    INGOT_RETURN_IF_ERROR(args.value().check_required(/*for_launch=*/false));
    const OpArgs& filled = args.value();
    return build_problem(gemm_op(), [&](ProblemWriter& out) { return gemm_op().write_problem(filled, device, out); });
  }

  Result<HostCase> make_case(const CaseOptions& options, const DeviceInfo& device, uint32_t seed) const override {
    auto built = problem(options, device);
    if (!built) return built.status();
    const Problem& p = built.value();
    auto shape = shape_of(p);
    if (!shape) return shape.status();
    HostCase hc;
    if (key_of(p, "dtype_a") == "fp8") {
      if (find(options, "bias") || find(options, "alpha")) return bad_option("--bias and --alpha are not part of the fp8 gemm");
      if (key_of(p, "dtype_c") != "bf16") return bad_option("fp8 gemm writes bf16 (--out bf16), not " + key_of(p, "dtype_c"));
      hc = make_fp8_gemm_case(Fp8Gemm{key_of(p, "fp8_format"), key_of(p, "scaling")}, shape.value(), seed);
    } else {
      if (find(options, "scaling") || find(options, "fp8_format")) return bad_option("--scaling and --fp8_format are for fp8 inputs");
      DenseGemm g;
      g.dtype_in = key_of(p, "dtype_a");
      g.dtype_out = key_of(p, "dtype_c");
      if (key_of(p, "dtype_b") != g.dtype_in) return bad_option("the reference takes one input type: dtype_b must be dtype_a");
      g.has_bias = int_of(p, "has_bias") != 0;
      g.alpha = static_cast<float>(p.scalars.at("alpha"));
      if (!std::isfinite(g.alpha)) return bad_option("--alpha must be finite");
      hc = make_dense_case(g, shape.value(), seed);
    }
    hc.problem = p;  // the op's problem; the buffers are bound when the case runs
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
    auto s = shape_from_options(shape.options);
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
