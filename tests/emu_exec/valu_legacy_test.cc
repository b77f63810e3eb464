// The legacy VALU ops (valu_legacy.cc, plus v_sin/cos_f16 and the legacy f16 mads in valu_float.cc):
// sums of absolute differences, cube maps, the 4-bit offset table, saturating packs, legacy mads.
// Expected values are written out here from the CDNA4 ISA guide's pseudocode (VOP1 / VOP3 opcode
// sections) with host arithmetic (_Float16 for f16 rounding), per lane; kernel: kernels/valu_legacy.s.
#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 64;
constexpr int kSlots = 31;  // as in kernels/valu_legacy.s

uint32_t ref_absdiff(uint32_t x, uint32_t y) { return x > y ? x - y : y - x; }
uint32_t byte_of(uint64_t v, int i) { return static_cast<uint32_t>((v >> (8 * i)) & 0xff); }

// V_SAD_U8 / V_MSAD_U8: S2 plus |S0.byte[i] - S1.byte[i]| for i = 0..3 (MSAD skips S1 bytes of 0).
uint32_t ref_sad(uint32_t s0, uint32_t s1, uint32_t s2, bool masked) {
  uint32_t sum = s2;
  for (int i = 0; i < 4; ++i) {
    if (masked && byte_of(s1, i) == 0) continue;
    sum += ref_absdiff(byte_of(s0, i), byte_of(s1, i));
  }
  return sum;
}

// The guide's four windows: S0[31:0], S0[39:8], S0[47:16], S0[55:24] of a 64-bit S0.
uint32_t window(uint64_t s0, int k) { return static_cast<uint32_t>(s0 >> (8 * k)); }

float ref_cube(int which, float x, float y, float z) {  // 0 id, 1 sc, 2 tc, 3 ma
  const float id[3][2] = {{0.0f, 1.0f}, {2.0f, 3.0f}, {4.0f, 5.0f}};
  if (std::fabs(z) >= std::fabs(x) && std::fabs(z) >= std::fabs(y)) {
    const float r[4] = {id[2][z < 0.0f], z < 0.0f ? -x : x, -y, 2.0f * z};
    return r[which];
  }
  if (std::fabs(y) >= std::fabs(x)) {
    const float r[4] = {id[1][y < 0.0f], x, y < 0.0f ? -z : z, 2.0f * y};
    return r[which];
  }
  const float r[4] = {id[0][x < 0.0f], x < 0.0f ? z : -z, -y, 2.0f * x};
  return r[which];
}

// The guide's CVT_OFF_TABLE, transcribed: S0[3:0] = 1000b .. 1111b, 0000b .. 0111b.
constexpr float kCvtOffTable[16] = {0.0f,     0.0625f,  0.125f,   0.1875f, 0.25f,    0.3125f,
                                    0.375f,   0.4375f,  -0.5f,    -0.4375f, -0.375f, -0.3125f,
                                    -0.25f,   -0.1875f, -0.125f,  -0.0625f};

// f32_to_snorm / f32_to_unorm as tinygrad's pcode helpers and SPIR-V PackSnorm2x16 define them:
// clamp, scale by 32767 / 65535, round half to even (written with integer arithmetic on the exact
// product so that it does not share the handler's nearbyint path).
uint32_t ref_norm16(double x, bool is_signed) {
  const double clamped = std::min(1.0, std::max(is_signed ? -1.0 : 0.0, x));
  const double scaled = clamped * (is_signed ? 32767.0 : 65535.0);
  const double floor_v = std::floor(scaled), frac = scaled - floor_v;
  int64_t r = static_cast<int64_t>(floor_v);
  if (frac > 0.5 || (frac == 0.5 && (r & 1) != 0)) ++r;
  return static_cast<uint32_t>(r) & 0xffffu;
}

uint32_t sat8(uint32_t half) {
  const int v = static_cast<int16_t>(static_cast<uint16_t>(half));
  return v <= 0 ? 0u : (v >= 255 ? 255u : static_cast<uint32_t>(v));
}

float h2f(uint32_t bits) { return static_cast<float>(std::bit_cast<_Float16>(static_cast<uint16_t>(bits))); }
uint32_t f2h(double value) { return std::bit_cast<uint16_t>(static_cast<_Float16>(value)); }

