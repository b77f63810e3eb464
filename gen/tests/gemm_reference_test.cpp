// Checks the GEMM CPU reference against values worked out by hand, so the end-to-end tests that use it
// stand on something other than the reference's own word.
#include "gemm_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace ref = ingot::reference;

TEST(GemmReference, Bf16DecodeKnownBitPatterns) {
  EXPECT_EQ(ref::bf16_to_float(0x3F80), 1.0f);    // 1.0
  EXPECT_EQ(ref::bf16_to_float(0xC000), -2.0f);   // -2.0
  EXPECT_EQ(ref::bf16_to_float(0x3FC0), 1.5f);    // 1.5
  EXPECT_EQ(ref::bf16_to_float(0x0000), 0.0f);
  EXPECT_EQ(ref::bf16_to_float(0x4049), 3.140625f);  // pi truncated to 8 significant bits
}

TEST(GemmReference, Bf16RoundsToNearestEven) {
  EXPECT_EQ(ref::float_to_bf16(1.0f), 0x3F80);
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties to even -> 1.0
  EXPECT_EQ(ref::float_to_bf16(1.00390625f), 0x3F80);
  // 1 + 3*2^-8 is halfway between 1+2^-7 (odd) and 1+2^-6 (even): -> 0x3F82
  EXPECT_EQ(ref::float_to_bf16(1.01171875f), 0x3F82);
}

TEST(GemmReference, SmallProductWithStridesAndUntouchedPadding) {
  // A = [[1, 2], [3, 4], [5, 6]] (M=3, K=2, lda=3 with a padding column), B = [[1, 0], [1, 1]] (N=2, ldb=2)
  // C = A . B^T = [[1, 3], [3, 7], [5, 11]]
  const std::uint16_t one = 0x3F80, two = 0x4000, three = 0x4040, four = 0x4080, five = 0x40A0, six = 0x40C0;
  const std::uint16_t pad = 0x7FC0;  // NaN: must never be read
  const std::vector<std::uint16_t> A = {one, two, pad, three, four, pad, five, six, pad};
  const std::vector<std::uint16_t> B = {one, 0x0000, one, one};
  std::vector<float> C(3 * 3, -99.0f);  // ldc = 3 > N = 2
  ref::GemmShape s;
  s.M = 3; s.N = 2; s.K = 2; s.lda = 3; s.ldb = 2; s.ldc = 3;
  ref::gemm(A.data(), B.data(), C.data(), s, ref::GemmArgsRef{});  // bf16 in, f32 out, alpha 1, no bias
  const std::vector<float> expected = {1, 3, -99, 3, 7, -99, 5, 11, -99};
  EXPECT_EQ(C, expected);
}

TEST(GemmReference, ZeroKGivesZeros) {
  ref::GemmShape s;
  s.M = 2; s.N = 2; s.K = 0; s.lda = 1; s.ldb = 1; s.ldc = 2;
  std::vector<float> C(4, 5.0f);
  const std::uint16_t dummy = 0;
  ref::gemm(&dummy, &dummy, C.data(), s, ref::GemmArgsRef{});
  EXPECT_EQ(C, std::vector<float>(4, 0.0f));
}

