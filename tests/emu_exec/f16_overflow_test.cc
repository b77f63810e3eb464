// MODE.FP16_OVFL on f16-result VALU ops: "an overflowed FP16 result is clamped to +/-MAX_FP16, regardless
// of round mode, while still preserving true INF values" (CDNA4 guide, MODE register). The same kernel runs with
// the bit clear (kernels/f16_overflow.s) and set from the descriptor (f16_overflow_saturate.s). Expected
// values: the exact result in double, rounded once to f16 by the host's _Float16 conversion; with the bit
// set, an infinity made from finite operands becomes +-65504, an infinite operand still gives inf, NaN
// stays NaN.
#include <bit>
#include <cmath>
#include <limits>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 64;
constexpr int kSlots = 13;  // as in kernels/f16_overflow.s
constexpr uint32_t kF16Max = 0x7bffu;

uint32_t f2h(double value) { return std::bit_cast<uint16_t>(static_cast<_Float16>(value)); }
double h2d(uint32_t bits) { return static_cast<double>(std::bit_cast<_Float16>(static_cast<uint16_t>(bits))); }
bool is_nan16(uint32_t bits) { return (bits & 0x7c00u) == 0x7c00u && (bits & 0x3ffu) != 0; }

// The f16 result of an exact value whose operands are `operands`, under FP16_OVFL when `saturate`.
uint32_t ref_f16(double exact, std::initializer_list<double> operands, bool saturate) {
  uint32_t bits = f2h(exact);
  bool inf_operand = false;
  for (double x : operands) inf_operand |= std::isinf(x);
  if (saturate && !inf_operand && (bits & 0x7fffu) == 0x7c00u) bits = (bits & 0x8000u) | kF16Max;
  return bits;
}

struct Inputs {
  uint32_t w[8];  // a|b<<16, b|c<<16, c, x (f32), t, r, e, u
};

const double kInf = std::numeric_limits<double>::infinity(), kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<Inputs> make_inputs() {
  // f16 operands whose sums and products overflow (40000 + 60000, 300 * 300, 65504 * 2 ...), or not.
  const double s[] = {0.0,   -0.0,    1.0,   -1.0,  2.0,   0.5,   3.0,  256.0, 300.0,  1000.0, 40000.0,
                      -40000.0, 60000.0, 65504.0, -65504.0, 65000.0, kInf, -kInf, kNaN, 0x1p-24, -300.0, 32768.0};
  const double t[] = {3.0, 15.0, 16.0, 17.0, 20.0, -24.0, kInf, -kInf, kNaN, 0.0, -1.0};  // exp2: exact or overflow
  const double r[] = {0.0,  -0.0, 0x1p-24, -0x1p-24, kInf, -kInf, kNaN, 2.0, 0.25, 1024.0, 0x1p-15, 0x1p-16};
  const int16_t e[] = {0, 1, 2, 5, 16, -30, -5, 10};
  const uint16_t u[] = {0, 1, 65504, 65519, 65520, 65535, 32768, 2049};
  const float inf = std::numeric_limits<float>::infinity();
  const float x[] = {1e5f, -1e5f, 65519.0f, 65520.0f, 65504.0f, inf, -inf, std::numeric_limits<float>::quiet_NaN(),
                     3.0f, 1e-10f, 1e10f, -70000.0f, 255.5f, std::numeric_limits<float>::max()};
  std::vector<Inputs> in(kLanes);
  for (size_t l = 0; l < kLanes; ++l) {
    const size_t n = std::size(s);
    const uint32_t a = f2h(s[l % n]), b = f2h(s[(3 * l + 5) % n]), c = f2h(s[(5 * l + 7) % n]);
    in[l].w[0] = a | b << 16;
    in[l].w[1] = b | c << 16;
    in[l].w[2] = c;
    in[l].w[3] = std::bit_cast<uint32_t>(x[l % std::size(x)]);
    in[l].w[4] = f2h(t[l % std::size(t)]);
    in[l].w[5] = f2h(r[l % std::size(r)]);
    in[l].w[6] = static_cast<uint16_t>(e[l % std::size(e)]);
    in[l].w[7] = u[l % std::size(u)];
  }
  return in;
}

// The inputs of make_inputs() run through `kernel`; `slots` result dwords per lane come back.
std::vector<uint32_t> run(Target target, const char* kernel, int slots) {
  Emulator emu(EmulatorOptions{.target = target});
  std::vector<uint32_t> flat;
  for (const Inputs& lane : make_inputs()) flat.insert(flat.end(), lane.w, lane.w + 8);
  return run_in_out_kernel(emu, kernel, flat, static_cast<size_t>(kLanes * slots));
}

struct Case {
  const char* kernel;
  bool saturate;
};

class F16Overflow : public ::testing::TestWithParam<std::tuple<Target, Case>> {};

