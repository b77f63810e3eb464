// FP8 formats: gfx942's FNUZ pair and gfx950's OCP pair. Decoding is a table lookup built at compile
// time from the format parameters; encoding rounds to nearest even and then applies the format's
// overflow/NaN policy.
#include <array>
#include <bit>
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