struct Inputs {
  uint32_t w[8];
};

std::vector<Inputs> make_inputs() {
  std::mt19937 rng(20261122);
  std::vector<Inputs> in(kLanes);
  // Cube coordinates from a small integer set so ties (|z| == |x| ...) and signs all occur.
  std::uniform_int_distribution<int> coord(-3, 3);
  for (int l = 0; l < kLanes; ++l) {
    for (int i = 0; i < 4; ++i) in[l].w[i] = static_cast<uint32_t>(rng());
    // Some S1 bytes zero (MSAD skips them) and some 16-bit halves near the u8 range.
    if (l % 3 == 0) in[l].w[2] &= 0xff00ff00u;
    if (l % 4 == 1) in[l].w[1] = (static_cast<uint32_t>(l * 9) & 0x1ff) | (static_cast<uint32_t>(300 - l * 11) << 16);
    if (l % 5 == 2) in[l].w[0] &= 0x00ff00ffu;  // small 16-bit halves: mads that do not wrap
    if (l % 3 == 1) in[l].w[1] &= 0x00ffff00u;  // zero reference bytes for v_msad_u8
    // w3 doubles as an f32 in [-1.5, 1.5] for the normalized conversions (its bits feed the SADs too).
    in[l].w[3] = std::bit_cast<uint32_t>(std::uniform_real_distribution<float>(-1.5f, 1.5f)(rng));
    for (int i = 4; i < 7; ++i) in[l].w[i] = std::bit_cast<uint32_t>(static_cast<float>(coord(rng)) * 0.75f);
    if (l == 7) in[l].w[4] = in[l].w[5] = in[l].w[6] = 0;  // (0, 0, 0): the z face, +z
    // f16 pair: lo = (l - 32) / 32 revolutions (exact quarter turns included), hi = a moderate value.
    const uint32_t lo = f2h((l - 32) / 32.0), hi = f2h(1.0 + (l % 7) * 0.375);
    in[l].w[7] = lo | (hi << 16);
  }
  return in;
}

class ValuLegacy : public ::testing::TestWithParam<Target> {};

