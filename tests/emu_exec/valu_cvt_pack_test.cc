// The packing conversions (valu_cvt_pack.cc): v_cvt_pk_u8_f32 / v_cvt_pkaccum_u8_f32 (f32 rounded with
// MODE's f32 round mode, saturated to [0, 255], NaN -> 0, into the byte S1[1:0] picks) and
// v_cvt_pk_u16_u32 / v_cvt_pk_i16_i32 (saturated to 16 bits). Expected values are computed here from that
// definition (emu/README.md gives its sources) with integer arithmetic on floor() and the fraction, per
// lane and round mode; kernels: kernels/valu_cvt_pack.s and its clamp variant.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 64;
constexpr int kSlots = 10;  // as in kernels/valu_cvt_pack.s

enum Round { kNearestEven = 0, kUp = 1, kDown = 2, kTowardZero = 3 };  // MODE.FP_ROUND encoding

// f32 -> u8: round x to an integer in the given direction, then clamp to [0, 255]; NaN gives 0.
uint32_t ref_u8(float x, Round round) {
  if (std::isnan(x)) return 0;
  const double v = x;
  if (v >= 256.0) return 255;
  if (v <= -1.0) return 0;
  const double lower = std::floor(v), frac = v - lower;
  int64_t r = static_cast<int64_t>(lower);
  const bool up = round == kNearestEven ? (frac > 0.5 || (frac == 0.5 && (r & 1) != 0))
                  : round == kUp        ? frac > 0.0
                  : round == kDown      ? false
                                        : (v < 0.0 && frac > 0.0);
  if (up) ++r;
  return static_cast<uint32_t>(std::min<int64_t>(std::max<int64_t>(r, 0), 255));
}

uint32_t put_byte(uint32_t word, uint32_t byte_index, uint32_t byte) {
  const uint32_t shift = 8 * (byte_index & 3);
  return (word & ~(0xffu << shift)) | (byte << shift);
}

uint32_t ref_u16(uint32_t x) { return x > 0xffffu ? 0xffffu : x; }
uint32_t ref_i16(uint32_t x) {
  const int64_t v = static_cast<int32_t>(x);
  return static_cast<uint32_t>(v < -32768 ? -32768 : (v > 32767 ? 32767 : v)) & 0xffffu;
}

struct Inputs {
  uint32_t w[8];  // x, sel, old, y, a, b, -, -
};

std::vector<Inputs> make_inputs() {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  // Ties at even and odd integers, the ends of the byte range, negative values that round to 0 or -1,
  // specials and denormals.
  const float special_x[] = {0.5f,   1.5f,   2.5f,   254.5f, 255.5f,  255.49f, 127.5f, 128.5f, -0.5f,
                             -0.4f,  -0.6f,  -1.0f,  nan,    -nan,    inf,     -inf,   1e10f,  -1e10f,
                             1e-45f, -1e-45f, 0.0f,  -0.0f,  3.0f,    256.0f,  0.49999997f, 254.6f};
  const uint32_t special_int[] = {0u,          1u,          0xffffu,     0x10000u,    0x7fffu,    0x8000u,
                                  0xffffffffu, 0x80000000u, 0x7fffffffu, 0xffff8000u, 0xffff7fffu, 0x12345u};
  std::mt19937 rng(20261122);
  std::uniform_real_distribution<float> near_byte(-20.0f, 280.0f);
  std::vector<Inputs> in(kLanes);
  for (int l = 0; l < kLanes; ++l) {
    const size_t n_x = std::size(special_x), n_i = std::size(special_int);
    float x = l < static_cast<int>(n_x) ? special_x[l] : near_byte(rng);
    if (l >= static_cast<int>(n_x) && l % 4 == 0) x = std::floor(x) + 0.5f;  // more ties, both parities
    const float y = l % 3 == 0 ? -near_byte(rng) : special_x[(static_cast<size_t>(l) * 7) % n_x];
    in[l].w[0] = std::bit_cast<uint32_t>(x);
    in[l].w[1] = static_cast<uint32_t>(rng());  // only bits [1:0] select the byte
    in[l].w[2] = static_cast<uint32_t>(rng());
    in[l].w[3] = std::bit_cast<uint32_t>(y);
    in[l].w[4] = l < static_cast<int>(n_i) ? special_int[l] : static_cast<uint32_t>(rng());
    in[l].w[5] = special_int[(static_cast<size_t>(l) * 5 + 3) % n_i];
    if (l % 5 == 4) in[l].w[5] = static_cast<uint32_t>(rng()) >> (l % 17);  // some in range, some not
    in[l].w[6] = in[l].w[7] = 0;
  }
  return in;
}

