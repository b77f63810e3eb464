// `ingot run fmha_fwd` and the fmha_fwd kernels' shapes behind the harness interface. The problem is the
// op's own (fmha_fwd_problem, loader/ops/fmha_fwd.cpp) for contiguous BSHD tensors, scale = 1/sqrt(Dqk),
// causal = window (-1, 0).
// Inputs are seeded random values in [-1, 1) rounded to the input type; O is checked against
// tests/reference/fmha_fwd_reference.h; with --lse, LSE too (a buffer the harness reads back beside O:
// HostCase::also_written), +inf for rows that see no key.
#include "fmha_check.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <random>

#include "fmha_fwd_reference.h"
#include "gemm_fp8_reference.h"
#include "gemm_reference.h"
#include "ingot/ops.h"

namespace ingot::harness {
namespace {

namespace ref = ingot::reference;

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

// One fmha_fwd call: the reference's problem plus the input type.
struct FmhaCall {
  ref::FmhaProblem p;
  std::string dtype = "bf16";
  std::string fp8_format;  // fp8 only
  bool lse = false;
};

Result<FmhaCall> call_from(const CaseOptions& options, const DeviceInfo& device) {
  FmhaCall c;
  ref::FmhaProblem& p = c.p;
  const struct { const char* name; int64_t* field; std::optional<int64_t> fallback; } ints[] = {
      {"batch", &p.B, 1}, {"heads-q", &p.Hq, std::nullopt}, {"heads-kv", &p.Hkv, std::nullopt},
      {"seqlen-q", &p.Sq, std::nullopt}, {"seqlen-k", &p.Sk, std::nullopt}, {"head-dim", &p.Dqk, std::nullopt}};
  for (const auto& i : ints) {
    auto value = integer_option(options, i.name, i.fallback);
    if (!value) return value.status();
    *i.field = value.value();
  }
  auto dv = integer_option(options, "head-dim-v", p.Dqk);
  if (!dv) return dv.status();
  p.Dv = dv.value();
  if (p.B < 1 || p.Hq < 1 || p.Hkv < 1 || p.Sq < 1 || p.Sk < 1 || p.Dqk < 1 || p.Dv < 1) {
    return bad_option("batch, heads, sequence lengths and head dims must be at least 1");
  }
  c.lse = find(options, "lse") != nullptr;
  c.dtype = find(options, "dtype") ? *find(options, "dtype") : "bf16";
  if (c.dtype != "bf16" && c.dtype != "f16" && c.dtype != "fp8") {
    return bad_option("--dtype must be bf16, f16 or fp8, got '" + c.dtype + "'");
  }
  if (c.dtype == "fp8") {
    auto format = fp8_format_for_arch(device.arch);
    if (!format) return format.status();
    c.fp8_format = format.value();
  }
  if (find(options, "causal")) p.window_right = 0;
  if (const std::string* w = find(options, "window")) {
    const size_t comma = w->find(',');
    int64_t left = 0, right = 0;
    const bool ok = comma != std::string::npos &&
                    std::from_chars(w->data(), w->data() + comma, left).ptr == w->data() + comma &&
                    std::from_chars(w->data() + comma + 1, w->data() + w->size(), right).ptr == w->data() + w->size();
    if (!ok || left < -1 || right < -1) return bad_option("--window needs L,R with each -1 (unbounded) or >= 0, got '" + *w + "'");
    p.window_left = left;
    p.window_right = find(options, "causal") && right < 0 ? 0 : right;
  }
  p.scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(p.Dqk)));
  if (find(options, "varlen")) {
    // B packed sequences of uneven lengths: sequence b has Sq*(B-b)/B queries and Sk*(B-b)/B keys (the
    // first the longest; zero-length ones when B > Sq or B > Sk)
    p.cu_seqlens_q = {0};
    p.cu_seqlens_k = {0};
    for (int64_t b = 0; b < p.B; ++b) {
      p.cu_seqlens_q.push_back(static_cast<int32_t>(p.cu_seqlens_q.back() + p.Sq * (p.B - b) / p.B));
      p.cu_seqlens_k.push_back(static_cast<int32_t>(p.cu_seqlens_k.back() + p.Sk * (p.B - b) / p.B));
    }
  }
  const int64_t rows_q = p.varlen() ? p.cu_seqlens_q.back() : p.Sq, rows_k = p.varlen() ? p.cu_seqlens_k.back() : p.Sk;
  const struct { ref::FmhaStrides* s; int64_t h, d, rows; } tensors[] = {
      {&p.q, p.Hq, p.Dqk, rows_q}, {&p.k, p.Hkv, p.Dqk, rows_k}, {&p.v, p.Hkv, p.Dv, rows_k}, {&p.o, p.Hq, p.Dv, rows_q}};
  for (const auto& t : tensors) {
    t.s->head = t.d;
    t.s->seq = t.h * t.d;
    t.s->batch = t.rows * t.h * t.d;
  }
  return c;
}

