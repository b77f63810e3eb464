// gfx950 FP6 (E2M3) / BF6 (E3M2) 32-element conversions, v_cvt_scalef32_{sr_,}pk32_* and
// v_cvt_scalef32_2xpk16_*, against references written here from the definitions:
//  * element values: OCP MX E2M3 / E3M2 (../emu_numerics/reference_formats.h decoders);
//  * narrowing: x / 2^(E-127) for the scale's exponent field E, then the nearest code (ties to the even
//    code) or stochastic rounding with the seed's top F bits (F = source - target mantissa bits), found by
//    search over the codes (cvt_narrow_reference.h); overflow, +-inf, NaN and an E = 0xFF scale give
//    sign | 0x1F (AMD's HIP host reference: the MX formats have no inf or NaN);
//  * widening: code value x 2^(E-127) rounded once to f32, then f16 by the compiler's _Float16, bf16 by
//    round-to-nearest-even on the f32 bits;
//  * packing: code i at bits 6i..6i+5 of the 6-dword tuple, 2xpk16 code 2i from src0[i] and 2i+1 from
//    src1[i] (sources in emu/README.md's FP6 row), done bit by bit here.
// The MFMA test converts with these instructions and multiplies the packed results with f8f6f4 MFMAs,
// comparing with the CPU product of the original values: the conversion's packing has to be the MFMA
// operand packing (lane / element layouts from AMD's matrix-core article and Triton, as mfma_scale_test).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>

#include "../emu_numerics/reference_formats.h"
#include "cvt_narrow_reference.h"
#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

constexpr int kLanes = 64;
constexpr int kCodes = 32;
constexpr int kInDwords = 80;    // cvt_fp6.s input record per lane
constexpr int kOutDwords = 224;  // cvt_fp6.s output record per lane

double fp6_value(uint8_t c) { return ref::fp6_e2m3(c); }
double bf6_value(uint8_t c) { return ref::fp6_e3m2(c); }
const narrow_ref::Grid kE2M3{fp6_value, 3, 0x1F, 0x20, 0x1F, false};
const narrow_ref::Grid kE3M2{bf6_value, 2, 0x1F, 0x20, 0x1F, false};

uint32_t narrow6(bool bf6, double x, narrow_ref::Rounding r) {
  if (std::isnan(x)) return (std::signbit(x) ? 0x20u : 0u) | 0x1Fu;
  return narrow_ref::narrow(bf6 ? kE3M2 : kE2M3, x, false, r);
}

// The 6 dwords holding 32 six-bit codes, code i at bits 6i..6i+5, and back.
std::array<uint32_t, 6> pack6(const uint32_t* codes) {
  std::array<uint32_t, 6> words{};
  for (int i = 0; i < kCodes; ++i) {
    for (int b = 0; b < 6; ++b) words[size_t((6 * i + b) / 32)] |= ((codes[i] >> b) & 1u) << ((6 * i + b) % 32);
  }
  return words;
}
uint32_t code_at(const uint32_t* words, int i) {
  uint32_t code = 0;
  for (int b = 0; b < 6; ++b) code |= ((words[(6 * i + b) / 32] >> ((6 * i + b) % 32)) & 1u) << b;
  return code;
}

