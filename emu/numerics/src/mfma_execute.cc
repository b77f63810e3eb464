// mfma_execute: gather A, B and C into dense matrices once (through the precomputed layout plans), run
// a plain k-ordered multiply-accumulate per block, scatter D back. Type dispatch happens once per
// instruction, never per element.
#include <bit>
#include <cstring>
#include <string>

#include "ingot_emu/mfma.h"
#include "ingot_emu/mfma_layout.h"
#include "ingot_emu/number_formats.h"
#include "mfma_plans.h"

namespace ingot::emu {
namespace {

constexpr int kLanes = 64;
// Largest dense operand: 64 lanes x 32 elements (A/B), or 32 registers x 64 lanes (C/D).
constexpr int kMaxDense = 2048;

bool is_f8f6f4(const MfmaShape& shape) { return shape.a_type == MfmaType::kF8F6F4; }

// Element `elem` (width `bits` < 32) of `lane` in an operand of `regs` registers, packed little-endian
// across the lane's registers.
inline uint32_t extract_bits(const uint32_t* operand, int regs, int lane, int elem, int bits) {
  const int bit = elem * bits;
  const int reg = bit >> 5;
  const int shift = bit & 31;
  uint64_t word = operand[reg * kLanes + lane];
  if (shift + bits > 32 && reg + 1 < regs) word |= uint64_t{operand[(reg + 1) * kLanes + lane]} << 32;
  return static_cast<uint32_t>(word >> shift) & ((1u << bits) - 1u);
}

// Gathers an input operand into its dense matrix. `source_lane[l]` is the physical lane whose data
// logical lane l uses (CBSZ/ABID/BLGP), `index` the plan mapping (lane, elem) -> dense index.
template <typename Value, typename Decode>
void gather_input(const uint32_t* operand, int regs, int bits, int k_per_lane, const uint16_t* index,
                  const int* source_lane, Decode decode, Value* dense) {
  for (int lane = 0; lane < kLanes; ++lane) {
    const int from = source_lane[lane];
    const uint16_t* lane_index = index + lane * k_per_lane;
    if (bits == 32) {
      for (int e = 0; e < k_per_lane; ++e) dense[lane_index[e]] = decode(operand[e * kLanes + from]);
    } else {
      for (int e = 0; e < k_per_lane; ++e) {
        dense[lane_index[e]] = decode(extract_bits(operand, regs, from, e, bits));
      }
    }
  }
}

// f64 operands: one element (a register pair) per lane for every f64 shape here.
void gather_f64(const uint32_t* operand, const uint16_t* index, const int* source_lane, double sign,
                double* dense) {
  for (int lane = 0; lane < kLanes; ++lane) {
    const int from = source_lane[lane];
    const uint64_t bits = uint64_t{operand[from]} | uint64_t{operand[kLanes + from]} << 32;
    dense[index[lane]] = sign * std::bit_cast<double>(bits);
  }
}

// acc[b][i][j] += sum_k A[b][i][k] * B[b][k][j], adding one k at a time in increasing k order.
// Each output row is held in 16-byte vector registers (GCC/Clang vector extension, SSE2 baseline) across
// the whole k loop, so memory traffic is one B row load per k. The order of operations per output
// element is exactly the scalar chain's. Integer MFMA uses uint32_t, so it wraps modulo 2^32 like the
// hardware without signed-overflow UB.
template <typename T, int N>
void multiply_accumulate_n(int blocks, int m, int k, const T* a, const T* b, T* acc) {
  typedef T Vec __attribute__((vector_size(16)));
  constexpr int kPerVec = static_cast<int>(16 / sizeof(T));
  constexpr int kVecs = N / kPerVec;
  for (int blk = 0; blk < blocks; ++blk) {
    for (int i = 0; i < m; ++i) {
      T* out = acc + (blk * m + i) * N;
      const T* a_row = a + (blk * m + i) * k;
      Vec row[kVecs];  // fully unrolled below, so it lives in registers
      std::memcpy(row, out, sizeof row);
      for (int kk = 0; kk < k; ++kk) {
        const T av = a_row[kk];
        Vec b_row[kVecs];
        std::memcpy(b_row, b + (blk * k + kk) * N, sizeof b_row);
#pragma GCC unroll 8
        for (int v = 0; v < kVecs; ++v) row[v] += av * b_row[v];
      }
      std::memcpy(out, row, sizeof row);
    }
  }
}

template <typename T>
void multiply_accumulate(const MfmaShape& s, const T* a, const T* b, T* acc) {
  switch (s.n) {
    case 32: multiply_accumulate_n<T, 32>(s.blocks, s.m, s.k, a, b, acc); break;
    case 16: multiply_accumulate_n<T, 16>(s.blocks, s.m, s.k, a, b, acc); break;
    default: multiply_accumulate_n<T, 4>(s.blocks, s.m, s.k, a, b, acc); break;
  }
}

// Element decoders (function objects, so the gather loops inline them).
struct DecodeF32 {
  float operator()(uint32_t bits) const { return std::bit_cast<float>(bits); }
};
// xf32 keeps sign, exponent and the top 10 mantissa bits of an f32; we truncate the rest (verify:
// the CDNA3 guide does not say whether the dropped bits round).
struct DecodeXf32 {
  float operator()(uint32_t bits) const { return std::bit_cast<float>(bits & 0xFFFFE000u); }
};
struct DecodeF16 {
  float operator()(uint32_t bits) const { return f16_to_f32(static_cast<uint16_t>(bits)); }
};
struct DecodeBf16 {
  float operator()(uint32_t bits) const { return bf16_to_f32(static_cast<uint16_t>(bits)); }
};
// Sign-extended, then held as uint32_t so the integer MAC wraps without UB.
struct DecodeI8 {
  uint32_t operator()(uint32_t bits) const {
    return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(static_cast<uint8_t>(bits))));
  }
};

