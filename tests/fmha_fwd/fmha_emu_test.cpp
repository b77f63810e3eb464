// Every `fmha_fwd` kernel in the pack, on both archs, run on the emulator (each kernel launched directly
// through the public device API, not selected) against the CPU reference of
// tests/reference/fmha_fwd_reference.h. Per kernel, shapes that reach its paths: Sq and Sk not multiples of
// any tile (32-key KV tiles, 64/128-row Q tiles), Sq = 1, several Q tiles, GQA ratios 1, 3 and 8, padded
// BSHD strides (head and batch padding), LSE on and off, scores sharp enough that O is rescaled after it
// holds sums (the lazy rescale; O^T in AGPRs at head dims 256/256), large logits at head dim 64 (scale 1,
// |q|, |k| up to 4: the scores' precision up to the exp). Window kernels: causal with Sq < Sk and Sq > Sk
// (rows that see no key: O = 0, LSE = +inf), sliding windows (left, right) with skipped KV tiles, and
// causal Q-tile pairs (odd tile counts, Sq != Sk, varlen pairs per sequence).
// O and LSE sit inside larger allocations filled with sentinel bytes: the guard bytes around them and O's
// stride padding must survive. Skips without a pack or an emulator in the build.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fmha_fwd_reference.h"
#include "gemm_fp8_reference.h"
#include "gemm_reference.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"
#include "support/test_pack.h"

namespace ingot {
namespace {

namespace ref = ingot::reference;

struct Case {
  int64_t B, Hq, Hkv, Sq, Sk;
  int64_t left = -1, right = -1;
  bool lse = true;
  std::vector<int32_t> lens_q = {}, lens_k = {};  // varlen when not empty (B sequences; Sq, Sk unused)
  // times 1/sqrt(Dqk): -1 a negative softmax scale; 64 scores so spread that the row max grows by more
  // than the lazy-rescale threshold (2^8) across KV tiles, so O is rescaled after it holds sums
  float scale_factor = 1.0f;
  // keys from this one on (not varlen) have K times kJumpFactor: a later tile's row max jumps far above the
  // first tiles' (the lazy-max softmax's redo: gen/families/fmha_fwd.py lazy_max); -1: none
  int64_t jump_key = -1;
  // Q and K values uniform in [-amplitude, amplitude] (V stays in [-1, 1]): large logits at scale 1
  float amplitude = 1.0f;
};

constexpr float kJumpFactor = 8.0f;

constexpr size_t kGuardBytes = 256;
constexpr uint8_t kSentinel = 0xA5;
constexpr int64_t kHeadPad = 8;    // elements between heads
constexpr int64_t kBatchPad = 24;  // elements between batches

int64_t param(const ManifestKernel& k, const char* name) { return std::get<int64_t>(k.params.at(name)); }
std::string text_param(const ManifestKernel& k, const char* name) { return std::get<std::string>(k.params.at(name)); }

// The input element type of a kernel: bf16 / f16, or fp8 e4m3 in the arch's format.
struct InputType {
  bool fp8 = false;
  ref::DType t16 = ref::DType::kBF16;
  ref::Fp8Format format = ref::Fp8Format::kE4M3Fnuz;
  int bytes() const { return fp8 ? 1 : 2; }
  // Stores the representable value nearest to x at element i; returns it.
  float store(uint8_t* base, int64_t i, float x) const {
    if (!fp8) {
      ref::store_element(base, i, t16, x);
      return ref::load_element(base, i, t16);
    }
    int best = 0;
    double best_error = INFINITY;
    for (int code = 0; code < 256; ++code) {
      const double v = ref::fp8_e4m3_to_double(static_cast<uint8_t>(code), format);
      if (!std::isnan(v) && std::fabs(v - x) < best_error) best = code, best_error = std::fabs(v - x);
    }
    base[i] = static_cast<uint8_t>(best);
    return static_cast<float>(ref::fp8_e4m3_to_double(static_cast<uint8_t>(best), format));
  }
};

// A BSHD tensor with padded strides, its values drawn in [-1, 1) and rounded to the input type.
struct Tensor {
  ref::FmhaStrides strides;
  std::vector<float> values;  // decoded, what the kernel reads
  std::vector<uint8_t> bytes;
};

Tensor make_tensor(int64_t B, int64_t S, int64_t H, int64_t D, const InputType& t, std::mt19937& rng,
                   float amplitude = 1.0f) {
  Tensor x;
  x.strides.head = D + kHeadPad;
  x.strides.seq = H * x.strides.head;
  x.strides.batch = S * x.strides.seq + kBatchPad;
  const size_t n = static_cast<size_t>(B * x.strides.batch);
  x.values.assign(n, 0.0f);
  x.bytes.assign(n * static_cast<size_t>(t.bytes()), 0);
  std::uniform_real_distribution<float> dist(-amplitude, amplitude);
  for (size_t i = 0; i < n; ++i) x.values[i] = t.store(x.bytes.data(), static_cast<int64_t>(i), dist(rng));
  return x;
}

// K rows from key `from` on times kJumpFactor (rounded to the input type again).
void boost_keys(Tensor& k, int64_t B, int64_t S, int64_t H, int64_t D, int64_t from, const InputType& t) {
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t s = from; s < S; ++s) {
      for (int64_t h = 0; h < H; ++h) {
        for (int64_t d = 0; d < D; ++d) {
          const int64_t i = b * k.strides.batch + s * k.strides.seq + h * k.strides.head + d;
          k.values[static_cast<size_t>(i)] = t.store(k.bytes.data(), i, kJumpFactor * k.values[static_cast<size_t>(i)]);
        }
      }
    }
  }
}

