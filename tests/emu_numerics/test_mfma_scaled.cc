// gfx950 v_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4 against a CPU reference written from the OCP MX
// specification (v1.0, section 6.3 "dot product of two MX blocks": the result is
// sum_k (2^(Xa-127) * Pa_k) * (2^(Xb-127) * Pb_k), one E8M0 scale X per 32-element block; X = 0xFF
// is NaN and makes the block NaN), computed in double from the independent format decoders
// (reference_formats.h), with random element codes and random scales, for all 25 format pairs.
// Where the scale of A[i][k] lives: lane i + M*floor(k/32) of the scale VGPR, i.e. lane l holds row
// l % M and 32-wide k block l / M (Triton's chooseScaledMfmaScaleLayout: lane bits 0..3 (16x16) or
// 0..4 (32x32) walk M, the remaining lane bits walk the K/32 scale index). Byte: scale_a_byte.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ingot_emu/mfma.h"
#include "mfma_reference.h"
#include "reference_formats.h"

namespace {

using namespace ingot::emu;

constexpr int kLanes = 64;


// A random finite code of `format` (FP8 NaN/inf codes are skipped: the MX spec's dot product of
// finite blocks is what this test checks; NaN scales are checked separately).
uint32_t random_code(int format, std::mt19937& rng) {
  for (;;) {
    const uint32_t code = static_cast<uint32_t>(rng()) & ((1u << ref::f8f6f4_bits(format)) - 1);
    if (std::isfinite(ref::f8f6f4(format, code))) return code;
  }
}

void put(std::vector<uint32_t>& regs, int lane, int elem, int bits, uint32_t code) {
  for (int bit = 0; bit < bits; ++bit) {
    const int pos = elem * bits + bit;
    if ((code >> bit) & 1u) regs[static_cast<size_t>((pos / 32) * kLanes + lane)] |= 1u << (pos % 32);
  }
}

struct Case {
  const MfmaShape* shape;
  int a_format, b_format;
  int a_byte, b_byte;
};

struct Operands {
  std::vector<uint32_t> a, b, scale_a, scale_b;
  std::vector<std::vector<double>> A, B;  // A[i][k], B[k][j] element values (unscaled)
};

Operands random_operands(const Case& c, std::mt19937& rng, int scale_spread) {
  const MfmaShape& s = *c.shape;
  Operands op;
  op.a.assign(static_cast<size_t>(8 * kLanes), 0);
  op.b.assign(static_cast<size_t>(8 * kLanes), 0);
  op.A.assign(s.m, std::vector<double>(s.k));
  op.B.assign(s.k, std::vector<double>(s.n));
  // Row (or column) r, depth k of one operand: a random code placed through the reference layout.
  auto fill = [&](int format, std::vector<uint32_t>& regs, auto&& value_at, int rows) {
    const int bits = ref::f8f6f4_bits(format);
    for (int r = 0; r < rows; ++r) {
      for (int k = 0; k < s.k; ++k) {
        const uint32_t code = random_code(format, rng);
        const mfma_ref::Slot slot = mfma_ref::input_slot(s, 0, r, k, bits);
        put(regs, slot.lane, slot.elem, bits, code);
        value_at(r, k) = ref::f8f6f4(format, code);
      }
    }
  };
  fill(c.a_format, op.a, [&](int i, int k) -> double& { return op.A[size_t(i)][size_t(k)]; }, s.m);
  fill(c.b_format, op.b, [&](int j, int k) -> double& { return op.B[size_t(k)][size_t(j)]; }, s.n);
  // Every byte of every lane random (127 +- spread), so a wrong byte or lane changes the result.
  std::uniform_int_distribution<int> exponent(127 - scale_spread, 127 + scale_spread);
  op.scale_a.resize(kLanes);
  op.scale_b.resize(kLanes);
  for (int l = 0; l < kLanes; ++l) {
    uint32_t wa = 0, wb = 0;
    for (int byte = 0; byte < 4; ++byte) {
      wa |= static_cast<uint32_t>(exponent(rng)) << (8 * byte);
      wb |= static_cast<uint32_t>(exponent(rng)) << (8 * byte);
    }
    op.scale_a[size_t(l)] = wa;
    op.scale_b[size_t(l)] = wb;
  }
  return op;
}

// The MX-spec scale of row i (A) or column j (B) for k, from the lane that holds it.
double scale_of(const std::vector<uint32_t>& words, int byte, int row_or_col, int dim, int k) {
  const uint32_t x = (words[static_cast<size_t>(row_or_col + dim * (k / 32))] >> (8 * byte)) & 0xFFu;
  return x == 0xFF ? ref::kNaN : std::ldexp(1.0, static_cast<int>(x) - 127);
}

std::vector<float> execute(const Case& c, const Operands& op, const std::vector<uint32_t>& c_in) {
  MfmaModifiers mods;
  mods.cbsz = static_cast<uint8_t>(c.a_format);
  mods.blgp = static_cast<uint8_t>(c.b_format);
  mods.scale_a = op.scale_a.data();
  mods.scale_b = op.scale_b.data();
  mods.scale_a_byte = static_cast<uint8_t>(c.a_byte);
  mods.scale_b_byte = static_cast<uint8_t>(c.b_byte);
  std::vector<uint32_t> d(c_in.size(), 0xDEADBEEFu);
  const ingot::Status status = mfma_execute(*c.shape, Gfx::k950, op.a.data(), op.b.data(), c_in.data(), d.data(), mods);
  EXPECT_TRUE(status.is_ok()) << status.to_string();
  std::vector<float> out(d.size());
  for (size_t w = 0; w < d.size(); ++w) out[w] = std::bit_cast<float>(d[w]);
  return out;
}

class ScaledMfmaFormats : public ::testing::TestWithParam<std::tuple<std::string, int, int>> {};

TEST_P(ScaledMfmaFormats, MatchesMxSpecDotProductWithRandomScales) {
  const auto& [mnemonic, a_format, b_format] = GetParam();
  const MfmaShape* shape = find_mfma_shape(mnemonic);
  ASSERT_NE(shape, nullptr);
  std::mt19937 rng(static_cast<uint32_t>(a_format * 5 + b_format + shape->m));
  for (int trial = 0; trial < 2; ++trial) {
    const Case c{shape, a_format, b_format, (trial * 3 + a_format) % 4, (trial + 2 + b_format) % 4};
    const Operands op = random_operands(c, rng, 12);
    std::vector<uint32_t> c_in(static_cast<size_t>(shape->cd_regs * kLanes));
    for (auto& w : c_in) w = std::bit_cast<uint32_t>(static_cast<float>(static_cast<int>(rng() % 17) - 8));
    const std::vector<float> d = execute(c, op, c_in);
    int bad = 0;
    for (int i = 0; i < shape->m; ++i) {
      for (int j = 0; j < shape->n; ++j) {
        const mfma_ref::Slot out = mfma_ref::output_slot(*shape, 0, i, j);
        const size_t w = static_cast<size_t>(out.elem * kLanes + out.lane);
        double sum = std::bit_cast<float>(c_in[w]), magnitude = std::fabs(sum);
        for (int k = 0; k < shape->k; ++k) {
          const double term = op.A[size_t(i)][size_t(k)] * scale_of(op.scale_a, c.a_byte, i, shape->m, k) *
                              op.B[size_t(k)][size_t(j)] * scale_of(op.scale_b, c.b_byte, j, shape->n, k);
          sum += term;
          magnitude += std::fabs(term);
        }
        // f32 accumulation of K+1 terms: each rounding is at most 2^-24 of the running magnitude.
        const double bound = magnitude * (shape->k + 1) * std::ldexp(1.0, -24) + std::ldexp(1.0, -140);
        if (!(std::fabs(d[w] - sum) <= bound) && bad++ < 5) {
          ADD_FAILURE() << mnemonic << " cbsz=" << a_format << " blgp=" << b_format << " D[" << i << "][" << j
                        << "] = " << d[w] << ", MX reference " << sum << " (bound " << bound << ")";
        }
      }
    }
    EXPECT_EQ(bad, 0);
  }
}

std::vector<std::tuple<std::string, int, int>> all_pairs() {
  std::vector<std::tuple<std::string, int, int>> cases;
  for (const char* name : {"v_mfma_scale_f32_16x16x128_f8f6f4", "v_mfma_scale_f32_32x32x64_f8f6f4"}) {
    for (int a = 0; a < 5; ++a) {
      for (int b = 0; b < 5; ++b) cases.emplace_back(name, a, b);
    }
  }
  return cases;
}

std::string pair_name(const ::testing::TestParamInfo<std::tuple<std::string, int, int>>& info) {
  const std::string& name = std::get<0>(info.param);
  return std::string(name.find("16x16") != std::string::npos ? "m16" : "m32") + "_cbsz" +
         std::to_string(std::get<1>(info.param)) + "_blgp" + std::to_string(std::get<2>(info.param));
}

INSTANTIATE_TEST_SUITE_P(AllFormatPairs, ScaledMfmaFormats, ::testing::ValuesIn(all_pairs()), pair_name);

// Each scale byte selector 0..3 picks that byte: with every other byte of the word at 1.0 and the
// selected one at 2^s, D must be 2^s times the unscaled product; any other byte gives 1.0.
TEST(ScaledMfmaBytes, EachSelectorReadsItsOwnByte) {
  const MfmaShape* shape = find_mfma_shape("v_mfma_scale_f32_16x16x128_f8f6f4");
  ASSERT_NE(shape, nullptr);
  std::mt19937 rng(7);
  for (int byte_a = 0; byte_a < 4; ++byte_a) {
    for (int byte_b = 0; byte_b < 4; ++byte_b) {
      const Case c{shape, 0, 0, byte_a, byte_b};
      Operands op = random_operands(c, rng, 0);  // all scale bytes 127 (1.0)
      for (auto& w : op.scale_a) w = (w & ~(0xFFu << (8 * byte_a))) | (uint32_t{127 + 3} << (8 * byte_a));
      for (auto& w : op.scale_b) w = (w & ~(0xFFu << (8 * byte_b))) | (uint32_t{127 - 5} << (8 * byte_b));
      const std::vector<uint32_t> zero(static_cast<size_t>(shape->cd_regs * kLanes), 0);
      const std::vector<float> d = execute(c, op, zero);
      const Case unscaled_case{shape, 0, 0, (byte_a + 1) % 4, (byte_b + 1) % 4};
      const std::vector<float> unscaled = execute(unscaled_case, op, zero);
      for (size_t w = 0; w < d.size(); ++w) {
        ASSERT_EQ(d[w], std::ldexp(unscaled[w], 3 - 5)) << "bytes " << byte_a << "," << byte_b << " word " << w;
      }
    }
  }
}

// E8M0 0xFF is NaN (OCP MX 5.4): the rows of A whose block scale is NaN come out NaN, the others not.
TEST(ScaledMfmaBytes, NaNScaleMakesOnlyItsRowNaN) {
  const MfmaShape* shape = find_mfma_shape("v_mfma_scale_f32_32x32x64_f8f6f4");
  ASSERT_NE(shape, nullptr);
  std::mt19937 rng(11);
  const Case c{shape, 4, 4, 1, 0};
  Operands op = random_operands(c, rng, 0);
  const int nan_lane = 32 + 5;  // row 5, k block 1
  op.scale_a[nan_lane] = (op.scale_a[nan_lane] & ~0xFF00u) | 0xFF00u;
  const std::vector<uint32_t> zero(static_cast<size_t>(shape->cd_regs * kLanes), 0);
  const std::vector<float> d = execute(c, op, zero);
  for (int i = 0; i < shape->m; ++i) {
    for (int j = 0; j < shape->n; ++j) {
      const mfma_ref::Slot out = mfma_ref::output_slot(*shape, 0, i, j);
      EXPECT_EQ(std::isnan(d[static_cast<size_t>(out.elem * kLanes + out.lane)]), i == 5) << i << "," << j;
    }
  }
}

}  // namespace