uint32_t bf16_rne(float v) {
  const uint32_t bits = float_bits(v);
  return (bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16;
}
bool half_is_nan(uint32_t h, bool bf16) {
  const uint32_t exp = bf16 ? 0x7f80u : 0x7c00u;
  return (h & exp) == exp && (h & (bf16 ? 0x7fu : 0x3ffu)) != 0;
}

// Per-lane inputs of cvt_fp6.s (see its header): element values as f32 bits and their f16 / bf16
// forms, packed codes, seed and scale.
struct Fp6Inputs {
  std::vector<uint32_t> record;  // kInDwords per lane
  uint32_t f32(int l, int e) const { return record[size_t(l * kInDwords + e)]; }
  uint32_t half(int l, int e, bool bf16) const {
    return (record[size_t(l * kInDwords + (bf16 ? 48 : 32) + e / 2)] >> (16 * (e % 2))) & 0xffffu;
  }
  const uint32_t* packed(int l) const { return &record[size_t(l * kInDwords + 64)]; }
  uint32_t seed(int l) const { return record[size_t(l * kInDwords + 70)]; }
  uint32_t scale(int l) const { return record[size_t(l * kInDwords + 71)]; }
};

// Lanes 0-39: every code of both grids, the midpoints between neighbours and one f32 ulp either side,
// both signs, times 2^(E-127) for five scale exponents (random mantissa bits, which must not matter);
// lanes 40-47: the same at extreme scales (E = 0, 1, 253, 254, 255); 48-55: NaN, inf, zeros, f32
// denormals and huge values; 56-63: random bits. Packed codes: lanes 0-1 hold all 64 codes, the rest
// random.
Fp6Inputs make_fp6_inputs() {
  std::vector<double> pool;
  for (const narrow_ref::Grid* g : {&kE2M3, &kE3M2}) {
    for (uint32_t k = 0; k <= g->max_code; ++k) {
      const double v = narrow_ref::magnitude(*g, k), mid = 0.5 * (v + narrow_ref::magnitude(*g, k + 1));
      for (double x : {v, mid, -v, -mid}) pool.push_back(x);
    }
  }
  std::mt19937 rng(606);
  std::shuffle(pool.begin(), pool.end(), rng);
  auto next = [&rng] { return static_cast<uint32_t>(rng()); };
  Fp6Inputs in;
  in.record.assign(size_t(kLanes * kInDwords), 0);
  const uint32_t grid_exps[] = {127, 131, 122, 118, 136};
  const uint32_t extreme_exps[] = {0, 1, 253, 254, 255};
  const float specials[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e-40f, -3e-42f, 1e38f, -3e38f, 5e-39f};
  const uint32_t seeds[] = {0u, 0xffffffffu, 0x80000000u, 0x7fffffffu};
  for (int l = 0; l < kLanes; ++l) {
    uint32_t* r = &in.record[size_t(l * kInDwords)];
    uint32_t e = l < 40 ? grid_exps[l % 5] : (l < 48 ? extreme_exps[l % 5] : 100u + next() % 56u);
    if (l >= 48 && l < 56) e = grid_exps[l % 5];
    r[71] = e << 23 | (next() & 0x7fffffu);
    r[70] = l % 3 == 0 ? next() : seeds[(l / 3) % 4];
    for (int i = 0; i < kCodes; ++i) {
      float x = 0;
      if (l < 48) {
        x = static_cast<float>(std::ldexp(pool[size_t(l * kCodes + i) % pool.size()], static_cast<int>(e) - 127));
        if (i % 4 == 1) x = std::nextafter(x, 0.0f);
        if (i % 4 == 3) x = std::nextafter(x, INFINITY);
      } else if (l < 56) {
        x = specials[size_t(l * kCodes + i) % std::size(specials)];
      } else {
        x = as_float(next());
      }
      r[i] = float_bits(x);
      const uint32_t h = narrow_ref::f16_bits(x), g = r[i] >> 16;
      r[32 + i / 2] |= h << (16 * (i % 2));
      r[48 + i / 2] |= g << (16 * (i % 2));
    }
    uint32_t codes[kCodes];
    for (int i = 0; i < kCodes; ++i) codes[i] = l < 2 ? uint32_t(l * kCodes + i) : next() % 64u;
    const std::array<uint32_t, 6> words = pack6(codes);
    std::copy(words.begin(), words.end(), r + 64);
  }
  return in;
}

// Value of wide element e of lane l: f32 bits, or an f16 / bf16 half.
enum class Wide { kF32, kF16, kBf16 };
double wide_value(const Fp6Inputs& in, Wide w, int l, int e) {
  if (w == Wide::kF32) return static_cast<double>(as_float(in.f32(l, e)));
  if (w == Wide::kF16) return narrow_ref::f16_value(in.half(l, e, false));
  return narrow_ref::bf16_value(in.half(l, e, true));
}
constexpr int kWideMantissa[] = {23, 10, 7};

// One down-conversion slot of cvt_fp6.s: which wide source, target format, rounding.
struct DownSlot {
  const char* name;
  Wide wide;
  bool bf6;
  bool stochastic;
  bool two_pk16;  // element 2i from f32 dword i, 2i+1 from dword 16 + i
};
const DownSlot kDownSlots[] = {
    {"2xpk16_fp6_f32", Wide::kF32, false, false, true},  {"2xpk16_bf6_f32", Wide::kF32, true, false, true},
    {"sr_pk32_fp6_f32", Wide::kF32, false, true, false}, {"sr_pk32_bf6_f32", Wide::kF32, true, true, false},
    {"pk32_fp6_f16", Wide::kF16, false, false, false},   {"pk32_fp6_bf16", Wide::kBf16, false, false, false},
    {"pk32_bf6_f16", Wide::kF16, true, false, false},    {"pk32_bf6_bf16", Wide::kBf16, true, false, false},
    {"sr_pk32_fp6_f16", Wide::kF16, false, true, false}, {"sr_pk32_fp6_bf16", Wide::kBf16, false, true, false},
    {"sr_pk32_bf6_f16", Wide::kF16, true, true, false},  {"sr_pk32_bf6_bf16", Wide::kBf16, true, true, false},
};

TEST(CvtFp6, ReferencePackingHandChecked) {
  // Codes 0..31: dword 0 holds 1 << 6 | 2 << 12 | 3 << 18 | 4 << 24 | (5 & 3) << 30.
  uint32_t codes[kCodes];
  for (int i = 0; i < kCodes; ++i) codes[i] = uint32_t(i);
  EXPECT_EQ(pack6(codes)[0], 0x440C2040u);
  EXPECT_EQ(code_at(pack6(codes).data(), 5), 5u);
  // OCP MX: E2M3 S.11.111 = 7.5, 0.01.000 = 1.0, 0.00.001 = 0.125; E3M2 S.111.11 = 28, 0.011.00 = 1.0.
  EXPECT_EQ(fp6_value(0x1F), 7.5);
  EXPECT_EQ(fp6_value(0x08), 1.0);
  EXPECT_EQ(fp6_value(0x01), 0.125);
  EXPECT_EQ(bf6_value(0x3F), -28.0);
  EXPECT_EQ(bf6_value(0x0C), 1.0);
}

TEST(CvtFp6, Gfx950Pk32And2xpk16MatchDefinitions) {
  const Fp6Inputs in = make_fp6_inputs();
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  DeviceArray<uint32_t> d_in = upload(emu, in.record);
  DeviceArray<uint32_t> d_out = upload(emu, std::vector<uint32_t>(size_t(kLanes * kOutDwords), 0xdeadbeefu));
  auto profile = run_kernel(emu, "cvt_fp6", {1, 1, 1}, {64, 1, 1}, kernargs({d_in.address, d_out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> out = download(emu, d_out);

  int mismatches = 0;
  auto report = [&](const std::string& what) {
    if (++mismatches <= 20) ADD_FAILURE() << what;
  };
  for (int l = 0; l < kLanes; ++l) {
    const uint32_t* rec = &out[size_t(l * kOutDwords)];
    const uint32_t scale = in.scale(l);
    for (size_t s = 0; s < std::size(kDownSlots); ++s) {
      const DownSlot& slot = kDownSlots[s];
      const int target_man = slot.bf6 ? 2 : 3;
      const narrow_ref::Rounding r{slot.stochastic, in.seed(l), kWideMantissa[int(slot.wide)] - target_man};
      for (int i = 0; i < kCodes; ++i) {
        const int source = slot.two_pk16 ? (i % 2 == 0 ? i / 2 : 16 + i / 2) : i;
        const uint32_t want = narrow6(slot.bf6, narrow_ref::unscale(wide_value(in, slot.wide, l, source), scale), r);
        const uint32_t got = code_at(rec + 8 * s, i);
        if (got != want) {
          report(std::string(slot.name) + " lane " + std::to_string(l) + " code " + std::to_string(i) + ": got " +
                 std::to_string(got) + " want " + std::to_string(want));
        }
      }
    }
    const int e_field = static_cast<int>((scale >> 23) & 0xffu);
    const double factor = e_field == 0xff ? ref::kNaN : std::ldexp(1.0, e_field - 127);
    for (int i = 0; i < kCodes; ++i) {
      const uint32_t code = code_at(in.packed(l), i);
      for (int bf6 = 0; bf6 < 2; ++bf6) {
        const float v = static_cast<float>((bf6 ? bf6_value(uint8_t(code)) : fp6_value(uint8_t(code))) * factor);
        const std::string where = std::string(bf6 ? "bf6" : "fp6") + " lane " + std::to_string(l) + " code " +
                                  std::to_string(i) + " (" + std::to_string(code) + ")";
        const uint32_t f32 = rec[96 + 32 * bf6 + i];
        if (std::isnan(v) ? !std::isnan(as_float(f32)) : f32 != float_bits(v)) report("pk32_f32_" + where);
        for (int bf16 = 0; bf16 < 2; ++bf16) {
          const uint32_t word = rec[160 + 32 * bf6 + 16 * bf16 + i / 2];
          const uint32_t h = (word >> (16 * (i % 2))) & 0xffffu;
          const uint32_t want = bf16 ? bf16_rne(v) : narrow_ref::f16_bits(v);
          if (std::isnan(v) ? !half_is_nan(h, bf16 != 0) : h != want) report(std::string(bf16 ? "pk32_bf16_" : "pk32_f16_") + where);
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// LLVM rejects abs / neg / op_sel / clamp / omod on these opcodes and no source says what they would do:
// a hand-encoded clamp bit is an error naming the instruction, not a silent guess.
TEST(CvtFp6, Gfx950RefusesModifiersNoSourceDescribes) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  auto profile = run_kernel(emu, "cvt_fp6_clamp", {1, 1, 1}, {64, 1, 1}, kernargs({}));
  ASSERT_FALSE(profile.is_ok());
  const std::string message = profile.status().to_string();
  EXPECT_NE(message.find("v_cvt_scalef32_pk32_f32_fp6 with abs/neg/op_sel/clamp/omod is not emulated"), std::string::npos)
      << message;
}

// EXEC: only even lanes convert; odd lanes keep every register of the tuple. Hand-computed vectors: 32
// codes of E2M3 1.0 (0b001000) pack to 0x08208208, 0x82082082, 0x20820820 (bits 6i+3), twice; f16 1.0 is
// 0x3c00.
TEST(CvtFp6, Gfx950WritesOnlyExecLanes) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  DeviceArray<uint32_t> d_out = upload(emu, std::vector<uint32_t>(size_t(kLanes * 24), 0));
  auto profile = run_kernel(emu, "cvt_fp6_exec", {1, 1, 1}, {64, 1, 1}, kernargs({d_out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> out = download(emu, d_out);
  const uint32_t packed[6] = {0x08208208u, 0x82082082u, 0x20820820u, 0x08208208u, 0x82082082u, 0x20820820u};
  for (int l = 0; l < kLanes; ++l) {
    const bool active = l % 2 == 0;
    for (int d = 0; d < 6; ++d) {
      EXPECT_EQ(out[size_t(l * 24 + d)], active ? packed[d] : 0xdeadbeefu) << "lane " << l << " packed dword " << d;
    }
    for (int d = 0; d < 16; ++d) {
      EXPECT_EQ(out[size_t(l * 24 + 8 + d)], active ? 0x3c003c00u : 0xdeadbeefu) << "lane " << l << " half pair " << d;
    }
  }
}

// ---- Round trip through f8f6f4 MFMAs (cvt_fp6_mfma.s) ----
constexpr int kMfmaIn = 100;   // dwords per lane
constexpr int kMfmaOut = 20;

// Lane and element of A[i][k] (or B[k][j] with j for i) in an f8f6f4 FP6 operand of an M-row shape:
// 32 consecutive k per lane group (Composable Kernel's FP6 register-mapping table, emu/numerics/README.md).
void fp6_place(int m, int i, int k, int* lane, int* elem) {
  *lane = i + m * (k / 32);
  *elem = k % 32;
}

TEST(CvtFp6, Gfx950ConvertedOperandsMultiplyInF8F6F4Mfma) {
  std::mt19937 rng(2027);
  std::vector<uint32_t> record(size_t(kLanes * kMfmaIn), 0);
  auto at = [&](int l, int d) -> uint32_t& { return record[size_t(l * kMfmaIn + d)]; };
  const int ea = 129, eb = 125;  // conversion scales 4 and 1/4, the same E8M0 for the scaled MFMA
  // A1 (16x16x128 fp6, 2xpk16 from f32), B1 (bf6 from f16), A2 (32x32x64 bf6 from f32), B2 (fp6 from bf16).
  std::vector<double> a1(16 * 128), b1(128 * 16), a2(32 * 64), b2(64 * 32);
  auto put_half = [&](int l, int base, int e, uint32_t h) { at(l, base + e / 2) |= h << (16 * (e % 2)); };
  for (int i = 0; i < 16; ++i) {
    for (int k = 0; k < 128; ++k) {
      int lane, e;
      fp6_place(16, i, k, &lane, &e);
      const double av = fp6_value(uint8_t(rng() % 64)) * 4.0;
      a1[size_t(i * 128 + k)] = av;
      at(lane, e % 2 == 0 ? e / 2 : 16 + e / 2) = float_bits(static_cast<float>(av));
      const double bv = bf6_value(uint8_t(rng() % 64)) * 0.25;
      b1[size_t(k * 16 + i)] = bv;
      put_half(lane, 32, e, narrow_ref::f16_bits(bv));
    }
  }
  for (int i = 0; i < 32; ++i) {
    for (int k = 0; k < 64; ++k) {
      int lane, e;
      fp6_place(32, i, k, &lane, &e);
      const double av = bf6_value(uint8_t(rng() % 64));
      a2[size_t(i * 64 + k)] = av;
      at(lane, 48 + e) = float_bits(static_cast<float>(av));
      const double bv = fp6_value(uint8_t(rng() % 64));
      b2[size_t(k * 32 + i)] = bv;
      put_half(lane, 80, e, float_bits(static_cast<float>(bv)) >> 16);  // exact in bf16
    }
  }
  for (int l = 0; l < kLanes; ++l) {
    at(l, 96) = uint32_t(ea) << 23;
    at(l, 97) = uint32_t(eb) << 23;
    at(l, 98) = uint32_t(ea) * 0x01010101u;
    at(l, 99) = uint32_t(eb) * 0x01010101u;
  }
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  DeviceArray<uint32_t> d_in = upload(emu, record);
  DeviceArray<float> d_out = upload(emu, std::vector<float>(size_t(kLanes * kMfmaOut), -1.0f));
  auto profile = run_kernel(emu, "cvt_fp6_mfma", {1, 1, 1}, {64, 1, 1}, kernargs({d_in.address, d_out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<float> d = download(emu, d_out);
  // Products are multiples of 2^-7 below 2^15: every sum is exact in f32, whatever the order.
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      double want = 0;
      for (int k = 0; k < 128; ++k) want += a1[size_t(i * 128 + k)] * b1[size_t(k * 16 + j)];
      const int lane = 16 * (i / 4) + j, reg = i % 4;
      EXPECT_EQ(d[size_t(lane * kMfmaOut + reg)], static_cast<float>(want)) << "16x16 D[" << i << "][" << j << "]";
    }
  }
  for (int i = 0; i < 32; ++i) {
    for (int j = 0; j < 32; ++j) {
      double want = 0;
      for (int k = 0; k < 64; ++k) want += a2[size_t(i * 64 + k)] * b2[size_t(k * 32 + j)];
      const int lane = 32 * ((i / 4) % 2) + j, reg = 4 * (i / 8) + i % 4;
      EXPECT_EQ(d[size_t(lane * kMfmaOut + 4 + reg)], static_cast<float>(want)) << "32x32 D[" << i << "][" << j << "]";
    }
  }
}

}  // namespace
}  // namespace ingot::emu::testing