// Shapes that reach a kernel's paths (see the file comment), sized by its Q tile.
std::vector<Case> cases_for(const ManifestKernel& kernel) {
  const int64_t bq = 32 * param(kernel, "waves");
  std::vector<Case> cases;
  if (text_param(kernel, "mask") == "none") {
    cases = {{1, 3, 1, 37, 45},                        // GQA 3, one Q tile, two KV tiles with a tail
             {1, 8, 1, 1, 70, -1, -1, false, {}, {}, -1.0f},  // Sq = 1, GQA 8 (MQA), no LSE, negative scale
             {2, 2, 2, bq + 5, 33},                    // two Q tiles, batch 2, Sk one past a tile
             {1, 2, 1, 37, 160, -1, -1, false, {}, {}, 64.0f},  // sharp scores: O rescaled mid-sequence
             // varlen: uneven lengths, an empty sequence, one with keys but no queries, one past a Q tile
             {0, 2, 1, 0, 0, -1, -1, true, {5, 0, 0, static_cast<int32_t>(bq + 2)}, {40, 0, 7, 33}}};
  } else {
    cases = {{1, 3, 1, 37, 75, -1, 0},                 // causal, Sq < Sk: tiles above the diagonal skipped
             {1, 2, 2, 50, 20, -1, 0},                 // causal, Sq > Sk: 30 rows see no key
             {1, 2, 1, 37, 160, -1, 0, false, {}, {}, 64.0f},   // causal, sharp scores: O rescaled mid-sequence
             {2, 8, 1, bq + 3, 97, 20, 3, false},      // sliding window, two Q tiles, GQA 8, no LSE
             {1, 1, 1, 1, 70, 40, -1, true, {}, {}, -1.0f},  // Sq = 1, left window only (first tile skipped), negative scale
             // varlen causal: Sq > Sk in one sequence (empty rows), an empty one, Sq < Sk
             {0, 3, 3, 0, 0, -1, 0, true, {9, 0, 20}, {4, 0, 50}}};
    // fmha_fwd's window kernels run causal Q-tile pairs (workgroup y runs Q tiles n-1-y and y); the
    // ping-pong kernels do not pair (one Q tile per workgroup), so these shapes add nothing there
    if (kernel.family == "fmha_fwd") {
      // an odd tile count, the middle tile alone; Sq > Sk (bottom-right): tile 0's first bq - 45 rows see
      // no key, the last row sees them all
      cases.push_back({1, 1, 1, 2 * bq + 5, bq + 50, -1, 0});
      // varlen pairs from each sequence's own tile count: two tiles (Sq < Sk), none (keys only), one,
      // two tiles with no keys at all; the grid has the longest sequence's rows
      cases.push_back({0, 2, 1, 0, 0, -1, 0, true,
                       {static_cast<int32_t>(bq + 3), 0, 7, static_cast<int32_t>(bq + 1)},
                       {static_cast<int32_t>(bq + 40), 9, 30, 0}});
    }
  }
  if (kernel.family == "fmha_fwd") {
    // the row max jumps by about 30 (log2 units) at key 100 (the fourth KV tile), past the first tiles' P
    // scale: the lazy-max kernels' sum test sends that tile to the redo, which rescales l and O
    cases.push_back({1, 2, 1, 37, 160, -1, text_param(kernel, "mask") == "none" ? -1 : 0, true, {}, {}, 4.0f, 100});
  }
  if (kernel.family == "fmha_fwd" && param(kernel, "dqk") == 64) {
    // large logits: scale 1, |q|, |k| up to 4 (scores of about +-60 in log2 units): the scores must keep
    // fp32 precision up to the exp (rounding Q * scale to the input type fails O and LSE here)
    cases.push_back({1, 2, 1, 37, 160, -1, text_param(kernel, "mask") == "none" ? -1 : 0, true, {}, {}, 8.0f, -1, 4.0f});
  }
  return cases;
}

