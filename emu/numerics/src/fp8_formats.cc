// FP8 formats: gfx942's FNUZ pair and gfx950's OCP pair. Decoding is a table lookup built at compile
// time from the format parameters; encoding rounds to nearest even and then applies the format's
// overflow/NaN policy.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "ingot_emu/number_formats.h"
#include "small_float.h"

namespace ingot::emu {
namespace {

struct Fp8Traits {
  detail::SmallFloatFormat format;
  uint8_t max_code;       // largest finite magnitude code
  bool fnuz;              // 0x80 is the only NaN, no -0, no inf
  bool has_inf;           // E5M2 OCP: S.11111.00
};

constexpr Fp8Traits traits_of(Fp8Format format) {
  switch (format) {
    case Fp8Format::kE4M3Fnuz: return {{4, 3, 8}, 0x7F, true, false};
    case Fp8Format::kE5M2Fnuz: return {{5, 2, 16}, 0x7F, true, false};
    case Fp8Format::kE4M3Fn: return {{4, 3, 7}, 0x7E, false, false};
    case Fp8Format::kE5M2: return {{5, 2, 15}, 0x7B, false, true};
  }
  return {{4, 3, 8}, 0x7F, true, false};
}

constexpr std::array<float, 256> make_table(Fp8Format format) {
  const Fp8Traits t = traits_of(format);
  std::array<float, 256> table{};
  for (uint32_t code = 0; code < 256; ++code) {
    const uint32_t magnitude = code & 0x7F;
    const bool negative = (code & 0x80) != 0;
    float value = 0.0f;
    if (t.fnuz && code == 0x80) {
      value = std::numeric_limits<float>::quiet_NaN();
    } else if (magnitude > t.max_code) {
      const bool is_inf = t.has_inf && magnitude == t.max_code + 1u;
      value = is_inf ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
      if (negative) value = -value;
    } else {
      value = detail::small_float_magnitude(magnitude, t.format);
      if (negative) value = -value;
    }
    table[code] = value;
  }
  return table;
}

constexpr std::array<std::array<float, 256>, 4> kTables = {
    make_table(Fp8Format::kE4M3Fnuz), make_table(Fp8Format::kE5M2Fnuz),
    make_table(Fp8Format::kE4M3Fn), make_table(Fp8Format::kE5M2)};

}  // namespace

const float* fp8_decode_table(Fp8Format format) { return kTables[static_cast<int>(format)].data(); }

float fp8_to_f32(uint8_t code, Fp8Format format) { return kTables[static_cast<int>(format)][code]; }

namespace {

uint8_t encode_fp8(float value, Fp8Format format, bool saturate, const uint32_t* stochastic_bits) {
  const Fp8Traits t = traits_of(format);
  const uint32_t bits = std::bit_cast<uint32_t>(value);
  const uint8_t sign = (bits >> 31) ? uint8_t{0x80} : uint8_t{0x00};
  const bool is_nan = (bits & 0x7FFFFFFFu) > 0x7F800000u;
  const bool is_inf = (bits & 0x7FFFFFFFu) == 0x7F800000u;
  // The format's NaN: FNUZ has one (0x80); E4M3Fn is S.1111.111; E5M2 uses the quiet S.11111.10.
  const uint8_t nan = t.fnuz ? uint8_t{0x80} : static_cast<uint8_t>(sign | (t.has_inf ? 0x7E : 0x7F));
  if (is_nan) return nan;
  uint32_t code =
      is_inf ? 0x100u : detail::round_to_small_float(value, t.format, RoundMode::kNearestEven, stochastic_bits);
  if (code > t.max_code) {
    if (saturate) return static_cast<uint8_t>(sign | t.max_code);
    if (t.has_inf) return static_cast<uint8_t>(sign | (t.max_code + 1));  // S.11111.00
    return nan;
  }
  if (code == 0 && t.fnuz) return 0;  // FNUZ has no -0 (0x80 is NaN)
  return static_cast<uint8_t>(sign | code);
}

}  // namespace

uint8_t f32_to_fp8(float value, Fp8Format format, bool saturate) {
  return encode_fp8(value, format, saturate, nullptr);
}

uint8_t f32_to_fp8_sr(float value, Fp8Format format, uint32_t random_bits, bool saturate) {
  return encode_fp8(value, format, saturate, &random_bits);
}

}  // namespace ingot::emu

