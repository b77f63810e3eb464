// MFMA layout fidelity for every shape of the table on every target that has it: registers are filled
// through the independent reference placement (mfma_reference.h) with values that keep every sum exact,
// mfma_execute runs, and D is read back through the reference placement and compared with a plain
// triple-loop matmul. Plus CBSZ/ABID, BLGP, f8f6f4 format pairs, scaled forms, f64 NEG and errors.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "ingot_emu/mfma.h"
#include "ingot_emu/number_formats.h"
#include "mfma_reference.h"
#include "reference_formats.h"

namespace {

using namespace ingot::emu;
using mfma_ref::Slot;

constexpr int kLanes = 64;

// One operand type as the test sees it: element width and a list of (code, value) pairs whose products
// and sums stay exact in f32 (values are multiples of 1/8 with magnitude <= 8).
struct Palette {
  int bits = 0;
  std::vector<uint64_t> codes;
  std::vector<double> values;
};

Palette small_float_palette(int bits, double (*reference)(uint8_t)) {
  Palette p;
  p.bits = bits;
  for (int code = 0; code < (1 << bits); ++code) {
    const double v = reference(static_cast<uint8_t>(code));
    if (std::isnan(v) || std::isinf(v) || std::fabs(v) > 8 || v * 8 != std::floor(v * 8)) continue;
    p.codes.push_back(static_cast<uint64_t>(code));
    p.values.push_back(v);
  }
  return p;
}

Palette integer_palette(MfmaType type) {
  Palette p;
  p.bits = mfma_type_bits(type);
  const int lo = type == MfmaType::kI8 ? -128 : -8;
  const int hi = type == MfmaType::kI8 ? 127 : 8;
  for (int v = lo; v <= hi; ++v) {
    uint64_t code = 0;
    switch (type) {
      case MfmaType::kF32:
      case MfmaType::kXf32: code = std::bit_cast<uint32_t>(static_cast<float>(v)); break;
      case MfmaType::kBf16: code = std::bit_cast<uint32_t>(static_cast<float>(v)) >> 16; break;
      case MfmaType::kF16: {
        const _Float16 h = static_cast<_Float16>(v);
        uint16_t bits;
        std::memcpy(&bits, &h, sizeof bits);
        code = bits;
        break;
      }
      case MfmaType::kI8: code = static_cast<uint8_t>(static_cast<int8_t>(v)); break;
      case MfmaType::kF64: code = std::bit_cast<uint64_t>(static_cast<double>(v)); break;
      default: break;
    }
    p.codes.push_back(code);
    p.values.push_back(v);
  }
  return p;
}

Palette palette_for(MfmaType type, Gfx gfx, int f8f6f4_format) {
  switch (type) {
    case MfmaType::kFp8: return small_float_palette(8, gfx == Gfx::k942 ? ref::e4m3fnuz : ref::e4m3fn);
    case MfmaType::kBf8: return small_float_palette(8, gfx == Gfx::k942 ? ref::e5m2fnuz : ref::e5m2);
    case MfmaType::kF8F6F4:
      switch (f8f6f4_format) {
        case 0: return small_float_palette(8, ref::e4m3fn);
        case 1: return small_float_palette(8, ref::e5m2);
        case 2: return small_float_palette(6, ref::fp6_e2m3);
        case 3: return small_float_palette(6, ref::fp6_e3m2);
        default: return small_float_palette(4, ref::fp4_e2m1);
      }
    default: return integer_palette(type);
  }
}

uint32_t mix(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u ^ (c + 0x165667B1u) * 0xC2B2AE3Du ^ d * 0x27D4EB2Fu;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  return h;
}

// Writes `code` as element `elem` (width `bits`) of `lane`, packed little-endian across registers.
void put_element(std::vector<uint32_t>& regs, int lane, int elem, int bits, uint64_t code) {
  for (int bit = 0; bit < bits; ++bit) {
    const int pos = elem * bits + bit;
    const uint32_t mask = 1u << (pos % 32);
    uint32_t& word = regs[static_cast<size_t>((pos / 32) * kLanes + lane)];
    word = ((code >> bit) & 1u) ? (word | mask) : (word & ~mask);
  }
}

struct Problem {
  const MfmaShape* shape;
  Gfx gfx;
  int a_format = 0, b_format = 0;  // f8f6f4 only
  MfmaModifiers mods;
  uint32_t seed = 1;
};

// Runs one MFMA through mfma_execute and the reference; returns the number of mismatching entries.
int run_and_compare(const Problem& pb, std::string* first_mismatch) {
  const MfmaShape& s = *pb.shape;
  const Palette pa = palette_for(s.a_type, pb.gfx, pb.a_format);
  const Palette pbal = palette_for(s.b_type, pb.gfx, pb.b_format);
  const int a_regs = mfma_a_regs(s, pb.mods), b_regs = mfma_b_regs(s, pb.mods);
  std::vector<uint32_t> a(static_cast<size_t>(a_regs * kLanes)), b(static_cast<size_t>(b_regs * kLanes));
  std::vector<uint32_t> c(static_cast<size_t>(s.cd_regs * kLanes)), d(c.size(), 0xDEADBEEFu);
  const int m = s.m, n = s.n, kk = s.k, blocks = s.blocks;
  // Dense reference matrices: row index blk*256 + r, `cols` columns.
  auto at = [](int blk, int r, int col, int cols) { return static_cast<size_t>((blk * 256 + r) * cols + col); };
  std::vector<double> A(static_cast<size_t>(blocks * 256 * 128)), B(A.size());
  std::vector<double> C(static_cast<size_t>(blocks * 256 * 32));
  // Physical slot -> value, so BLGP can be applied at the register level as the hardware does.
  std::vector<double> b_at_slot(static_cast<size_t>(kLanes * 32));
  const int a_bits = pa.bits, b_bits = pbal.bits;
  for (int blk = 0; blk < blocks; ++blk) {
    for (int i = 0; i < m; ++i) {
      for (int k = 0; k < kk; ++k) {
        const size_t pick = mix(pb.seed, 1, static_cast<uint32_t>(blk * 4096 + i * 128 + k), 0) % pa.codes.size();
        const Slot slot = mfma_ref::input_slot(s, blk, i, k, a_bits);
        put_element(a, slot.lane, slot.elem, a_bits, pa.codes[pick]);
        A[at(blk, i, k, 128)] = pa.values[pick];
      }
    }
    for (int k = 0; k < kk; ++k) {
      for (int j = 0; j < n; ++j) {
        const size_t pick = mix(pb.seed, 2, static_cast<uint32_t>(blk * 4096 + k * 32 + j), 0) % pbal.codes.size();
        const Slot slot = mfma_ref::input_slot(s, blk, j, k, b_bits);
        put_element(b, slot.lane, slot.elem, b_bits, pbal.codes[pick]);
        b_at_slot[static_cast<size_t>(slot.lane * 32 + slot.elem)] = pbal.values[pick];
      }
    }
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        const Slot slot = mfma_ref::output_slot(s, blk, i, j);
        const int v = static_cast<int>(mix(pb.seed, 3, static_cast<uint32_t>(blk * 4096 + i * 32 + j), 0) % 61) - 30;
        if (s.cd_type == MfmaType::kF64) {
          const auto bits = std::bit_cast<uint64_t>(static_cast<double>(v));
          c[static_cast<size_t>(2 * slot.elem * kLanes + slot.lane)] = static_cast<uint32_t>(bits);
          c[static_cast<size_t>((2 * slot.elem + 1) * kLanes + slot.lane)] = static_cast<uint32_t>(bits >> 32);
        } else if (s.cd_type == MfmaType::kI32) {
          c[static_cast<size_t>(slot.elem * kLanes + slot.lane)] = static_cast<uint32_t>(v);
        } else {
          c[static_cast<size_t>(slot.elem * kLanes + slot.lane)] = std::bit_cast<uint32_t>(static_cast<float>(v));
        }
        C[at(blk, i, j, 32)] = v;
      }
    }
  }
  // Effective B after BLGP (not on f8f6f4/f64, where the field means something else).
  const bool blgp_applies = s.a_type != MfmaType::kF8F6F4 && s.a_type != MfmaType::kF64;
  for (int blk = 0; blk < blocks; ++blk) {
    for (int k = 0; k < kk; ++k) {
      for (int j = 0; j < n; ++j) {
        Slot slot = mfma_ref::input_slot(s, blk, j, k, b_bits);
        if (blgp_applies) slot.lane = mfma_ref::blgp_lane(slot.lane, pb.mods.blgp);
        B[at(blk, k, j, 32)] = b_at_slot[static_cast<size_t>(slot.lane * 32 + slot.elem)];
      }
    }
  }
  const bool broadcast = s.a_type != MfmaType::kF8F6F4 && (pb.mods.cbsz != 0 || pb.mods.abid != 0);
  const double a_sign = (s.a_type == MfmaType::kF64 && (pb.mods.neg & 1)) ? -1 : 1;
  const double b_sign = (s.a_type == MfmaType::kF64 && (pb.mods.neg & 2)) ? -1 : 1;
  const double c_sign = (s.a_type == MfmaType::kF64 && (pb.mods.neg & 4)) ? -1 : 1;

  const ingot::Status st = mfma_execute(s, pb.gfx, a.data(), b.data(), c.data(), d.data(), pb.mods);
  if (!st.is_ok()) {
    *first_mismatch = st.to_string();
    return -1;
  }
  int mismatches = 0;
  for (int blk = 0; blk < blocks; ++blk) {
    const int a_blk = broadcast ? mfma_ref::cbsz_block(blk, pb.mods.cbsz, pb.mods.abid) : blk;
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        double acc = c_sign * C[at(blk, i, j, 32)];
        long long iacc = static_cast<long long>(C[at(blk, i, j, 32)]);
        for (int k = 0; k < kk; ++k) {
          double av = a_sign * A[at(a_blk, i, k, 128)];
          double bv = b_sign * B[at(blk, k, j, 32)];
          if (s.scaled) {
            av *= std::ldexp(1.0, static_cast<int>((pb.mods.scale_a[i + m * (k / 32)] >> (8 * pb.mods.scale_a_byte)) & 0xFF) - 127);
            bv *= std::ldexp(1.0, static_cast<int>((pb.mods.scale_b[j + n * (k / 32)] >> (8 * pb.mods.scale_b_byte)) & 0xFF) - 127);
          }
          acc += av * bv;
          iacc += static_cast<long long>(av) * static_cast<long long>(bv);
        }
        const Slot slot = mfma_ref::output_slot(s, blk, i, j);
        bool ok = true;
        double got = 0;
        if (s.cd_type == MfmaType::kF64) {
          const uint64_t bits = uint64_t{d[static_cast<size_t>(2 * slot.elem * kLanes + slot.lane)]} |
                                uint64_t{d[static_cast<size_t>((2 * slot.elem + 1) * kLanes + slot.lane)]} << 32;
          got = std::bit_cast<double>(bits);
          ok = got == acc;
        } else if (s.cd_type == MfmaType::kI32) {
          const uint32_t word = d[static_cast<size_t>(slot.elem * kLanes + slot.lane)];
          got = static_cast<int32_t>(word);
          ok = word == static_cast<uint32_t>(iacc);
          acc = static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(iacc)));
        } else {
          got = std::bit_cast<float>(d[static_cast<size_t>(slot.elem * kLanes + slot.lane)]);
          ok = got == static_cast<double>(static_cast<float>(acc));
        }
        if (!ok && mismatches++ == 0) {
          *first_mismatch = "D[" + std::to_string(blk) + "][" + std::to_string(i) + "][" + std::to_string(j) +
                            "] = " + std::to_string(got) + ", want " + std::to_string(acc);
        }
      }
    }
  }
  return mismatches;
}

