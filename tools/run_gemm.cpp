// `ingot run gemm`: random inputs from a seed, one Runtime::gemm call, and an element-by-element check
// against the CPU references (tests/reference: written apart from the kernels and the emulator). The
// tolerance per element comes from the reference headers (gemm_tolerance, gemm_fp8_tolerance), which
// derive it from the dtype, K and the magnitudes summed; nothing here invents one.
#include "run_gemm.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iostream>
#include <random>
#include <set>
#include <vector>

#include "gemm_fp8_reference.h"
#include "gemm_reference.h"

namespace ingot::cli {
namespace {

namespace ref = ingot::reference;

// The problem's sizes, accepted in either case (--m or --M) as users and the manifest spell them.
const std::set<std::string, std::less<>> kGemmParams = {"m", "n", "k", "lda", "ldb", "ldc"};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Result<int64_t> parse_int(std::string_view what, std::string_view text) {
  int64_t out = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    return Status(StatusCode::kInvalidArgument, "ingot run: " + std::string(what) + " needs an integer, got '" + std::string(text) + "'");
  }
  return out;
}

Result<std::optional<int64_t>> size_param(const ParsedArgs& args, std::string_view name) {
  std::optional<int64_t> found;
  for (const auto& [param, value] : args.params) {
    if (lower(param) != name) continue;
    auto parsed = parse_int("--" + param, value);
    if (!parsed) return parsed.status();
    found = parsed.value();
  }
  return found;
}

Result<ref::DType> parse_dtype(std::string_view option, std::string_view text) {
  if (text == "bf16") return ref::DType::kBF16;
  if (text == "f16") return ref::DType::kF16;
  if (text == "f32") return ref::DType::kF32;
  return Status(StatusCode::kInvalidArgument, "ingot run: --" + std::string(option) + " must be bf16, f16 or f32, got '" + std::string(text) + "'");
}

// A device buffer freed on scope exit.
struct DeviceBuffer {
  Device& device;
  uint64_t address = 0;
  DeviceBuffer(Device& d) : device(d) {}
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (address != 0) (void)device.free(address);
  }
  Status upload(const void* data, size_t bytes) {
    auto allocated = device.allocate(bytes);
    if (!allocated) return allocated.status();
    address = allocated.value();
    return device.copy_to_device(address, data, bytes);
  }
};

template <typename T>
size_t bytes_of(const std::vector<T>& v) {
  return v.size() * sizeof(T);
}

// Largest errors over the checked elements, and whether each was within its tolerance.
struct ErrorStats {
  double max_abs = 0.0;
  double max_rel = 0.0;
  double worst_ratio = 0.0;  // max error / tolerance: <= 1 passes
  int64_t failures = 0;
  int64_t first_fail_m = -1, first_fail_n = -1;
  double first_fail_got = 0.0, first_fail_want = 0.0;

  void add(int64_t m, int64_t n, double got, double want, double tolerance) {
    const double err = std::isnan(got) ? INFINITY : std::fabs(got - want);
    max_abs = std::max(max_abs, err);
    if (want != 0.0) max_rel = std::max(max_rel, err / std::fabs(want));
    worst_ratio = std::max(worst_ratio, err / tolerance);
    if (!(err <= tolerance)) {
      if (failures++ == 0) {
        first_fail_m = m, first_fail_n = n, first_fail_got = got, first_fail_want = want;
      }
    }
  }
};

struct Shape {
  int64_t M = 0, N = 0, K = 0, lda = 0, ldb = 0, ldc = 0;
};

Result<Shape> read_shape(const ParsedArgs& args) {
  for (const auto& [param, value] : args.params) {
    if (!kGemmParams.contains(lower(param))) {
      return Status(StatusCode::kInvalidArgument, "ingot run gemm: unknown option --" + param + " (see: ingot run --help)");
    }
  }
  Shape s;
  for (auto [name, field] : {std::pair{"m", &s.M}, std::pair{"n", &s.N}, std::pair{"k", &s.K}}) {
    auto value = size_param(args, name);
    if (!value) return value.status();
    if (!value.value()) return Status(StatusCode::kInvalidArgument, "ingot run gemm: --" + std::string(name) + " is required");
    *field = *value.value();
  }
  if (s.M <= 0 || s.N <= 0 || s.K < 0) {
    return Status(StatusCode::kInvalidArgument, "ingot run gemm: need M, N >= 1 and K >= 0");
  }
  for (auto [name, field, fallback] : {std::tuple{"lda", &s.lda, s.K}, std::tuple{"ldb", &s.ldb, s.K}, std::tuple{"ldc", &s.ldc, s.N}}) {
    auto value = size_param(args, name);
    if (!value) return value.status();
    *field = value.value().value_or(fallback);
  }
  // Host buffers are sized from the strides: keep them below a size a CPU check can handle.
  constexpr int64_t kMaxElements = int64_t{1} << 28;
  if (s.lda < s.K || s.ldb < s.K || s.ldc < s.N || s.M * s.lda > kMaxElements || s.N * s.ldb > kMaxElements ||
      s.M * s.ldc > kMaxElements) {
    return Status(StatusCode::kInvalidArgument, "ingot run gemm: need lda, ldb >= K, ldc >= N and buffers under 2^28 elements");
  }
  return s;
}