struct TableDecode {
  const float* table;
  float operator()(uint32_t code) const { return table[code]; }
};

// Builds the per-format decode table of an f8f6f4 operand.
struct F8F6F4Decoder {
  float table[256];
  int bits;
  explicit F8F6F4Decoder(MfmaF8F6F4Format format) : table{}, bits(mfma_f8f6f4_bits(format)) {
    switch (format) {
      case MfmaF8F6F4Format::kFp8E4M3:
        std::memcpy(table, fp8_decode_table(Fp8Format::kE4M3Fn), sizeof(table));
        break;
      case MfmaF8F6F4Format::kBf8E5M2:
        std::memcpy(table, fp8_decode_table(Fp8Format::kE5M2), sizeof(table));
        break;
      case MfmaF8F6F4Format::kFp6E2M3:
        for (int c = 0; c < 64; ++c) table[c] = fp6_e2m3_to_f32(static_cast<uint8_t>(c));
        break;
      case MfmaF8F6F4Format::kBf6E3M2:
        for (int c = 0; c < 64; ++c) table[c] = fp6_e3m2_to_f32(static_cast<uint8_t>(c));
        break;
      case MfmaF8F6F4Format::kFp4E2M1:
        for (int c = 0; c < 16; ++c) table[c] = fp4_e2m1_to_f32(static_cast<uint8_t>(c));
        break;
    }
  }
};

// Per-lane sources for A (CBSZ/ABID broadcast between blocks) and B (BLGP lane patterns).
void a_source_lanes(const MfmaShape& s, const MfmaModifiers& mods, bool broadcast, int* lanes) {
  for (int lane = 0; lane < kLanes; ++lane) {
    int from = lane;
    if (broadcast) {
      const int block = (lane / s.m) % s.blocks;
      from = lane + s.m * (mfma_cbsz_source_block(block, mods.cbsz, mods.abid) - block);
    }
    lanes[lane] = from;
  }
}

void b_source_lanes(int blgp, int* lanes) {
  for (int lane = 0; lane < kLanes; ++lane) lanes[lane] = mfma_blgp_source_lane(lane, blgp);
}

