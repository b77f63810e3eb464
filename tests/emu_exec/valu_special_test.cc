// v_trig_preop_f64 (both targets), gfx950's v_prng_b32 and v_ashr_pk_i8/u8_i32, against references written
// here from the ISA guide's pseudocode (CDNA4 guide, VOP3 opcodes 658 / 613 / 614, VOP1 opcode 88); and
// v_exp/log_legacy_f32 (both targets) against 2^x / log2 within 1 ulp plus their special cases.
// 2/pi is recomputed in this file with a small bignum (Machin's formula, then restoring division), and
// the emulator's table of its bits (emu/exec/src/two_over_pi_bits.h) is checked against it.
// Kernels: kernels/valu_special.s, kernels/valu_special_gfx950.s.
#include <algorithm>
#include <bit>
#include <cfenv>
#include <climits>
#include <cmath>
#include <random>

#include "emu_test_support.h"
#include "two_over_pi_bits.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 64;
constexpr int kSlots = 12;       // as in kernels/valu_special.s
constexpr int kGfx950Slots = 6;  // as in kernels/valu_special_gfx950.s

// ---- 2/pi from scratch ----
// Fixed-point numbers: kWords base-2^32 words, most significant first; word 0 is the integer part.
constexpr size_t kWords = 46;  // 1440 fraction bits: 240 guard bits past the 1201 that are checked
using Big = std::vector<uint32_t>;

Big big_int(uint32_t integer) {
  Big x(kWords, 0);
  x[0] = integer;
  return x;
}
bool is_zero(const Big& x) {
  return std::all_of(x.begin(), x.end(), [](uint32_t w) { return w == 0; });
}
void div_small(Big& x, uint32_t d) {
  uint64_t rem = 0;
  for (uint32_t& w : x) {
    const uint64_t cur = (rem << 32) | w;
    w = static_cast<uint32_t>(cur / d);
    rem = cur % d;
  }
}
void mul_small(Big& x, uint32_t m) {
  uint64_t carry = 0;
  for (size_t i = x.size(); i-- > 0;) {
    const uint64_t cur = uint64_t{x[i]} * m + carry;
    x[i] = static_cast<uint32_t>(cur);
    carry = cur >> 32;
  }
}
void add(Big& x, const Big& y) {
  uint64_t carry = 0;
  for (size_t i = x.size(); i-- > 0;) {
    const uint64_t cur = uint64_t{x[i]} + y[i] + carry;
    x[i] = static_cast<uint32_t>(cur);
    carry = cur >> 32;
  }
}
void sub(Big& x, const Big& y) {  // x >= y
  int64_t borrow = 0;
  for (size_t i = x.size(); i-- > 0;) {
    int64_t cur = int64_t{x[i]} - y[i] - borrow;
    borrow = cur < 0 ? 1 : 0;
    if (cur < 0) cur += int64_t{1} << 32;
    x[i] = static_cast<uint32_t>(cur);
  }
}
void shl1(Big& x) {
  uint32_t carry = 0;
  for (size_t i = x.size(); i-- > 0;) {
    const uint32_t next = x[i] >> 31;
    x[i] = (x[i] << 1) | carry;
    carry = next;
  }
}

// atan(1/x) = sum_k (-1)^k / ((2k+1) x^(2k+1))
Big atan_inverse(uint32_t x) {
  Big term = big_int(1), sum = big_int(0);
  div_small(term, x);
  for (uint32_t k = 0; !is_zero(term); ++k) {
    Big part = term;
    div_small(part, 2 * k + 1);
    if (k % 2 == 0) {
      add(sum, part);
    } else {
      sub(sum, part);
    }
    div_small(term, x * x);
  }
  return sum;
}

// Fraction bits of 2/pi, first bit after the binary point first.
std::vector<int> two_over_pi_fraction_bits(int count) {
  Big pi = atan_inverse(5), tail = atan_inverse(239);
  mul_small(pi, 16);
  mul_small(tail, 4);
  sub(pi, tail);  // pi = 16 atan(1/5) - 4 atan(1/239)
  Big rem = big_int(2);
  std::vector<int> bits;
  for (int i = 0; i < count; ++i) {
    shl1(rem);
    const bool ge = !std::lexicographical_compare(rem.begin(), rem.end(), pi.begin(), pi.end());
    if (ge) sub(rem, pi);
    bits.push_back(ge ? 1 : 0);
  }
  return bits;
}