void print_selection(const Selection& selection) {
  std::cout << "kernel:   " << selection.kernel->id << "\n"
            << "why:      " << selection.why << "\n";
}

Result<RunCheck> finish(Device& device, const ErrorStats& stats, bool padding_intact, bool profile) {
  std::cout << "max abs error: " << stats.max_abs << "\n"
            << "max rel error: " << stats.max_rel << "\n"
            << "worst error / tolerance: " << stats.worst_ratio << "\n";
  if (stats.failures > 0) {
    std::cout << stats.failures << " elements outside tolerance; first at (m=" << stats.first_fail_m
              << ", n=" << stats.first_fail_n << "): got " << stats.first_fail_got << ", want " << stats.first_fail_want << "\n";
  }
  if (!padding_intact) std::cout << "the kernel wrote C's padding columns (n >= N)\n";
  if (profile) {
    const std::string report = device.last_launch_report();
    std::cout << "\n" << (report.empty() ? std::string("(this device has no profile)\n") : report)
              << (report.empty() || report.back() == '\n' ? "" : "\n") << "\n";
  }
  RunCheck check;
  check.passed = stats.failures == 0 && padding_intact;
  std::cout << (check.passed ? "PASS" : "FAIL") << "\n";
  return check;
}

// Padding columns (n >= N) of C start as this byte pattern and must still hold it after the run.
constexpr unsigned char kPaddingByte = 0x5A;

bool padding_intact(const std::vector<unsigned char>& c, const Shape& s, size_t element_bytes) {
  for (int64_t m = 0; m < s.M; ++m) {
    for (int64_t n = s.N; n < s.ldc; ++n) {
      for (size_t b = 0; b < element_bytes; ++b) {
        if (c[static_cast<size_t>(m * s.ldc + n) * element_bytes + b] != kPaddingByte) return false;
      }
    }
  }
  return true;
}

