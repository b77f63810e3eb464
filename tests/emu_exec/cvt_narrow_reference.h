// Reference narrowing conversions for the cvt_narrow / cvt_sr_fnuz test kernels, written from the
// stated definitions, not from the emulator's helpers: the result is found by searching the target's
// codes (decoded by ../emu_numerics/reference_formats.h) for the neighbours of the exact value.
//  * Round to nearest: the nearer neighbour, ties to the even code.
//  * Stochastic: lower neighbour + 1 when floor(fraction * 2^F) + (seed >> (32 - F)) >= 2^F, where
//    fraction = (|x| - lower) / (upper - lower) and F = source mantissa bits - target mantissa bits.
//  * Above the largest finite code sits one more step of the last binade (480 for E4M3, 65536 for
//    E5M2, 8 for E2M1, 256 / 65536 for FNUZ): landing there, or starting at or beyond it, is overflow.
//    Overflow and inf give +-max when saturating (MODE.FP16_OVFL), else E4M3 S.1111.111, E5M2
//    S.11111.00, FNUZ 0x80, E2M1 S.111 (no inf or NaN). NaN stays NaN (any NaN code for E5M2).
// Sources for these rules: emu/README.md, rows of v_cvt_scalef32_* and v_cvt_sr_*.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../emu_numerics/reference_formats.h"
#include "emu_test_support.h"

