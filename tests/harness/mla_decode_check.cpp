// `ingot run mla_decode` and the mla_decode kernels' shapes behind the harness interface. Inputs: Q in
// [-1, 1] (bf16) or fp8 codes of magnitude <= 2 (q_scale 0.75), the same for the latent cache (kv_scale
// 1.25 for fp8), pages shuffled over a pool with a few unreferenced pages, block-table entries past a
// sequence's pages pointing far outside the pool (a kernel that reads them faults on the emulator). O is
// checked against the CPU reference with its tolerance; with --lse, LSE too (+inf for rows that see no key).
#include "mla_decode_check.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>

#include "ingot/ops.h"
#include "ingot/ops/mla_decode.h"
#include "mla_decode_reference.h"

namespace ingot::harness {
namespace {

using reference::Fp8Format;
using reference::MlaDtype;

constexpr int32_t kUnusedPage = 0x3FFFFFFF;
constexpr uint16_t kOutputSentinel = 0x7FC1;  // a NaN no kernel computes
constexpr uint32_t kLseSentinel = 0x7FC00DEDu;
constexpr double kDeepSeekSoftmaxScale = 0.1352;  // 192^-0.5 * mscale^2, mscale = 0.1 ln(40) + 1
constexpr int64_t kMaxKeys = int64_t{1} << 22;    // host-side reference limit (keys over the batch)

Status bad_option(const std::string& what) { return Status(StatusCode::kInvalidArgument, what); }

const std::string* find(const CaseOptions& options, std::string_view name) {
  auto it = options.find(name);
  return it == options.end() ? nullptr : &it->second;
}

Result<int64_t> parse_int(std::string_view name, std::string_view text) {
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) {
    return bad_option("--" + std::string(name) + " needs an integer, got '" + std::string(text) + "'");
  }
  return value;
}

Result<int64_t> integer_option(const CaseOptions& options, std::string_view name, std::optional<int64_t> fallback) {
  const std::string* text = find(options, name);
  if (text == nullptr) {
    if (fallback) return *fallback;
    return bad_option("--" + std::string(name) + " is required");
  }
  return parse_int(name, *text);
}

// One mla_decode call as the options describe it.
struct MlaCall {
  reference::MlaShape shape;
  std::vector<int32_t> lens;
  MlaDtype q = MlaDtype::kBf16, kv = MlaDtype::kBf16;
  std::string fp8_format;
  bool lse = false;
  int64_t kv_splits = 0;
  double softmax_scale = kDeepSeekSoftmaxScale;
};

Result<MlaDtype> dtype_option(const CaseOptions& options, std::string_view name) {
  const std::string* text = find(options, name);
  if (text == nullptr || *text == "bf16") return MlaDtype::kBf16;
  if (*text == "fp8") return MlaDtype::kFp8;
  return bad_option("--" + std::string(name) + " must be bf16 or fp8, got '" + *text + "'");
}

Result<MlaCall> call_from(const CaseOptions& options, const std::string& fp8_format) {
  MlaCall c;
  auto batch = integer_option(options, "batch", std::nullopt);
  auto heads = integer_option(options, "heads", std::nullopt);
  auto sq = integer_option(options, "seqlen-q", 1);
  auto page = integer_option(options, "page-size", 16);
  auto splits = integer_option(options, "kv-splits", 0);
  for (const auto* r : {&batch, &heads, &sq, &page, &splits}) {
    if (!*r) return r->status();
  }
  c.shape.B = batch.value();
  c.shape.H = heads.value();
  c.shape.Sq = sq.value();
  c.shape.page_size = page.value();
  c.kv_splits = splits.value();
  if (c.shape.B < 1 || c.shape.B > 4096) return bad_option("--batch must be 1..4096");
  if (c.shape.page_size < 1) return bad_option("--page-size must be at least 1");
  const std::string* seqlen_k = find(options, "seqlen-k");
  if (seqlen_k == nullptr) return bad_option("--seqlen-k is required");
  std::stringstream list(*seqlen_k);
  for (std::string item; std::getline(list, item, ',');) {
    auto len = parse_int("seqlen-k", item);
    if (!len) return len.status();
    if (len.value() < 0 || len.value() > (int64_t{1} << 30)) return bad_option("--seqlen-k values must be 0..2^30");
    c.lens.push_back(static_cast<int32_t>(len.value()));
  }
  if (c.lens.size() == 1) c.lens.assign(static_cast<size_t>(c.shape.B), c.lens[0]);
  if (static_cast<int64_t>(c.lens.size()) != c.shape.B) {
    return bad_option("--seqlen-k needs one length or --batch of them, got " + std::to_string(c.lens.size()));
  }
  const int64_t max_len = std::max<int64_t>(1, *std::max_element(c.lens.begin(), c.lens.end()));
  c.shape.max_pages_per_seq = (max_len + c.shape.page_size - 1) / c.shape.page_size;
  auto q = dtype_option(options, "q-dtype");
  auto kv = dtype_option(options, "kv-dtype");
  if (!q) return q.status();
  if (!kv) return kv.status();
  c.q = q.value();
  c.kv = kv.value();
  c.fp8_format = fp8_format;
  c.lse = find(options, "lse") != nullptr;
  if (const std::string* text = find(options, "softmax-scale")) {
    auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), c.softmax_scale);
    if (ec != std::errc() || ptr != text->data() + text->size() || !std::isfinite(c.softmax_scale)) {
      return bad_option("--softmax-scale needs a finite number, got '" + *text + "'");
    }
  }
  return c;
}