const std::vector<int>& two_over_pi() {
  static const std::vector<int> bits = two_over_pi_fraction_bits(1300);
  return bits;
}

// The guide: shift = S1[4:0] * 53 (+ exponent - 1077 above 1077); the 53 bits of 2/pi (as a 1201-bit
// fraction) after `shift`, times 2^(-53 - shift) (+128 when exponent >= 1968), rounded toward zero.
uint64_t ref_trig_preop(uint64_t x, uint32_t segment) {
  const int exponent = static_cast<int>((x >> 52) & 0x7ff);
  int shift = static_cast<int>(segment & 31) * 53;
  if (exponent > 1077) shift += exponent - 1077;
  uint64_t mant = 0;
  for (int i = shift; i < shift + 53; ++i) mant = mant * 2 + static_cast<uint64_t>(i < 1201 ? two_over_pi()[static_cast<size_t>(i)] : 0);
  int scale = -53 - shift;
  if (exponent >= 1968) scale += 128;
  const int old_mode = std::fegetround();
  std::fesetround(FE_TOWARDZERO);
  volatile double m = static_cast<double>(mant);
  const double r = std::ldexp(m, scale);
  std::fesetround(old_mode);
  return std::bit_cast<uint64_t>(r);
}

TEST(TwoOverPi, EmulatorTableMatchesIndependentBits) {
  const std::vector<int>& bits = two_over_pi();
  ASSERT_EQ(kTwoOverPiBits, 1201);
  for (int i = 0; i < 38 * 32; ++i) {
    const int table = static_cast<int>((kTwoOverPiWords[static_cast<size_t>(i / 32)] >> (31 - i % 32)) & 1u);
    EXPECT_EQ(table, i < 1201 ? bits[static_cast<size_t>(i)] : 0) << "fraction bit " << i;
  }
  // The first 53 bits, truncated, are 2/pi rounded down: one ulp below M_2_PI (which rounds up).
  EXPECT_EQ(ref_trig_preop(std::bit_cast<uint64_t>(1.0), 0), 0x3FE45F306DC9C882ull);
}

// Runs a one-wave kernel of this file: `in` (4 dwords per lane) in, `slots` dwords per lane out (slot-major).
std::vector<uint32_t> run_slots(Emulator& emu, const std::string& stem, const std::vector<uint32_t>& in, int slots) {
  DeviceArray<uint32_t> in_buf = upload(emu, in);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(static_cast<size_t>(kLanes * slots), 0xdeadbeefu));
  auto profile = run_kernel(emu, stem, {1, 1, 1}, {64, 1, 1}, kernargs({in_buf.address, out.address}));
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
  return download(emu, out);
}

// One f32 ulp at the magnitude of `x` (a double reference).
double ulp_f32(double x) {
  const float f = static_cast<float>(std::fabs(x));
  return static_cast<double>(std::nextafter(f, INFINITY) - f);
}

class ValuSpecial : public ::testing::TestWithParam<Target> {};

