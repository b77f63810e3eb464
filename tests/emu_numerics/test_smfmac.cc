// Sparse MFMA (v_smfmac_*): the shape table against LLVM's facts and AMD's published peaks, the layout
// against the matrix instruction calculator's documented examples, and smfmac_execute against a
// double-precision reference over registers written by the independent layout in smfmac_reference.h.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ingot_emu/number_formats.h"
#include "ingot_emu/smfmac.h"
#include "smfmac_reference.h"

namespace {

using namespace ingot::emu;

struct Expected {
  const char* mnemonic;
  int passes942, passes950;     // 0 = not on the target
  int a_regs, b_regs, cd_regs;  // register ranges in LLVM's tests, e.g. v[4:7] -> 4
};

// Passes: llvm-mca gfx942-mfma.s / gfx940-mfma.s and gfx950.s (HWXDL cycles; 32x32x16_bf16 is in none of
// them and takes its f16 sibling's 8). Widths: mai-gfx940.s / mai-gfx950.s / llvm-mca operand ranges.
const Expected kExpected[] = {
    {"v_smfmac_f32_16x16x32_f16", 4, 4, 2, 4, 4},       {"v_smfmac_f32_32x32x16_f16", 8, 8, 2, 4, 16},
    {"v_smfmac_f32_16x16x32_bf16", 4, 4, 2, 4, 4},      {"v_smfmac_f32_32x32x16_bf16", 8, 8, 2, 4, 16},
    {"v_smfmac_i32_16x16x64_i8", 4, 4, 2, 4, 4},        {"v_smfmac_i32_32x32x32_i8", 8, 8, 2, 4, 16},
    {"v_smfmac_f32_16x16x64_bf8_bf8", 4, 4, 2, 4, 4},   {"v_smfmac_f32_16x16x64_bf8_fp8", 4, 4, 2, 4, 4},
    {"v_smfmac_f32_16x16x64_fp8_bf8", 4, 4, 2, 4, 4},   {"v_smfmac_f32_16x16x64_fp8_fp8", 4, 4, 2, 4, 4},
    {"v_smfmac_f32_32x32x32_bf8_bf8", 8, 8, 2, 4, 16},  {"v_smfmac_f32_32x32x32_bf8_fp8", 8, 8, 2, 4, 16},
    {"v_smfmac_f32_32x32x32_fp8_bf8", 8, 8, 2, 4, 16},  {"v_smfmac_f32_32x32x32_fp8_fp8", 8, 8, 2, 4, 16},
    {"v_smfmac_f32_16x16x64_f16", 0, 4, 4, 8, 4},       {"v_smfmac_f32_32x32x32_f16", 0, 8, 4, 8, 16},
    {"v_smfmac_f32_16x16x64_bf16", 0, 4, 4, 8, 4},      {"v_smfmac_f32_32x32x32_bf16", 0, 8, 4, 8, 16},
    {"v_smfmac_i32_16x16x128_i8", 0, 4, 4, 8, 4},       {"v_smfmac_i32_32x32x64_i8", 0, 8, 4, 8, 16},
    {"v_smfmac_f32_16x16x128_bf8_bf8", 0, 4, 4, 8, 4},  {"v_smfmac_f32_16x16x128_bf8_fp8", 0, 4, 4, 8, 4},
    {"v_smfmac_f32_16x16x128_fp8_bf8", 0, 4, 4, 8, 4},  {"v_smfmac_f32_16x16x128_fp8_fp8", 0, 4, 4, 8, 4},
    {"v_smfmac_f32_32x32x64_bf8_bf8", 0, 8, 4, 8, 16},  {"v_smfmac_f32_32x32x64_bf8_fp8", 0, 8, 4, 8, 16},
    {"v_smfmac_f32_32x32x64_fp8_bf8", 0, 8, 4, 8, 16},  {"v_smfmac_f32_32x32x64_fp8_fp8", 0, 8, 4, 8, 16},
};

TEST(SmfmacShapes, EveryRowMatchesLlvm) {
  for (const Expected& e : kExpected) {
    const SmfmacShape* s = find_smfmac_shape(e.mnemonic);
    ASSERT_NE(s, nullptr) << e.mnemonic;
    EXPECT_EQ(s->passes[0], e.passes942) << e.mnemonic;
    EXPECT_EQ(s->passes[1], e.passes950) << e.mnemonic;
    EXPECT_EQ(s->a_regs, e.a_regs) << e.mnemonic;
    EXPECT_EQ(s->b_regs, e.b_regs) << e.mnemonic;
    EXPECT_EQ(s->cd_regs, e.cd_regs) << e.mnemonic;
    // A stores half of M x K, B is K x N, D is M x N (64 lanes, 32-bit registers).
    const int bits = smfmac_ref::bits_of(s->a_type);
    EXPECT_EQ(s->a_regs * 64 * 32, s->m * s->k / 2 * bits) << e.mnemonic;
    EXPECT_EQ(s->b_regs * 64 * 32, s->k * s->n * bits) << e.mnemonic;
  }
  EXPECT_EQ(smfmac_shapes().size(), std::size(kExpected)) << "a row without an outside check";
  EXPECT_EQ(find_smfmac_shape("v_mfma_f32_16x16x16_f16"), nullptr);
}

TEST(SmfmacShapes, PeakThroughputIsTwiceTheDensePeak) {
  // AMD's published sparse peaks: MI300X (1216 matrix cores, 2.1 GHz) 2614.9 TFLOP/s FP16, 5229.8 FP8;
  // MI355X (1024 matrix cores, 2.4 GHz) 5.0 PFLOP/s FP16, 10.1 PFLOP/s FP8. Dense-equivalent flops.
  auto tflops = [](const char* name, Gfx gfx, double cores, double hz) {
    const SmfmacShape* s = find_smfmac_shape(name);
    return 2.0 * s->m * s->n * s->k * cores * hz / (4.0 * smfmac_passes(*s, gfx)) / 1e12;
  };
  EXPECT_NEAR(tflops("v_smfmac_f32_32x32x16_f16", Gfx::k942, 1216, 2.1e9), 2614.9, 0.5);
  EXPECT_NEAR(tflops("v_smfmac_f32_16x16x64_fp8_fp8", Gfx::k942, 1216, 2.1e9), 5229.8, 0.5);
  EXPECT_NEAR(tflops("v_smfmac_f32_16x16x64_bf16", Gfx::k950, 1024, 2.4e9), 5033.2, 1.0);
  EXPECT_NEAR(tflops("v_smfmac_f32_32x32x64_fp8_fp8", Gfx::k950, 1024, 2.4e9), 10066.3, 1.0);
}

TEST(SmfmacLayout, CalculatorDocumentedExamples) {
  // "K[2][31] = v0{50}.[7:4]" and, with --cbsz 0 --abid 3, "v0{50}.[31:28]".
  const SmfmacShape& s = *find_smfmac_shape("v_smfmac_f32_16x16x32_f16");
  EXPECT_EQ(smfmac_ref::a_slot(s, 2, 31, 0).lane, 50);
  EXPECT_EQ(smfmac_ref::index_bit(s, 31, 0, 0), 4);
  EXPECT_EQ(smfmac_ref::index_bit(s, 31, 1, 3), 30);
  // The library: lane 50 is lane group 3, whose slots 2 and 3 belong to the 4-group at k = 28..31, and
  // set 3 of 8-bit sets starts at bit 24.
  EXPECT_EQ(smfmac_a_group_base(s, 50 / s.m, 2), 28);
  EXPECT_EQ(smfmac_a_group_base(s, 50 / s.m, 3), 28);
  EXPECT_EQ(smfmac_index_set(s, 0, 3) * smfmac_index_set_bits(s), 24);
  EXPECT_EQ(smfmac_index_set(s, 2, 3), 0);  // CBSZ != 0: ABID ignored, set 0
  // 8-bit inputs: 16-bit sets, ABID 0 or 1.
  const SmfmacShape& i8 = *find_smfmac_shape("v_smfmac_i32_16x16x64_i8");
  EXPECT_EQ(smfmac_index_sets(i8), 2);
  EXPECT_EQ(smfmac_index_set(i8, 0, 2), -1);
}

TEST(SmfmacLayout, LibraryMatchesReferenceEverywhere) {
  // Every stored A slot and every B element, both directions, on every shape.
  for (const SmfmacShape& s : smfmac_shapes()) {
    for (int i = 0; i < s.m; ++i) {
      for (int k = 0; k < s.k; k += 4) {
        for (int n = 0; n < 2; ++n) {
          const smfmac_ref::Slot slot = smfmac_ref::a_slot(s, i, k, n);
          EXPECT_EQ(slot.lane % s.m, i);
          EXPECT_EQ(smfmac_a_group_base(s, slot.lane / s.m, slot.elem), k) << s.mnemonic;
        }
      }
    }
    for (int k = 0; k < s.k; ++k) {
      const smfmac_ref::Slot slot = smfmac_ref::b_slot(s, k, 0);
      EXPECT_EQ(smfmac_b_k(s, slot.lane / s.n, slot.elem), k) << s.mnemonic << " k=" << k;
    }
  }
}

// ---- execution ----

// Encodes a small value exactly in the operand type (the values used are representable in all of them).
uint32_t encode(MfmaType type, Gfx gfx, double v) {
  switch (type) {
    case MfmaType::kF16: return std::bit_cast<uint16_t>(static_cast<_Float16>(v));
    case MfmaType::kBf16: return std::bit_cast<uint32_t>(static_cast<float>(v)) >> 16;
    case MfmaType::kI8: return static_cast<uint8_t>(static_cast<int8_t>(v));
    default: return f32_to_fp8(static_cast<float>(v), fp8_format(gfx, type == MfmaType::kBf8), false);
  }
}

double decode(MfmaType type, Gfx gfx, uint32_t code) {
  switch (type) {
    case MfmaType::kF16: return static_cast<double>(std::bit_cast<_Float16>(static_cast<uint16_t>(code)));
    case MfmaType::kBf16: return std::bit_cast<float>(code << 16);
    case MfmaType::kI8: return static_cast<int8_t>(static_cast<uint8_t>(code));
    default: return fp8_to_f32(static_cast<uint8_t>(code), fp8_format(gfx, type == MfmaType::kBf8));
  }
}

struct Problem {
  std::vector<uint32_t> a, b, index, c;
  std::vector<double> expected;  // D, register-major like c
};

// Index patterns: `structured` draws one of the 6 ascending position pairs per 4-group (what pruning
// produces); otherwise any of the 16 (equal or descending positions included), where the reference
// still multiplies each stored value by the B row its index names.
Problem make_problem(const SmfmacShape& s, Gfx gfx, int set, std::mt19937& rng, bool structured,
                     bool fractional) {
  Problem p;
  p.a.assign(size_t(s.a_regs) * 64, 0);
  p.b.assign(size_t(s.b_regs) * 64, 0);
  p.c.assign(size_t(s.cd_regs) * 64, 0);
  p.index.resize(64);
  for (uint32_t& w : p.index) w = static_cast<uint32_t>(rng());  // other sets: garbage
  const int a_bits = smfmac_ref::bits_of(s.a_type), b_bits = smfmac_ref::bits_of(s.b_type);
  const bool integer = s.cd_type == MfmaType::kI32;
  std::uniform_int_distribution<int> small(-4, 4), pos(0, 3), pair(0, 5);
  std::uniform_int_distribution<int> frac(-64, 64);
  auto value = [&](MfmaType t) {
    // Fractional values only for 16-bit types: n/64 with |n| <= 64 is exact in f16 and bf16 here.
    return fractional && (t == MfmaType::kF16 || t == MfmaType::kBf16) ? frac(rng) / 64.0 : double(small(rng));
  };
  std::vector<double> bm(size_t(s.k) * s.n);
  for (int k = 0; k < s.k; ++k) {
    for (int j = 0; j < s.n; ++j) {
      const uint32_t code = encode(s.b_type, gfx, value(s.b_type));
      bm[size_t(k) * s.n + j] = decode(s.b_type, gfx, code);
      const smfmac_ref::Slot at = smfmac_ref::b_slot(s, k, j);
      smfmac_ref::put(p.b.data(), at.lane, at.elem, b_bits, code);
    }
  }
  // Rows of A as (value, k) terms.
  static constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  std::vector<std::vector<std::pair<double, int>>> terms(s.m);
  for (int i = 0; i < s.m; ++i) {
    for (int k = 0; k < s.k; k += 4) {
      const int which = pair(rng);
      for (int n = 0; n < 2; ++n) {
        const int position = structured ? kPairs[which][n] : pos(rng);
        const uint32_t code = encode(s.a_type, gfx, value(s.a_type));
        terms[size_t(i)].push_back({decode(s.a_type, gfx, code), k + position});
        const smfmac_ref::Slot at = smfmac_ref::a_slot(s, i, k, n);
        smfmac_ref::put(p.a.data(), at.lane, at.elem, a_bits, code);
        smfmac_ref::put(p.index.data(), at.lane, smfmac_ref::index_bit(s, k, n, set) / 2, 2,
                        static_cast<uint32_t>(position));
      }
    }
  }
  p.expected.resize(p.c.size());
  for (int i = 0; i < s.m; ++i) {
    for (int j = 0; j < s.n; ++j) {
      const double c = integer ? double(small(rng) * 1000) : value(MfmaType::kF16);
      const smfmac_ref::Slot at = smfmac_ref::d_slot(s, i, j);
      const size_t w = size_t(at.elem) * 64 + size_t(at.lane);
      p.c[w] = integer ? static_cast<uint32_t>(static_cast<int32_t>(c)) : std::bit_cast<uint32_t>(static_cast<float>(c));
      double sum = c;
      for (const auto& [v, k] : terms[size_t(i)]) sum += v * bm[size_t(k) * s.n + j];
      p.expected[w] = sum;
    }
  }
  return p;
}

double result(const SmfmacShape& s, uint32_t word) {
  return s.cd_type == MfmaType::kI32 ? double(static_cast<int32_t>(word)) : double(std::bit_cast<float>(word));
}

void check_shape(const SmfmacShape& s, Gfx gfx, int cbsz, int abid, bool structured, bool fractional,
                 std::mt19937& rng) {
  const int set = cbsz != 0 ? 0 : abid;  // the calculator's rule, not the library's function
  const Problem p = make_problem(s, gfx, set, rng, structured, fractional);
  std::vector<uint32_t> d(p.c.size(), 0xdeadbeefu);
  const SmfmacModifiers mods{static_cast<uint8_t>(cbsz), static_cast<uint8_t>(abid), 0};
  const ingot::Status status = smfmac_execute(s, gfx, p.a.data(), p.b.data(), p.index.data(), p.c.data(), d.data(), mods);
  ASSERT_TRUE(status.is_ok()) << status.to_string();
  int bad = 0;
  for (size_t w = 0; w < d.size() && bad < 5; ++w) {
    // Integer-valued and n/64 inputs: every partial sum is exact in f32, so the model is exact.
    if (result(s, d[w]) != p.expected[w]) {
      ++bad;
      ADD_FAILURE() << s.mnemonic << (gfx == Gfx::k942 ? " gfx942" : " gfx950") << " cbsz=" << cbsz
                    << " abid=" << abid << " reg " << w / 64 << " lane " << w % 64 << ": got " << result(s, d[w])
                    << ", want " << p.expected[w];
    }
  }
}

TEST(SmfmacExecute, EveryShapeEveryTargetEveryIndexSet) {
  std::mt19937 rng(1234);
  for (const SmfmacShape& s : smfmac_shapes()) {
    for (Gfx gfx : {Gfx::k942, Gfx::k950}) {
      if (!s.available_on(gfx)) continue;
      // 32-bit index VGPR / (2 bits per stored value) = the number of sets ABID can pick from.
      const int sets = 32 / (2 * (s.m * s.k / 64 / 2));
      for (int abid = 0; abid < sets; ++abid) check_shape(s, gfx, 0, abid, true, false, rng);
      check_shape(s, gfx, 1, 3, true, false, rng);  // CBSZ != 0: set 0 whatever ABID says
      check_shape(s, gfx, 0, 0, true, true, rng);
    }
  }
}

TEST(SmfmacExecute, DegenerateIndexPatterns) {
  // Equal or descending positions: each stored value still multiplies the row its index names.
  std::mt19937 rng(99);
  for (const SmfmacShape& s : smfmac_shapes()) {
    for (Gfx gfx : {Gfx::k942, Gfx::k950}) {
      if (s.available_on(gfx)) check_shape(s, gfx, 0, 0, false, false, rng);
    }
  }
}

TEST(SmfmacExecute, UnnamedBRowsNeverReachD) {
  // A 0 that is not stored is not multiplied: inf in a B row no index names leaves D finite.
  const SmfmacShape& s = *find_smfmac_shape("v_smfmac_f32_16x16x32_f16");
  std::vector<uint32_t> a(128, 0x3c003c00u), b(256, 0), index(64, 0x44u), c(256, 0), d(256);  // positions 0, 1
  // A lane's 8 B elements are its group's k 0..7; the indices name elements 0, 1, 4, 5 (register 0 and 2).
  for (int lane = 0; lane < 64; ++lane) b[size_t(lane)] = 0x3c003c00u;       // elements 0-1: 1.0
  for (int lane = 0; lane < 64; ++lane) b[size_t(64 + lane)] = 0x7c007c00u;  // elements 2-3: +inf
  ASSERT_TRUE(smfmac_execute(s, Gfx::k942, a.data(), b.data(), index.data(), c.data(), d.data()).is_ok());
  for (uint32_t w : d) EXPECT_TRUE(std::isfinite(std::bit_cast<float>(w)));
}

TEST(SmfmacExecute, ErrorsAreValues) {
  const SmfmacShape& s942 = *find_smfmac_shape("v_smfmac_f32_16x16x32_f16");
  const SmfmacShape& s950 = *find_smfmac_shape("v_smfmac_f32_16x16x64_f16");
  std::vector<uint32_t> a(512, 0), b(512, 0), index(64, 0), c(1024, 0), d(1024, 7);
  EXPECT_EQ(smfmac_execute(s950, Gfx::k942, a.data(), b.data(), index.data(), c.data(), d.data()).code(),
            ingot::StatusCode::kUnsupported);
  EXPECT_EQ(smfmac_execute(s942, Gfx::k942, nullptr, b.data(), index.data(), c.data(), d.data()).code(),
            ingot::StatusCode::kInvalidArgument);
  const auto abid_too_big = smfmac_execute(s950, Gfx::k950, a.data(), b.data(), index.data(), c.data(), d.data(),
                                           SmfmacModifiers{0, 2, 0});
  EXPECT_EQ(abid_too_big.code(), ingot::StatusCode::kUnsupported);
  EXPECT_NE(abid_too_big.message().find("not emulated"), std::string::npos) << abid_too_big.message();
  EXPECT_EQ(smfmac_execute(s942, Gfx::k942, a.data(), b.data(), index.data(), c.data(), d.data(),
                           SmfmacModifiers{0, 0, 1}).code(),
            ingot::StatusCode::kUnsupported);
  EXPECT_EQ(d[0], 7u) << "d written on error";
  // A copy of a row (not the table's own object) still works: lookup is by mnemonic.
  const SmfmacShape copy = s942;
  EXPECT_TRUE(smfmac_execute(copy, Gfx::k950, a.data(), b.data(), index.data(), c.data(), d.data()).is_ok());
}

TEST(SmfmacExecute, DestinationMayAliasAccumulator) {
  std::mt19937 rng(7);
  const SmfmacShape& s = *find_smfmac_shape("v_smfmac_f32_32x32x16_bf16");
  const Problem p = make_problem(s, Gfx::k942, 0, rng, true, false);
  std::vector<uint32_t> cd = p.c;
  ASSERT_TRUE(smfmac_execute(s, Gfx::k942, p.a.data(), p.b.data(), p.index.data(), cd.data(), cd.data()).is_ok());
  for (size_t w = 0; w < cd.size(); ++w) ASSERT_EQ(std::bit_cast<float>(cd[w]), p.expected[w]) << w;
}

}  // namespace