TEST_P(ValuLegacy, MatchesIsaPseudocode) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  const std::vector<Inputs> in = make_inputs();
  std::vector<uint32_t> flat;
  for (const Inputs& lane : in) flat.insert(flat.end(), lane.w, lane.w + 8);
  DeviceArray<uint32_t> in_buf = upload(emu, flat);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kLanes * kSlots, 0xdeadbeefu));
  auto profile = run_kernel(emu, "valu_legacy", {1, 1, 1}, {64, 1, 1}, kernargs({in_buf.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  auto got = [&](int slot, int lane) { return r[static_cast<size_t>(slot * kLanes + lane)]; };

  for (int l = 0; l < kLanes; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const uint32_t w0 = in[l].w[0], w1 = in[l].w[1], w2 = in[l].w[2], w3 = in[l].w[3];
    EXPECT_EQ(got(0, l), ref_sad(w0, w1, w2, false));
    EXPECT_EQ(got(1, l), (ref_sad(w0, w1, 0, false) << 16) + w2);
    EXPECT_EQ(got(2, l), w2 + ref_absdiff(w0 & 0xffff, w1 & 0xffff) + ref_absdiff(w0 >> 16, w1 >> 16));
    EXPECT_EQ(got(3, l), ref_sad(w0, w1, w2, true));
    // QSAD / MQSAD: S0 = {w1, w0}, S1 = w2, S2 = {w3, w2} (16-bit entries) or {w3, w2, w1, w0}.
    const uint64_t s0 = uint64_t{w0} | uint64_t{w1} << 32, s2 = uint64_t{w2} | uint64_t{w3} << 32;
    for (int masked = 0; masked < 2; ++masked) {
      uint64_t packed = 0;
      for (int k = 0; k < 4; ++k) {
        const uint32_t acc = static_cast<uint32_t>((s2 >> (16 * k)) & 0xffff);
        packed |= uint64_t{ref_sad(window(s0, k), w2, acc, masked != 0) & 0xffff} << (16 * k);
      }
      EXPECT_EQ(got(4 + 2 * masked, l), static_cast<uint32_t>(packed)) << "masked " << masked;
      EXPECT_EQ(got(5 + 2 * masked, l), static_cast<uint32_t>(packed >> 32)) << "masked " << masked;
    }
    for (int k = 0; k < 4; ++k) EXPECT_EQ(got(8 + k, l), ref_sad(window(s0, k), w2, in[l].w[k], true)) << k;
    const float x = std::bit_cast<float>(in[l].w[4]), y = std::bit_cast<float>(in[l].w[5]),
                z = std::bit_cast<float>(in[l].w[6]);
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(got(12 + c, l), std::bit_cast<uint32_t>(ref_cube(c, x, y, z))) << "cube " << c << " " << x << "," << y << "," << z;
    }
    EXPECT_EQ(got(16, l), std::bit_cast<uint32_t>(kCvtOffTable[w0 & 0xf]));
    EXPECT_EQ(got(17, l), sat8(w1 & 0xffff) | sat8(w1 >> 16) << 8);
    const uint32_t mad_u16 = (w0 & 0xffff) * (w1 & 0xffff) + (w2 & 0xffff);
    EXPECT_EQ(got(18, l), mad_u16 & 0xffff);
    const int32_t mad_i16 = int32_t{static_cast<int16_t>(w0)} * static_cast<int16_t>(w1) + static_cast<int16_t>(w2);
    EXPECT_EQ(got(19, l), static_cast<uint32_t>(mad_i16) & 0xffff);
    EXPECT_EQ(got(20, l), std::min<uint32_t>(mad_u16, 0xffff));
    // sin / cos of revolutions, within 1 f16 ulp of the correctly rounded value (the guide's examples:
    // cos(0.25) = 0, cos(-0.0) = 1).
    const double rev = h2f(in[l].w[7] & 0xffff);
    for (int t = 0; t < 2; ++t) {
      const double exact = t == 0 ? std::sin(2.0 * std::numbers::pi * rev) : std::cos(2.0 * std::numbers::pi * rev);
      const uint32_t bits = got(21 + t, l);
      EXPECT_EQ(bits >> 16, 0u);
      EXPECT_NEAR(h2f(bits), exact, std::max(std::fabs(exact) * 0x1p-10, 0x1p-24)) << (t ? "cos " : "sin ") << rev;
    }
    const double lo = h2f(in[l].w[7] & 0xffff), hi = h2f(in[l].w[7] >> 16);
    EXPECT_EQ(got(23, l), f2h(lo * hi + lo));
    EXPECT_EQ(got(24, l), f2h(hi * lo + hi));
  }
  for (int l = 0; l < kLanes; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    const double w3f = std::bit_cast<float>(in[l].w[3]), x = std::bit_cast<float>(in[l].w[4]);
    const double lo = h2f(in[l].w[7] & 0xffff), hi = h2f(in[l].w[7] >> 16);
    EXPECT_EQ(got(25, l), ref_norm16(w3f, true) | ref_norm16(x, true) << 16) << w3f << " " << x;
    EXPECT_EQ(got(26, l), ref_norm16(w3f, false) | ref_norm16(x, false) << 16) << w3f << " " << x;
    EXPECT_EQ(got(27, l), ref_norm16(lo, true) | ref_norm16(hi, true) << 16);
    EXPECT_EQ(got(28, l), ref_norm16(lo, false) | ref_norm16(hi, false) << 16);
    EXPECT_EQ(got(29, l), ref_norm16(lo, true));
    EXPECT_EQ(got(30, l), ref_norm16(lo, false));
  }
  // The guide's worked examples, hit exactly by lanes 24 (-0.25), 32 (0.0) and 40 (0.25).
  EXPECT_EQ(got(22, 40), 0x0000u);  // cos(0.25) = 0
  EXPECT_EQ(got(22, 32), 0x3c00u);  // cos(0) = 1
  EXPECT_EQ(got(21, 40), 0x3c00u);  // sin(0.25) = 1
  EXPECT_EQ(got(21, 24), 0xbc00u);  // sin(-0.25) = -1
}

INGOT_FOR_BOTH_TARGETS(ValuLegacy);

}  // namespace
}  // namespace ingot::emu::testing
