// smfmac_execute: decode B into its dense K x N matrix, turn each lane's stored A values and 2-bit
// indices into (value, dense k) pairs per row, then run the k-ordered multiply-accumulate of the dense
// MFMA model over the stored values only.
#include <bit>
#include <string>

#include "ingot_emu/number_formats.h"
#include "ingot_emu/smfmac.h"

namespace ingot::emu {
namespace {

constexpr int kLanes = 64;
constexpr int kMaxDenseB = 2048;  // K x N of the largest shape (128 x 16 or 64 x 32)
constexpr int kMaxRowTerms = 64;  // K / 2 of the largest shape
constexpr int kMaxRows = 32;
constexpr int kMaxOut = 16 * kLanes;  // 16 accumulator registers

// Element `elem` (width `bits` <= 16) of `lane` in an operand packed little-endian across registers.
uint32_t element(const uint32_t* operand, int lane, int elem, int bits) {
  const int bit = elem * bits;
  return (operand[(bit >> 5) * kLanes + lane] >> (bit & 31)) & ((1u << bits) - 1u);
}

// Decodes one element code of `type` to the accumulation type (float, or int32 held as uint32 so the
// integer chain wraps without UB).
struct Decoder {
  MfmaType type;
  const float* fp8_table = nullptr;

  Decoder(MfmaType t, Gfx gfx) : type(t) {
    if (t == MfmaType::kFp8 || t == MfmaType::kBf8) fp8_table = fp8_decode_table(fp8_format(gfx, t == MfmaType::kBf8));
  }
  float to_float(uint32_t code) const {
    switch (type) {
      case MfmaType::kF16: return f16_to_f32(static_cast<uint16_t>(code));
      case MfmaType::kBf16: return bf16_to_f32(static_cast<uint16_t>(code));
      default: return fp8_table[code & 0xffu];
    }
  }
  static uint32_t to_int(uint32_t code) {
    return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(static_cast<uint8_t>(code))));
  }
};

// Output element `elem` of `lane` in D: the dense MFMA C/D layouts (one block).
void cd_coord(const SmfmacShape& s, int lane, int elem, int& row, int& col) {
  if (s.m == 32) {
    row = 8 * (elem / 4) + 4 * (lane / 32) + elem % 4;
    col = lane % 32;
  } else {
    row = 4 * (lane / 16) + elem % 4;
    col = lane % 16;
  }
}

template <typename Acc, typename DecodeA, typename DecodeB, typename Mac>
void run(const SmfmacShape& s, const uint32_t* a, const uint32_t* b, const uint32_t* index, int set,
         const uint32_t* c, uint32_t* d, DecodeA decode_a, DecodeB decode_b, Mac mac) {
  const int a_bits = mfma_type_bits(s.a_type), b_bits = mfma_type_bits(s.b_type);
  const int groups = smfmac_lane_groups(s), a_per_lane = smfmac_a_per_lane(s), b_per_lane = smfmac_b_per_lane(s);
  const int set_shift = set * smfmac_index_set_bits(s);

  Acc b_dense[kMaxDenseB];
  for (int lane = 0; lane < kLanes; ++lane) {
    const int j = lane % s.n, group = lane / s.n;
    for (int e = 0; e < b_per_lane; ++e) {
      b_dense[smfmac_b_k(s, group, e) * s.n + j] = decode_b(element(b, lane, e, b_bits));
    }
  }
  // Row i's terms in (lane group, slot) order: lane i + M*g holds group g's slots.
  Acc term_value[kMaxRows][kMaxRowTerms];
  int term_k[kMaxRows][kMaxRowTerms];
  for (int lane = 0; lane < kLanes; ++lane) {
    const int i = lane % s.m, group = lane / s.m;
    const uint32_t indices = index[lane] >> set_shift;
    for (int slot = 0; slot < a_per_lane; ++slot) {
      const int t = group * a_per_lane + slot;
      term_value[i][t] = decode_a(element(a, lane, slot, a_bits));
      term_k[i][t] = smfmac_a_group_base(s, group, slot) + static_cast<int>((indices >> (2 * slot)) & 3u);
    }
  }
  const int terms = groups * a_per_lane;
  Acc out[kMaxOut];
  for (int elem = 0; elem < s.cd_regs; ++elem) {
    for (int lane = 0; lane < kLanes; ++lane) {
      int i = 0, j = 0;
      cd_coord(s, lane, elem, i, j);
      Acc acc = std::bit_cast<Acc>(c[elem * kLanes + lane]);
      for (int t = 0; t < terms; ++t) acc = mac(acc, term_value[i][t], b_dense[term_k[i][t] * s.n + j]);
      out[elem * kLanes + lane] = acc;
    }
  }
  // Written only after every input was read, so d may alias any of them.
  for (int w = 0; w < s.cd_regs * kLanes; ++w) d[w] = std::bit_cast<uint32_t>(out[w]);
}

}  // namespace

Status smfmac_execute(const SmfmacShape& shape, Gfx gfx, const uint32_t* a, const uint32_t* b,
                      const uint32_t* index, const uint32_t* c, uint32_t* d, const SmfmacModifiers& mods) {
  const std::string name(shape.mnemonic);
  if (a == nullptr || b == nullptr || index == nullptr || c == nullptr || d == nullptr) {
    return {StatusCode::kInvalidArgument, name + ": null register array"};
  }
  if (find_smfmac_shape(shape.mnemonic) == nullptr) {
    return {StatusCode::kInvalidArgument, "unknown sparse MFMA '" + name + "'"};
  }
  if (!shape.available_on(gfx)) {
    return {StatusCode::kUnsupported, name + " does not exist on " + (gfx == Gfx::k942 ? "gfx942" : "gfx950")};
  }
  if (mods.blgp != 0) {
    return {StatusCode::kUnsupported, name + ": BLGP=" + std::to_string(mods.blgp) +
                                          " is not part of the smfmac syntax and is not emulated"};
  }
  const int set = smfmac_index_set(shape, mods.cbsz, mods.abid);
  if (set < 0) {
    return {StatusCode::kUnsupported, name + ": ABID=" + std::to_string(mods.abid) + " with CBSZ=0 names index set " +
                                          std::to_string(mods.abid) + " but the index VGPR holds " +
                                          std::to_string(smfmac_index_sets(shape)) +
                                          " set(s); what the hardware reads then is not published: not emulated"};
  }
  if (shape.cd_type == MfmaType::kI32) {
    const auto dec = [](uint32_t code) { return Decoder::to_int(code); };
    run<uint32_t>(shape, a, b, index, set, c, d, dec, dec,
                  [](uint32_t acc, uint32_t x, uint32_t y) { return acc + x * y; });
    return Status::ok();
  }
  const Decoder a_dec(shape.a_type, gfx), b_dec(shape.b_type, gfx);
  run<float>(shape, a, b, index, set, c, d, [&a_dec](uint32_t code) { return a_dec.to_float(code); },
             [&b_dec](uint32_t code) { return b_dec.to_float(code); },
             // Products of 16-bit and narrower inputs are exact in f32; one rounding per addition.
             [](float acc, float x, float y) { return acc + x * y; });
  return Status::ok();
}

}  // namespace ingot::emu
