// The VALU / SALU / SMEM instructions made executable for the load-time "no unemulated instruction"
// rule: f64 arithmetic and conversions, f16 rounding / ldexp / frexp / 3-operand min-max, 16-bit
// integer forms, integer and f16 dot products, v_fma_mix*, v_fmamk/fmaak, v_swap, v_lerp_u8,
// v_pk_fmac_f16, s_movrels/d_b64,
// s_buffer_store, and gfx950's bitop3, minimum3/maximum3, v_cvt_pk_f16_f32, v_cvt_f32_bf16, bf16 dots.
// Every expected value is computed here from the ISA definition with host arithmetic (_Float16 for f16
// rounding), per lane; kernels: kernels/valu_extra.s and kernels/valu_extra_gfx950.s.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 64;
constexpr int kSlots32 = 49;  // as in kernels/valu_extra.s
constexpr int kSlots64 = 18;

// Per-lane inputs w0..w7 (see the kernel header).
struct LaneInputs {
  uint32_t w[8];
  float a() const { return std::bit_cast<float>(w[0]); }
  double A() const { return std::bit_cast<double>(uint64_t{w[4]} | uint64_t{w[5]} << 32); }
  double B() const { return std::bit_cast<double>(uint64_t{w[6]} | uint64_t{w[7]} << 32); }
};

float h2f(uint32_t bits) { return static_cast<float>(std::bit_cast<_Float16>(static_cast<uint16_t>(bits))); }
uint32_t f2h(double value) { return std::bit_cast<uint16_t>(static_cast<_Float16>(value)); }
float bf2f(uint32_t bits) { return std::bit_cast<float>((bits & 0xffffu) << 16); }
int32_t s16(uint32_t bits) { return static_cast<int16_t>(static_cast<uint16_t>(bits)); }
uint32_t lo16(uint32_t bits) { return bits & 0xffffu; }
uint32_t hi16(uint32_t bits) { return bits >> 16; }

// A finite f16 of moderate exponent (so that sums of products stay exact in double), some specials.
uint16_t random_f16(std::mt19937& rng, int lane, int which) {
  if ((lane + which) % 23 == 0) return 0x7c00;  // +inf
  if ((lane + which) % 29 == 0) return 0x8000;  // -0
  const auto sign = static_cast<uint32_t>(rng() & 1), exponent = static_cast<uint32_t>(5 + rng() % 21),
             mantissa = static_cast<uint32_t>(rng() & 0x3ff);
  return static_cast<uint16_t>(sign << 15 | exponent << 10 | mantissa);
}

double random_double(std::mt19937& rng, int lane) {
  static const double specials[] = {0.0, -0.0, 2.5, -3.5, 1e300, -1e-310, 4503599627370497.0,
                                    std::numeric_limits<double>::infinity(), std::nan("")};
  if (lane < 9) return specials[lane];
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
  return std::ldexp(mantissa(rng), static_cast<int>(rng() % 80) - 40);
}

std::vector<LaneInputs> make_inputs() {
  std::mt19937 rng(1234);
  static const float specials[] = {0.0f, -0.0f, std::numeric_limits<float>::infinity(),
                                   -std::numeric_limits<float>::infinity(), std::nanf(""), 1e-40f, -3.5f, 1e30f};
  std::vector<LaneInputs> in(kLanes);
  std::uniform_real_distribution<float> uniform(-100.0f, 100.0f);
  for (int l = 0; l < kLanes; ++l) {
    LaneInputs& x = in[static_cast<size_t>(l)];
    x.w[0] = std::bit_cast<uint32_t>(l < 8 ? specials[l] : uniform(rng));
    x.w[1] = static_cast<uint32_t>(rng());
    x.w[2] = uint32_t{random_f16(rng, l, 0)} | uint32_t{random_f16(rng, l, 1)} << 16;
    x.w[3] = uint32_t{random_f16(rng, l, 2)} | uint32_t{random_f16(rng, l, 3)} << 16;
    const uint64_t A = std::bit_cast<uint64_t>(random_double(rng, l));
    const uint64_t B = std::bit_cast<uint64_t>(random_double(rng, (l * 7 + 3) % kLanes));
    x.w[4] = static_cast<uint32_t>(A);
    x.w[5] = static_cast<uint32_t>(A >> 32);
    x.w[6] = static_cast<uint32_t>(B);
    x.w[7] = static_cast<uint32_t>(B >> 32);
  }
  return in;
}