Status check_modifiers(const MfmaShape& s, const MfmaModifiers& mods) {
  // Built only on the error paths: this runs for every MFMA the emulator executes.
  auto where = [&s] { return std::string(s.mnemonic) + ": "; };
  if (is_f8f6f4(s)) {
    if (!mfma_f8f6f4_format_valid(mods.cbsz) || !mfma_f8f6f4_format_valid(mods.blgp)) {
      return {StatusCode::kInvalidArgument,
              where() + "cbsz/blgp must be f8f6f4 format codes 0-4, got cbsz=" + std::to_string(mods.cbsz) +
                  " blgp=" + std::to_string(mods.blgp)};
    }
    if (s.scaled && (mods.scale_a == nullptr || mods.scale_b == nullptr)) {
      return {StatusCode::kInvalidArgument, where() + "scaled MFMA needs scale_a and scale_b"};
    }
    if (mods.scale_a_byte > 3 || mods.scale_b_byte > 3) {
      return {StatusCode::kInvalidArgument, where() + "scale byte selectors must be 0-3"};
    }
    return Status::ok();
  }
  if (mods.cbsz != 0 || mods.abid != 0) {
    if (s.blocks == 1) {
      return {StatusCode::kUnsupported, where() + "CBSZ/ABID on a single-block MFMA is not modelled"};
    }
    if (mods.cbsz > 4 || (1 << mods.cbsz) > s.blocks || mods.abid >= (1 << mods.cbsz)) {
      return {StatusCode::kUnsupported, where() + "CBSZ=" + std::to_string(mods.cbsz) + " ABID=" +
                                            std::to_string(mods.abid) + " outside the " +
                                            std::to_string(s.blocks) + "-block broadcast range"};
    }
  }
  if (s.a_type != MfmaType::kF64 && mods.blgp > 7) {
    return {StatusCode::kInvalidArgument, where() + "BLGP must be 0-7"};
  }
  return Status::ok();
}