class FmhaOnEmulator : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::filesystem::path dir = test_support::pack_dir();
    if (!test_support::have_pack()) GTEST_SKIP() << "no pack at " << dir;
    auto opened = Pack::open(dir);
    ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
    pack_ = std::make_unique<Pack>(std::move(opened).value());
  }

  std::vector<const ManifestKernel*> kernels(const char* family = "fmha_fwd") {
    KernelQuery query;
    query.family = family;
    return pack_->query(query);
  }

  void run_and_check(const ManifestKernel& kernel, const Case& c, uint32_t seed) {
    SCOPED_TRACE("scale factor " + std::to_string(c.scale_factor) + " B=" + std::to_string(c.B) + " Hq=" + std::to_string(c.Hq) + " Hkv=" + std::to_string(c.Hkv) +
                 " Sq=" + std::to_string(c.Sq) + " Sk=" + std::to_string(c.Sk) + " window=(" +
                 std::to_string(c.left) + "," + std::to_string(c.right) + ") lse=" + std::to_string(c.lse) + " jump_key=" + std::to_string(c.jump_key) +
                 " amplitude=" + std::to_string(c.amplitude));
    DeviceOptions options;
    options.choice = DeviceChoice::kEmulator;
    options.emu_arch = kernel.arch;
    auto opened = open_emu_device(options);
    if (!opened.is_ok()) GTEST_SKIP() << "no emulator: " << opened.status().to_string();
    std::unique_ptr<Device> device = std::move(opened).value();

    const std::string dtype = text_param(kernel, "dtype");
    const bool f16 = dtype == "f16";
    InputType in;
    in.fp8 = dtype == "fp8";
    in.t16 = f16 ? ref::DType::kF16 : ref::DType::kBF16;
    if (in.fp8) {
      in.format = std::get<std::string>(kernel.match.at("fp8_format")) == "e4m3fn" ? ref::Fp8Format::kE4M3Fn
                                                                                  : ref::Fp8Format::kE4M3Fnuz;
    }
    const ref::DType t = f16 ? ref::DType::kF16 : ref::DType::kBF16;  // O's type (bf16 for fp8 inputs)
    const float descales[3] = {0.5f, 1.5f, 0.75f};                   // Q, K, V (fp8 only)
    ref::FmhaProblem p;
    p.B = c.B, p.Hq = c.Hq, p.Hkv = c.Hkv, p.Sq = c.Sq, p.Sk = c.Sk;
    int64_t rows_q = c.Sq, rows_k = c.Sk, batches = c.B;  // tensor extents (packed under varlen)
    if (!c.lens_q.empty()) {
      p.cu_seqlens_q = {0};
      p.cu_seqlens_k = {0};
      for (size_t b = 0; b < c.lens_q.size(); ++b) {
        p.cu_seqlens_q.push_back(p.cu_seqlens_q.back() + c.lens_q[b]);
        p.cu_seqlens_k.push_back(p.cu_seqlens_k.back() + c.lens_k[b]);
      }
      p.B = static_cast<int64_t>(c.lens_q.size());
      p.Sq = *std::max_element(c.lens_q.begin(), c.lens_q.end());
      p.Sk = *std::max_element(c.lens_k.begin(), c.lens_k.end());
      rows_q = p.cu_seqlens_q.back(), rows_k = p.cu_seqlens_k.back(), batches = 1;
    }
    p.Dqk = param(kernel, "dqk"), p.Dv = param(kernel, "dv");
    p.scale = c.scale_factor * static_cast<float>(1.0 / std::sqrt(static_cast<double>(p.Dqk)));
    p.window_left = c.left, p.window_right = c.right;
    std::mt19937 rng(seed);
    const Tensor q = make_tensor(batches, rows_q, c.Hq, p.Dqk, in, rng, c.amplitude);
    Tensor k = make_tensor(batches, rows_k, c.Hkv, p.Dqk, in, rng, c.amplitude);
    if (c.jump_key >= 0) boost_keys(k, batches, rows_k, c.Hkv, p.Dqk, c.jump_key, in);
    const Tensor v = make_tensor(batches, rows_k, c.Hkv, p.Dv, in, rng);
    p.q = q.strides, p.k = k.strides, p.v = v.strides;
    p.o.head = p.Dv + kHeadPad, p.o.seq = c.Hq * p.o.head, p.o.batch = rows_q * p.o.seq + kBatchPad;
    const size_t o_elems = static_cast<size_t>(batches * p.o.batch);
    std::vector<double> o_ref(o_elems, 0.0), mag(o_elems, 0.0), lse_ref(static_cast<size_t>(p.lse_count()), 0.0);
    if (in.fp8) {
      // the reference sees the descaled inputs: scale * q_descale * k_descale, and V * v_descale
      ref::FmhaProblem descaled = p;
      descaled.scale = static_cast<float>(static_cast<double>(p.scale) * descales[0] * descales[1]);
      std::vector<float> v_descaled = v.values;
      for (float& x : v_descaled) x *= descales[2];
      ref::fmha_fwd(descaled, q.values, k.values, v_descaled, o_ref, &lse_ref, &mag);
    } else {
      ref::fmha_fwd(p, q.values, k.values, v.values, o_ref, &lse_ref, &mag);
    }

    const size_t o_bytes = o_elems * 2, lse_bytes = lse_ref.size() * 4;
    auto dq = device->allocate(q.bytes.size()), dk = device->allocate(k.bytes.size()),
         dv = device->allocate(v.bytes.size()), dout = device->allocate(o_bytes + 2 * kGuardBytes),
         dlse = device->allocate(lse_bytes + 2 * kGuardBytes);
    ASSERT_TRUE(dq.is_ok() && dk.is_ok() && dv.is_ok() && dout.is_ok() && dlse.is_ok());
    uint64_t cu_q = 0, cu_k = 0, descale_buffer = 0;
    if (in.fp8) {
      auto d = device->allocate(sizeof descales);
      ASSERT_TRUE(d.is_ok());
      descale_buffer = d.value();
      ASSERT_TRUE(device->copy_to_device(descale_buffer, descales, sizeof descales).is_ok());
    }
    if (p.varlen()) {
      auto a = device->allocate(p.cu_seqlens_q.size() * 4), b = device->allocate(p.cu_seqlens_k.size() * 4);
      ASSERT_TRUE(a.is_ok() && b.is_ok());
      cu_q = a.value(), cu_k = b.value();
      ASSERT_TRUE(device->copy_to_device(cu_q, p.cu_seqlens_q.data(), p.cu_seqlens_q.size() * 4).is_ok());
      ASSERT_TRUE(device->copy_to_device(cu_k, p.cu_seqlens_k.data(), p.cu_seqlens_k.size() * 4).is_ok());
    }
    ASSERT_TRUE(device->copy_to_device(dq.value(), q.bytes.data(), q.bytes.size()).is_ok());
    ASSERT_TRUE(device->copy_to_device(dk.value(), k.bytes.data(), k.bytes.size()).is_ok());
    ASSERT_TRUE(device->copy_to_device(dv.value(), v.bytes.data(), v.bytes.size()).is_ok());
    std::vector<uint8_t> o_all(o_bytes + 2 * kGuardBytes, kSentinel), lse_all(lse_bytes + 2 * kGuardBytes, kSentinel);
    ASSERT_TRUE(device->copy_to_device(dout.value(), o_all.data(), o_all.size()).is_ok());
    ASSERT_TRUE(device->copy_to_device(dlse.value(), lse_all.data(), lse_all.size()).is_ok());

    Problem problem("fmha_fwd");
    problem.key("dtype", dtype);
    if (in.fp8) {
      problem.key("fp8_format", std::get<std::string>(kernel.match.at("fp8_format")));
      problem.buffer("Q_descale", descale_buffer).buffer("K_descale", descale_buffer + 4).buffer("V_descale", descale_buffer + 8);
    }
    problem.integer("B", p.B).integer("Hq", c.Hq).integer("Hkv", c.Hkv).integer("Sq", p.Sq).integer("Sk", p.Sk);
    problem.buffer("cu_seqlens_q", cu_q).buffer("cu_seqlens_k", cu_k);
    problem.integer("Dqk", p.Dqk).integer("Dv", p.Dv);
    problem.integer("window_left", c.left).integer("window_right", c.right);
    const std::pair<const char*, const ref::FmhaStrides*> strides[] = {{"q", &p.q}, {"k", &p.k}, {"v", &p.v}, {"o", &p.o}};
    for (const auto& [name, s] : strides) {
      problem.integer(std::string("stride_") + name + "_b", s->batch);
      problem.integer(std::string("stride_") + name + "_s", s->seq);
      problem.integer(std::string("stride_") + name + "_h", s->head);
    }
    problem.scalar("scale", p.scale);
    problem.buffer("Q", dq.value()).buffer("K", dk.value()).buffer("V", dv.value());
    problem.buffer("O", dout.value() + kGuardBytes).buffer("LSE", c.lse ? dlse.value() + kGuardBytes : 0);
    const Status accepted = check_kernel_accepts(kernel, problem, device->info());
    ASSERT_TRUE(accepted.is_ok()) << accepted.to_string();
    auto config = prepare_launch(kernel, problem, device->info());
    ASSERT_TRUE(config.is_ok()) << config.status().to_string();
    auto code = pack_->load_code_object(kernel);
    ASSERT_TRUE(code.is_ok()) << code.status().to_string();
    auto module = device->load_module(code.value());
    ASSERT_TRUE(module.is_ok()) << module.status().to_string();
    auto handle = device->get_kernel(module.value(), kernel.symbol);
    ASSERT_TRUE(handle.is_ok()) << handle.status().to_string();
    const Status launched = device->launch(handle.value(), config.value());
    ASSERT_TRUE(launched.is_ok()) << kernel.id << ": " << launched.to_string();
    ASSERT_TRUE(device->synchronize().is_ok());
    ASSERT_TRUE(device->copy_to_host(o_all.data(), dout.value(), o_all.size()).is_ok());
    ASSERT_TRUE(device->copy_to_host(lse_all.data(), dlse.value(), lse_all.size()).is_ok());

    int bad = 0;
    // O: every visible element within tolerance; guards and stride padding untouched
    std::vector<bool> is_element(o_elems, false);
    const double eps = f16 ? std::ldexp(1.0, -11) : std::ldexp(1.0, -8);
    // O against the reference as a whole: the least-squares scale got ~ (1 + bias) * want. Rounding P to 16
    // bits may err by up to eps per weight (inside the tolerance above), but not all one way: a P pack that
    // truncates without centring its error (a bias of about -0.7 eps) fails here, not above. Checked from
    // kBiasElements O elements (every hd64 kernel's cases: |bias| <= 0.06 eps there; a one-row case, a few
    // hundred elements, reaches 0.45 eps with round-to-nearest P).
    constexpr int64_t kBiasElements = 2048;
    double cross = 0.0, norm = 0.0;
    int64_t weighed = 0;
    for (int64_t b = 0; b < p.B; ++b) {
      for (int64_t i = 0; i < p.seqlen_q(b); ++i) {
        for (int64_t h = 0; h < c.Hq; ++h) {
          for (int64_t d = 0; d < p.Dv; ++d) {
            const int64_t e = p.at(p.o, p.cu_seqlens_q, b, i, h) + d;
            is_element[static_cast<size_t>(e)] = true;
            const double got = ref::load_element(o_all.data() + kGuardBytes, e, t);
            const double want = o_ref[static_cast<size_t>(e)];
            const double tol = ref::fmha_tolerance(want, mag[static_cast<size_t>(e)], eps, eps);
            cross += (got - want) * want;
            norm += want * want;
            ++weighed;
            if (!(std::fabs(got - want) <= tol) && bad++ < 5) {
              ADD_FAILURE() << kernel.id << ": O[b" << b << "][s" << i << "][h" << h << "][" << d << "] = " << got
                            << ", want " << want << " (tol " << tol << ")";
            }
          }
        }
      }
    }
    if (weighed >= kBiasElements && norm > 0.0 && !(std::fabs(cross / norm) <= eps / 4) && bad++ < 5) {
      ADD_FAILURE() << kernel.id << ": O is the reference scaled by 1 + " << cross / norm << " (|bias| > " << eps / 4
                    << ")";
    }
    for (size_t byte = 0; byte < o_all.size(); ++byte) {
      const bool inside = byte >= kGuardBytes && byte < kGuardBytes + o_bytes;
      if (inside && is_element[(byte - kGuardBytes) / 2]) continue;
      if (o_all[byte] != kSentinel && bad++ < 5) {
        ADD_FAILURE() << kernel.id << ": wrote O byte " << static_cast<int64_t>(byte) - static_cast<int64_t>(kGuardBytes)
                      << " outside its elements (guard or stride padding)";
      }
    }
    // LSE: natural log, +inf for rows that saw no key; untouched (all sentinel) when not requested
    for (size_t byte = 0; byte < lse_all.size(); ++byte) {
      const bool inside = byte >= kGuardBytes && byte < kGuardBytes + lse_bytes;
      if (c.lse && inside) continue;
      if (lse_all[byte] != kSentinel && bad++ < 5) {
        ADD_FAILURE() << kernel.id << ": wrote LSE byte " << static_cast<int64_t>(byte) - static_cast<int64_t>(kGuardBytes)
                      << (c.lse ? " outside LSE" : " without an LSE buffer");
      }
    }
    if (c.lse) {
      for (size_t e = 0; e < lse_ref.size(); ++e) {
        float got;
        std::memcpy(&got, lse_all.data() + kGuardBytes + 4 * e, 4);
        const double want = lse_ref[e];
        const bool ok = std::isinf(want) ? (std::isinf(got) && got > 0) : std::fabs(got - want) <= 1e-4 * (1.0 + std::fabs(want));
        if (!ok && bad++ < 5) ADD_FAILURE() << kernel.id << ": LSE[" << e << "] = " << got << ", want " << want;
      }
    }
    EXPECT_EQ(bad, 0) << kernel.id;
    for (uint64_t a : {dq.value(), dk.value(), dv.value(), dout.value(), dlse.value(), cu_q, cu_k, descale_buffer}) {
      if (a != 0) (void)device->free(a);
    }
  }

  std::unique_ptr<Pack> pack_;
};