std::vector<uint32_t> flatten(const std::vector<LaneInputs>& in) {
  std::vector<uint32_t> words;
  for (const LaneInputs& x : in) words.insert(words.end(), x.w, x.w + 8);
  return words;
}

// NaN-aware comparisons: any NaN matches any NaN (payloads are not specified by the ISA guides).
void expect_f32(uint32_t got, float want, const char* what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(std::bit_cast<float>(got))) << what << ": got " << std::hex << got;
  } else {
    EXPECT_EQ(got, std::bit_cast<uint32_t>(want)) << what << ": want " << want << " got " << std::bit_cast<float>(got);
  }
}
void expect_f16(uint32_t got, uint32_t want, const char* what) {
  const bool want_nan = (want & 0x7c00) == 0x7c00 && (want & 0x3ff) != 0;
  if (want_nan) {
    EXPECT_TRUE((got & 0x7c00) == 0x7c00 && (got & 0x3ff) != 0) << what << ": got " << std::hex << got;
  } else {
    EXPECT_EQ(got, want) << what << std::hex << ": want 0x" << want << " got 0x" << got;
  }
}
void expect_f64(uint64_t got, double want, const char* what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(std::bit_cast<double>(got))) << what;
  } else {
    EXPECT_EQ(got, std::bit_cast<uint64_t>(want)) << what << ": want " << want << " got " << std::bit_cast<double>(got);
  }
}

int32_t trunc_saturate(double x, double lo, double hi) {
  if (std::isnan(x)) return 0;
  return static_cast<int32_t>(static_cast<int64_t>(std::clamp(std::trunc(x), lo, hi)));
}

template <typename T>
T med3(T a, T b, T c) {
  return std::max(std::min(a, b), std::min(std::max(a, b), c));
}

// Sum of element products of N-bit fields of x and y (signed or unsigned) plus acc.
int64_t dot(uint32_t x, uint32_t y, int bits, bool is_signed, int64_t acc) {
  for (int e = 0; e < 32 / bits; ++e) {
    const uint32_t mask = (1u << bits) - 1;
    int64_t a = (x >> (bits * e)) & mask, b = (y >> (bits * e)) & mask;
    if (is_signed) {
      a = a >= (int64_t{1} << (bits - 1)) ? a - (int64_t{1} << bits) : a;
      b = b >= (int64_t{1} << (bits - 1)) ? b - (int64_t{1} << bits) : b;
    }
    acc += a * b;
  }
  return acc;
}

uint32_t bitop3(uint32_t table, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = 0;
  for (int k = 0; k < 32; ++k) {
    const uint32_t index = ((a >> k) & 1) << 2 | ((b >> k) & 1) << 1 | ((c >> k) & 1);
    d |= ((table >> index) & 1) << k;
  }
  return d;
}

class ValuExtra : public ::testing::TestWithParam<Target> {};