Status execute_float(const MfmaShape& s, Gfx gfx, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                     uint32_t* d, const MfmaModifiers& mods, const detail::MfmaPlan& plan) {
  alignas(64) float a_dense[kMaxDense];
  alignas(64) float b_dense[kMaxDense];
  alignas(64) float acc[kMaxDense];
  int a_lanes[kLanes];
  int b_lanes[kLanes];
  const int k_per_lane = mfma_k_per_lane(s);
  const bool f8f6f4 = is_f8f6f4(s);
  a_source_lanes(s, mods, !f8f6f4 && (mods.cbsz != 0 || mods.abid != 0), a_lanes);
  b_source_lanes(f8f6f4 ? 0 : mods.blgp, b_lanes);

  if (f8f6f4) {
    const F8F6F4Decoder a_dec(static_cast<MfmaF8F6F4Format>(mods.cbsz));
    const F8F6F4Decoder b_dec(static_cast<MfmaF8F6F4Format>(mods.blgp));
    const int a_regs = mfma_f8f6f4_operand_regs(s, static_cast<MfmaF8F6F4Format>(mods.cbsz));
    const int b_regs = mfma_f8f6f4_operand_regs(s, static_cast<MfmaF8F6F4Format>(mods.blgp));
    const int a_slot = detail::plan_width_slot(a_dec.bits);
    const int b_slot = detail::plan_width_slot(b_dec.bits);
    gather_input(a, a_regs, a_dec.bits, k_per_lane, plan.a_index[a_slot].data(), a_lanes,
                 TableDecode{a_dec.table}, a_dense);
    gather_input(b, b_regs, b_dec.bits, k_per_lane, plan.b_index[b_slot].data(), b_lanes,
                 TableDecode{b_dec.table}, b_dense);
    if (s.scaled) {
      // One E8M0 scale per row (A) / column (B) and 32-wide k block; powers of two, so applying them
      // to the inputs equals applying them to each block's partial dot product (up to f32 range).
      const int a_shift = 8 * mods.scale_a_byte, b_shift = 8 * mods.scale_b_byte;
      for (int i = 0; i < s.m; ++i) {
        for (int kk = 0; kk < s.k; ++kk) {
          const uint32_t lane_word = mods.scale_a[i + s.m * (kk / 32)];
          a_dense[i * s.k + kk] *= e8m0_to_f32(static_cast<uint8_t>(lane_word >> a_shift));
        }
      }
      for (int kk = 0; kk < s.k; ++kk) {
        for (int j = 0; j < s.n; ++j) {
          const uint32_t lane_word = mods.scale_b[j + s.n * (kk / 32)];
          b_dense[kk * s.n + j] *= e8m0_to_f32(static_cast<uint8_t>(lane_word >> b_shift));
        }
      }
    }
  } else {
    const uint16_t* a_index = plan.a_index[0].data();
    const uint16_t* b_index = plan.b_index[0].data();
    // A and B have the same type in every non-f8f6f4 row except the mixed fp8/bf8 ones.
    auto gather_typed = [&](MfmaType type, const uint32_t* operand, int regs, const uint16_t* index,
                            const int* lanes, float* dense) {
      switch (type) {
        case MfmaType::kF32:
          gather_input(operand, regs, 32, k_per_lane, index, lanes, DecodeF32{}, dense);
          break;
        case MfmaType::kXf32:
          gather_input(operand, regs, 32, k_per_lane, index, lanes, DecodeXf32{}, dense);
          break;
        case MfmaType::kF16:
          gather_input(operand, regs, 16, k_per_lane, index, lanes, DecodeF16{}, dense);
          break;
        case MfmaType::kBf16:
          gather_input(operand, regs, 16, k_per_lane, index, lanes, DecodeBf16{}, dense);
          break;
        case MfmaType::kFp8:
        case MfmaType::kBf8: {
          const TableDecode decode{fp8_decode_table(fp8_format(gfx, type == MfmaType::kBf8))};
          gather_input(operand, regs, 8, k_per_lane, index, lanes, decode, dense);
          break;
        }
        default: break;
      }
    };
    gather_typed(s.a_type, a, s.a_regs, a_index, a_lanes, a_dense);
    gather_typed(s.b_type, b, s.b_regs, b_index, b_lanes, b_dense);
  }

  const int cd_words = s.cd_regs * kLanes;
  const uint16_t* cd_index = plan.cd_index.data();
  for (int w = 0; w < cd_words; ++w) acc[cd_index[w]] = std::bit_cast<float>(c[w]);
  multiply_accumulate(s, a_dense, b_dense, acc);
  for (int w = 0; w < cd_words; ++w) d[w] = std::bit_cast<uint32_t>(acc[cd_index[w]]);
  return Status::ok();
}

Status execute_i8(const MfmaShape& s, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
                  const MfmaModifiers& mods, const detail::MfmaPlan& plan) {
  alignas(64) uint32_t a_dense[kMaxDense];
  alignas(64) uint32_t b_dense[kMaxDense];
  alignas(64) uint32_t acc[kMaxDense];
  int a_lanes[kLanes];
  int b_lanes[kLanes];
  const int k_per_lane = mfma_k_per_lane(s);
  a_source_lanes(s, mods, mods.cbsz != 0 || mods.abid != 0, a_lanes);
  b_source_lanes(mods.blgp, b_lanes);
  gather_input(a, s.a_regs, 8, k_per_lane, plan.a_index[0].data(), a_lanes, DecodeI8{}, a_dense);
  gather_input(b, s.b_regs, 8, k_per_lane, plan.b_index[0].data(), b_lanes, DecodeI8{}, b_dense);
  const int cd_words = s.cd_regs * kLanes;
  const uint16_t* cd_index = plan.cd_index.data();
  for (int w = 0; w < cd_words; ++w) acc[cd_index[w]] = c[w];
  multiply_accumulate(s, a_dense, b_dense, acc);
  for (int w = 0; w < cd_words; ++w) d[w] = acc[cd_index[w]];
  return Status::ok();
}