struct ShapeOnTarget {
  const MfmaShape* shape;
  Gfx gfx;
};

std::vector<ShapeOnTarget> all_shapes_on_targets() {
  std::vector<ShapeOnTarget> out;
  for (const MfmaShape& s : mfma_shapes()) {
    for (Gfx gfx : {Gfx::k942, Gfx::k950}) {
      if (s.available_on(gfx)) out.push_back({&s, gfx});
    }
  }
  return out;
}

Problem make_problem(const ShapeOnTarget& p) {
  Problem pb;
  pb.shape = p.shape;
  pb.gfx = p.gfx;
  return pb;
}

class MfmaLayout : public ::testing::TestWithParam<ShapeOnTarget> {};

TEST_P(MfmaLayout, MatchesTripleLoopThroughPublishedLayout) {
  const ShapeOnTarget& p = GetParam();
  const bool f8f6f4 = p.shape->a_type == MfmaType::kF8F6F4;
  std::vector<uint32_t> scale_a(kLanes), scale_b(kLanes);
  for (int lane = 0; lane < kLanes; ++lane) {
    scale_a[static_cast<size_t>(lane)] = 0x7F7F7F7Fu ^ ((mix(9, 1, static_cast<uint32_t>(lane), 0) % 3) << 16);
    scale_b[static_cast<size_t>(lane)] = 0x7F7F7F7Fu ^ ((mix(9, 2, static_cast<uint32_t>(lane), 0) % 3) << 8);
  }
  const int formats = f8f6f4 ? 5 : 1;
  for (int fa = 0; fa < formats; ++fa) {
    for (int fb = 0; fb < formats; ++fb) {
      Problem pb = make_problem(p);
      pb.a_format = fa;
      pb.b_format = fb;
      if (f8f6f4) {
        pb.mods.cbsz = static_cast<uint8_t>(fa);
        pb.mods.blgp = static_cast<uint8_t>(fb);
      }
      if (p.shape->scaled) {
        pb.mods.scale_a = scale_a.data();
        pb.mods.scale_b = scale_b.data();
        pb.mods.scale_a_byte = 2;  // bytes 2 (A) and 1 (B) carry the varied scales (126..128)
        pb.mods.scale_b_byte = 1;
      }
      std::string why;
      EXPECT_EQ(run_and_compare(pb, &why), 0)
          << p.shape->mnemonic << " formats " << fa << "," << fb << ": " << why;
    }
  }
}

