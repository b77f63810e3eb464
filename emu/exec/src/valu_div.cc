// The division helpers LLVM's f32/f64 fdiv expansion uses (v_div_scale, v_div_fmas, v_div_fixup) and
// the f64 reciprocal / square-root family it seeds them with. Semantics follow the ISA guides'
// pseudocode (CDNA3/CDNA4 guides, VOP3 opcodes 478-483, 495, 519), with departures documented below and in
// emu/README.md (fidelity table), each forced by LLVM's fdiv expansion having to be correctly rounded.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

// IEEE layout facts of the two formats, and the scale factors the ISA guide's division macro uses.
template <typename T>
struct DivFormat;
template <>
struct DivFormat<float> {
  using Bits = uint32_t;
  static constexpr int kMantBits = 23, kExpMask = 0xff, kBias = 127;
  static constexpr int kScale = 64;             // v_div_scale_f32: ldexp(S0, +-64)
  static constexpr int kNearMaxExpDiff = 96;    // "N/D near MAX_FLOAT_F32"
  static constexpr int kTinyNumeratorExp = 23;  // "numerator is tiny"
  static constexpr int kUnderflowExpDiff = -150;
  static constexpr Bits kDefaultNan = 0xffc00000u;  // 0/0 and inf/inf
};
template <>
struct DivFormat<double> {
  using Bits = uint64_t;
  static constexpr int kMantBits = 52, kExpMask = 0x7ff, kBias = 1023;
  static constexpr int kScale = 128;
  static constexpr int kNearMaxExpDiff = 768;
  static constexpr int kTinyNumeratorExp = 53;
  static constexpr int kUnderflowExpDiff = -1075;
  static constexpr Bits kDefaultNan = 0xfff8000000000000ull;
};

template <typename T>
int exponent(T x) {
  using F = DivFormat<T>;
  return static_cast<int>((std::bit_cast<typename F::Bits>(x) >> F::kMantBits) & F::kExpMask);
}
template <typename T>
bool is_denorm(T x) { return std::fpclassify(x) == FP_SUBNORMAL; }

struct Scaled {
  double value;  // the result, widened (exact for f32)
  bool vcc;
};

// v_div_scale: S0 is the value to scale (the numerator or the denominator), S1 the denominator, S2
// the numerator. VCC says whether v_div_fmas must post-scale the quotient.
template <typename T>
Scaled div_scale(T s0, T s1, T s2) {
  using F = DivFormat<T>;
  constexpr T kNan = std::numeric_limits<T>::quiet_NaN();
  if (s2 == T(0) || s1 == T(0)) return {kNan, false};
  if (exponent(s2) - exponent(s1) >= F::kNearMaxExpDiff) {
    return {s0 == s1 ? std::ldexp(s0, F::kScale) : s0, true};
  }
  if (is_denorm(s1)) return {std::ldexp(s0, F::kScale), false};
  // The guide tests 1/S1 in f64 even for f32 (never true) and scales a huge denominator *up* here
  // (to inf: 1/DBL_MAX gives NaN). The emulator tests 1/S1 in the op's format and scales the
  // denominator down, which v_div_fmas then undoes (see emu/README.md, fidelity table).
  const bool rcp_denorm = is_denorm(static_cast<T>(T(1) / s1));
  const bool quotient_denorm = is_denorm(static_cast<T>(s2 / s1));
  if (rcp_denorm && quotient_denorm) return {s0 == s1 ? std::ldexp(s0, -F::kScale) : s0, true};
  if (rcp_denorm) return {std::ldexp(s0, -F::kScale), false};
  if (quotient_denorm) return {s0 == s2 ? std::ldexp(s0, F::kScale) : s0, true};
  if (exponent(s2) <= F::kTinyNumeratorExp) return {std::ldexp(s0, F::kScale), false};
  return {s0, false};
}

// v_div_fixup: S0 the quotient, S1 the denominator, S2 the numerator.
template <typename T>
T div_fixup(T s0, T s1, T s2) {
  using F = DivFormat<T>;
  const bool sign_out = std::signbit(s1) != std::signbit(s2);
  constexpr T kInf = std::numeric_limits<T>::infinity();
  // NaN operands come back quiet, numerator first (adding 0 quiets a signalling NaN, keeps payload).
  if (std::isnan(s2)) return s2 + T(0);
  if (std::isnan(s1)) return s1 + T(0);
  const bool zero1 = s1 == T(0), zero2 = s2 == T(0);
  const bool inf1 = std::isinf(s1), inf2 = std::isinf(s2);
  if ((zero1 && zero2) || (inf1 && inf2)) return std::bit_cast<T>(F::kDefaultNan);
  if (zero1 || inf2) return sign_out ? -kInf : kInf;
  if (inf1 || zero2) return sign_out ? -T(0) : T(0);
  // UNDERFLOW: the quotient is below half the smallest denormal, so round-to-nearest gives zero.
  if (exponent(s2) - exponent(s1) < F::kUnderflowExpDiff) return sign_out ? -T(0) : T(0);
  // The guide's OVERFLOW branch tests exponent(S1) == max, unreachable after the inf cases above. A
  // quotient that overflowed inside the macro arrives as NaN (inf - inf in the Newton step); the
  // emulator returns OVERFLOW (+-inf under round-to-nearest) for it, as measured on hardware by others.
  if (std::isnan(s0)) return sign_out ? -kInf : kInf;
  const T magnitude = std::fabs(s0);
  return sign_out ? -magnitude : magnitude;
}

