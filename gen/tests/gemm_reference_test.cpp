// Checks the GEMM CPU reference against values worked out by hand, so the end-to-end tests that use it
// stand on something other than the reference's own word.
#include "gemm_reference.h"

#include <gtest/gtest.h>

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
  ref::gemm_bf16_f32(A.data(), B.data(), C.data(), s);
  const std::vector<float> expected = {1, 3, -99, 3, 7, -99, 5, 11, -99};
  EXPECT_EQ(C, expected);
}

TEST(GemmReference, ZeroKGivesZeros) {
  ref::GemmShape s;
  s.M = 2; s.N = 2; s.K = 0; s.lda = 1; s.ldb = 1; s.ldc = 2;
  std::vector<float> C(4, 5.0f);
  const std::uint16_t dummy = 0;
  ref::gemm_bf16_f32(&dummy, &dummy, C.data(), s);
  EXPECT_EQ(C, std::vector<float>(4, 0.0f));
}