TEST_P(ValuSpecial, TrigPreopAndLegacyExpLogFollowTheirDefinitions) {
  // Biased exponents around every rule: denormal/zero, 1077/1078 (shift starts), 1967/1968 (scale),
  // the largest finite and inf. Segments 0..31; together they reach shift >= 1120 (past LLVM's table),
  // windows straddling bit 1201, and results below 2^-1022.
  const int exps[] = {0, 1, 1000, 1023, 1077, 1078, 1079, 1100, 1500, 1900, 1967, 1968, 1969, 2000, 2046, 2047};
  std::mt19937_64 rng(658);
  int cases = 0;
  for (int run = 0; run < 4; ++run) {
    Emulator emu(EmulatorOptions{.target = GetParam()});
    std::vector<uint32_t> in(kLanes * 4);
    std::vector<uint64_t> x(kLanes);
    std::vector<uint32_t> seg(kLanes), seed(kLanes);
    for (int l = 0; l < kLanes; ++l) {
      const uint64_t e = static_cast<uint64_t>(exps[(l + run * 7) % 16]);
      uint64_t mant = rng() & ((uint64_t{1} << 52) - 1);
      if (e == 2047) mant = 0;  // inf (NaN: not settled, see emu/README.md)
      x[static_cast<size_t>(l)] = (rng() & (uint64_t{1} << 63)) | (e << 52) | mant;
      seg[static_cast<size_t>(l)] = static_cast<uint32_t>((l * 5 + run * 11) % 32);
      // An f32 in [-100, 100] for the legacy exp/log slots; its low bits (S1[4:0]) select a segment.
      seed[static_cast<size_t>(l)] = std::bit_cast<uint32_t>(std::uniform_real_distribution<float>(-100.0f, 100.0f)(rng));
      in[static_cast<size_t>(l * 4)] = static_cast<uint32_t>(x[static_cast<size_t>(l)]);
      in[static_cast<size_t>(l * 4 + 1)] = static_cast<uint32_t>(x[static_cast<size_t>(l)] >> 32);
      in[static_cast<size_t>(l * 4 + 2)] = seg[static_cast<size_t>(l)];
      in[static_cast<size_t>(l * 4 + 3)] = seed[static_cast<size_t>(l)];
    }
    const std::vector<uint32_t> r = run_slots(emu, "valu_special", in, kSlots);
    auto got = [&](int slot, int lane) {
      return uint64_t{r[static_cast<size_t>(slot * kLanes + lane)]} |
             uint64_t{r[static_cast<size_t>((slot + 1) * kLanes + lane)]} << 32;
    };
    for (int l = 0; l < kLanes; ++l) {
      const uint64_t xl = x[static_cast<size_t>(l)];
      SCOPED_TRACE("run " + std::to_string(run) + " lane " + std::to_string(l) + " exponent " +
                   std::to_string((xl >> 52) & 0x7ff));
      EXPECT_EQ(got(0, l), ref_trig_preop(xl, seg[static_cast<size_t>(l)])) << "segment " << seg[static_cast<size_t>(l)];
      EXPECT_EQ(got(2, l), ref_trig_preop(xl, 2));
      EXPECT_EQ(got(4, l), ref_trig_preop(xl, seed[static_cast<size_t>(l)])) << "seed " << seed[static_cast<size_t>(l)];
      cases += 3;
      // Legacy exp/log: within 1 ulp of 2^x / log2|x| (as v_exp/log_f32), and the special cases.
      const float xf = std::bit_cast<float>(seed[static_cast<size_t>(l)]);
      const double exp_ref = std::exp2(static_cast<double>(xf)), log_ref = std::log2(std::fabs(static_cast<double>(xf)));
      const float exp_got = std::bit_cast<float>(static_cast<uint32_t>(got(6, l))), log_got = std::bit_cast<float>(static_cast<uint32_t>(got(6, l) >> 32));
      EXPECT_LE(std::fabs(exp_got - exp_ref), ulp_f32(exp_ref)) << "exp_legacy(" << xf << ")";
      EXPECT_LE(std::fabs(log_got - log_ref), ulp_f32(log_ref)) << "log_legacy(|" << xf << "|)";
      EXPECT_EQ(static_cast<uint32_t>(got(8, l)), 0xff800000u);  // log(+0) = -inf
      EXPECT_TRUE(std::isnan(std::bit_cast<float>(static_cast<uint32_t>(got(8, l) >> 32))));  // log(-1) = NaN
      EXPECT_EQ(static_cast<uint32_t>(got(10, l)), 0u);          // exp(-inf) = +0
      EXPECT_EQ(static_cast<uint32_t>(got(10, l) >> 32), 0x7f800000u);  // exp(+inf) = +inf
    }
  }
  EXPECT_EQ(cases, 4 * kLanes * 3);
}

INGOT_FOR_BOTH_TARGETS(ValuSpecial);