// a*b + c scaled by 2^scale with one rounding to float: the double sum is made round-to-odd (53 bits
// >= 24 + 2), so the final narrowing to float (or to a float denormal) is correctly rounded.
float scaled_fma_f32(float a, float b, float c, int scale) {
  const double p = static_cast<double>(a) * static_cast<double>(b);  // exact: 48-bit product
  const double cd = c;
  const double s = p + cd;
  if (!std::isfinite(s)) return static_cast<float>(std::ldexp(s, scale));
  const double bb = s - p;
  const double err = (p - (s - bb)) + (cd - bb);  // TwoSum: s + err == p + c exactly
  double odd = s;
  if (err != 0.0 && (std::bit_cast<uint64_t>(s) & 1u) == 0) {
    odd = std::nextafter(s, err > 0.0 ? std::numeric_limits<double>::infinity()
                                      : -std::numeric_limits<double>::infinity());
  }
  return static_cast<float>(std::ldexp(odd, scale));
}

// v_div_fmas: fma, then the post-scale v_div_scale asked for through VCC. The guide's pseudocode says
// 2^32 (f32) / 2^64 (f64) upwards unconditionally, which cannot undo v_div_scale's 2^64 / 2^128 and
// would scale a denormal quotient the wrong way. The emulator undoes v_div_scale: up when S2 (the
// quotient estimate) is large, down when small (see emu/README.md, fidelity table).
float div_fmas_f32(float a, float b, float c, bool vcc) {
  using F = DivFormat<float>;
  if (!vcc) return std::fma(a, b, c);
  return scaled_fma_f32(a, b, c, exponent(c) > F::kBias ? F::kScale : -F::kScale);
}
double div_fmas_f64(double a, double b, double c, bool vcc) {
  using F = DivFormat<double>;
  const double r = std::fma(a, b, c);
  // Scaling after rounding can round twice when the result is an f64 denormal (see the README row).
  return vcc ? std::ldexp(r, exponent(c) > F::kBias ? F::kScale : -F::kScale) : r;
}

// ---- operand plumbing ----
void f32_sources(const Wave& wave, const Inst& inst, Lanes (&s)[3], LaneMask& mask) {
  for (int i = 0; i < 3; ++i) {
    fetch_source(wave, inst, i, s[i], mask);
    apply_abs_neg_f32(inst, i, s[i]);
  }
}
void f64_sources(const Wave& wave, const Inst& inst, int n, uint64_t (&s)[3][kWaveSize]) {
  constexpr uint64_t kSign = uint64_t{1} << 63;
  for (int i = 0; i < n; ++i) {
    read_lanes64(wave, vsrc(inst, i), s[i], true);
    const uint64_t abs = (inst.mods.abs >> i) & 1 ? ~kSign : ~uint64_t{0};
    const uint64_t neg = (inst.mods.neg >> i) & 1 ? kSign : 0;
    for (int l = 0; l < kWaveSize; ++l) s[i][l] = (s[i][l] & abs) ^ neg;
  }
}
void write_vcc_like(Wave& wave, const Inst& inst, LaneMask bits) {
  const Operand* sdst = inst.find(Role::kSdst);
  if (sdst != nullptr && sdst->kind == OperandKind::kScalar) {
    wave.set_s64(sdst->index, bits & wave.exec());
  } else {
    wave.set_vcc(bits & wave.exec());
  }
}

Status div_scale_f32(Wave& wave, const Inst& inst) {
  Lanes s[3];
  LaneMask mask = wave.exec();
  f32_sources(wave, inst, s, mask);
  Lanes d;
  LaneMask vcc = 0;
  for (int l = 0; l < kWaveSize; ++l) {
    const Scaled r = div_scale(as_f32(s[0].v[l]), as_f32(s[1].v[l]), as_f32(s[2].v[l]));
    d.v[l] = f32_bits(output_mods_f32(inst, static_cast<float>(r.value)));
    vcc |= LaneMask{r.vcc} << l;
  }
  write_result(wave, inst, d, mask);
  write_vcc_like(wave, inst, vcc);
  return Status::ok();
}