// The op's own problem (fmha_fwd_problem), so what runs is what Runtime::fmha_fwd would select. Buffer
// addresses are placeholders here (a non-zero cu_seqlens says "varlen"); the case's buffers replace them.
Result<Problem> problem_of(const FmhaCall& c, const DeviceInfo& device) {
  const ref::FmhaProblem& p = c.p;
  FmhaFwdArgs args;
  args.B = p.B, args.Hq = p.Hq, args.Hkv = p.Hkv, args.Sq = p.Sq, args.Sk = p.Sk, args.Dqk = p.Dqk, args.Dv = p.Dv;
  args.stride_q_b = p.q.batch, args.stride_q_s = p.q.seq, args.stride_q_h = p.q.head;
  args.stride_k_b = p.k.batch, args.stride_k_s = p.k.seq, args.stride_k_h = p.k.head;
  args.stride_v_b = p.v.batch, args.stride_v_s = p.v.seq, args.stride_v_h = p.v.head;
  args.stride_o_b = p.o.batch, args.stride_o_s = p.o.seq, args.stride_o_h = p.o.head;
  args.scale = p.scale;
  args.window_left = p.window_left, args.window_right = p.window_right;
  args.dtype = c.dtype;
  args.fp8_format = c.fp8_format;
  if (p.varlen()) args.cu_seqlens_q = args.cu_seqlens_k = 1;
  return fmha_fwd_problem(args, device);
}

// Random values in [-1, 1) stored in the input type; returns the decoded values the kernel reads.
std::vector<float> fill(std::vector<uint8_t>& bytes, int64_t n, const FmhaCall& c, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> values(static_cast<size_t>(n));
  if (c.dtype == "fp8") {
    const auto format = c.fp8_format == "e4m3fn" ? ref::Fp8Format::kE4M3Fn : ref::Fp8Format::kE4M3Fnuz;
    bytes.assign(static_cast<size_t>(n), 0);
    for (int64_t i = 0; i < n; ++i) {
      const float x = dist(rng);
      int best = 0;
      double best_error = INFINITY;
      for (int code = 0; code < 256; ++code) {
        const double v = ref::fp8_e4m3_to_double(static_cast<uint8_t>(code), format);
        if (!std::isnan(v) && std::fabs(v - x) < best_error) best = code, best_error = std::fabs(v - x);
      }
      bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(best);
      values[static_cast<size_t>(i)] = static_cast<float>(ref::fp8_e4m3_to_double(static_cast<uint8_t>(best), format));
    }
    return values;
  }
  const ref::DType t = c.dtype == "f16" ? ref::DType::kF16 : ref::DType::kBF16;
  bytes.assign(static_cast<size_t>(n) * 2, 0);
  for (int64_t i = 0; i < n; ++i) {
    ref::store_element(bytes.data(), i, t, dist(rng));
    values[static_cast<size_t>(i)] = ref::load_element(bytes.data(), i, t);
  }
  return values;
}