void check_slots32(const LaneInputs& x, const uint32_t* r) {
  const float a = x.a();
  const int e = static_cast<int>(x.w[1] & 63) - 32;
  const uint32_t w1 = x.w[1], w2 = x.w[2], w3 = x.w[3];
  const float h0 = h2f(w2), h1 = h2f(w3), h0hi = h2f(hi16(w2));
  int exp32 = 0;
  const float mant32 = std::isfinite(a) ? std::frexp(a, &exp32) : a;
  expect_f32(r[0], std::ldexp(a, e), "ldexp_f32");
  expect_f32(r[1], mant32, "frexp_mant_f32");
  EXPECT_EQ(r[2], static_cast<uint32_t>(exp32)) << "frexp_exp_i32_f32";
  expect_f32(r[3], std::fma(a, 1.5f, a), "fmamk_f32");
  expect_f32(r[4], std::fma(a, a, -2.25f), "fmaak_f32");
  expect_f16(lo16(r[5]), f2h(std::floor(h0)), "floor_f16");
  expect_f16(lo16(r[6]), f2h(std::ceil(h0)), "ceil_f16");
  expect_f16(lo16(r[7]), f2h(std::trunc(h0)), "trunc_f16");
  expect_f16(lo16(r[8]), f2h(std::nearbyint(h0)), "rndne_f16");
  expect_f16(lo16(r[9]), std::isinf(h0) ? 0x7e00u : f2h(std::min(h0 - std::floor(h0), h2f(0x3bff))), "fract_f16");
  expect_f16(lo16(r[10]), f2h(std::ldexp(h0, e)), "ldexp_f16");
  int exp16 = 0;
  const float mant16 = std::isfinite(h0) ? std::frexp(h0, &exp16) : h0;
  expect_f16(lo16(r[11]), f2h(mant16), "frexp_mant_f16");
  EXPECT_EQ(lo16(r[12]), static_cast<uint32_t>(exp16) & 0xffffu) << "frexp_exp_i16_f16";
  expect_f16(lo16(r[13]), f2h(std::fmin(std::fmin(h0, h1), h0hi)), "min3_f16");
  expect_f16(lo16(r[14]), f2h(std::fmax(std::fmax(h0, h1), h0hi)), "max3_f16");
  expect_f16(lo16(r[15]), f2h(med3(h0, h1, h0hi)), "med3_f16");
  expect_f16(lo16(r[16]), f2h(s16(w1)), "cvt_f16_i16");
  expect_f16(lo16(r[17]), f2h(lo16(w1)), "cvt_f16_u16");
  EXPECT_EQ(lo16(r[18]), static_cast<uint32_t>(trunc_saturate(h0, -32768, 32767)) & 0xffffu) << "cvt_i16_f16";
  EXPECT_EQ(lo16(r[19]), static_cast<uint32_t>(trunc_saturate(h0, 0, 65535))) << "cvt_u16_f16";
  EXPECT_EQ(lo16(r[20]), static_cast<uint32_t>(std::clamp(s16(w1) + s16(w2), -32768, 32767)) & 0xffffu) << "add_i16 clamp";
  EXPECT_EQ(lo16(r[21]), static_cast<uint32_t>(s16(w1) - s16(w2)) & 0xffffu) << "sub_i16";
  EXPECT_EQ(lo16(r[22]), static_cast<uint32_t>(std::min({s16(w1), s16(w2), s16(w3)})) & 0xffffu) << "min3_i16";
  EXPECT_EQ(lo16(r[23]), std::max({lo16(w1), lo16(w2), lo16(w3)})) << "max3_u16";
  EXPECT_EQ(lo16(r[24]), static_cast<uint32_t>(med3(s16(w1), s16(w2), s16(w3))) & 0xffffu) << "med3_i16";
  EXPECT_EQ(lo16(r[25]), med3(lo16(w1), lo16(w2), lo16(w3))) << "med3_u16";
  EXPECT_EQ(r[26], lo16(w1) * lo16(w2) + w3) << "mad_u32_u16";
  EXPECT_EQ(r[27], static_cast<uint32_t>(s16(hi16(w1)) * s16(hi16(w2))) + w3) << "mad_i32_i16 op_sel";
  const int64_t w3s = static_cast<int32_t>(w3);
  EXPECT_EQ(r[28], static_cast<uint32_t>(dot(w1, w2, 16, true, w3s))) << "dot2_i32_i16";
  EXPECT_EQ(r[29], static_cast<uint32_t>(dot(w1, w2, 8, true, w3s))) << "dot4_i32_i8";
  EXPECT_EQ(r[30], static_cast<uint32_t>(dot(w1, w2, 4, true, w3s))) << "dot8_i32_i4";
  EXPECT_EQ(r[31], static_cast<uint32_t>(dot(w1, w2, 16, true, w3s))) << "dot2c_i32_i16";
  EXPECT_EQ(r[32], static_cast<uint32_t>(dot(w1, w2, 8, true, w3s))) << "dot4c_i32_i8";
  EXPECT_EQ(r[33], static_cast<uint32_t>(dot(w1, w2, 4, false, w3))) << "dot8_u32_u4";
  EXPECT_EQ(r[34], static_cast<uint32_t>(std::min<int64_t>(dot(w1, w2, 16, false, w3), 0xffffffff))) << "dot2_u32_u16 clamp";
  EXPECT_EQ(r[35], static_cast<uint32_t>(dot(w1, w2, 8, false, w3))) << "dot4_u32_u8";
  const double dot_f16 = double{h0} * double{h1} + double{h0hi} * double{h2f(hi16(w3))} + double{a};
  expect_f32(r[36], static_cast<float>(dot_f16), "dot2_f32_f16");
  expect_f32(r[37], std::fma(h0hi, a, h1), "fma_mix_f32");
  expect_f16(lo16(r[38]), f2h(double{h0} * double{h1} + double{h0hi}), "fma_mixlo_f16");
  EXPECT_EQ(hi16(r[38]), hi16(w1)) << "fma_mixlo_f16 keeps the high half";
  expect_f16(hi16(r[39]), f2h(-double{h0} * std::fabs(double{h1}) + double{h2f(hi16(w3))}), "fma_mixhi_f16");
  EXPECT_EQ(lo16(r[39]), lo16(w1)) << "fma_mixhi_f16 keeps the low half";
  EXPECT_EQ(r[40], ((lo16(w1) * lo16(w2) + lo16(w3)) & 0xffffu) | ((hi16(w1) * hi16(w2) + hi16(w3)) << 16)) << "pk_mad_i16";
  EXPECT_EQ(lo16(r[41]), (lo16(w1) * lo16(w2) + lo16(w3)) & 0xffffu) << "mad_i16";
  EXPECT_EQ(r[42], w1) << "swap_b32 first";
  EXPECT_EQ(r[43], x.w[0]) << "swap_b32 second";
  EXPECT_EQ(r[44], 0x11111111u) << "movrels_b64 low";
  EXPECT_EQ(r[45], 0x22222222u) << "movrels_b64 high";
  EXPECT_EQ(r[46], 0x22222222u) << "movreld_b64";
  uint32_t lerp = 0;
  for (int k = 0; k < 32; k += 8) {
    lerp |= ((((w1 >> k) & 0xffu) + ((w2 >> k) & 0xffu) + ((w3 >> k) & 1u)) >> 1) << k;
  }
  EXPECT_EQ(r[47], lerp) << "lerp_u8";
  for (int h = 0; h < 2; ++h) {
    const uint32_t ha = (w2 >> (16 * h)) & 0xffffu, hb = (w3 >> (16 * h)) & 0xffffu;
    expect_f16((r[48] >> (16 * h)) & 0xffffu, f2h(double{h2f(ha)} * double{h2f(hb)} + double{h2f(hb)}), "pk_fmac_f16");
  }
}