TEST_F(FmhaOnEmulator, EveryKernelMatchesTheReference) {
  const auto all = kernels();
  ASSERT_FALSE(all.empty());
  // the set itself must span what the family promises, or "every kernel" would cover less than it says
  std::set<std::string> archs, dtypes, masks;
  std::set<int64_t> dims, waves;
  for (const ManifestKernel* k : all) {
    archs.insert(k->arch);
    dtypes.insert(text_param(*k, "dtype"));
    masks.insert(text_param(*k, "mask"));
    dims.insert(param(*k, "dqk"));
    waves.insert(param(*k, "waves"));
  }
  EXPECT_EQ(archs, (std::set<std::string>{"gfx942", "gfx950"}));
  EXPECT_EQ(dtypes, (std::set<std::string>{"bf16", "f16", "fp8"}));
  EXPECT_EQ(masks, (std::set<std::string>{"none", "window"}));
  EXPECT_EQ(dims, (std::set<int64_t>{64, 128, 192, 256}));
  EXPECT_EQ(waves.size(), 2u);
  const char* only = std::getenv("INGOT_FMHA_ONLY");  // a substring of kernel ids, to debug one kernel
  uint32_t seed = 1;
  for (const ManifestKernel* kernel : all) {
    if (only != nullptr && kernel->id.find(only) == std::string::npos) continue;
    SCOPED_TRACE(kernel->id);
    const std::vector<Case> cases = cases_for(*kernel);
    for (const Case& c : cases) {
      run_and_check(*kernel, c, seed++);
      if (HasFatalFailure() || IsSkipped()) return;
    }
  }
}