// ---- gfx950 ----
uint32_t ref_prng(uint32_t in) { return (in << 1) ^ ((in >> 31) != 0 ? 197u : 0u); }

uint32_t ref_sat8(int64_t n, bool is_signed) {
  const int64_t lo = is_signed ? -128 : 0, hi = is_signed ? 127 : 255;
  return static_cast<uint32_t>(std::clamp(n, lo, hi)) & 0xffu;
}
// S.i32 >> shift as floor(S / 2^shift), in double (exact for 32-bit integers).
int64_t floor_shift(uint32_t v, uint32_t shift) {
  return static_cast<int64_t>(std::floor(static_cast<double>(static_cast<int32_t>(v)) / std::ldexp(1.0, static_cast<int>(shift & 31))));
}
uint32_t ref_ashr_pk(uint32_t a, uint32_t b, uint32_t shift, bool is_signed) {
  return ref_sat8(floor_shift(a, shift), is_signed) | ref_sat8(floor_shift(b, shift), is_signed) << 8;
}

TEST(ValuSpecialGfx950, PrngAndAshrPkFollowThePseudocode) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(950);
  const uint32_t specials[] = {0u, 1u, 0x7fu, 0x80u, 0xffu, 0x100u, 0x7fffffffu, 0x80000000u, 0xffffffffu,
                               0xffffff80u, 0xffffff7fu, static_cast<uint32_t>(-300), 300u, 0x12345678u};
  std::vector<uint32_t> in(kLanes * 4);
  for (int l = 0; l < kLanes; ++l) {
    for (int k = 0; k < 4; ++k) in[static_cast<size_t>(l * 4 + k)] = static_cast<uint32_t>(rng());
    if (l < 14) in[static_cast<size_t>(l * 4)] = specials[l];
    if (l >= 14 && l < 28) in[static_cast<size_t>(l * 4 + 1)] = specials[l - 14];
    if (l < 14) in[static_cast<size_t>(l * 4 + 3)] = specials[l];  // prng seeds: 0, top bit set or not
    if (l % 2 == 0) in[static_cast<size_t>(l * 4 + 2)] = static_cast<uint32_t>(l % 9);  // small shifts
  }
  const std::vector<uint32_t> r = run_slots(emu, "valu_special_gfx950", in, kGfx950Slots);
  auto got = [&](int slot, int lane) { return r[static_cast<size_t>(slot * kLanes + lane)]; };
  for (int l = 0; l < kLanes; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const uint32_t a = in[static_cast<size_t>(l * 4)], b = in[static_cast<size_t>(l * 4 + 1)],
                   shift = in[static_cast<size_t>(l * 4 + 2)], seed = in[static_cast<size_t>(l * 4 + 3)];
    EXPECT_EQ(got(0, l), ref_prng(seed));
    EXPECT_EQ(got(1, l), ref_prng(ref_prng(seed)));
    // The guide defines D[15:0]; the upper half is this emulator's 16-bit-result rule (not compared).
    EXPECT_EQ(got(2, l) & 0xffffu, ref_ashr_pk(a, b, shift, true)) << a << " " << b << " >> " << (shift & 31);
    EXPECT_EQ(got(3, l) & 0xffffu, ref_ashr_pk(a, b, shift, false)) << a << " " << b << " >> " << (shift & 31);
    EXPECT_EQ(got(4, l), (ref_ashr_pk(a, b, shift, false) << 16) | (seed & 0xffffu));
    EXPECT_EQ(got(5, l) & 0xffffu, ref_ashr_pk(b, a, 7, true));
  }
  // Worked values: 0x80000000 >> 0 saturates to -128 (0x80) / 0; 0x7fffffff to 127 / 255.
  EXPECT_EQ(ref_ashr_pk(0x80000000u, 0x7fffffffu, 0, true), 0x7f80u);
  EXPECT_EQ(ref_ashr_pk(0x80000000u, 0x7fffffffu, 0, false), 0xff00u);
  EXPECT_EQ(ref_prng(0x80000000u), 197u);
}

}  // namespace
}  // namespace ingot::emu::testing