void check_slots64(const LaneInputs& x, const uint64_t* r) {
  const double A = x.A(), B = x.B();
  const int e = static_cast<int>(x.w[1] & 63) - 32;
  expect_f64(r[0], A + B, "add_f64");
  expect_f64(r[1], A * B, "mul_f64");
  expect_f64(r[2], std::fma(A, B, A), "fma_f64");
  expect_f64(r[3], std::fma(B, B, A), "fmac_f64");
  expect_f64(r[4], std::fmax(A, -B), "max_f64");
  expect_f64(r[5], std::fmin(std::fabs(A), B), "min_f64");
  expect_f64(r[6], std::ldexp(A, e), "ldexp_f64");
  expect_f64(r[7], std::isinf(A) ? std::nan("") : std::min(A - std::floor(A), 0x1.fffffffffffffp-1), "fract_f64");
  expect_f64(r[8], std::floor(A), "floor_f64");
  expect_f64(r[9], std::ceil(A), "ceil_f64");
  expect_f64(r[10], std::nearbyint(A), "rndne_f64");
  expect_f64(r[11], std::trunc(A), "trunc_f64");
  int exp = 0;
  const double mant = std::isfinite(A) ? std::frexp(A, &exp) : A;
  expect_f64(r[12], mant, "frexp_mant_f64");
  EXPECT_EQ(r[13], uint64_t{static_cast<uint32_t>(exp)}) << "frexp_exp_i32_f64";
  expect_f64(r[14], static_cast<double>(static_cast<int32_t>(x.w[1])), "cvt_f64_i32");
  expect_f64(r[15], static_cast<double>(x.w[1]), "cvt_f64_u32");
  EXPECT_EQ(static_cast<uint32_t>(r[16]), static_cast<uint32_t>(trunc_saturate(A, -2147483648.0, 2147483647.0)))
      << "cvt_i32_f64";
  const double u = std::isnan(B) ? 0.0 : std::clamp(std::trunc(B), 0.0, 4294967295.0);
  EXPECT_EQ(static_cast<uint32_t>(r[16] >> 32), static_cast<uint32_t>(u)) << "cvt_u32_f64";
  expect_f64(r[17], 4.0 + A, "add_f64 inline 4.0");
}

