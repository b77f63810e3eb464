// Vector compares: VOPC writes VCC, the VOP3 form an SGPR pair, v_cmpx_* also EXEC (GFX9 writes
// both). Inactive lanes get 0 in the result mask.
#include <cmath>
#include <deque>
#include <string>
#include <utility>

#include "handler_table.h"
#include "valu_common.h"

namespace ingot::emu {
namespace {

enum class Kind { kF16, kF32, kF64, kI16, kI32, kI64, kU16, kU32, kU64 };

// Float predicates in opcode order (f lt eq le gt lg ge o u nge nlg ngt nle neq nlt tru).
constexpr const char* kFloatOps[] = {"f", "lt", "eq", "le", "gt", "lg", "ge", "o",
                                     "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"};
// Integer predicates in opcode order.
constexpr const char* kIntOps[] = {"f", "lt", "eq", "le", "gt", "ne", "ge", "t"};

bool float_predicate(int op, double a, double b) {
  const bool unordered = std::isnan(a) || std::isnan(b);
  switch (op) {
    case 0: return false;
    case 1: return a < b;
    case 2: return a == b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a < b || a > b;
    case 6: return a >= b;
    case 7: return !unordered;
    case 8: return unordered;
    case 9: return !(a >= b);
    case 10: return !(a < b || a > b);
    case 11: return !(a > b);
    case 12: return !(a <= b);
    case 13: return !(a == b);
    case 14: return !(a < b);
    default: return true;
  }
}

template <typename T>
bool int_predicate(int op, T a, T b) {
  switch (op) {
    case 0: return false;
    case 1: return a < b;
    case 2: return a == b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a != b;
    case 6: return a >= b;
    default: return true;
  }
}

constexpr bool is_wide(Kind k) { return k == Kind::kF64 || k == Kind::kI64 || k == Kind::kU64; }
constexpr bool is_half(Kind k) { return k == Kind::kF16 || k == Kind::kI16 || k == Kind::kU16; }
constexpr bool is_float(Kind k) { return k == Kind::kF16 || k == Kind::kF32 || k == Kind::kF64; }

void read_wide(const Wave& wave, const Operand* op, uint64_t out[kWaveSize]) {
  Lanes lo, hi;
  read_lanes(wave, op, lo, 0);
  if (op && (op->kind == OperandKind::kInline || op->kind == OperandKind::kLiteral)) {
    for (int l = 0; l < kWaveSize; ++l) out[l] = op->kind == OperandKind::kInline ? op->value : op->value & 0xffffffffu;
    return;
  }
  read_lanes(wave, op, hi, 1);
  for (int l = 0; l < kWaveSize; ++l) out[l] = lo.v[l] | uint64_t{hi.v[l]} << 32;
}

double float_value(Kind kind, uint64_t bits) {
  if (kind == Kind::kF16) return f16_to_f32(static_cast<uint16_t>(bits));
  if (kind == Kind::kF32) return as_f32(static_cast<uint32_t>(bits));
  return as_f64(bits);
}

bool compare(Kind kind, int op, uint64_t a, uint64_t b) {
  switch (kind) {
    case Kind::kF16: case Kind::kF32: case Kind::kF64:
      return float_predicate(op, float_value(kind, a), float_value(kind, b));
    case Kind::kI16: return int_predicate<int16_t>(op, int16_t(a), int16_t(b));
    case Kind::kI32: return int_predicate<int32_t>(op, int32_t(a), int32_t(b));
    case Kind::kI64: return int_predicate<int64_t>(op, int64_t(a), int64_t(b));
    case Kind::kU16: return int_predicate<uint16_t>(op, uint16_t(a), uint16_t(b));
    case Kind::kU32: return int_predicate<uint32_t>(op, uint32_t(a), uint32_t(b));
    case Kind::kU64: return int_predicate<uint64_t>(op, a, b);
  }
  return false;
}

// Class mask bits of v_cmp_class: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
// 7 +denormal, 8 +normal, 9 +inf.
uint32_t class_bit(double value, bool signaling) {
  if (std::isnan(value)) return signaling ? 1u : 2u;
  const bool negative = std::signbit(value);
  switch (std::fpclassify(value)) {
    case FP_INFINITE: return negative ? 1u << 2 : 1u << 9;
    case FP_NORMAL: return negative ? 1u << 3 : 1u << 8;
    case FP_SUBNORMAL: return negative ? 1u << 4 : 1u << 7;
    default: return negative ? 1u << 5 : 1u << 6;
  }
}

void write_compare_result(Wave& wave, const Inst& inst, LaneMask result, bool to_exec) {
  const Operand* sdst = inst.find(Role::kSdst);
  if (sdst == nullptr) {
    const Operand* d = inst.find(Role::kDst);
    if (d != nullptr && d->kind == OperandKind::kScalar) sdst = d;
  }
  if (sdst != nullptr && sdst->kind == OperandKind::kScalar) {
    wave.set_s64(sdst->index, result);
  } else {
    wave.set_vcc(result);
  }
  if (to_exec) wave.set_exec(result);
}

// Fetches both sources as 64-bit lanes with modifiers (abs/neg for floats; op_sel for 16-bit).
template <Kind K>
LaneMask fetch_pair(const Wave& wave, const Inst& inst, uint64_t a[kWaveSize], uint64_t b[kWaveSize]) {
  LaneMask mask = wave.exec();
  if constexpr (is_wide(K)) {
    read_wide(wave, vsrc(inst, 0), a);
    read_wide(wave, vsrc(inst, 1), b);
    if (K == Kind::kF64) {
      for (int l = 0; l < kWaveSize; ++l) {
        if (inst.mods.abs & 1) a[l] &= ~(uint64_t{1} << 63);
        if (inst.mods.neg & 1) a[l] ^= uint64_t{1} << 63;
        if (inst.mods.abs & 2) b[l] &= ~(uint64_t{1} << 63);
        if (inst.mods.neg & 2) b[l] ^= uint64_t{1} << 63;
      }
    }
  } else {
    Lanes x, y;
    fetch_source(wave, inst, 0, x, mask);
    fetch_source(wave, inst, 1, y, mask);
    if constexpr (is_half(K)) {
      select_half_f16(inst, 0, x, is_float(K));
      select_half_f16(inst, 1, y, is_float(K));
    } else if constexpr (is_float(K)) {
      apply_abs_neg_f32(inst, 0, x);
      apply_abs_neg_f32(inst, 1, y);
    }
    for (int l = 0; l < kWaveSize; ++l) {
      a[l] = x.v[l];
      b[l] = y.v[l];
    }
  }
  return mask;
}

template <Kind K, int Op, bool X>
Status cmp(Wave& wave, const Inst& inst) {
  uint64_t a[kWaveSize], b[kWaveSize];
  fetch_pair<K>(wave, inst, a, b);
  const LaneMask exec = wave.exec();
  LaneMask result = 0;
  for (int l = 0; l < kWaveSize; ++l) result |= LaneMask{compare(K, Op, a[l], b[l])} << l;
  write_compare_result(wave, inst, result & exec, X);
  return Status::ok();
}

template <Kind K, bool X>
Status cmp_class(Wave& wave, const Inst& inst) {
  uint64_t a[kWaveSize], b[kWaveSize];
  fetch_pair<K>(wave, inst, a, b);
  const LaneMask exec = wave.exec();
  LaneMask result = 0;
  for (int l = 0; l < kWaveSize; ++l) {
    const double value = float_value(K, a[l]);
    bool signaling = false;
    if (K == Kind::kF16) signaling = ((a[l] >> 9) & 1) == 0;
    if (K == Kind::kF32) signaling = ((a[l] >> 22) & 1) == 0;
    if (K == Kind::kF64) signaling = ((a[l] >> 51) & 1) == 0;
    result |= LaneMask{(class_bit(value, signaling) & b[l]) != 0} << l;
  }
  write_compare_result(wave, inst, result & exec, X);
  return Status::ok();
}

template <Kind K, size_t... Ops>
void add_kind(HandlerRegistry& r, const char* type, const char* const* names, std::index_sequence<Ops...>) {
  // Registry keys are string_views: keep the generated names alive for the program's lifetime.
  static std::deque<std::string> storage;
  auto add = [&](std::string name, Handler handler) {
    storage.push_back(std::move(name));
    r.add(storage.back(), handler);
  };
  (add(std::string("v_cmp_") + names[Ops] + "_" + type, cmp<K, int(Ops), false>), ...);
  (add(std::string("v_cmpx_") + names[Ops] + "_" + type, cmp<K, int(Ops), true>), ...);
}

}  // namespace

void register_valu_compare(HandlerRegistry& r) {
  add_kind<Kind::kF16>(r, "f16", kFloatOps, std::make_index_sequence<16>());
  add_kind<Kind::kF32>(r, "f32", kFloatOps, std::make_index_sequence<16>());
  add_kind<Kind::kF64>(r, "f64", kFloatOps, std::make_index_sequence<16>());
  add_kind<Kind::kI16>(r, "i16", kIntOps, std::make_index_sequence<8>());
  add_kind<Kind::kI32>(r, "i32", kIntOps, std::make_index_sequence<8>());
  add_kind<Kind::kI64>(r, "i64", kIntOps, std::make_index_sequence<8>());
  add_kind<Kind::kU16>(r, "u16", kIntOps, std::make_index_sequence<8>());
  add_kind<Kind::kU32>(r, "u32", kIntOps, std::make_index_sequence<8>());
  add_kind<Kind::kU64>(r, "u64", kIntOps, std::make_index_sequence<8>());
  r.add("v_cmp_class_f16", cmp_class<Kind::kF16, false>);
  r.add("v_cmp_class_f32", cmp_class<Kind::kF32, false>);
  r.add("v_cmp_class_f64", cmp_class<Kind::kF64, false>);
  r.add("v_cmpx_class_f16", cmp_class<Kind::kF16, true>);
  r.add("v_cmpx_class_f32", cmp_class<Kind::kF32, true>);
  r.add("v_cmpx_class_f64", cmp_class<Kind::kF64, true>);
}

}  // namespace ingot::emu
