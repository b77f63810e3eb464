// f64 VALU (register pairs): add, mul, fma, min/max, ldexp, rounding, fract and frexp. Every result is
// correctly rounded once, as IEEE 754 binary64 and the CDNA3 ISA guide define these ops, so plain
// double arithmetic is exact here. (v_rcp/rsq/sqrt_f64 are approximations of unpublished precision:
// not emulated.)
#include <cmath>
#include <limits>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

using u64 = uint64_t;
constexpr u64 kSignBit = u64{1} << 63;

// Source i as doubles with VOP3 abs / neg applied (a 32-bit source when Wide bit i is clear: ldexp's
// exponent). v_fmac_f64 reads its destination as the third source.
template <int N, int Wide>
void fetch_f64_sources(const Wave& wave, const Inst& inst, u64 (&s)[3][kWaveSize]) {
  for (int i = 0; i < N; ++i) {
    const Operand* op = (i == 2 && vsrc(inst, 2) == nullptr) ? vdst(inst) : vsrc(inst, i);
    if (!((Wide >> i) & 1)) {
      Lanes x;
      read_lanes(wave, op, x);
      for (int l = 0; l < kWaveSize; ++l) s[i][l] = x.v[l];
      continue;
    }
    read_lanes64(wave, op, s[i], true);
    const u64 abs = (inst.mods.abs >> i) & 1 ? ~kSignBit : ~u64{0};
    const u64 neg = (inst.mods.neg >> i) & 1 ? kSignBit : 0;
    for (int l = 0; l < kWaveSize; ++l) s[i][l] = (s[i][l] & abs) ^ neg;
  }
}

double output_mods_f64(const Inst& inst, double value) {
  switch (inst.mods.omod) {
    case 1: value *= 2.0; break;
    case 2: value *= 4.0; break;
    case 3: value *= 0.5; break;
    default: break;
  }
  if (inst.mods.clamp) value = std::isnan(value) ? 0.0 : std::fmin(std::fmax(value, 0.0), 1.0);
  return value;
}

// D.f64 = F(sources); Wide says which sources are 64-bit.
template <auto F, int N, int Wide = 0b111>
Status f64_op(Wave& wave, const Inst& inst) {
  u64 s[3][kWaveSize] = {};
  fetch_f64_sources<N, Wide>(wave, inst, s);
  u64 d[kWaveSize];
  for (int l = 0; l < kWaveSize; ++l) {
    d[l] = f64_bits(output_mods_f64(inst, F(as_f64(s[0][l]), s[1][l], s[2][l])));
  }
  write_lanes64(wave, vdst(inst), d, wave.exec());
  return Status::ok();
}

// v_frexp_exp_i32_f64: a 32-bit result (the exponent of frexp: mantissa in [0.5, 1)); 0 for inf/NaN.
Status frexp_exp_f64(Wave& wave, const Inst& inst) {
  u64 s[3][kWaveSize] = {};
  fetch_f64_sources<1, 0b1>(wave, inst, s);
  Lanes d;
  for (int l = 0; l < kWaveSize; ++l) {
    const double x = as_f64(s[0][l]);
    int exp = 0;
    if (std::isfinite(x)) std::frexp(x, &exp);
    d.v[l] = static_cast<uint32_t>(exp);
  }
  write_lanes(wave, vdst(inst), d, wave.exec());
  return Status::ok();
}

double b(u64 bits) { return as_f64(bits); }
// fract: inf gives NaN, NaN stays NaN (std::fmin would drop it).
double fract64(double a) {
  if (std::isnan(a)) return a;
  if (std::isinf(a)) return std::numeric_limits<double>::quiet_NaN();
  return std::fmin(a - std::floor(a), 0x1.fffffffffffffp-1);
}
// frexp's mantissa; inf and NaN pass through (the ISA: "if S0 is +-INF or NaN, D = S0").
double frexp_mant(double a) {
  if (!std::isfinite(a)) return a;
  int exp = 0;
  return std::frexp(a, &exp);
}

}  // namespace

void register_valu_f64(HandlerRegistry& r) {
  r.add("v_add_f64", f64_op<([](double a, u64 x, u64) { return a + b(x); }), 2>);
  r.add("v_mul_f64", f64_op<([](double a, u64 x, u64) { return a * b(x); }), 2>);
  r.add("v_min_f64", f64_op<([](double a, u64 x, u64) { return std::fmin(a, b(x)); }), 2>);
  r.add("v_max_f64", f64_op<([](double a, u64 x, u64) { return std::fmax(a, b(x)); }), 2>);
  r.add("v_fma_f64", f64_op<([](double a, u64 x, u64 y) { return std::fma(a, b(x), b(y)); }), 3>);
  r.add("v_fmac_f64", f64_op<([](double a, u64 x, u64 y) { return std::fma(a, b(x), b(y)); }), 3>);
  r.add("v_ldexp_f64", f64_op<([](double a, u64 e, u64) {
          return std::ldexp(a, static_cast<int32_t>(static_cast<uint32_t>(e))); }), 2, 0b01>);
  r.add("v_trunc_f64", f64_op<([](double a, u64, u64) { return std::trunc(a); }), 1>);
  r.add("v_ceil_f64", f64_op<([](double a, u64, u64) { return std::ceil(a); }), 1>);
  r.add("v_floor_f64", f64_op<([](double a, u64, u64) { return std::floor(a); }), 1>);
  r.add("v_rndne_f64", f64_op<([](double a, u64, u64) { return std::nearbyint(a); }), 1>);
  r.add("v_fract_f64", f64_op<([](double a, u64, u64) { return fract64(a); }), 1>);
  r.add("v_frexp_mant_f64", f64_op<([](double a, u64, u64) { return frexp_mant(a); }), 1>);
  r.add("v_frexp_exp_i32_f64", frexp_exp_f64);
}

}  // namespace ingot::emu
