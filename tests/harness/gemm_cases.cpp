#include "gemm_cases.h"

#include <algorithm>
#include <cstring>
#include <cmath>
#include <memory>
#include <random>
#include <sstream>
#include <variant>

#include "gemm_fp8_reference.h"
#include "gemm_reference.h"

namespace ingot::harness {

namespace ref = ingot::reference;

namespace {

// Tolerances per element of C are the CPU references' own (ref::gemm_tolerance, ref::gemm_fp8_tolerance):
// one definition, with its rationale, next to the arithmetic it bounds.

ref::DType parse_dtype(const std::string& name) {
  return name == "f32" ? ref::DType::kF32 : name == "f16" ? ref::DType::kF16 : ref::DType::kBF16;
}

std::vector<uint8_t> encode(const std::vector<float>& values, ref::DType t) {
  std::vector<uint8_t> bytes(values.size() * static_cast<size_t>(ref::dtype_bytes(t)));
  for (size_t i = 0; i < values.size(); ++i) ref::store_element(bytes.data(), static_cast<int64_t>(i), t, values[i]);
  return bytes;
}

size_t count(int64_t n) { return static_cast<size_t>(std::max<int64_t>(n, 0)); }

// C before the run: a byte pattern no kernel produces by accident, so untouched padding is provable.
std::vector<uint8_t> sentinel_c(const GemmShape& s, int element_bytes) {
  std::vector<uint8_t> c(count(s.M * s.ldc * element_bytes));
  for (size_t i = 0; i < c.size(); ++i) c[i] = static_cast<uint8_t>(0xA5u + (i % 7u));
  return c;
}

void set_shape(Problem& p, const GemmShape& s) {
  p.integer("M", s.M).integer("N", s.N).integer("K", s.K);
  p.integer("lda", s.lda).integer("ldb", s.ldb).integer("ldc", s.ldc);
}

// Padding columns n in [N, ldc) of every row must keep their bytes.
void check_padding(const GemmShape& s, int element_bytes, const std::vector<uint8_t>& before,
                   const std::vector<uint8_t>& after, ElementCheck& check) {
  const size_t eb = static_cast<size_t>(element_bytes);
  for (int64_t m = 0; m < s.M; ++m) {
    for (int64_t n = s.N; n < s.ldc; ++n) {
      const size_t at = static_cast<size_t>(m * s.ldc + n) * eb;
      const bool intact = std::equal(before.begin() + static_cast<std::ptrdiff_t>(at),
                                     before.begin() + static_cast<std::ptrdiff_t>(at + eb),
                                     after.begin() + static_cast<std::ptrdiff_t>(at));
      check.padding("[" + std::to_string(m) + "][" + std::to_string(n) + "]", intact);
    }
  }
}

std::string at(int64_t m, int64_t n) { return "[" + std::to_string(m) + "][" + std::to_string(n) + "]"; }

ref::Fp8Format fp8_format_of(const ManifestKernel& k) {
  auto it = k.match.find("fp8_format");
  const bool fn = it != k.match.end() && std::holds_alternative<std::string>(it->second) &&
                  std::get<std::string>(it->second) == "e4m3fn";
  return fn ? ref::Fp8Format::kE4M3Fn : ref::Fp8Format::kE4M3Fnuz;
}

std::string match_string(const ManifestKernel& k, const char* key, const std::string& fallback) {
  auto it = k.match.find(key);
  if (it == k.match.end() || !std::holds_alternative<std::string>(it->second)) return fallback;
  return std::get<std::string>(it->second);
}

ref::Fp8Format fp8_format_named(const std::string& name) {
  return name == "e4m3fn" ? ref::Fp8Format::kE4M3Fn : ref::Fp8Format::kE4M3Fnuz;
}

}  // namespace

HostCase make_fp8_gemm_case(const Fp8Gemm& g, const GemmShape& s, uint32_t seed) {
  const ref::Fp8Format format = fp8_format_named(g.fp8_format);
  const ref::Fp8Scaling scaling = g.scaling == "block128" ? ref::Fp8Scaling::kBlock128 : ref::Fp8Scaling::kPerToken;
  std::mt19937 rng(seed);
  std::vector<uint8_t> a(count(s.M * s.lda)), b(count(s.N * s.ldb));
  for (auto& x : a) x = ref::random_finite_fp8(rng, format);
  for (auto& x : b) x = ref::random_finite_fp8(rng, format);
  const ref::Fp8GemmShape fs{s.M, s.N, s.K, s.lda, s.ldb, s.ldc};
  std::uniform_real_distribution<float> scale(0.5f, 2.0f);
  std::vector<float> a_scale(count(ref::fp8_a_scale_count(fs, scaling))), b_scale(count(ref::fp8_b_scale_count(fs, scaling)));
  for (auto& x : a_scale) x = scale(rng);
  for (auto& x : b_scale) x = scale(rng);
  auto expected = std::make_shared<ref::Fp8GemmResult>(
      ref::gemm_fp8(a.data(), b.data(), a_scale.data(), b_scale.data(), fs, scaling, format));

  HostCase hc;
  hc.problem = Problem("gemm");
  hc.problem.key("dtype_a", "fp8").key("dtype_b", "fp8").key("dtype_c", "bf16");
  hc.problem.key("scaling", g.scaling).key("fp8_format", g.fp8_format);
  set_shape(hc.problem, s);
  hc.buffers["A"] = a;
  hc.buffers["B"] = b;
  auto as_bytes = [](const std::vector<float>& v) {
    std::vector<uint8_t> bytes(v.size() * sizeof(float));
    std::memcpy(bytes.data(), v.data(), bytes.size());
    return bytes;
  };
  hc.buffers["A_scale"] = as_bytes(a_scale);
  hc.buffers["B_scale"] = as_bytes(b_scale);
  hc.buffers["C"] = sentinel_c(s, 2);
  hc.stats = std::make_shared<ErrorStats>();
  hc.check_output = [s, expected, stats = hc.stats](const std::vector<uint8_t>& before, const std::vector<uint8_t>& after) {
    ElementCheck check("C");
    for (int64_t m = 0; m < s.M; ++m) {
      for (int64_t n = 0; n < s.N; ++n) {
        uint16_t bits;
        std::memcpy(&bits, after.data() + static_cast<size_t>(m * s.ldc + n) * 2, 2);
        const size_t e = static_cast<size_t>(m * s.N + n);
        const double want = expected->value[e];
        check.element(at(m, n), ref::fp8_ref_bf16_to_double(bits), want,
                      ref::gemm_fp8_tolerance(want, expected->magnitude[e], s.K));
      }
    }
    check_padding(s, 2, before, after, check);
    *stats = check.stats();
    return check.failures();
  };
  return hc;
}

namespace {

HostCase make_fp8_case(const ManifestKernel& kernel, const GemmShape& s, uint32_t seed) {
  Fp8Gemm g;
  g.fp8_format = fp8_format_of(kernel) == ref::Fp8Format::kE4M3Fn ? "e4m3fn" : "e4m3fnuz";
  g.scaling = match_string(kernel, "scaling", "per_token");
  HostCase hc = make_fp8_gemm_case(g, s, seed);
  hc.problem = kernel_problem(kernel, s);
  return hc;
}

}  // namespace

std::string GemmShape::describe() const {
  std::ostringstream out;
  out << "M=" << M << " N=" << N << " K=" << K << " lda=" << lda << " ldb=" << ldb << " ldc=" << ldc;
  return out.str();
}

Problem kernel_problem(const ManifestKernel& kernel, const GemmShape& shape) {
  Problem p(kernel.op);
  for (const auto& [name, value] : kernel.match) {
    if (std::holds_alternative<std::string>(value)) {
      p.key(name, std::get<std::string>(value));
    } else if (std::holds_alternative<bool>(value)) {
      p.integer(name, std::get<bool>(value) ? 1 : 0);
    } else {
      p.integer(name, std::get<int64_t>(value));
    }
  }
  // Dense GEMM kernels (those matching has_bias) read alpha; 1 is the value each of them accepts.
  if (kernel.match.count("has_bias") != 0) p.scalar("alpha", 1.0);
  set_shape(p, shape);
  return p;
}

HostCase make_dense_case(const DenseGemm& g, const GemmShape& s, uint32_t seed) {
  const ref::DType in = parse_dtype(g.dtype_in), out = parse_dtype(g.dtype_out);
  const int ob = ref::dtype_bytes(out);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> a(count(s.M * s.lda)), b(count(s.N * s.ldb)), bias(count(s.N));
  for (auto& x : a) x = dist(rng);
  for (auto& x : b) x = dist(rng);
  for (auto& x : bias) x = dist(rng);

  HostCase hc;
  hc.problem = Problem("gemm");
  hc.problem.key("dtype_a", g.dtype_in).key("dtype_b", g.dtype_in).key("dtype_c", g.dtype_out);
  set_shape(hc.problem, s);
  hc.problem.integer("has_bias", g.has_bias ? 1 : 0);
  hc.problem.scalar("alpha", g.alpha);
  hc.buffers["A"] = encode(a, in);
  hc.buffers["B"] = encode(b, in);
  if (g.has_bias) hc.buffers["bias"] = encode(bias, out);
  hc.buffers["C"] = sentinel_c(s, ob);

  // Reference output in C's layout, plus the pre-conversion value and sum |a*b| per element.
  auto expected = std::make_shared<std::vector<uint8_t>>(hc.buffers["C"]);
  auto exact = std::make_shared<std::vector<float>>(count(s.M * s.N));
  auto mag = std::make_shared<std::vector<float>>(count(s.M * s.N));
  const ref::GemmShape rs{s.M, s.N, s.K, s.lda, s.ldb, s.ldc};
  {
    ref::GemmArgsRef args;
    args.in = in;
    args.out = out;
    args.alpha = g.alpha;
    args.bias = g.has_bias ? hc.buffers["bias"].data() : nullptr;
    ref::gemm(hc.buffers["A"].data(), hc.buffers["B"].data(), expected->data(), rs, args, exact->data(), mag->data());
  }
  const float alpha = g.alpha;
  hc.stats = std::make_shared<ErrorStats>();
  hc.check_output = [s, out, ob, alpha, expected, exact, mag, stats = hc.stats](const std::vector<uint8_t>& before,
                                                                               const std::vector<uint8_t>& after) {
    ElementCheck check("C");
    for (int64_t m = 0; m < s.M; ++m) {
      for (int64_t n = 0; n < s.N; ++n) {
        const int64_t i = m * s.ldc + n;
        const size_t e = static_cast<size_t>(m * s.N + n);
        check.element(at(m, n), ref::load_element(after.data(), i, out), ref::load_element(expected->data(), i, out),
                      ref::gemm_tolerance(out, (*exact)[e], (*mag)[e], s.K, alpha));
      }
    }
    check_padding(s, ob, before, after, check);
    *stats = check.stats();
    return check.failures();
  };
  return hc;
}

Result<HostCase> make_kernel_case(const ManifestKernel& kernel, const GemmShape& shape, uint32_t seed) {
  if (kernel.family == "gemm_fp8") return make_fp8_case(kernel, shape, seed);
  if (kernel.family == "gemm") {
    DenseGemm g;
    g.dtype_in = match_string(kernel, "dtype_a", "bf16");
    g.dtype_out = match_string(kernel, "dtype_c", "f32");
    auto bias = kernel.match.find("has_bias");
    g.has_bias = bias != kernel.match.end() && std::holds_alternative<bool>(bias->second) && std::get<bool>(bias->second);
    g.alpha = 0.75f;  // not 1, so a kernel that drops alpha fails
    HostCase hc = make_dense_case(g, shape, seed);
    // Keys exactly as the kernel's entry spells them (other match keys included).
    Problem with_keys = kernel_problem(kernel, shape);
    for (const auto& [name, value] : with_keys.keys) hc.problem.key(name, value);
    for (const auto& [name, value] : with_keys.ints) hc.problem.integer(name, value);
    return hc;
  }
  return Status(StatusCode::kUnsupported, "no CPU reference for family " + kernel.family);
}

}  // namespace ingot::harness