Result<RunCheck> run_gemm_16bit(Runtime& runtime, const ParsedArgs& args, const Shape& s, std::mt19937& rng) {
  const std::string dtype = args.get("dtype") ? *args.get("dtype") : "bf16";
  const std::string out = args.get("out") ? *args.get("out") : "f32";
  auto in_type = parse_dtype("dtype", dtype);
  if (!in_type) return in_type.status();
  auto out_type = parse_dtype("out", out);
  if (!out_type) return out_type.status();
  if (in_type.value() == ref::DType::kF32) return Status(StatusCode::kInvalidArgument, "ingot run gemm: --dtype must be bf16, f16 or fp8");
  float alpha = 1.0f;
  if (const std::string* text = args.get("alpha")) {
    auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), alpha);
    if (ec != std::errc() || ptr != text->data() + text->size() || !std::isfinite(alpha)) {
      return Status(StatusCode::kInvalidArgument, "ingot run gemm: --alpha needs a finite number, got '" + *text + "'");
    }
  }
  const bool with_bias = args.has("bias");

  GemmArgs gemm;
  gemm.M = s.M, gemm.N = s.N, gemm.K = s.K, gemm.lda = s.lda, gemm.ldb = s.ldb, gemm.ldc = s.ldc;
  gemm.dtype_a = gemm.dtype_b = dtype;
  gemm.dtype_c = out;
  gemm.alpha = alpha;
  gemm.bias = with_bias ? 1 : 0;  // a placeholder address, so selection sees has_bias; replaced below
  // Selection first: a shape no kernel accepts allocates nothing and prints the reason.
  auto selection = runtime.select(gemm_problem(gemm, runtime.device().info()).value());
  if (!selection) return selection.status();
  print_selection(selection.value());

  // Inputs uniform in [-1, 1], rounded to the input type (exactly what both sides then read).
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  const ref::DType in_t = in_type.value(), out_t = out_type.value();
  auto fill = [&](std::vector<uint16_t>& v) {
    for (auto& x : v) x = in_t == ref::DType::kBF16 ? ref::float_to_bf16(dist(rng)) : ref::float_to_f16(dist(rng));
  };
  std::vector<uint16_t> a(static_cast<size_t>(s.M * s.lda)), b(static_cast<size_t>(s.N * s.ldb));
  fill(a);
  fill(b);
  const size_t out_bytes = static_cast<size_t>(ref::dtype_bytes(out_t));
  std::vector<unsigned char> bias(static_cast<size_t>(s.N) * out_bytes);
  for (int64_t n = 0; n < s.N; ++n) ref::store_element(bias.data(), n, out_t, dist(rng));
  std::vector<unsigned char> c(static_cast<size_t>(s.M * s.ldc) * out_bytes, kPaddingByte);

  Device& device = runtime.device();
  DeviceBuffer da(device), db(device), dc(device), dbias(device);
  INGOT_RETURN_IF_ERROR(da.upload(a.data(), bytes_of(a)));
  INGOT_RETURN_IF_ERROR(db.upload(b.data(), bytes_of(b)));
  INGOT_RETURN_IF_ERROR(dc.upload(c.data(), c.size()));
  if (with_bias) INGOT_RETURN_IF_ERROR(dbias.upload(bias.data(), bias.size()));
  gemm.A = da.address, gemm.B = db.address, gemm.C = dc.address, gemm.bias = dbias.address;
  INGOT_RETURN_IF_ERROR(runtime.gemm(gemm));
  INGOT_RETURN_IF_ERROR(device.synchronize());
  INGOT_RETURN_IF_ERROR(device.copy_to_host(c.data(), dc.address, c.size()));

  std::vector<unsigned char> c_ref(c.size());
  std::vector<float> exact(static_cast<size_t>(s.M * s.N)), abs_sum(exact.size());
  ref::GemmArgsRef ref_args{in_t, out_t, alpha, with_bias ? bias.data() : nullptr};
  ref::gemm(a.data(), b.data(), c_ref.data(), ref::GemmShape{s.M, s.N, s.K, s.lda, s.ldb, s.ldc}, ref_args,
            exact.data(), abs_sum.data());
  ErrorStats stats;
  for (int64_t m = 0; m < s.M; ++m) {
    for (int64_t n = 0; n < s.N; ++n) {
      const size_t i = static_cast<size_t>(m * s.N + n);
      const float got = ref::load_element(c.data(), m * s.ldc + n, out_t);
      stats.add(m, n, got, exact[i], ref::gemm_tolerance(out_t, exact[i], abs_sum[i], s.K, alpha));
    }
  }
  return finish(device, stats, padding_intact(c, s, out_bytes), args.has("profile"));
}