Status execute_f64(const MfmaShape& s, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
                   const MfmaModifiers& mods, const detail::MfmaPlan& plan) {
  alignas(64) double a_dense[kMaxDense / 2];
  alignas(64) double b_dense[kMaxDense / 2];
  alignas(64) double acc[kMaxDense / 2];
  int a_lanes[kLanes];
  int b_lanes[kLanes];
  a_source_lanes(s, mods, mods.cbsz != 0 || mods.abid != 0, a_lanes);
  b_source_lanes(0, b_lanes);  // the BLGP field is NEG on f64 MFMA
  gather_f64(a, plan.a_index[0].data(), a_lanes, (mods.neg & 1) ? -1.0 : 1.0, a_dense);
  gather_f64(b, plan.b_index[0].data(), b_lanes, (mods.neg & 2) ? -1.0 : 1.0, b_dense);
  const double c_sign = (mods.neg & 4) ? -1.0 : 1.0;
  const int cd_elems = s.cd_regs / 2;
  const uint16_t* cd_index = plan.cd_index.data();
  for (int e = 0; e < cd_elems; ++e) {
    for (int lane = 0; lane < kLanes; ++lane) {
      const uint64_t bits = uint64_t{c[2 * e * kLanes + lane]} | uint64_t{c[(2 * e + 1) * kLanes + lane]} << 32;
      acc[cd_index[e * kLanes + lane]] = c_sign * std::bit_cast<double>(bits);
    }
  }
  multiply_accumulate(s, a_dense, b_dense, acc);
  for (int e = 0; e < cd_elems; ++e) {
    for (int lane = 0; lane < kLanes; ++lane) {
      const auto bits = std::bit_cast<uint64_t>(acc[cd_index[e * kLanes + lane]]);
      d[2 * e * kLanes + lane] = static_cast<uint32_t>(bits);
      d[(2 * e + 1) * kLanes + lane] = static_cast<uint32_t>(bits >> 32);
    }
  }
  return Status::ok();
}

}  // namespace

int mfma_a_regs(const MfmaShape& shape, const MfmaModifiers& mods) {
  if (is_f8f6f4(shape) && mfma_f8f6f4_format_valid(mods.cbsz)) {
    return mfma_f8f6f4_operand_regs(shape, static_cast<MfmaF8F6F4Format>(mods.cbsz));
  }
  return shape.a_regs;
}

int mfma_b_regs(const MfmaShape& shape, const MfmaModifiers& mods) {
  if (is_f8f6f4(shape) && mfma_f8f6f4_format_valid(mods.blgp)) {
    return mfma_f8f6f4_operand_regs(shape, static_cast<MfmaF8F6F4Format>(mods.blgp));
  }
  return shape.b_regs;
}

Status mfma_execute(const MfmaShape& shape, Gfx gfx, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                    uint32_t* d, const MfmaModifiers& mods) {
  if (a == nullptr || b == nullptr || c == nullptr || d == nullptr) {
    return {StatusCode::kInvalidArgument, std::string(shape.mnemonic) + ": null register array"};
  }
  const detail::MfmaPlan* plan = detail::mfma_plan(shape);
  if (plan == nullptr) {
    return {StatusCode::kInvalidArgument, "unknown MFMA shape '" + std::string(shape.mnemonic) + "'"};
  }
  if (!shape.available_on(gfx)) {
    return {StatusCode::kUnsupported, std::string(shape.mnemonic) + " does not exist on " +
                                          (gfx == Gfx::k942 ? "gfx942" : "gfx950")};
  }
  INGOT_RETURN_IF_ERROR(check_modifiers(shape, mods));
  switch (shape.cd_type) {
    case MfmaType::kI32: return execute_i8(shape, a, b, c, d, mods, *plan);
    case MfmaType::kF64: return execute_f64(shape, a, b, c, d, mods, *plan);
    default: return execute_float(shape, gfx, a, b, c, d, mods, *plan);
  }
}

}  // namespace ingot::emu