Result<HostCase> make_fmha_case(const FmhaCall& c, const DeviceInfo& device, uint32_t seed) {
  const ref::FmhaProblem& p = c.p;
  const int64_t widest = std::max(p.Dqk, p.Dv);
  if (p.B * p.Sq * p.Hq * widest > (int64_t{1} << 26) || p.B * p.Sk * p.Hkv * widest > (int64_t{1} << 26)) {
    return bad_option("tensors over 2^26 elements are too large for the CPU reference");
  }
  HostCase hc;
  auto problem = problem_of(c, device);
  if (!problem) return problem.status();
  hc.problem = std::move(problem).value();
  hc.output = "O";
  std::mt19937 rng(seed);
  const std::vector<float> q = fill(hc.buffers["Q"], p.B * p.q.batch, c, rng);
  const std::vector<float> k = fill(hc.buffers["K"], p.B * p.k.batch, c, rng);
  std::vector<float> v = fill(hc.buffers["V"], p.B * p.v.batch, c, rng);
  ref::FmhaProblem reference = p;
  if (c.dtype == "fp8") {
    // per-tensor descales: Q and K fold into the scale, V into the values
    const float descales[3] = {0.5f, 1.5f, 0.75f};
    const char* names[3] = {"Q_descale", "K_descale", "V_descale"};
    for (int i = 0; i < 3; ++i) {
      auto& bytes = hc.buffers[names[i]];
      bytes.resize(4);
      std::memcpy(bytes.data(), &descales[i], 4);
    }
    reference.scale = static_cast<float>(static_cast<double>(p.scale) * descales[0] * descales[1]);
    for (float& x : v) x *= descales[2];
  }
  if (p.varlen()) {
    for (const auto& [name, cu] : {std::pair{"cu_seqlens_q", &p.cu_seqlens_q}, std::pair{"cu_seqlens_k", &p.cu_seqlens_k}}) {
      auto& bytes = hc.buffers[name];
      bytes.resize(cu->size() * 4);
      std::memcpy(bytes.data(), cu->data(), bytes.size());
    }
  }
  const size_t o_elems = static_cast<size_t>(p.B * p.o.batch);
  auto expected = std::make_shared<std::vector<double>>(o_elems, 0.0);
  auto mag = std::make_shared<std::vector<double>>(o_elems, 0.0);
  auto lse = std::make_shared<std::vector<double>>(static_cast<size_t>(p.lse_count()), 0.0);
  ref::fmha_fwd(reference, q, k, v, *expected, lse.get(), mag.get());
  hc.buffers["O"].assign(o_elems * 2, 0xA5);
  if (c.lse) {
    hc.buffers["LSE"].assign(lse->size() * 4, 0xA5);
    hc.also_written.push_back("LSE");
  }
  const ref::DType out = c.dtype == "f16" ? ref::DType::kF16 : ref::DType::kBF16;
  const double eps = c.dtype == "f16" ? std::ldexp(1.0, -11) : std::ldexp(1.0, -8);
  hc.stats = std::make_shared<ErrorStats>();
  hc.check_output = [p, out, eps, expected, mag, lse, want_lse = c.lse, written = hc.written,
                     stats = hc.stats](const std::vector<uint8_t>&, const std::vector<uint8_t>& after) {
    ElementCheck check("O");
    for (int64_t b = 0; b < p.B; ++b) {
      for (int64_t i = 0; i < p.seqlen_q(b); ++i) {
        for (int64_t h = 0; h < p.Hq; ++h) {
          for (int64_t d = 0; d < p.Dv; ++d) {
            const int64_t e = p.at(p.o, p.cu_seqlens_q, b, i, h) + d;
            const double want = (*expected)[static_cast<size_t>(e)];
            check.element("[b" + std::to_string(b) + "][s" + std::to_string(i) + "][h" + std::to_string(h) + "][" +
                              std::to_string(d) + "]",
                          ref::load_element(after.data(), e, out), want,
                          ref::fmha_tolerance(want, (*mag)[static_cast<size_t>(e)], eps, eps));
          }
        }
      }
    }
    std::vector<std::string> failures = check.failures();
    if (want_lse) {
      const auto it = written->find("LSE");
      if (it == written->end()) {
        failures.push_back("LSE was not read back");
      } else {
        ElementCheck lse_check("LSE");
        for (size_t e = 0; e < lse->size(); ++e) {
          float got;
          std::memcpy(&got, it->second.data() + 4 * e, 4);
          const double want = (*lse)[e];
          const std::string index = "[" + std::to_string(e) + "]";
          if (std::isinf(want)) {
            lse_check.element(index, std::isinf(got) && got > 0 ? 0.0 : 1.0, 0.0, 0.5);  // +inf expected
          } else {
            lse_check.element(index, got, want, 1e-4 * (1.0 + std::fabs(want)));
          }
        }
        const auto lines = lse_check.failures();
        failures.insert(failures.end(), lines.begin(), lines.end());
      }
    }
    *stats = check.stats();
    return failures;
  };
  return hc;
}

