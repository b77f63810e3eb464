// Independent reference decoders, written from the format definitions (sign, exponent field, bias,
// mantissa; special codes from the OCP FP8 / OCP MX specifications and AMD's FNUZ description), not
// from the library's code. Values are computed with std::ldexp in double.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace ref {

struct Format {
  int exp_bits;
  int man_bits;
  int bias;
};

// Value of a sign-magnitude code as an IEEE-style number with subnormals, ignoring special codes.
inline double finite_value(uint32_t code, Format f) {
  const int total = 1 + f.exp_bits + f.man_bits;
  const bool negative = (code >> (total - 1)) & 1u;
  const int e = static_cast<int>((code >> f.man_bits) & ((1u << f.exp_bits) - 1));
  const double m = static_cast<double>(code & ((1u << f.man_bits) - 1));
  double v = 0;
  if (e == 0) {
    v = std::ldexp(m, 1 - f.bias - f.man_bits);
  } else {
    v = std::ldexp(1.0 + m / std::ldexp(1.0, f.man_bits), e - f.bias);
  }
  return negative ? -v : v;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// gfx942 FP8: FNUZ. 0x80 is NaN; no infinities, no negative zero.
inline double e4m3fnuz(uint8_t c) { return c == 0x80 ? kNaN : finite_value(c, {4, 3, 8}); }
inline double e5m2fnuz(uint8_t c) { return c == 0x80 ? kNaN : finite_value(c, {5, 2, 16}); }
// gfx950 FP8: OCP. E4M3FN: S.1111.111 is NaN, no inf. E5M2: exponent 31 is inf (mantissa 0) or NaN.
inline double e4m3fn(uint8_t c) { return (c & 0x7F) == 0x7F ? kNaN : finite_value(c, {4, 3, 7}); }
inline double e5m2(uint8_t c) {
  if (((c >> 2) & 0x1F) == 0x1F) return (c & 3) == 0 ? ((c & 0x80) ? -kInf : kInf) : kNaN;
  return finite_value(c, {5, 2, 15});
}
// OCP MX element formats: all codes finite.
inline double fp6_e2m3(uint8_t c) { return finite_value(c & 0x3F, {2, 3, 1}); }
inline double fp6_e3m2(uint8_t c) { return finite_value(c & 0x3F, {3, 2, 3}); }
inline double fp4_e2m1(uint8_t c) { return finite_value(c & 0xF, {2, 1, 1}); }

// gfx950 f8f6f4 operand formats by their cbsz/blgp code (0 E4M3, 1 E5M2, 2 E2M3, 3 E3M2, 4 E2M1).
inline int f8f6f4_bits(int format) { return format <= 1 ? 8 : (format <= 3 ? 6 : 4); }
inline double f8f6f4(int format, uint32_t code) {
  switch (format) {
    case 0: return e4m3fn(static_cast<uint8_t>(code));
    case 1: return e5m2(static_cast<uint8_t>(code));
    case 2: return fp6_e2m3(static_cast<uint8_t>(code));
    case 3: return fp6_e3m2(static_cast<uint8_t>(code));
    default: return fp4_e2m1(static_cast<uint8_t>(code));
  }
}

}  // namespace ref