const char* dtype_name(MlaDtype d) { return d == MlaDtype::kFp8 ? "fp8" : "bf16"; }
double q_scale_of(const MlaCall& c) { return c.q == MlaDtype::kFp8 ? 0.75 : 1.0; }
double kv_scale_of(const MlaCall& c) { return c.kv == MlaDtype::kFp8 ? 1.25 : 1.0; }

// The op's own problem for the call (loader/ops/mla_decode.cpp: every default filled there).
Result<Problem> problem_of(const MlaCall& c, const DeviceInfo& device) {
  MlaDecodeArgs args;
  args.batch = c.shape.B;
  args.heads = c.shape.H;
  args.seqlen_q = c.shape.Sq;
  args.page_size = c.shape.page_size;
  args.max_seq_len = *std::max_element(c.lens.begin(), c.lens.end());
  args.max_pages_per_seq = c.shape.max_pages_per_seq;
  args.q_dtype = dtype_name(c.q);
  args.kv_dtype = dtype_name(c.kv);
  args.fp8_format = c.fp8_format;
  args.q_scale = static_cast<float>(q_scale_of(c));
  args.kv_scale = static_cast<float>(kv_scale_of(c));
  args.softmax_scale = static_cast<float>(c.softmax_scale);
  args.kv_splits = c.kv_splits;
  return mla_decode_problem(args, device);  // buffers 0 here (LSE stays 0 without --lse); bound when run
}

Fp8Format format_of(const std::string& name) { return name == "e4m3fn" ? Fp8Format::kE4M3Fn : Fp8Format::kE4M3Fnuz; }

std::vector<uint8_t> random_elements(int64_t count, MlaDtype dtype, Fp8Format format, std::mt19937& rng) {
  std::vector<uint8_t> bytes;
  if (dtype == MlaDtype::kFp8) {
    bytes.resize(static_cast<size_t>(count));
    std::uniform_int_distribution<int> code(0, 255);
    for (auto& b : bytes) {
      for (;;) {
        const auto c = static_cast<uint8_t>(code(rng));
        const double v = reference::fp8_e4m3_to_double(c, format);
        if (!std::isnan(v) && std::fabs(v) <= 2.0) {
          b = c;
          break;
        }
      }
    }
    return bytes;
  }
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  bytes.resize(static_cast<size_t>(count) * 2);
  for (int64_t i = 0; i < count; ++i) {
    const float f = value(rng);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    const auto bits = static_cast<uint16_t>((u + 0x7FFF + ((u >> 16) & 1)) >> 16);
    std::memcpy(&bytes[static_cast<size_t>(2 * i)], &bits, 2);
  }
  return bytes;
}