std::string shape_name(const ::testing::TestParamInfo<ShapeOnTarget>& param_info) {
  return std::string(param_info.param.shape->mnemonic) + (param_info.param.gfx == Gfx::k942 ? "_gfx942" : "_gfx950");
}

INSTANTIATE_TEST_SUITE_P(EveryShape, MfmaLayout, ::testing::ValuesIn(all_shapes_on_targets()), shape_name);

TEST(MfmaModifiers, BlgpPatternsOnEveryShapeThatHasThem) {
  for (const ShapeOnTarget& p : all_shapes_on_targets()) {
    if (p.shape->a_type == MfmaType::kF8F6F4 || p.shape->a_type == MfmaType::kF64) continue;
    for (uint8_t blgp = 1; blgp < 8; ++blgp) {
      Problem pb = make_problem(p);
      pb.mods.blgp = blgp;
      pb.seed = 77u + blgp;
      std::string why;
      EXPECT_EQ(run_and_compare(pb, &why), 0) << p.shape->mnemonic << " blgp " << int{blgp} << ": " << why;
    }
  }
}

TEST(MfmaModifiers, CbszAbidBroadcastOnMultiBlockShapes) {
  int tested = 0;
  for (const ShapeOnTarget& p : all_shapes_on_targets()) {
    if (p.shape->blocks == 1 || p.shape->a_type == MfmaType::kF64) continue;
    for (int cbsz = 1; (1 << cbsz) <= p.shape->blocks; ++cbsz) {
      for (int abid = 0; abid < (1 << cbsz); ++abid) {
        Problem pb = make_problem(p);
        pb.mods.cbsz = static_cast<uint8_t>(cbsz);
        pb.mods.abid = static_cast<uint8_t>(abid);
        std::string why;
        EXPECT_EQ(run_and_compare(pb, &why), 0)
            << p.shape->mnemonic << " cbsz " << cbsz << " abid " << abid << ": " << why;
        ++tested;
      }
    }
  }
  EXPECT_GT(tested, 50);
}

