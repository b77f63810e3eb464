// The division helpers and the f64 reciprocal family. End to end: the exact instruction sequence LLVM
// emits for `fdiv` (kernels/valu_div_f32.s, valu_div_f64.s) must give the host's correctly rounded
// a / b bit for bit, over special values (0, denormals, inf, NaN, extreme ratios) and random bit
// patterns. One op at a time (valu_div_ops.s): expected values written by hand from the CDNA3 ISA
// guide's pseudocode for v_div_scale / v_div_fixup.
#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 1024;  // one workgroup per launch

template <typename T>
std::vector<T> special_values() {
  using L = std::numeric_limits<T>;
  return {T(0), -T(0), T(1), T(-3), T(7), L::min(), L::denorm_min(), -L::denorm_min(), L::min() / T(3),
          L::max(), -L::max(), L::max() / T(3), L::infinity(), -L::infinity(), L::quiet_NaN(),
          std::ldexp(T(1), L::max_exponent / 2), std::ldexp(T(1.5), L::min_exponent / 2),
          std::ldexp(T(1.25), L::min_exponent - 10), T(0.1), T(-2.5e-3)};
}

// Special x special, then random bit patterns (every class, mostly finite), then random pairs whose
// exponents are far apart (quotients near overflow / underflow, where v_div_scale steps in).
template <typename T, typename Bits>
void make_inputs(std::vector<T>& a, std::vector<T>& b, uint32_t seed) {
  const std::vector<T> s = special_values<T>();
  for (T x : s) {
    for (T y : s) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  std::mt19937_64 rng(seed);
  constexpr int kMantBits = std::numeric_limits<T>::digits - 1;
  constexpr int kMaxExp = std::numeric_limits<T>::max_exponent;
  while (a.size() < 3 * kLanes / 2) {
    a.push_back(std::bit_cast<T>(static_cast<Bits>(rng())));
    b.push_back(std::bit_cast<T>(static_cast<Bits>(rng())));
  }
  std::uniform_int_distribution<int> far(kMaxExp - kMantBits - 40, kMaxExp + kMantBits + 40);
  std::uniform_real_distribution<T> mant(T(1), T(2));
  while (a.size() < 2 * kLanes) {
    const int e = far(rng);
    const T sign = (rng() & 1) ? T(-1) : T(1);
    a.push_back(sign * std::ldexp(mant(rng), (rng() & 1) ? e - kMaxExp / 2 : kMaxExp / 2 - e));
    b.push_back(std::ldexp(mant(rng), (rng() & 1) ? e / 2 : -e / 2 - kMantBits));
  }
}

template <typename T, typename Bits>
void check_division(Target target, const char* kernel, uint32_t seed) {
  Emulator emu(EmulatorOptions{.target = target});
  std::vector<T> a, b;
  make_inputs<T, Bits>(a, b, seed);
  int mismatches = 0;
  for (size_t base = 0; base < a.size(); base += kLanes) {
    const std::vector<T> x(a.begin() + static_cast<long>(base), a.begin() + static_cast<long>(base + kLanes));
    const std::vector<T> y(b.begin() + static_cast<long>(base), b.begin() + static_cast<long>(base + kLanes));
    DeviceArray<T> da = upload(emu, x), db = upload(emu, y);
    DeviceArray<T> out = upload(emu, std::vector<T>(kLanes, T(0)));
    auto profile = run_kernel(emu, kernel, {1, 1, 1}, {kLanes, 1, 1}, kernargs({da.address, db.address, out.address}));
    ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
    const std::vector<T> q = download(emu, out);
    for (int i = 0; i < kLanes; ++i) {
      const T want = x[i] / y[i];
      const bool ok = std::isnan(want) ? std::isnan(q[i]) : std::bit_cast<Bits>(q[i]) == std::bit_cast<Bits>(want);
      if (!ok && ++mismatches <= 10) {
        ADD_FAILURE() << std::hexfloat << x[i] << " / " << y[i] << ": emulator " << q[i] << ", host " << want;
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

class ValuDiv : public ::testing::TestWithParam<Target> {};

TEST_P(ValuDiv, LlvmF32DivisionSequenceIsCorrectlyRounded) {
  check_division<float, uint32_t>(GetParam(), "valu_div_f32", 1);
}

TEST_P(ValuDiv, LlvmF64DivisionSequenceIsCorrectlyRounded) {
  check_division<double, uint64_t>(GetParam(), "valu_div_f64", 2);
}

// One lane of valu_div_ops: inputs and what the pseudocode says each op gives.
struct OpsCase {
  float a, b;           // numerator, denominator
  float den, num;       // v_div_scale(b, b, a), v_div_scale(a, b, a)
  uint32_t vcc;         // bit 0: the denominator call's mask, bit 1: the numerator call's
  float fixup;          // v_div_fixup(3.0, b, a)
};

TEST_P(ValuDiv, ScaleFmasFixupFollowThePseudocode) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
  const float p = std::ldexp(1.0f, 64);
  const std::vector<OpsCase> cases = {
      {1.0f, 3.0f, 3.0f, 1.0f, 0, 3.0f},                                  // plain
      {0x1p100f, 0x1p-20f, 0x1p-20f * p, 0x1p100f, 3, 3.0f},             // exponent gap >= 96
      {0x1p-100f, 0x1p40f, 0x1p40f, 0x1p-100f * p, 3, 3.0f},             // quotient denormal
      {1.0f, 0x1p-130f, 0x1p-130f * p, 1.0f, 3, 3.0f},                    // gap >= 96 wins over denormal
      {0x1p-40f, 0x1p-130f, 0x1p-130f * p, 0x1p-40f * p, 0, 3.0f},       // denominator denormal
      {0x1p-120f, 1.0f, p, 0x1p-120f * p, 0, 3.0f},                       // numerator exponent <= 23
      {0.0f, 1.0f, kNan, kNan, 0, 0.0f},                                  // 0 / y
      {1.0f, 0.0f, kNan, kNan, 0, kInf},                                  // x / 0
      {-6.0f, 2.0f, 2.0f, -6.0f, 0, -3.0f},                               // sign of the quotient
      {kNan, 1.0f, p, kNan, 3, kNan},                                     // NaN numerator
      {kInf, kInf, kInf, kInf, 0, std::bit_cast<float>(0xffc00000u)},     // inf / inf
      {0.0f, 0.0f, kNan, kNan, 0, std::bit_cast<float>(0xffc00000u)},     // 0 / 0
      {-kInf, 2.0f, 2.0f * p, -kInf, 3, -kInf},                           // inf / y
      {1.0f, -kInf, -kInf, 1.0f, 0, -0.0f},                               // x / inf
      {0x1p-140f, 0x1p30f, 0x1p30f * p, 0x1p-140f * p, 0, 0.0f},          // underflow
  };
  std::vector<float> a(64), b(64);
  std::vector<double> d(64);
  for (int l = 0; l < 64; ++l) {
    a[l] = static_cast<float>(l - 40) * 0.75f + 0.375f;
    b[l] = 1.0f + static_cast<float>(l) * 0.25f;
    d[l] = std::ldexp(1.0 + l / 64.0, l * 30 - 1000);  // positive normals across the range
  }
  for (size_t l = 0; l < cases.size(); ++l) {
    a[l] = cases[l].a;
    b[l] = cases[l].b;
  }
  const std::vector<double> d_special = {0.0, -0.0, -2.0, std::numeric_limits<double>::infinity(),
                                         std::numeric_limits<double>::denorm_min(), 0x1p-1030, 4.0, 0.25};
  for (size_t i = 0; i < d_special.size(); ++i) d[60 - i] = d_special[i];

  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<float> da = upload(emu, a), db = upload(emu, b);
  DeviceArray<double> dd = upload(emu, d);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 14, 0));
  auto profile = run_kernel(emu, "valu_div_ops", {1, 1, 1}, {64, 1, 1},
                            kernargs({da.address, db.address, dd.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  auto f = [&](int k, int l) { return std::bit_cast<float>(r[k * 64 + l]); };
  auto same = [](float got, float want) {
    return std::isnan(want) ? std::isnan(got) : std::bit_cast<uint32_t>(got) == std::bit_cast<uint32_t>(want);
  };
  for (int l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const bool special = l < static_cast<int>(cases.size());
    const OpsCase c = special ? cases[l] : OpsCase{a[l], b[l], b[l], a[l], 0, std::copysign(3.0f, a[l] * b[l])};
    EXPECT_TRUE(same(f(0, l), c.den)) << f(0, l);
    EXPECT_TRUE(same(f(1, l), c.num)) << f(1, l);
    EXPECT_EQ(r[2 * 64 + l], c.vcc);
    // v_div_fmas(a, 1.0, b): post-scaled by 2^64 up when S2's exponent is above the bias, else down.
    float fmas = a[l] + b[l];
    if (c.vcc & 2) fmas = std::ldexp(fmas, std::fabs(b[l]) >= 2.0f ? 64 : -64);
    EXPECT_TRUE(same(f(3, l), fmas)) << f(3, l) << " want " << fmas;
    EXPECT_TRUE(same(f(4, l), c.fixup)) << f(4, l);
  }
  // v_div_fixup_f16(3.0, b, a) on the f16 inputs: the IEEE quotient's NaN / inf / zero, else +-3.
  for (int l = 0; l < 64; ++l) {
    SCOPED_TRACE("f16 lane " + std::to_string(l));
    const uint32_t in = r[11 * 64 + l];
    const uint16_t a16 = static_cast<uint16_t>(in), b16 = static_cast<uint16_t>(in >> 16);
    const float x = static_cast<float>(std::bit_cast<_Float16>(a16));
    const float y = static_cast<float>(std::bit_cast<_Float16>(b16));
    const float q = x / y;
    const uint32_t sign = (a16 ^ b16) & 0x8000u;
    uint32_t want = sign | 0x4200u;
    if (std::isnan(x)) want = a16 | 0x0200u;
    else if (std::isnan(y)) want = b16 | 0x0200u;
    else if (std::isnan(q)) want = 0xfe00u;  // 0/0, inf/inf
    else if (std::isinf(q) && (y == 0.0f || std::isinf(x))) want = sign | 0x7c00u;
    else if (q == 0.0f && (std::isinf(y) || x == 0.0f)) want = sign;
    EXPECT_EQ(r[12 * 64 + l], want);  // the high half is zeroed (emu/README.md, VALU f16)
    EXPECT_EQ(r[13 * 64 + l], want);
  }
  // f64 reciprocal family: rcp and sqrt are IEEE-exact here, rsq within 1 ulp of the exact value.
  for (int l = 0; l < 64; ++l) {
    SCOPED_TRACE(::testing::Message() << "lane " << l << " x = " << std::hexfloat << d[l]);
    auto g = [&](int k) {
      const size_t i = 5 * 64 + static_cast<size_t>(k) * 128 + 2 * static_cast<size_t>(l);
      return std::bit_cast<double>(r[i] | (uint64_t{r[i + 1]} << 32));
    };
    const double x = d[l];
    EXPECT_EQ(std::bit_cast<uint64_t>(g(0)), std::bit_cast<uint64_t>(1.0 / x));
    const double root = std::sqrt(x);
    EXPECT_TRUE(std::isnan(root) ? std::isnan(g(1)) : std::bit_cast<uint64_t>(g(1)) == std::bit_cast<uint64_t>(root));
    const long double exact = 1.0L / std::sqrt(static_cast<long double>(x));
    if (std::isnan(exact)) {
      EXPECT_TRUE(std::isnan(g(2)));
    } else if (std::isinf(exact) || exact == 0.0L) {
      EXPECT_EQ(g(2), static_cast<double>(exact));
    } else {
      const double ulp = std::nextafter(static_cast<double>(exact), INFINITY) - static_cast<double>(exact);
      EXPECT_LE(std::fabs(static_cast<long double>(g(2)) - exact), static_cast<long double>(ulp));
    }
  }
}

// LLVM checkDivFMasHazards: 4 wait states between a VALU write of VCC and v_div_fmas.
TEST_P(ValuDiv, DivFmasWaitsFourStatesAfterVccWrite) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  auto profile = run_kernel(emu, "valu_div_fmas_hazard", {1, 1, 1}, {64, 1, 1}, kernargs({}));
  ASSERT_FALSE(profile.is_ok());
  const std::string message = profile.status().to_string();
  EXPECT_NE(message.find("VALU writes VCC -> v_div_fmas"), std::string::npos) << message;
  EXPECT_NE(message.find("requires 4 wait states"), std::string::npos) << message;
}

INGOT_FOR_BOTH_TARGETS(ValuDiv);

}  // namespace
}  // namespace ingot::emu::testing