// ---- narrow_exact: the gfx950 scaled down-conversions and the stochastic conversions ----
namespace ingot::emu {
namespace {

struct NarrowTraits {
  int man_bits;
  int bias;
  uint32_t max_code;       // largest finite magnitude code
  uint32_t sign_bit;       // FNUZ NaN and zero are unsigned (see `fnuz`)
  uint32_t nan_code;       // magnitude code of the NaN produced (FNUZ: the whole code)
  uint32_t overflow_code;  // magnitude code of a non-saturated overflow
  bool fnuz;
  bool saturate_keeps_inf;  // f16 / bf16: MODE.FP16_OVFL clamps finite overflow only
};

constexpr NarrowTraits narrow_traits(NarrowFormat format) {
  switch (format) {
    case NarrowFormat::kE4M3Fnuz: return {3, 8, 0x7F, 0x80, 0x80, 0x80, true, false};
    case NarrowFormat::kE5M2Fnuz: return {2, 16, 0x7F, 0x80, 0x80, 0x80, true, false};
    case NarrowFormat::kE4M3Fn: return {3, 7, 0x7E, 0x80, 0x7F, 0x7F, false, false};
    case NarrowFormat::kE5M2: return {2, 15, 0x7B, 0x80, 0x7E, 0x7C, false, false};
    case NarrowFormat::kE2M1: return {1, 1, 0x7, 0x8, 0x7, 0x7, false, false};
    case NarrowFormat::kF16: return {10, 15, 0x7BFF, 0x8000, 0x7E00, 0x7C00, false, true};
    case NarrowFormat::kBf16: return {7, 127, 0x7F7F, 0x8000, 0x7FC0, 0x7F80, false, true};
    case NarrowFormat::kE2M3: return {3, 1, 0x1F, 0x20, 0x1F, 0x1F, false, false};
    case NarrowFormat::kE3M2: return {2, 3, 0x1F, 0x20, 0x1F, 0x1F, false, false};
  }
  return {3, 7, 0x7E, 0x80, 0x7F, 0x7F, false, false};
}

// Whether dropping `fraction` (in [0, 1) of the result's last place) rounds the kept magnitude up.
bool rounds_up(double fraction, double kept, const StochasticBits* stochastic) {
  if (stochastic == nullptr) return fraction > 0.5 || (fraction == 0.5 && std::fmod(kept, 2.0) == 1.0);
  const int bits = stochastic->fraction_bits;
  const double truncated = std::floor(std::ldexp(fraction, bits));  // exact: a power-of-two scaling
  const uint64_t random = bits >= 32 ? stochastic->seed : stochastic->seed >> (32 - bits);
  return static_cast<uint64_t>(truncated) + random >= (uint64_t{1} << bits);
}

}  // namespace

int narrow_mantissa_bits(NarrowFormat format) { return narrow_traits(format).man_bits; }

uint32_t narrow_exact(double value, NarrowFormat format, bool saturate, const StochasticBits* stochastic) {
  const NarrowTraits t = narrow_traits(format);
  const uint32_t sign = std::signbit(value) ? t.sign_bit : 0u;
  if (std::isnan(value)) return t.fnuz ? t.nan_code : sign | t.nan_code;
  const uint32_t overflow = t.fnuz ? t.overflow_code : sign | t.overflow_code;
  if (std::isinf(value)) return saturate && !t.saturate_keeps_inf ? sign | t.max_code : overflow;
  const double magnitude = std::fabs(value);
  if (magnitude == 0.0) return t.fnuz ? 0u : sign;
  int binade = 0;
  std::frexp(magnitude, &binade);  // magnitude in [2^(binade-1), 2^binade)
  const int emin = 1 - t.bias;
  const int quantum = std::max(binade - 1, emin) - t.man_bits;  // exponent of the result's last place
  const double scaled = std::ldexp(magnitude, -quantum);         // exact
  const double kept = std::floor(scaled);
  const int64_t q = static_cast<int64_t>(kept) + (rounds_up(scaled - kept, kept, stochastic) ? 1 : 0);
  if (q == 0) return t.fnuz ? 0u : sign;
  // Biased exponent - 1 in the top field plus q (which carries the implicit one) gives the code, for
  // subnormals (field 0) and for a carry into the next binade alike.
  const int64_t code = (int64_t{quantum + t.man_bits + t.bias - 1} << t.man_bits) + q;
  if (code > static_cast<int64_t>(t.max_code)) return saturate ? sign | t.max_code : overflow;
  return sign | static_cast<uint32_t>(code);
}

}  // namespace ingot::emu