template <typename T>
std::vector<uint8_t> bytes_of(const std::vector<T>& values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

Result<HostCase> make_mla_case(const MlaCall& c, const DeviceInfo& device, uint32_t seed) {
  const auto& s = c.shape;
  const int64_t keys = std::accumulate(c.lens.begin(), c.lens.end(), int64_t{0});
  if (keys > kMaxKeys) return bad_option("the batch's keys must stay under 2^22 for the CPU reference");
  std::mt19937 rng(seed);
  int64_t used = 0;
  for (int32_t len : c.lens) used += (len + s.page_size - 1) / s.page_size;
  const int64_t num_pages = used + 3;
  std::vector<int32_t> order(static_cast<size_t>(num_pages));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<int32_t> table(static_cast<size_t>(s.B * s.max_pages_per_seq), kUnusedPage);
  int64_t next = 0;
  for (int64_t b = 0; b < s.B; ++b) {
    const int64_t pages = (c.lens[static_cast<size_t>(b)] + s.page_size - 1) / s.page_size;
    for (int64_t i = 0; i < pages; ++i) table[static_cast<size_t>(b * s.max_pages_per_seq + i)] = order[static_cast<size_t>(next++)];
  }
  const Fp8Format format = format_of(c.fp8_format);
  HostCase hc;
  auto problem = problem_of(c, device);
  if (!problem) return problem.status();
  hc.problem = std::move(problem).value();
  hc.buffers["Q"] = random_elements(s.B * s.Sq * s.H * s.dqk(), c.q, format, rng);
  hc.buffers["pages"] = random_elements(num_pages * s.page_size * s.dqk(), c.kv, format, rng);
  hc.buffers["block_table"] = bytes_of(table);
  hc.buffers["seq_lens"] = bytes_of(c.lens);
  hc.buffers["O"] = bytes_of(std::vector<uint16_t>(static_cast<size_t>(s.B * s.Sq * s.H * s.dv()), kOutputSentinel));
  if (c.lse) {
    hc.buffers["LSE"] = bytes_of(std::vector<uint32_t>(static_cast<size_t>(s.B * s.H * s.Sq), kLseSentinel));
    hc.also_written.push_back("LSE");
  }
  hc.output = "O";
  reference::MlaInputs in;
  in.shape = s;
  in.q_dtype = c.q;
  in.kv_dtype = c.kv;
  in.fp8_format = format;
  in.softmax_scale = c.softmax_scale;
  in.q_scale = q_scale_of(c);
  in.kv_scale = kv_scale_of(c);
  auto ref = std::make_shared<reference::MlaResult>();
  {
    in.q = hc.buffers["Q"].data();
    in.pages = hc.buffers["pages"].data();
    in.block_table = table.data();
    in.seq_lens = c.lens.data();
    *ref = reference::mla_decode(in);
  }
  auto stats = std::make_shared<ErrorStats>();
  hc.stats = stats;
  auto written = hc.written;
  const bool lse = c.lse;
  const int64_t dv = s.dv();
  hc.check_output = [ref, stats, written, lse, dv](const std::vector<uint8_t>&, const std::vector<uint8_t>& after) {
    ElementCheck check("O");
    for (size_t i = 0; i < ref->o.size(); ++i) {
      uint16_t bits;
      std::memcpy(&bits, &after[2 * i], 2);
      const std::string index = "[" + std::to_string(static_cast<int64_t>(i) / dv) + "][" +
                                std::to_string(static_cast<int64_t>(i) % dv) + "]";
      check.element(index, reference::mla_bf16_to_double(bits), ref->o[i],
                    reference::mla_output_tolerance(ref->o[i], ref->magnitude[i]));
    }
    std::vector<std::string> failures = check.failures();
    if (lse) {
      const auto it = written->find("LSE");
      ElementCheck lse_check("LSE");
      for (size_t i = 0; it != written->end() && i < ref->lse.size(); ++i) {
        float got;
        std::memcpy(&got, &it->second[4 * i], 4);
        const double want = ref->lse[i];
        const std::string index = "[" + std::to_string(i) + "]";
        if (std::isinf(want)) {
          lse_check.element(index, std::isinf(got) && got > 0 ? 0.0 : 1.0, 0.0, 0.5);  // +inf expected
        } else {
          lse_check.element(index, got, want, reference::mla_lse_tolerance(want));
        }
      }
      if (it == written->end()) failures.push_back("LSE was not read back");
      const auto lse_lines = lse_check.failures();
      failures.insert(failures.end(), lse_lines.begin(), lse_lines.end());
    }
    *stats = check.stats();
    return failures;
  };
  return hc;
}

std::string text_param(const ManifestKernel& kernel, const char* name) {
  const auto it = kernel.match.find(name);
  return it != kernel.match.end() && std::holds_alternative<std::string>(it->second) ? std::get<std::string>(it->second) : "";
}

class MlaDecodeCheck final : public OpCheck {
 public:
  std::string_view op() const override { return "mla_decode"; }

  std::vector<CheckOption> options() const override {
    return {{"batch", "B", "batch entries (required)"},
            {"heads", "H", "query heads per latent KV head, 1..128 (required)"},
            {"seqlen-q", "SQ", "new tokens per entry (MTP), 1..8 (default 1)"},
            {"seqlen-k", "L[,L2,...]", "KV length of every entry, or one per entry (required)"},
            {"page-size", "P", "tokens per KV page, a power of two (default 16)"},
            {"kv-dtype", "bf16|fp8", "latent cache type (default bf16; fp8 in the arch's e4m3)"},
            {"q-dtype", "bf16|fp8", "query type (default bf16)"},
            {"lse", "", "also write and check LSE [B, H, Sq]"},
            {"softmax-scale", "S", "softmax scale (default 0.1352, DeepSeek-V3's)"},
            {"kv-splits", "N", "split each sequence into N KV chunks (default 0: the kernel's rule)"}};
  }

  Result<Problem> problem(const CaseOptions& options, const DeviceInfo& device) const override {
    auto format = fp8_format_for_arch(device.arch);
    if (!format) return format.status();
    auto call = call_from(options, format.value());
    if (!call) return call.status();
    return problem_of(call.value(), device);
  }

  Result<HostCase> make_case(const CaseOptions& options, const DeviceInfo& device, uint32_t seed) const override {
    auto format = fp8_format_for_arch(device.arch);
    if (!format) return format.status();
    auto call = call_from(options, format.value());
    if (!call) return call.status();
    return make_mla_case(call.value(), device, seed);
  }

  // Short sequences that still cross pages and tiles: mixed lengths with an empty one and a forced split,
  // one-token pages with MTP and padded rows, 128 heads on 64-token pages.
  Result<std::vector<KernelShape>> kernel_shapes(const ManifestKernel& kernel, const DeviceInfo& device,
                                                 uint32_t) const override {
    std::vector<KernelShape> out;
    if (kernel.family != "mla_decode") return out;
    const std::string kv = text_param(kernel, "kv_dtype"), q = text_param(kernel, "q_dtype");
    const std::vector<KernelShape> shapes = {
        {"mixed_split", {{"batch", "3"}, {"heads", "16"}, {"seqlen-q", "2"}, {"seqlen-k", "83,0,37"},
                         {"page-size", "16"}, {"kv-splits", "3"}, {"lse", ""}}},
        {"page1_mtp3", {{"batch", "2"}, {"heads", "8"}, {"seqlen-q", "3"}, {"seqlen-k", "45,20"}, {"page-size", "1"},
                        {"kv-splits", "1"}, {"lse", ""}}},
        {"heads128", {{"batch", "1"}, {"heads", "128"}, {"seqlen-k", "70"}, {"page-size", "64"}, {"kv-splits", "2"}}},
    };
    for (KernelShape shape : shapes) {
      shape.options["kv-dtype"] = kv;
      shape.options["q-dtype"] = q;
      auto problem = this->problem(shape.options, device);
      if (!problem) return problem.status();
      if (Status s = check_kernel_accepts(kernel, problem.value(), device); !s.is_ok()) {
        return Status(s.code(), shape.name + ": " + s.message());
      }
      out.push_back(shape);
    }
    return out;
  }

  Result<HostCase> kernel_case(const ManifestKernel& kernel, const KernelShape& shape, uint32_t seed) const override {
    auto call = call_from(shape.options, text_param(kernel, "fp8_format"));
    if (!call) return call.status();
    DeviceInfo device;
    device.arch = kernel.arch;
    return make_mla_case(call.value(), device, seed);
  }
};

}  // namespace

const OpCheck& mla_decode_check() {
  static const MlaDecodeCheck check;
  return check;
}

}  // namespace ingot::harness