TEST(MfmaModifiers, F64NegBits) {
  for (const ShapeOnTarget& p : all_shapes_on_targets()) {
    if (p.shape->a_type != MfmaType::kF64) continue;
    for (uint8_t neg = 1; neg < 8; ++neg) {
      Problem pb = make_problem(p);
      pb.mods.neg = neg;
      std::string why;
      EXPECT_EQ(run_and_compare(pb, &why), 0) << p.shape->mnemonic << " neg " << int{neg} << ": " << why;
    }
  }
}

TEST(MfmaExecute, DMayAliasC) {
  const MfmaShape* s = find_mfma_shape("v_mfma_f32_16x16x16_f16");
  ASSERT_NE(s, nullptr);
  std::vector<uint32_t> a(2 * kLanes, 0x3C003C00u), b(2 * kLanes, 0x3C003C00u);  // all ones
  std::vector<uint32_t> cd(4 * kLanes, std::bit_cast<uint32_t>(1.0f));
  ASSERT_TRUE(mfma_execute(*s, Gfx::k942, a.data(), b.data(), cd.data(), cd.data()).is_ok());
  for (uint32_t w : cd) EXPECT_EQ(std::bit_cast<float>(w), 17.0f);
}

TEST(MfmaExecute, ErrorsAreValues) {
  const MfmaShape* xf32 = find_mfma_shape("v_mfma_f32_16x16x8_xf32");
  const MfmaShape* f8f6f4 = find_mfma_shape("v_mfma_f32_16x16x128_f8f6f4");
  const MfmaShape* scaled = find_mfma_shape("v_mfma_scale_f32_16x16x128_f8f6f4");
  const MfmaShape* bf16 = find_mfma_shape("v_mfma_f32_32x32x8_bf16");
  ASSERT_TRUE(xf32 && f8f6f4 && scaled && bf16);
  std::vector<uint32_t> regs(32 * kLanes), out(32 * kLanes, 7);
  EXPECT_EQ(mfma_execute(*xf32, Gfx::k950, regs.data(), regs.data(), regs.data(), out.data()).code(),
            ingot::StatusCode::kUnsupported);
  EXPECT_EQ(mfma_execute(*f8f6f4, Gfx::k942, regs.data(), regs.data(), regs.data(), out.data()).code(),
            ingot::StatusCode::kUnsupported);
  MfmaModifiers bad_format;
  bad_format.cbsz = 5;
  EXPECT_EQ(mfma_execute(*f8f6f4, Gfx::k950, regs.data(), regs.data(), regs.data(), out.data(), bad_format).code(),
            ingot::StatusCode::kInvalidArgument);
  EXPECT_EQ(mfma_execute(*scaled, Gfx::k950, regs.data(), regs.data(), regs.data(), out.data()).code(),
            ingot::StatusCode::kInvalidArgument);
  EXPECT_EQ(mfma_execute(*bf16, Gfx::k942, nullptr, regs.data(), regs.data(), out.data()).code(),
            ingot::StatusCode::kInvalidArgument);
  MfmaModifiers single_block_broadcast;
  single_block_broadcast.cbsz = 1;
  EXPECT_EQ(mfma_execute(*bf16, Gfx::k942, regs.data(), regs.data(), regs.data(), out.data(), single_block_broadcast).code(),
            ingot::StatusCode::kUnsupported);
  for (uint32_t w : out) EXPECT_EQ(w, 7u) << "D must be untouched on error";
  MfmaShape unknown = *bf16;
  unknown.mnemonic = "v_mfma_nonsense";
  EXPECT_EQ(mfma_execute(unknown, Gfx::k942, regs.data(), regs.data(), regs.data(), out.data()).code(),
            ingot::StatusCode::kInvalidArgument);
}