Result<RunCheck> run_gemm_fp8(Runtime& runtime, const ParsedArgs& args, const Shape& s, std::mt19937& rng) {
  if (args.has("bias") || args.has("alpha")) {
    return Status(StatusCode::kInvalidArgument, "ingot run gemm: --bias and --alpha are not part of the fp8 gemm");
  }
  if (const std::string* out = args.get("out"); out && *out != "bf16") {
    return Status(StatusCode::kInvalidArgument, "ingot run gemm: fp8 gemm writes bf16 (--out bf16), not " + *out);
  }
  // The manifest spells it per_token; the command line also takes per-token.
  std::string scaling = args.get("scaling") ? *args.get("scaling") : "block128";
  std::replace(scaling.begin(), scaling.end(), '-', '_');
  if (scaling != "block128" && scaling != "per_token") {
    return Status(StatusCode::kInvalidArgument, "ingot run gemm: --scaling must be block128 or per-token, got '" + scaling + "'");
  }
  auto format_name = fp8_format_for_arch(runtime.device().info().arch);
  if (!format_name) return format_name.status();
  const ref::Fp8Format format = format_name.value() == "e4m3fnuz" ? ref::Fp8Format::kE4M3Fnuz : ref::Fp8Format::kE4M3Fn;
  const ref::Fp8Scaling ref_scaling = scaling == "block128" ? ref::Fp8Scaling::kBlock128 : ref::Fp8Scaling::kPerToken;

  GemmArgs gemm;
  gemm.M = s.M, gemm.N = s.N, gemm.K = s.K, gemm.lda = s.lda, gemm.ldb = s.ldb, gemm.ldc = s.ldc;
  gemm.dtype_a = gemm.dtype_b = "fp8";
  gemm.dtype_c = "bf16";
  gemm.scaling = scaling;
  gemm.fp8_format = format_name.value();
  auto selection = runtime.select(gemm_problem(gemm, runtime.device().info()).value());
  if (!selection) return selection.status();
  print_selection(selection.value());
  std::cout << "fp8:      " << gemm.fp8_format << ", " << scaling << " scales\n";

  // Any non-NaN code: the full range of the format, subnormals included.
  std::uniform_int_distribution<int> code_dist(0, 255);
  auto fill = [&](std::vector<uint8_t>& v) {
    for (auto& x : v) {
      do {
        x = static_cast<uint8_t>(code_dist(rng));
      } while (std::isnan(ref::fp8_e4m3_to_double(x, format)));
    }
  };
  std::vector<uint8_t> a(static_cast<size_t>(s.M * s.lda)), b(static_cast<size_t>(s.N * s.ldb));
  fill(a);
  fill(b);
  const ref::Fp8GemmShape shape{s.M, s.N, s.K, s.lda, s.ldb, s.ldc};
  std::uniform_real_distribution<float> scale_dist(0.25f, 1.0f);
  std::vector<float> a_scale(static_cast<size_t>(ref::fp8_a_scale_count(shape, ref_scaling)));
  std::vector<float> b_scale(static_cast<size_t>(ref::fp8_b_scale_count(shape, ref_scaling)));
  for (auto& x : a_scale) x = scale_dist(rng);
  for (auto& x : b_scale) x = scale_dist(rng);
  std::vector<unsigned char> c(static_cast<size_t>(s.M * s.ldc) * 2, kPaddingByte);

  Device& device = runtime.device();
  DeviceBuffer da(device), db(device), dc(device), das(device), dbs(device);
  INGOT_RETURN_IF_ERROR(da.upload(a.data(), bytes_of(a)));
  INGOT_RETURN_IF_ERROR(db.upload(b.data(), bytes_of(b)));
  INGOT_RETURN_IF_ERROR(das.upload(a_scale.data(), bytes_of(a_scale)));
  INGOT_RETURN_IF_ERROR(dbs.upload(b_scale.data(), bytes_of(b_scale)));
  INGOT_RETURN_IF_ERROR(dc.upload(c.data(), c.size()));
  gemm.A = da.address, gemm.B = db.address, gemm.C = dc.address, gemm.A_scale = das.address, gemm.B_scale = dbs.address;
  INGOT_RETURN_IF_ERROR(runtime.gemm(gemm));
  INGOT_RETURN_IF_ERROR(device.synchronize());
  INGOT_RETURN_IF_ERROR(device.copy_to_host(c.data(), dc.address, c.size()));

  const ref::Fp8GemmResult want = ref::gemm_fp8(a.data(), b.data(), a_scale.data(), b_scale.data(), shape, ref_scaling, format);
  ErrorStats stats;
  for (int64_t m = 0; m < s.M; ++m) {
    for (int64_t n = 0; n < s.N; ++n) {
      const size_t i = static_cast<size_t>(m * s.N + n);
      uint16_t bits = 0;
      std::memcpy(&bits, c.data() + static_cast<size_t>(m * s.ldc + n) * 2, 2);
      stats.add(m, n, ref::fp8_ref_bf16_to_double(bits), want.value[i],
                ref::gemm_fp8_tolerance(want.value[i], want.magnitude[i], s.K));
    }
  }
  return finish(device, stats, padding_intact(c, s, 2), args.has("profile"));
}

}  // namespace

Result<RunCheck> run_gemm(Runtime& runtime, const ParsedArgs& args) {
  auto shape = read_shape(args);
  if (!shape) return shape.status();
  int64_t seed = 1;
  if (const std::string* text = args.get("seed")) {
    auto parsed = parse_int("--seed", *text);
    if (!parsed) return parsed.status();
    seed = parsed.value();
  }
  std::cout << "inputs:   seed " << seed << "\n";
  std::mt19937 rng(static_cast<uint32_t>(seed));
  const std::string* dtype = args.get("dtype");
  if (dtype != nullptr && *dtype == "fp8") return run_gemm_fp8(runtime, args, shape.value(), rng);
  if (args.has("scaling")) return Status(StatusCode::kInvalidArgument, "ingot run gemm: --scaling is for --dtype fp8");
  return run_gemm_16bit(runtime, args, shape.value(), rng);
}

}  // namespace ingot::cli