class ValuCvtPack : public ::testing::TestWithParam<Target> {};

TEST_P(ValuCvtPack, SaturatingPacksUnderEachRoundMode) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  const std::vector<Inputs> in = make_inputs();
  std::vector<uint32_t> flat;
  for (const Inputs& lane : in) flat.insert(flat.end(), lane.w, lane.w + 8);
  const std::vector<uint32_t> r = run_in_out_kernel(emu, "valu_cvt_pack", flat, kLanes * kSlots);
  ASSERT_EQ(r.size(), size_t{kLanes * kSlots});
  auto got = [&](int slot, int lane) { return r[static_cast<size_t>(slot * kLanes + lane)]; };

  for (int l = 0; l < kLanes; ++l) {
    const float x = std::bit_cast<float>(in[l].w[0]), y = std::bit_cast<float>(in[l].w[3]);
    const uint32_t sel = in[l].w[1], old = in[l].w[2], a = in[l].w[4], b = in[l].w[5];
    SCOPED_TRACE("lane " + std::to_string(l) + " x " + std::to_string(x) + " y " + std::to_string(y));
    EXPECT_EQ(got(0, l), put_byte(old, sel, ref_u8(x, kNearestEven)));
    EXPECT_EQ(got(1, l), put_byte(old, 2, ref_u8(-x, kNearestEven)));
    EXPECT_EQ(got(2, l), put_byte(old, sel, ref_u8(std::fabs(y), kNearestEven)));
    EXPECT_EQ(got(3, l), put_byte(put_byte(old, 0, ref_u8(x, kNearestEven)), 3, ref_u8(y, kNearestEven)));
    EXPECT_EQ(got(4, l), put_byte(old, sel, ref_u8(x, kNearestEven)));
    EXPECT_EQ(got(5, l), ref_u16(a) | ref_u16(b) << 16) << std::hex << a << " " << b;
    EXPECT_EQ(got(6, l), ref_i16(a) | ref_i16(b) << 16) << std::hex << a << " " << b;
    EXPECT_EQ(got(7, l), put_byte(old, sel, ref_u8(x, kUp)));
    EXPECT_EQ(got(8, l), put_byte(old, sel, ref_u8(x, kDown)));
    EXPECT_EQ(got(9, l), put_byte(old, sel, ref_u8(x, kTowardZero)));
  }
  // Spot checks of the definition itself (lanes 0..4: 0.5, 1.5, 2.5, 254.5, 255.5 at round-to-even).
  EXPECT_EQ((got(0, 0) >> (8 * (in[0].w[1] & 3))) & 0xff, 0u);
  EXPECT_EQ((got(0, 1) >> (8 * (in[1].w[1] & 3))) & 0xff, 2u);
  EXPECT_EQ((got(0, 2) >> (8 * (in[2].w[1] & 3))) & 0xff, 2u);
  EXPECT_EQ((got(0, 3) >> (8 * (in[3].w[1] & 3))) & 0xff, 254u);
  EXPECT_EQ((got(0, 4) >> (8 * (in[4].w[1] & 3))) & 0xff, 255u);
}

// LLVM assembles `clamp` on v_cvt_pk_u8_f32, but no source says what it does: refused, not guessed.
TEST_P(ValuCvtPack, ClampIsRefusedAtRunTime) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> in_buf = upload(emu, std::vector<uint32_t>(kLanes * 8, 0));
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kLanes * kSlots, 0));
  auto profile =
      run_kernel(emu, "valu_cvt_pack_clamp", {1, 1, 1}, {64, 1, 1}, kernargs({in_buf.address, out.address}));
  ASSERT_FALSE(profile.is_ok());
  EXPECT_EQ(profile.status().code(), StatusCode::kUnsupported);
  EXPECT_NE(profile.status().message().find("v_cvt_pk_u8_f32 with clamp is not emulated"), std::string::npos)
      << profile.status().to_string();
}

INGOT_FOR_BOTH_TARGETS(ValuCvtPack);

}  // namespace
}  // namespace ingot::emu::testing