TEST(MfmaExecute, Fp8BytesMeanDifferentNumbersPerTarget) {
  const MfmaShape* s = find_mfma_shape("v_mfma_f32_16x16x32_fp8_fp8");
  ASSERT_NE(s, nullptr);
  // Every A and B byte 0x48: 2.0 in e4m3fnuz (gfx942), 4.0 in e4m3fn (gfx950). D = 32 * a * b.
  std::vector<uint32_t> ab(2 * kLanes, 0x48484848u), c(4 * kLanes, 0), d(4 * kLanes);
  ASSERT_TRUE(mfma_execute(*s, Gfx::k942, ab.data(), ab.data(), c.data(), d.data()).is_ok());
  EXPECT_EQ(std::bit_cast<float>(d[0]), 128.0f);
  ASSERT_TRUE(mfma_execute(*s, Gfx::k950, ab.data(), ab.data(), c.data(), d.data()).is_ok());
  EXPECT_EQ(std::bit_cast<float>(d[0]), 512.0f);
}

}  // namespace

namespace {

// The accumulation model on general data: random bf16 inputs (products exact in f32, sums not), compared
// with a double-precision dot product. A k-ordered f32 chain has error <= K * 2^-24 * sum|a*b| + C's
// share; we require that bound, which any sane implementation of the documented model meets and a
// layout or decode bug (errors of the size of the values) does not.
TEST(MfmaAccumulation, RandomBf16WithinChainBound) {
  using namespace ingot::emu;
  const MfmaShape* s = find_mfma_shape("v_mfma_f32_32x32x8_bf16");
  ASSERT_NE(s, nullptr);
  std::vector<uint32_t> a(2 * 64), b(2 * 64), c(16 * 64), d(16 * 64);
  uint32_t state = 12345;
  auto next_bf16 = [&state] {
    state = state * 1664525u + 1013904223u;
    const float v = static_cast<float>(static_cast<int32_t>(state >> 8) % 100000) / 3777.0f;
    return static_cast<uint16_t>(f32_to_bf16(v));
  };
  for (auto& w : a) w = next_bf16() | uint32_t{next_bf16()} << 16;
  for (auto& w : b) w = next_bf16() | uint32_t{next_bf16()} << 16;
  for (auto& w : c) w = std::bit_cast<uint32_t>(static_cast<float>(next_bf16() % 7) * 0.1f);
  ASSERT_TRUE(mfma_execute(*s, Gfx::k942, a.data(), b.data(), c.data(), d.data()).is_ok());
  auto a_at = [&](int i, int k) {  // reference placement (mfma_reference.h), bf16 halves
    const mfma_ref::Slot slot = mfma_ref::input_slot(*s, 0, i, k, 16);
    const uint32_t w = a[static_cast<size_t>((slot.elem / 2) * 64 + slot.lane)];
    return static_cast<double>(bf16_to_f32(static_cast<uint16_t>(slot.elem % 2 ? w >> 16 : w)));
  };
  auto b_at = [&](int k, int j) {
    const mfma_ref::Slot slot = mfma_ref::input_slot(*s, 0, j, k, 16);
    const uint32_t w = b[static_cast<size_t>((slot.elem / 2) * 64 + slot.lane)];
    return static_cast<double>(bf16_to_f32(static_cast<uint16_t>(slot.elem % 2 ? w >> 16 : w)));
  };
  for (int i = 0; i < 32; ++i) {
    for (int j = 0; j < 32; ++j) {
      const mfma_ref::Slot out = mfma_ref::output_slot(*s, 0, i, j);
      double exact = std::bit_cast<float>(c[static_cast<size_t>(out.elem * 64 + out.lane)]);
      double magnitude = std::fabs(exact);
      for (int k = 0; k < 8; ++k) {
        exact += a_at(i, k) * b_at(k, j);
        magnitude += std::fabs(a_at(i, k) * b_at(k, j));
      }
      const double got = std::bit_cast<float>(d[static_cast<size_t>(out.elem * 64 + out.lane)]);
      EXPECT_LE(std::fabs(got - exact), 9 * std::ldexp(magnitude, -24)) << i << "," << j;
    }
  }
}

}  // namespace