TEST_P(F16Overflow, FiniteOverflowSaturatesOnlyUnderTheModeBit) {
  const auto [target, c] = GetParam();
  const std::vector<Inputs> in = make_inputs();
  const std::vector<uint32_t> res = run(target, c.kernel, kSlots);
  ASSERT_EQ(res.size(), size_t{kLanes * kSlots});
  auto got = [&](int slot, size_t lane) { return res[static_cast<size_t>(slot) * kLanes + lane]; };
  // One 16-bit result against its reference: NaN only as NaN (payloads are not compared).
  auto check = [](uint32_t actual, uint32_t expected, const char* what) {
    if (is_nan16(expected)) {
      EXPECT_TRUE(is_nan16(actual)) << what << ": got 0x" << std::hex << actual;
    } else {
      EXPECT_EQ(actual, expected) << what << ": got 0x" << std::hex << actual << " want 0x" << expected;
    }
  };

  int saturated = 0;  // lanes where the two modes must differ: the test exercises the bit
  for (size_t l = 0; l < kLanes; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const double a = h2d(in[l].w[0]), b = h2d(in[l].w[0] >> 16), cc = h2d(in[l].w[2]);
    const double x = std::bit_cast<float>(in[l].w[3]), t = h2d(in[l].w[4]), r = h2d(in[l].w[5]);
    const int e = static_cast<int16_t>(in[l].w[6]);
    const double u = in[l].w[7];
    const bool sat = c.saturate;
    check(got(0, l), ref_f16(a + b, {a, b}, sat), "add");
    check(got(1, l), ref_f16(a * b, {a, b}, sat), "mul");
    check(got(2, l), ref_f16(a * b + cc, {a, b, cc}, sat), "fma");
    check(got(3, l) & 0xffff, ref_f16(a + b, {a, b}, sat), "pk_add lo");
    check(got(3, l) >> 16, ref_f16(b + cc, {b, cc}, sat), "pk_add hi");
    check(got(4, l) & 0xffff, ref_f16(a * b, {a, b}, sat), "pk_mul lo");
    check(got(4, l) >> 16, ref_f16(b * cc, {b, cc}, sat), "pk_mul hi");
    check(got(5, l) & 0xffff, ref_f16(a * b + a, {a, b}, sat), "pk_fma lo");
    check(got(5, l) >> 16, ref_f16(b * cc + b, {b, cc}, sat), "pk_fma hi");
    check(got(6, l), ref_f16(x, {x}, sat), "cvt_f16_f32");
    check(got(7, l), ref_f16(std::exp2(t), {t}, sat), "exp");
    check(got(8, l), ref_f16(1.0 / r, {r}, sat), "rcp");  // 1/+-0 from a finite source: saturates too
    check(got(9, l), ref_f16(std::ldexp(a, e), {a}, sat), "ldexp");
    check(got(10, l), ref_f16(u, {u}, sat), "cvt_f16_u16");
    check(got(11, l), ref_f16(x * x + x, {x}, sat), "fma_mixlo");
    check(got(12, l), ref_f16(2.0 * (a + b), {a, b}, sat), "add mul:2");
    for (double exact : {a + b, a * b, b + cc, b * cc}) {
      saturated += (f2h(exact) & 0x7fffu) == 0x7c00u && std::isfinite(a) && std::isfinite(b) && std::isfinite(cc);
    }
  }
  EXPECT_GE(saturated, 8);
}

// bf16 from f32 by integer round-to-nearest-even on the bits (NaN handled by the caller).
uint32_t ref_bf16(float x, bool saturate) {
  const uint32_t bits = std::bit_cast<uint32_t>(x);
  uint32_t r = (bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16;
  if (saturate && std::isfinite(x) && (r & 0x7fffu) == 0x7f80u) r = (r & 0x8000u) | 0x7f7fu;
  return r;
}

class F16OverflowGfx950 : public ::testing::TestWithParam<Case> {};

// gfx950's v_cvt_pk_f16_f32 and v_cvt_pk_bf16_f32 (S0 -> low half, S1 -> high half).
TEST_P(F16OverflowGfx950, PackedF16AndBf16Conversions) {
  const Case c = GetParam();
  const std::vector<Inputs> in = make_inputs();
  const std::vector<uint32_t> res = run(Target::kGfx950, c.kernel, 2);
  ASSERT_EQ(res.size(), size_t{kLanes * 2});
  for (size_t l = 0; l < kLanes; ++l) {
    const float x = std::bit_cast<float>(in[l].w[3]);
    SCOPED_TRACE("lane " + std::to_string(l) + " x " + std::to_string(x));
    const uint32_t f16 = res[l], bf16 = res[kLanes + l];
    if (std::isnan(x)) {
      EXPECT_TRUE(is_nan16(f16 & 0xffff) && is_nan16(f16 >> 16)) << std::hex << f16;
      EXPECT_TRUE((bf16 & 0x7f80u) == 0x7f80u && (bf16 & 0x7fu) != 0) << std::hex << bf16;
      continue;
    }
    EXPECT_EQ(f16, ref_f16(x, {x}, c.saturate) | ref_f16(-x, {x}, c.saturate) << 16) << std::hex << f16;
    EXPECT_EQ(bf16, ref_bf16(x, c.saturate) | ref_bf16(-x, c.saturate) << 16) << std::hex << bf16;
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, F16OverflowGfx950,
                         ::testing::Values(Case{"f16_overflow_gfx950", false},
                                           Case{"f16_overflow_gfx950_saturate", true}),
                         [](const ::testing::TestParamInfo<Case>& p) { return std::string(p.param.kernel); });

INSTANTIATE_TEST_SUITE_P(
    Modes, F16Overflow,
    ::testing::Combine(::testing::Values(Target::kGfx942, Target::kGfx950),
                       ::testing::Values(Case{"f16_overflow", false}, Case{"f16_overflow_saturate", true})),
    [](const ::testing::TestParamInfo<std::tuple<Target, Case>>& p) {
      return std::string(target_name(std::get<0>(p.param))) + "_" + std::get<1>(p.param).kernel;
    });

}  // namespace
}  // namespace ingot::emu::testing