TEST_P(ValuExtra, MatchesTheIsaDefinitions) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  const std::vector<LaneInputs> in = make_inputs();
  DeviceArray<uint32_t> din = upload(emu, flatten(in));
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kLanes * kSlots32, 0));
  DeviceArray<uint64_t> out64 = upload(emu, std::vector<uint64_t>(kLanes * kSlots64, 0));
  DeviceArray<uint32_t> sbuf = upload(emu, std::vector<uint32_t>(4, 0xdeadbeefu));
  auto profile = run_kernel(emu, "valu_extra", {1, 1, 1}, {64, 1, 1},
                            kernargs({din.address, out.address, out64.address, sbuf.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  const std::vector<uint64_t> r64 = download(emu, out64);
  for (int l = 0; l < kLanes; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    uint32_t lane32[kSlots32];
    uint64_t lane64[kSlots64];
    for (int k = 0; k < kSlots32; ++k) lane32[k] = r[static_cast<size_t>(k * kLanes + l)];
    for (int k = 0; k < kSlots64; ++k) lane64[k] = r64[static_cast<size_t>(k * kLanes + l)];
    check_slots32(in[static_cast<size_t>(l)], lane32);
    check_slots64(in[static_cast<size_t>(l)], lane64);
  }
  // s_buffer_store_dwordx2 at offset 0 lands; the one at offset 8 is past num_records (8) and is dropped.
  EXPECT_EQ(download(emu, sbuf), (std::vector<uint32_t>{0x0a0b0c0du, 0x01020304u, 0xdeadbeefu, 0xdeadbeefu}));
}

INGOT_FOR_BOTH_TARGETS(ValuExtra);

TEST(ValuExtraGfx950, MatchesTheIsaDefinitions) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  const std::vector<LaneInputs> in = make_inputs();
  DeviceArray<uint32_t> din = upload(emu, flatten(in));
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kLanes * 10, 0));
  auto profile = run_kernel(emu, "valu_extra_gfx950", {1, 1, 1}, {64, 1, 1}, kernargs({din.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  // IEEE 754-2019 minimum / maximum: NaN wins, -0 < +0.
  auto minimum = [](float p, float q) {
    if (std::isnan(p) || std::isnan(q)) return std::nanf("");
    return p == q ? (std::signbit(p) ? p : q) : std::min(p, q);
  };
  auto maximum = [](float p, float q) {
    if (std::isnan(p) || std::isnan(q)) return std::nanf("");
    return p == q ? (std::signbit(p) ? q : p) : std::max(p, q);
  };
  for (int l = 0; l < kLanes; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const LaneInputs& x = in[static_cast<size_t>(l)];
    auto at = [&](int slot) { return r[static_cast<size_t>(slot * kLanes + l)]; };
    const uint32_t w1 = x.w[1], w2 = x.w[2], w3 = x.w[3];
    const float a = x.a(), w1f = std::bit_cast<float>(w1);
    EXPECT_EQ(at(0), bitop3(0x96, w1, w2, w3)) << "bitop3 0x96";
    EXPECT_EQ(at(0), w1 ^ w2 ^ w3) << "bitop3 0x96 is xor3";
    EXPECT_EQ(at(1), bitop3(0x1e, w1, w2, w3)) << "bitop3 0x1e";
    EXPECT_EQ(lo16(at(2)), lo16(bitop3(0x6c, w1, w2, w3))) << "bitop3_b16 0x6c";
    expect_f32(at(3), minimum(minimum(a, -a), w1f), "minimum3_f32");
    expect_f32(at(4), maximum(maximum(a, -a), w1f), "maximum3_f32");
    expect_f16(lo16(at(5)), f2h(a), "cvt_pk_f16_f32 low");
    expect_f16(hi16(at(5)), f2h(w1f), "cvt_pk_f16_f32 high");
    EXPECT_EQ(at(6), lo16(w2) << 16) << "cvt_f32_bf16";
    EXPECT_EQ(at(7), hi16(w2) << 16) << "cvt_f32_bf16 sdwa WORD_1";
    const double dot_bf16 = double{bf2f(w2)} * double{bf2f(w3)} + double{bf2f(hi16(w2))} * double{bf2f(hi16(w3))} + double{a};
    expect_f32(at(8), static_cast<float>(dot_bf16), "dot2_f32_bf16");
    expect_f32(at(9), static_cast<float>(dot_bf16), "dot2c_f32_bf16");
  }
}

}  // namespace
}  // namespace ingot::emu::testing