namespace ingot::emu::testing::narrow_ref {

struct Grid {
  double (*decode)(uint8_t);  // value of a code
  int man_bits;
  uint32_t max_code;       // largest finite magnitude code
  uint32_t sign_bit;
  uint32_t overflow_code;  // non-saturated overflow, sign added unless fnuz
  bool fnuz;
};

inline double fp4(uint8_t c) { return ref::fp4_e2m1(c); }
inline const Grid kE4M3{ref::e4m3fn, 3, 0x7E, 0x80, 0x7F, false};
inline const Grid kE5M2{ref::e5m2, 2, 0x7B, 0x80, 0x7C, false};
inline const Grid kE2M1{fp4, 1, 0x7, 0x8, 0x7, false};
inline const Grid kE4M3Fnuz{ref::e4m3fnuz, 3, 0x7F, 0x80, 0x80, true};
inline const Grid kE5M2Fnuz{ref::e5m2fnuz, 2, 0x7F, 0x80, 0x80, true};

// Value of magnitude code k, with k = max_code + 1 standing for one step past the largest finite.
inline double magnitude(const Grid& t, uint32_t k) {
  if (k <= t.max_code) return t.decode(static_cast<uint8_t>(k));
  const double top = t.decode(static_cast<uint8_t>(t.max_code));
  return top + (top - t.decode(static_cast<uint8_t>(t.max_code - 1)));
}

struct Rounding {
  bool stochastic = false;
  uint32_t seed = 0;
  int fraction_bits = 0;
};

inline uint32_t nan_code(const Grid& t, bool negative) {
  if (t.fnuz) return 0x80;
  return (negative ? t.sign_bit : 0u) | (t.sign_bit == 0x8 ? 0x7u : 0x7Fu);
}

// The code for x (exact, NaN and inf allowed).
inline uint32_t narrow(const Grid& t, double x, bool saturate, Rounding r) {
  const bool negative = std::signbit(x);
  const uint32_t sign = negative ? t.sign_bit : 0u;
  if (std::isnan(x)) return nan_code(t, negative);
  const uint32_t overflow = saturate ? sign | t.max_code : (t.fnuz ? t.overflow_code : sign | t.overflow_code);
  const double m = std::fabs(x);
  if (m >= magnitude(t, t.max_code + 1)) return overflow;  // includes inf
  uint32_t k = 0;
  while (k < t.max_code && magnitude(t, k + 1) <= m) ++k;
  const double lo = magnitude(t, k), hi = magnitude(t, k + 1);
  uint32_t chosen = k;
  if (m != lo) {
    if (r.stochastic) {
      const double fraction = (m - lo) / (hi - lo);
      const double truncated = std::floor(fraction * std::ldexp(1.0, r.fraction_bits));
      const double random = static_cast<double>(r.seed >> (32 - r.fraction_bits));
      if (truncated + random >= std::ldexp(1.0, r.fraction_bits)) chosen = k + 1;
    } else if (m - lo > hi - m || (m - lo == hi - m && (k % 2 == 1))) {
      chosen = k + 1;
    }
  }
  if (chosen > t.max_code) return overflow;
  if (chosen == 0 && t.fnuz) return 0;
  return sign | chosen;
}

// f16 / bf16 targets with stochastic rounding (v_cvt_sr_f16_f32 / v_cvt_sr_bf16_f32): neighbours from
// the compiler's _Float16 and from bf16 truncation of the f32 bits. Saturation clamps finite overflow
// only; an inf input stays inf. NaN: any NaN (checked by the caller).
inline uint32_t f16_bits(double v) {
  const _Float16 h = static_cast<_Float16>(static_cast<float>(v));
  uint16_t bits;
  std::memcpy(&bits, &h, 2);
  return bits;
}
inline double f16_value(uint32_t bits) {
  _Float16 h;
  const uint16_t b = static_cast<uint16_t>(bits);
  std::memcpy(&h, &b, 2);
  return static_cast<double>(h);
}
inline double bf16_value(uint32_t bits) {
  const uint32_t f = bits << 16;
  float v;
  std::memcpy(&v, &f, 4);
  return static_cast<double>(v);
}

inline uint32_t narrow_half(bool bf16, float x, uint32_t seed, bool saturate) {
  const uint32_t sign = std::signbit(x) ? 0x8000u : 0u;
  const uint32_t inf = bf16 ? 0x7F80u : 0x7C00u, max = inf - 1;
  if (std::isinf(x)) return sign | inf;
  const double m = std::fabs(static_cast<double>(x));
  uint32_t lo = 0;
  if (bf16) {
    uint32_t f;
    const float mf = static_cast<float>(m);
    std::memcpy(&f, &mf, 4);
    lo = f >> 16;
  } else {
    if (m >= 65536.0) return saturate ? sign | max : sign | inf;
    lo = f16_bits(m);
    if (lo == inf || f16_value(lo) > m) --lo;
  }
  auto value = [&](uint32_t b) { return b == inf ? (bf16 ? std::ldexp(1.0, 128) : 65536.0) : (bf16 ? bf16_value(b) : f16_value(b)); };
  uint32_t chosen = lo;
  if (value(lo) != m) {
    const int bits = bf16 ? 16 : 13;
    const double fraction = (m - value(lo)) / (value(lo + 1) - value(lo));
    if (std::floor(fraction * std::ldexp(1.0, bits)) + static_cast<double>(seed >> (32 - bits)) >= std::ldexp(1.0, bits)) {
      chosen = lo + 1;
    }
  }
  if (chosen >= inf) return saturate ? sign | max : sign | inf;
  return sign | chosen;
}

// x / 2^(E-127) for the f32 scale's exponent field E; E = 0xFF gives NaN with x's sign.
inline double unscale(double x, uint32_t scale_bits) {
  const int e = static_cast<int>((scale_bits >> 23) & 0xff);
  return e == 0xff ? std::copysign(ref::kNaN, x) : std::ldexp(x, 127 - e);
}

// Compares one result code with the reference: NaN codes match any NaN of the same sign (E5M2 has
// several; which one the hardware writes is not settled), everything else bit for bit.
inline ::testing::AssertionResult same_code(const Grid& t, uint32_t got, uint32_t want) {
  const bool want_nan = std::isnan(t.decode(static_cast<uint8_t>(want)));
  if (want_nan && std::isnan(t.decode(static_cast<uint8_t>(got))) && (t.fnuz || (got & t.sign_bit) == (want & t.sign_bit))) {
    return ::testing::AssertionSuccess();
  }
  if (got == want) return ::testing::AssertionSuccess();
  char text[64];
  std::snprintf(text, sizeof text, "got 0x%02x want 0x%02x", got, want);
  return ::testing::AssertionFailure() << text;
}

// ---- The inputs of the cvt_narrow / cvt_sr_fnuz kernels and one run of them ----
// Element i: a, b (f32 bits), h (two f16: a, b), g (two bf16: a, b truncated), seed, scale (f32 bits).
struct Inputs {
  std::vector<uint32_t> a, b, h, g, seed, scale;
  size_t size() const { return a.size(); }
};

// Every code of each FP8 / FP4 grid, the midpoints between neighbours (ties) and one f32 ulp either
// side of them, both signs, at scale exponent fields 127, 131, 122, 0 and 254 (x = grid * scale, so
// the scaled forms see the grid; E = 0 and 254 push the unscaled forms into f32 denormals and inf);
// then NaN, +-inf, +-0, f32 denormals, huge values, scale 0xFF and random bit patterns.
inline Inputs make_inputs(uint32_t random_seed) {
  std::vector<double> grid;
  for (const Grid* t : {&kE4M3, &kE5M2, &kE2M1}) {
    for (uint32_t k = 0; k <= t->max_code; ++k) {
      const double v = magnitude(*t, k), mid = 0.5 * (v + magnitude(*t, k + 1));
      for (double x : {v, mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e300)}) grid.push_back(x), grid.push_back(-x);
    }
  }
  Inputs in;
  uint64_t state = random_seed;
  auto next = [&] { state = state * 6364136223846793005ull + 1442695040888963407ull; return static_cast<uint32_t>(state >> 32); };
  auto add = [&](float a, uint32_t scale) {
    in.a.push_back(float_bits(a));
    in.scale.push_back(scale);
  };
  for (uint32_t e : {127u, 131u, 122u, 0u, 254u}) {
    for (double x : grid) add(static_cast<float>(std::ldexp(x, static_cast<int>(e) - 127)), e << 23 | (next() & 0x7fffffu));
  }
  const float specials[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e-40f, -3e-42f, 1e38f, -3e38f, 5e-39f};
  for (float x : specials) {
    for (uint32_t e : {127u, 0u, 254u, 255u, 100u}) add(x, e << 23);
  }
  for (int i = 0; i < 1024; ++i) add(as_float(next()), (100u + next() % 56u) << 23);
  while (in.a.size() % 64 != 0) add(1.0f, 127u << 23);
  const size_t n = in.a.size();
  const uint32_t fixed_seeds[] = {0u, 0xffffffffu, 0x80000000u, 0x7fffffffu};
  for (size_t i = 0; i < n; ++i) {
    in.b.push_back(in.a[(i * 7 + 3) % n]);
    in.seed.push_back(i % 5 < 4 ? fixed_seeds[(i / 5) % 4] : next());
    const uint32_t lo = f16_bits(as_float(in.a[i])), hi = f16_bits(as_float(in.b[i]));
    in.h.push_back(lo | hi << 16);
    in.g.push_back((in.a[i] >> 16) | (in.b[i] & 0xffff0000u));
  }
  return in;
}

// A run's output: row r of element i at words[r * n + i].
struct Results {
  std::vector<uint32_t> words;
  size_t n = 0;
  uint32_t operator()(int row, size_t i) const { return words[size_t(row) * n + i]; }
};

// Runs `kernel` (one element per work-item) over the inputs.
inline Results run(ingot::emu::Target target_arch, const std::string& kernel, const Inputs& in, int rows) {
  Emulator emu(EmulatorOptions{.target = target_arch});
  const auto n = static_cast<uint32_t>(in.size());
  DeviceArray<uint32_t> a = upload(emu, in.a), b = upload(emu, in.b), h = upload(emu, in.h), g = upload(emu, in.g),
                        seed = upload(emu, in.seed), scale = upload(emu, in.scale);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(size_t(rows) * n, 0));
  auto profile = run_kernel(emu, kernel, {n / 64, 1, 1}, {64, 1, 1},
                            kernargs({a.address, b.address, h.address, g.address, seed.address, scale.address,
                                      out.address, n}));
  EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
  return {download(emu, out), in.size()};
}

}  // namespace ingot::emu::testing::narrow_ref