class FmhaCheck final : public OpCheck {
 public:
  std::string_view op() const override { return "fmha_fwd"; }

  std::vector<CheckOption> options() const override {
    return {{"batch", "B", "sequences (default 1)"},
            {"heads-q", "HQ", "query heads (required)"},
            {"heads-kv", "HKV", "KV heads; HQ must be a multiple (required)"},
            {"seqlen-q", "SQ", "queries per sequence (the longest under --varlen; required)"},
            {"seqlen-k", "SK", "keys per sequence (the longest under --varlen; required)"},
            {"head-dim", "D", "Q/K head dim (required)"},
            {"head-dim-v", "DV", "V/O head dim (default D)"},
            {"dtype", "bf16|f16|fp8", "input type (default bf16; fp8 writes bf16 O)"},
            {"causal", "", "bottom-right causal mask"},
            {"window", "L,R", "sliding window, -1 = unbounded (with --causal, R defaults to 0)"},
            {"varlen", "", "B packed sequences of uneven lengths (cu_seqlens)"},
            {"lse", "", "also write and check LSE, fp32 [B, HQ, SQ] ([HQ, total queries] under --varlen)"}};
  }

  Result<Problem> problem(const CaseOptions& options, const DeviceInfo& device) const override {
    auto call = call_from(options, device);
    if (!call) return call.status();
    return problem_of(call.value(), device);
  }

  Result<HostCase> make_case(const CaseOptions& options, const DeviceInfo& device, uint32_t seed) const override {
    auto call = call_from(options, device);
    if (!call) return call.status();
    return make_fmha_case(call.value(), device, seed);
  }

  Result<std::vector<KernelShape>> kernel_shapes(const ManifestKernel& kernel, const DeviceInfo& device,
                                                 uint32_t) const override {
    std::vector<KernelShape> out;
    if (kernel.family != "fmha_fwd") return out;
    const std::string dqk = std::to_string(std::get<int64_t>(kernel.params.at("dqk")));
    const std::string dv = std::to_string(std::get<int64_t>(kernel.params.at("dv")));
    const std::string dtype = std::get<std::string>(kernel.params.at("dtype"));
    auto shape = [&](std::string name, CaseOptions o) {
      o["head-dim"] = dqk, o["head-dim-v"] = dv, o["dtype"] = dtype;
      out.push_back({std::move(name), std::move(o)});
    };
    if (std::get<std::string>(kernel.params.at("mask")) == "none") {
      shape("tails_gqa3", {{"heads-q", "3"}, {"heads-kv", "1"}, {"seqlen-q", "37"}, {"seqlen-k", "45"}});
      shape("varlen", {{"batch", "3"}, {"heads-q", "2"}, {"heads-kv", "2"}, {"seqlen-q", "70"}, {"seqlen-k", "40"}, {"varlen", ""}, {"lse", ""}});
    } else {
      shape("causal_gqa8", {{"heads-q", "8"}, {"heads-kv", "1"}, {"seqlen-q", "50"}, {"seqlen-k", "20"}, {"causal", ""}});
      shape("window", {{"batch", "2"}, {"heads-q", "2"}, {"heads-kv", "1"}, {"seqlen-q", "40"}, {"seqlen-k", "97"}, {"window", "20,3"}, {"lse", ""}});
    }
    (void)device;
    return out;
  }

  Result<HostCase> kernel_case(const ManifestKernel& kernel, const KernelShape& shape, uint32_t seed) const override {
    DeviceInfo device;
    device.arch = kernel.arch;
    device.cus = 1;
    auto call = call_from(shape.options, device);
    if (!call) return call.status();
    return make_fmha_case(call.value(), device, seed);
  }
};

}  // namespace

const OpCheck& fmha_check() {
  static const FmhaCheck check;
  return check;
}

}  // namespace ingot::harness