Status div_scale_f64(Wave& wave, const Inst& inst) {
  uint64_t s[3][kWaveSize];
  f64_sources(wave, inst, 3, s);
  uint64_t d[kWaveSize];
  LaneMask vcc = 0;
  for (int l = 0; l < kWaveSize; ++l) {
    const Scaled r = div_scale(as_f64(s[0][l]), as_f64(s[1][l]), as_f64(s[2][l]));
    d[l] = f64_bits(r.value);
    vcc |= LaneMask{r.vcc} << l;
  }
  write_lanes64(wave, vdst(inst), d, wave.exec());
  write_vcc_like(wave, inst, vcc);
  return Status::ok();
}

// Three f32 sources, with VCC available to the operation.
template <float (*F)(float, float, float, bool)>
Status f32_div_op(Wave& wave, const Inst& inst) {
  Lanes s[3];
  LaneMask mask = wave.exec();
  f32_sources(wave, inst, s, mask);
  const LaneMask vcc = wave.vcc();
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const float r = F(as_f32(s[0].v[l]), as_f32(s[1].v[l]), as_f32(s[2].v[l]), ((vcc >> l) & 1) != 0);
    d.v[l] = f32_bits(output_mods_f32(inst, r));
  }
  write_result(wave, inst, d, mask);
  return Status::ok();
}

template <double (*F)(double, double, double, bool), int N>
Status f64_div_op(Wave& wave, const Inst& inst) {
  uint64_t s[3][kWaveSize] = {};
  f64_sources(wave, inst, N, s);
  const LaneMask vcc = wave.vcc();
  uint64_t d[kWaveSize];
  for (int l = 0; l < kWaveSize; ++l) {
    d[l] = f64_bits(F(as_f64(s[0][l]), as_f64(s[1][l]), as_f64(s[2][l]), ((vcc >> l) & 1) != 0));
  }
  write_lanes64(wave, vdst(inst), d, wave.exec());
  return Status::ok();
}

// v_div_fixup_f16 on the bits: the guide's f16 form has no underflow / overflow branches.
uint32_t div_fixup_f16(uint32_t q, uint32_t den, uint32_t num) {
  constexpr uint32_t kMag = 0x7fff, kInf = 0x7c00, kQuiet = 0x0200, kDefaultNan = 0xfe00;
  const uint32_t sign_out = (den ^ num) & 0x8000;
  auto is_nan = [](uint32_t x) { return (x & kMag) > kInf; };
  if (is_nan(num)) return num | kQuiet;
  if (is_nan(den)) return den | kQuiet;
  const bool zero1 = (den & kMag) == 0, zero2 = (num & kMag) == 0;
  const bool inf1 = (den & kMag) == kInf, inf2 = (num & kMag) == kInf;
  if ((zero1 && zero2) || (inf1 && inf2)) return kDefaultNan;
  if (zero1 || inf2) return sign_out | kInf;
  if (inf1 || zero2) return sign_out;
  return sign_out | (q & kMag);
}

// Result halves as every f16 VALU op here (emu/README.md "VALU f16": the high half is zeroed unless
// op_sel[3] selects it); the legacy form differs only there in the guide, so both share this.
Status fixup_f16(Wave& wave, const Inst& inst) {
  Lanes s[3];
  LaneMask mask = wave.exec();
  for (int i = 0; i < 3; ++i) {
    fetch_source(wave, inst, i, s[i], mask);
    select_half_f16(inst, i, s[i], true);
  }
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) d.v[l] = div_fixup_f16(s[0].v[l], s[1].v[l], s[2].v[l]);
  write_result_16(wave, inst, d, mask);
  return Status::ok();
}

float fixup_f32(float a, float b, float c, bool) { return div_fixup(a, b, c); }
double fixup_f64(double a, double b, double c, bool) { return div_fixup(a, b, c); }
// The f64 reciprocal family: the hardware's accuracy is unpublished; these are IEEE-exact (rcp, sqrt)
// or within 1 ulp (rsq: long double, rounded twice), an upper bound of what the hardware gives.
double rcp_f64(double a, double, double, bool) { return 1.0 / a; }
double sqrt_f64(double a, double, double, bool) { return std::sqrt(a); }
double rsq_f64(double a, double, double, bool) {
  return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(a)));
}

}  // namespace

void register_valu_div(HandlerRegistry& r) {
  r.add("v_div_scale_f32", div_scale_f32);
  r.add("v_div_scale_f64", div_scale_f64);
  r.add("v_div_fmas_f32", f32_div_op<div_fmas_f32>);
  r.add("v_div_fmas_f64", f64_div_op<div_fmas_f64, 3>);
  r.add("v_div_fixup_f32", f32_div_op<fixup_f32>);
  r.add("v_div_fixup_f64", f64_div_op<fixup_f64, 3>);
  r.add("v_div_fixup_f16", fixup_f16);
  r.add("v_div_fixup_legacy_f16", fixup_f16);
  r.add("v_rcp_f64", f64_div_op<rcp_f64, 1>);
  r.add("v_sqrt_f64", f64_div_op<sqrt_f64, 1>);
  r.add("v_rsq_f64", f64_div_op<rsq_f64, 1>);
}

}  // namespace ingot::emu