// The ping-pong kernels (gen/families/fmha_fwd_pp.py: 8 waves in two groups half an iteration apart, a
// 3-slot K/V ring; fp8 hd128 and hd192/128: group A stages the K chunks, group B the V chunks): the same
// shapes, plus a causal square whose 256-row tile has waves that see none of some tiles' keys while the
// others do (every wave of a workgroup walks the same tiles), over more KV tiles than the ring has slots.
TEST_F(FmhaOnEmulator, PingPongKernelsMatchTheReference) {
  const auto all = kernels("fmha_fwd_pp");
  ASSERT_FALSE(all.empty());
  std::set<std::string> archs, dtypes, masks;
  std::set<int64_t> dims;
  for (const ManifestKernel* k : all) {
    archs.insert(k->arch);
    dtypes.insert(text_param(*k, "dtype"));
    masks.insert(text_param(*k, "mask"));
    dims.insert(param(*k, "dqk"));
  }
  EXPECT_EQ(archs, (std::set<std::string>{"gfx942", "gfx950"}));
  EXPECT_EQ(dtypes, (std::set<std::string>{"bf16", "f16", "fp8"}));
  EXPECT_EQ(masks, (std::set<std::string>{"none", "window"}));
  EXPECT_EQ(dims, (std::set<int64_t>{128, 192}));
  uint32_t seed = 1000;
  for (const ManifestKernel* kernel : all) {
    SCOPED_TRACE(kernel->id);
    std::vector<Case> cases = cases_for(*kernel);
    if (text_param(*kernel, "mask") == "window") cases.push_back({1, 2, 1, 300, 300, -1, 0});
    for (const Case& c : cases) {
      run_and_check(*kernel, c, seed++);
      if (HasFatalFailure() || IsSkipped()) return;
    }
  }
}

}  // namespace
}  // namespace ingot