TEST(GemmReference, F16DecodeKnownBitPatterns) {
  EXPECT_EQ(ref::f16_to_float(0x3C00), 1.0f);
  EXPECT_EQ(ref::f16_to_float(0xC000), -2.0f);
  EXPECT_EQ(ref::f16_to_float(0x7BFF), 65504.0f);             // largest finite half
  EXPECT_EQ(ref::f16_to_float(0x0400), std::ldexp(1.0f, -14));  // smallest normal
  EXPECT_EQ(ref::f16_to_float(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_EQ(ref::f16_to_float(0x3555), 0.333251953125f);
  EXPECT_TRUE(std::isinf(ref::f16_to_float(0xFC00)));
  EXPECT_TRUE(std::isnan(ref::f16_to_float(0x7E00)));
}

TEST(GemmReference, F16RoundsToNearestEven) {
  EXPECT_EQ(ref::float_to_f16(1.0f), 0x3C00);
  EXPECT_EQ(ref::float_to_f16(1.0f + std::ldexp(1.0f, -11)), 0x3C00);      // tie -> even (1.0)
  EXPECT_EQ(ref::float_to_f16(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);  // tie -> even (1 + 2^-9)
  EXPECT_EQ(ref::float_to_f16(-2.5f), 0xC100);
  EXPECT_EQ(ref::float_to_f16(65519.0f), 0x7BFF);   // below the halfway point to 2^16
  EXPECT_EQ(ref::float_to_f16(65520.0f), 0x7C00);   // halfway: ties to even = infinity
  EXPECT_EQ(ref::float_to_f16(std::ldexp(1.0f, -25)), 0x0000);      // half a subnormal unit: -> 0 (even)
  EXPECT_EQ(ref::float_to_f16(3 * std::ldexp(1.0f, -25)), 0x0002);  // 1.5 units -> 2
  EXPECT_EQ(ref::float_to_f16(std::ldexp(1.0f, -14)), 0x0400);
  EXPECT_EQ(ref::float_to_f16(std::nanf("")) & 0x7E00, 0x7E00);
}

TEST(GemmReference, GenericF16InBf16OutWithAlphaAndBias) {
  // A = [[1, 2], [3, 4]], B = [[1, 1], [0, 1]]: A . B^T = [[3, 2], [7, 4]]; alpha 0.5 -> [[1.5, 1], [3.5, 2]];
  // bias [0.25, -1] -> [[1.75, 0], [3.75, 1]]
  const std::vector<std::uint16_t> A = {0x3C00, 0x4000, 0x4200, 0x4400};  // f16 1, 2, 3, 4
  const std::vector<std::uint16_t> B = {0x3C00, 0x3C00, 0x0000, 0x3C00};
  const std::vector<std::uint16_t> bias = {0x3E80, 0xBF80};                // bf16 0.25, -1
  std::vector<std::uint16_t> C(2 * 3, 0xDEAD);                            // ldc 3: one padding column
  ref::GemmShape s;
  s.M = 2; s.N = 2; s.K = 2; s.lda = 2; s.ldb = 2; s.ldc = 3;
  ref::GemmArgsRef args;
  args.in = ref::DType::kF16; args.out = ref::DType::kBF16; args.alpha = 0.5f; args.bias = bias.data();
  ref::gemm(A.data(), B.data(), C.data(), s, args);
  const std::vector<std::uint16_t> expected = {0x3FE0, 0x0000, 0xDEAD, 0x4070, 0x3F80, 0xDEAD};
  EXPECT_EQ(C, expected);
}

TEST(GemmReference, GenericRoundsTheOutputOnceToNearestEven) {
  // 1 + 2^-11 is exact in fp32 and a tie in f16 (-> 1.0); 1 + 2^-8 is a tie in bf16 (-> 1.0)
  const std::vector<std::uint16_t> A = {0x3C00, 0x1000};  // f16 1, 2^-11
  const std::vector<std::uint16_t> B = {0x3C00, 0x3C00};
  std::uint16_t c = 0;
  ref::GemmShape s;
  s.M = 1; s.N = 1; s.K = 2; s.lda = 2; s.ldb = 2; s.ldc = 1;
  ref::GemmArgsRef args;
  args.in = ref::DType::kF16; args.out = ref::DType::kF16;
  float exact = 0.0f;
  ref::gemm(A.data(), B.data(), &c, s, args, &exact);
  EXPECT_EQ(exact, 1.0f + std::ldexp(1.0f, -11));
  EXPECT_EQ(c, 0x3C00);
  const std::vector<std::uint16_t> A2 = {0x3F80, 0x3B80};  // bf16 1, 2^-8
  const std::vector<std::uint16_t> B2 = {0x3F80, 0x3F80};
  args.in = ref::DType::kBF16; args.out = ref::DType::kBF16;
  ref::gemm(A2.data(), B2.data(), &c, s, args);
  EXPECT_EQ(c, 0x3F80);
}

TEST(GemmReference, TolerancePerOutputDtype) {
  // f32 out: only accumulation-order error, K = 1 -> a few fp32 ulps of the magnitude
  EXPECT_LT(ref::gemm_tolerance(ref::DType::kF32, 1.0f, 1.0f, 1, 1.0f), std::ldexp(1.0f, -20));
  // 16-bit out: one output ulp on top (values in [1, 2): bf16 ulp 2^-7, f16 ulp 2^-10)
  const float bf = ref::gemm_tolerance(ref::DType::kBF16, 1.5f, 1.5f, 8, 1.0f);
  EXPECT_GE(bf, std::ldexp(1.0f, -7));
  EXPECT_LT(bf, std::ldexp(1.0f, -6));
  const float h = ref::gemm_tolerance(ref::DType::kF16, 1.5f, 1.5f, 8, 1.0f);
  EXPECT_GE(h, std::ldexp(1.0f, -10));
  EXPECT_LT(h, std::ldexp(1.0f, -9));
  // the accumulation term grows with K and |alpha|
  EXPECT_GT(ref::gemm_tolerance(ref::DType::kF32, 1.0f, 100.0f, 4096, 2.0f),
            ref::gemm_tolerance(ref::DType::kF32, 1.0f, 100.0f, 64, 1.0f));
}
