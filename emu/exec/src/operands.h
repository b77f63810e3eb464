// Reading and writing instruction operands: scalar slots, inline constants, literals, conditions,
// and VGPR/AGPR rows of the unified register file. Vector values move as whole 64-lane rows.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "ingot_emu/inst.h"
#include "wave.h"

namespace ingot::emu {

struct Lanes {
  alignas(64) uint32_t v[kWaveSize];
};

// Condition codes of OperandKind::kCondition (the 9-bit source codes).
inline constexpr uint16_t kCondVccz = 251;
inline constexpr uint16_t kCondExecz = 252;
inline constexpr uint16_t kCondScc = 253;

inline int vector_row(const Wave& wave, const Operand& op) {
  return op.kind == OperandKind::kAgpr ? static_cast<int>(wave.accum_offset) + op.index : op.index;
}

// Dword `dword` of a scalar-side operand (register slot, constant or condition).
inline uint32_t scalar_dword(const Wave& wave, const Operand& op, int dword = 0) {
  switch (op.kind) {
    case OperandKind::kScalar: return wave.s[static_cast<size_t>(op.index + dword)];
    case OperandKind::kInline:
    case OperandKind::kLiteral:
    case OperandKind::kImmediate:
      return static_cast<uint32_t>(op.value >> (32 * dword));
    case OperandKind::kCondition:
      if (dword != 0) return 0;
      if (op.index == kCondVccz) return wave.vcc() == 0;
      if (op.index == kCondExecz) return wave.exec() == 0;
      if (op.index == kCondScc) return wave.scc;
      return 0;
    default: return 0;
  }
}

inline uint32_t read_s32(const Wave& wave, const Operand* op) { return op ? scalar_dword(wave, *op, 0) : 0; }

inline uint64_t read_s64(const Wave& wave, const Operand* op) {
  if (op == nullptr) return 0;
  if (op->kind == OperandKind::kInline) return op->value;  // already 64-bit (sign-extended / f64)
  if (op->kind == OperandKind::kLiteral) return op->value & 0xffffffffu;
  return scalar_dword(wave, *op, 0) | (uint64_t{scalar_dword(wave, *op, 1)} << 32);
}

inline void write_s32(Wave& wave, const Operand* op, uint32_t value) {
  if (op && op->kind == OperandKind::kScalar) wave.s[op->index] = value;
}
inline void write_s64(Wave& wave, const Operand* op, uint64_t value) {
  if (op && op->kind == OperandKind::kScalar) wave.set_s64(op->index, value);
}

// 64 lanes of dword `dword` of a source: a VGPR/AGPR row, or a scalar value broadcast.
inline void read_lanes(const Wave& wave, const Operand* op, Lanes& out, int dword = 0) {
  if (op == nullptr) {
    std::memset(out.v, 0, sizeof out.v);
    return;
  }
  if (op->kind == OperandKind::kVgpr || op->kind == OperandKind::kAgpr) {
    std::memcpy(out.v, wave.vrow(vector_row(wave, *op) + dword), sizeof out.v);
    return;
  }
  const uint32_t value = scalar_dword(wave, *op, dword);
  for (int lane = 0; lane < kWaveSize; ++lane) out.v[lane] = value;
}

// Writes lanes of `mask` into dword `dword` of a vector destination.
inline void write_lanes(Wave& wave, const Operand* op, const Lanes& value, LaneMask mask, int dword = 0) {
  if (op == nullptr || !(op->kind == OperandKind::kVgpr || op->kind == OperandKind::kAgpr)) return;
  uint32_t* row = wave.vrow(vector_row(wave, *op) + dword);
  for (int lane = 0; lane < kWaveSize; ++lane) {
    row[lane] = ((mask >> lane) & 1) ? value.v[lane] : row[lane];
  }
}

inline float as_f32(uint32_t bits) { return std::bit_cast<float>(bits); }
inline uint32_t f32_bits(float value) { return std::bit_cast<uint32_t>(value); }
inline double as_f64(uint64_t bits) { return std::bit_cast<double>(bits); }
inline uint64_t f64_bits(double value) { return std::bit_cast<uint64_t>(value); }

// Register name for messages: "v5", "a3", "s[4:5]", "vcc".
std::string register_name(bool vector, bool agpr, uint32_t first, uint32_t count);

Status fault(const std::string& message);

}  // namespace ingot::emu
