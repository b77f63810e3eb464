// DS: b32/b128 round trips, read2, LDS atomics with return, and bank-conflict counts of a strided read
// (further down: every 64-bit atomic, the other atomics, exchanges, addtid and d16 forms against the ISA pseudocode)
// (stride 32 dwords puts every lane in one bank: 32 banks on gfx942 serve a wave in 2 phases of 32
// lanes, each 31 cycles over the ideal; 64 banks on gfx950 put 32 lanes in each of 2 banks, 31 extra).
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <span>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

class Ds : public ::testing::TestWithParam<Target> {};

// One bank-conflict case: a ds_read (write = 0) or ds_write (write = 1) of the phase kernel at these
// per-lane LDS addresses, and the conflict cycles the phase rule gives it.
struct ConflictCase {
  const char* name;
  const std::vector<uint32_t>* addresses;
  uint32_t write;
  uint64_t cycles;
};

void expect_conflict_cycles(Target target, const char* kernel, std::span<const ConflictCase> cases) {
  for (const ConflictCase& c : cases) {
    Emulator emu(EmulatorOptions{.target = target});
    DeviceArray<uint32_t> addresses = upload(emu, *c.addresses);
    auto profile = run_kernel(emu, kernel, {1, 1, 1}, {64, 1, 1}, kernargs({addresses.address, c.write}));
    ASSERT_TRUE(profile.is_ok()) << c.name << ": " << profile.status().to_string();
    EXPECT_EQ(profile->lds_bank_conflict_cycles, c.cycles) << c.name;
  }
}

TEST_P(Ds, ReadsWritesAtomicsAndBankConflicts) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 8, 0));
  auto profile = run_kernel(emu, "lds_ops", {1, 1, 1}, {64, 1, 1}, kernargs({out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  for (uint32_t l = 0; l < 64; ++l) {
    SCOPED_TRACE("lane " + std::to_string(l));
    EXPECT_EQ(r[0 * 64 + l], 3 * (63 - l) + 1);
    EXPECT_EQ(r[1 * 64 + l], 100 + l);
    EXPECT_EQ(r[2 * 64 + l], 200 + l);
    EXPECT_EQ(r[3 * 64 + l], 300 + l);
    EXPECT_EQ(r[4 * 64 + l], 400 + l);
    EXPECT_EQ(r[5 * 64 + l], 3 * l + 1);
    EXPECT_EQ(r[6 * 64 + l], l < 63 ? 3 * (l + 1) + 1 : 100u);  // lane 63 reads the b128 area
    EXPECT_EQ(r[7 * 64 + l], l);                                // atomics apply in lane order
  }
  const uint64_t expected_conflicts = GetParam() == Target::kGfx942 ? 2 * 31 : 31;
  EXPECT_EQ(profile->lds_bank_conflict_cycles, expected_conflicts);
  EXPECT_EQ(profile->lds_conflicted_instructions, 1u);
  EXPECT_EQ(profile->lds_bytes, 8192u);
}

// 128-bit DS accesses by AMD's phase rules (emu/README.md, "LDS bank conflicts"). On 32 banks (gfx942) a
// ds_read_b128 serves the lane groups {0-3, 20-23}, {4-7, 16-19}, {8-11, 28-31}, {12-15, 24-27} (and the
// same 32 lanes higher) in one phase each, a ds_write_b128 eight consecutive lanes. On gfx950 a
// ds_read_b128 serves {0-3, 12-15, 20-23, 24-27}, {4-7, 8-11, 16-19, 28-31} (and the same 32 lanes higher)
// over all 64 banks (triton-lang/triton pull 11365, "For MI350"; measured on MI350X by nod-ai/amd-shark-ai's
// docs/empirical-lds and on a 64-bank part by HipKittens' phase solver), while writes resolve conflicts on 32 banks
// as on gfx942 (AMD rocRoller's LDS model: "Non ds_read_b128 and ds_read_b64 on gfx950 act as-if there are
// still only 32 banks for conflict resolution"). A 2-way conflict costs one extra cycle per phase.
// 64-bit accesses on gfx942's 32 banks are served a quarter wave (16 lanes) at a time. AMD's GCN OpenCL
// optimization guide (AMD APP SDK OpenCL Optimization Guide, LDS optimization, as quoted on AMD's
// community forum, thread 196599): "Ensure ... that the memory requests generated from a quarter-wavefront
// avoid bank conflicts by using unique address bits 6:2. A simple sequential address pattern, where each
// work-item reads a float2 value from LDS, generates a conflict-free access pattern". So sequential float2
// is conflict-free, and a 16-byte lane stride (lanes l and l + 8 of a quarter wave on one bank) is 2-way:
// one extra cycle per quarter wave, 4 per instruction. Conflicts are judged per quarter wave: each quarter
// reading one address of its own, all on banks 0 and 1, is conflict-free (half-wave phases would see two
// dwords per bank: 2 extra cycles). gfx950: ds_read_b64 serves 32 consecutive lanes over 64 banks (the
// nod-ai measurements: "two phases of 32 lanes each: T0-T31, then T32-T63"), so the stride-16 read is one
// extra cycle per half wave; ds_write_b64 serves 16 consecutive lanes wrapping at 32 banks (rocRoller; HipKittens'
// solver: "Phase 0: 16 threads - [0, ..., 15]", "Thread 1 ... First conflict at bank 32"), the gfx942 rule:
// lane pairs 128 bytes apart conflict on a write and not on a read.
TEST_P(Ds, B64AccessesFollowTheQuarterWaveRule) {
  std::vector<uint32_t> float2(64), stride16(64), per_quarter(64), pairs_128_apart(64);
  for (uint32_t l = 0; l < 64; ++l) {
    float2[l] = 8 * l;
    stride16[l] = 16 * l;
    per_quarter[l] = 128 * (l / 16);
    pairs_128_apart[l] = 128 * (l % 2) + 8 * (l / 2);  // lanes 2i and 2i + 1 on banks 2i, 2i + 32
  }
  const bool gfx942 = GetParam() == Target::kGfx942;
  const ConflictCase cases[] = {
      {"sequential float2 read", &float2, 0, 0},
      {"sequential float2 write", &float2, 1, 0},
      {"16-byte stride read", &stride16, 0, gfx942 ? 4u : 2u},
      {"16-byte stride write", &stride16, 1, 4},
      {"one address per quarter wave", &per_quarter, 0, 0},
      {"lane pairs 128 bytes apart read", &pairs_128_apart, 0, gfx942 ? 4u : 0u},
      {"lane pairs 128 bytes apart write", &pairs_128_apart, 1, 4},
  };
  expect_conflict_cycles(GetParam(), "lds_b64_phases", cases);
}

TEST_P(Ds, B128AccessesFollowThePhaseRules) {
  // The documented read groups, written out: gfx942's eight, gfx950's four.
  const std::vector<std::vector<uint32_t>> read_groups = {
      {0, 1, 2, 3, 20, 21, 22, 23},     {4, 5, 6, 7, 16, 17, 18, 19},     {8, 9, 10, 11, 28, 29, 30, 31},
      {12, 13, 14, 15, 24, 25, 26, 27}, {32, 33, 34, 35, 52, 53, 54, 55}, {36, 37, 38, 39, 48, 49, 50, 51},
      {40, 41, 42, 43, 60, 61, 62, 63}, {44, 45, 46, 47, 56, 57, 58, 59}};
  const std::vector<std::vector<uint32_t>> mi350_read_groups = {
      {0, 1, 2, 3, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25, 26, 27},
      {32, 33, 34, 35, 44, 45, 46, 47, 52, 53, 54, 55, 56, 57, 58, 59},
      {4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 28, 29, 30, 31},
      {36, 37, 38, 39, 40, 41, 42, 43, 48, 49, 50, 51, 60, 61, 62, 63}};
  std::vector<uint32_t> consecutive(64), stride32(64), grouped(64), mi350_grouped(64), quads_in_order(64);
  for (uint32_t l = 0; l < 64; ++l) {
    consecutive[l] = 16 * l;  // every 128 bytes of LDS read by 8 consecutive lanes
    stride32[l] = 32 * l;     // 16 bytes used of every 32: each bank twice per phase
  }
  // Each read group fills one 128-byte row on its own: conflict-free for the grouped read, while the
  // consecutive lanes 0-7 (rows 0 and 1, same banks) conflict 2-way when written. gfx950's groups join
  // gfx942's groups 0 and 3 (rows 0 and 3, 384 bytes apart: banks 0-31 and 32-63), 1 and 2, ...: also
  // conflict-free.
  for (uint32_t g = 0; g < read_groups.size(); ++g) {
    for (uint32_t i = 0; i < 8; ++i) grouped[read_groups[g][i]] = 128 * g + 16 * i;
  }
  // Each gfx950 read group fills one 256-byte row (all 64 banks): conflict-free on gfx950, while 16
  // consecutive lanes (quads 0-3: rows 0 and 2 twice) would conflict 2-way.
  for (uint32_t g = 0; g < mi350_read_groups.size(); ++g) {
    for (uint32_t i = 0; i < 16; ++i) mi350_grouped[mi350_read_groups[g][i]] = 256 * g + 16 * i;
  }
  // Lane quad q at 64-byte slot {0, 1, 2, 3, 1, 0, 2, 3}[q % 8] of 256-byte row q % 8: 16 consecutive
  // lanes fill all 64 banks once, but gfx950's groups (quads 0, 3, 5, 6: slots 0, 3, 0, 2; quads 1, 2, 4, 7:
  // slots 1, 2, 1, 3) meet twice on 16 banks: 2-way, one extra cycle in each of the four phases.
  const uint32_t slot[8] = {0, 1, 2, 3, 1, 0, 2, 3};
  for (uint32_t l = 0; l < 64; ++l) quads_in_order[l] = 256 * ((l / 4) % 8) + 64 * slot[(l / 4) % 8] + 16 * (l % 4);
  const bool gfx942 = GetParam() == Target::kGfx942;
  const ConflictCase cases[] = {
      {"consecutive read", &consecutive, 0, 0},
      {"consecutive write", &consecutive, 1, 0},
      {"2-way read", &stride32, 0, gfx942 ? 8u : 4u},
      {"2-way write", &stride32, 1, 8},
      {"grouped read", &grouped, 0, 0},
      {"grouped write", &grouped, 1, 8},
      {"gfx950-grouped read", &mi350_grouped, 0, gfx942 ? 8u : 0u},
      {"quads in order read", &quads_in_order, 0, 4},
      {"quads in order write", &quads_in_order, 1, 0},
  };
  expect_conflict_cycles(GetParam(), "lds_b128_phases", cases);
}

// 96-bit reads on gfx950 resolve conflicts on 32 banks in eight phases of gfx942's 128-bit read groups
// ({0-3, 20-23}, {4-7, 16-19}, {8-11, 28-31}, {12-15, 24-27} and the same 32 lanes higher): AMD's rocRoller
// LDS model ("ds_read_b96 on gfx950 retains the throughput of gfx942", 32 banks) and HipKittens' phase
// solver (analysis/paper_experiments/phases/ds_read_b96, beside its 64-bank ds_read_b128 result: "Phase 0:
// 8 threads - [0, 1, 2, 3, 20, 21, 22, 23]", "First conflict at bank 32"). gfx942's 96-bit phases and all
// 96-bit writes have no source: 10 consecutive lanes on 32 banks (ASSUMED).
TEST_P(Ds, B96AccessesFollowThePhaseRules) {
  std::vector<uint32_t> stride16(64), packed(64), pairs_128_apart(64);
  for (uint32_t l = 0; l < 64; ++l) {
    stride16[l] = 16 * l;  // 12 bytes used of every 16: a read group covers banks 0-14 and 16-30 once
    packed[l] = 12 * l;    // lanes 20-23 wrap onto the banks of lanes 0-2 in the first read group
    pairs_128_apart[l] = 128 * (l % 2) + 16 * (l / 2);  // lanes 2i and 2i + 1 on the same 32-bank banks
  }
  const bool gfx942 = GetParam() == Target::kGfx942;
  const ConflictCase cases[] = {
      {"16-byte stride read", &stride16, 0, gfx942 ? 6u : 0u},
      {"16-byte stride write", &stride16, 1, 6},
      {"packed read", &packed, 0, gfx942 ? 0u : 8u},
      {"packed write", &packed, 1, 0},
      {"lane pairs 128 bytes apart read", &pairs_128_apart, 0, gfx942 ? 7u : 8u},
  };
  expect_conflict_cycles(GetParam(), "lds_b96_phases", cases);
}

TEST_P(Ds, AccessOutsideLdsIsAFault) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 8, 0));
  // lds_race has 64 bytes of LDS; lds_ops needs 8 KiB: run lds_ops' addresses against less LDS by
  // launching the race kernel with a wave whose first id puts nothing out of range, then check the
  // fault path with a too-large dynamic LDS request instead.
  LaunchConfig config;
  auto bytes = read_kernel_file("lds_ops", GetParam());
  auto module = emu.load_module(bytes);
  ASSERT_TRUE(module.is_ok()) << module.status().to_string();
  auto args = kernargs({out.address});
  config.grid = {1, 1, 1};
  config.workgroup = {64, 1, 1};
  config.kernarg = args;
  config.dynamic_lds = 1u << 20;
  auto result = emu.launch(*module, "lds_ops", config);
  ASSERT_FALSE(result.is_ok());
  EXPECT_EQ(result.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(result.status().message().find("LDS"), std::string::npos) << result.status().message();
}

// ds_atomics_wide: every 64-bit atomic and the 32-bit ones added with them, one LDS qword per lane, each
// compared with the CDNA4 ISA guide's pseudocode (12.12 "LDS Instructions") and float rules (9.2.3)
// written out here: returned value = memory before; memory after = op(memory, DATA, DATA2).
using u32 = uint32_t;
using u64 = uint64_t;

template <typename F, typename U>
U ref_float_min_max(U m, U d, bool max) {  // no signalling NaNs among the inputs
  const F a = std::bit_cast<F>(m), b = std::bit_cast<F>(d);
  if (std::isnan(b)) return m;  // a quiet NaN loses to a number (and to another NaN: memory kept)
  if (std::isnan(a)) return d;
  if (a == b && std::signbit(a) != std::signbit(b)) return (max ? !std::signbit(b) : std::signbit(b)) ? d : m;
  return (max ? b > a : b < a) ? d : m;
}
template <typename F, typename U>
U ref_cmpst_float(U m, U cmp, U src) {
  const F a = std::bit_cast<F>(m), c = std::bit_cast<F>(cmp);
  return (!std::isnan(a) && !std::isnan(c) && a == c) ? src : m;
}
u32 ref_pk_add_f16(u32 m, u32 d) {
  u32 out = 0;
  for (int h = 0; h < 2; ++h) {
    const auto a = std::bit_cast<_Float16>(static_cast<uint16_t>(m >> (16 * h)));
    const auto b = std::bit_cast<_Float16>(static_cast<uint16_t>(d >> (16 * h)));
    out |= u32{std::bit_cast<uint16_t>(static_cast<_Float16>(a + b))} << (16 * h);
  }
  return out;
}
u32 ref_pk_add_bf16(u32 m, u32 d) {  // exact f32 sum of two bf16 values, then round to nearest even
  u32 out = 0;
  for (int h = 0; h < 2; ++h) {
    const float sum = std::bit_cast<float>((m >> (16 * h)) << 16) + std::bit_cast<float>((d >> (16 * h)) << 16);
    const u32 bits = std::bit_cast<u32>(sum);
    const u32 rounded = (bits + 0x7fff + ((bits >> 16) & 1)) >> 16;
    out |= (rounded & 0xffff) << (16 * h);
  }
  return out;
}

struct WideCase {
  const char* name;
  bool wide;     // 64-bit memory and data (else the low dwords)
  bool returns;  // _rtn form
  std::function<u64(u64, u64, u64)> op;
};

std::vector<WideCase> wide_cases() {
  auto f64 = [](u64 x) { return std::bit_cast<double>(x); };
  return {
      {"ds_add_rtn_u64", true, true, [](u64 m, u64 d, u64) { return m + d; }},
      {"ds_sub_rtn_u64", true, true, [](u64 m, u64 d, u64) { return m - d; }},
      {"ds_rsub_rtn_u64", true, true, [](u64 m, u64 d, u64) { return d - m; }},
      {"ds_inc_rtn_u64", true, true, [](u64 m, u64 d, u64) { return m >= d ? 0 : m + 1; }},
      {"ds_dec_rtn_u64", true, true, [](u64 m, u64 d, u64) { return (m == 0 || m > d) ? d : m - 1; }},
      {"ds_min_rtn_i64", true, true, [](u64 m, u64 d, u64) { return int64_t(d) < int64_t(m) ? d : m; }},
      {"ds_max_rtn_i64", true, true, [](u64 m, u64 d, u64) { return int64_t(d) >= int64_t(m) ? d : m; }},
      {"ds_min_rtn_u64", true, true, [](u64 m, u64 d, u64) { return d < m ? d : m; }},
      {"ds_max_rtn_u64", true, true, [](u64 m, u64 d, u64) { return d >= m ? d : m; }},
      {"ds_and_rtn_b64", true, true, [](u64 m, u64 d, u64) { return m & d; }},
      {"ds_or_rtn_b64", true, true, [](u64 m, u64 d, u64) { return m | d; }},
      {"ds_xor_rtn_b64", true, true, [](u64 m, u64 d, u64) { return m ^ d; }},
      {"ds_mskor_rtn_b64", true, true, [](u64 m, u64 d, u64 d2) { return (m & ~d) | d2; }},
      {"ds_wrxchg_rtn_b64", true, true, [](u64, u64 d, u64) { return d; }},
      {"ds_cmpst_rtn_b64", true, true, [](u64 m, u64 d, u64 d2) { return m == d ? d2 : m; }},
      {"ds_cmpst_rtn_f64", true, true, ref_cmpst_float<double, u64>},
      {"ds_min_rtn_f64", true, true, [](u64 m, u64 d, u64) { return ref_float_min_max<double>(m, d, false); }},
      {"ds_max_rtn_f64", true, true, [](u64 m, u64 d, u64) { return ref_float_min_max<double>(m, d, true); }},
      {"ds_add_rtn_f64", true, true, [=](u64 m, u64 d, u64) { return std::bit_cast<u64>(f64(m) + f64(d)); }},
      {"ds_add_u64", true, false, [](u64 m, u64 d, u64) { return m + d; }},
      {"ds_max_f64", true, false, [](u64 m, u64 d, u64) { return ref_float_min_max<double>(m, d, true); }},
      {"ds_add_f64", true, false, [=](u64 m, u64 d, u64) { return std::bit_cast<u64>(f64(m) + f64(d)); }},
      {"ds_rsub_rtn_u32", false, true, [](u64 m, u64 d, u64) { return u64{u32(d) - u32(m)}; }},
      {"ds_mskor_rtn_b32", false, true, [](u64 m, u64 d, u64 d2) { return u64{(u32(m) & ~u32(d)) | u32(d2)}; }},
      {"ds_cmpst_rtn_f32", false, true,
       [](u64 m, u64 d, u64 d2) { return u64{ref_cmpst_float<float, u32>(u32(m), u32(d), u32(d2))}; }},
      {"ds_min_rtn_f32", false, true,
       [](u64 m, u64 d, u64) { return u64{ref_float_min_max<float, u32>(u32(m), u32(d), false)}; }},
      {"ds_max_rtn_f32", false, true,
       [](u64 m, u64 d, u64) { return u64{ref_float_min_max<float, u32>(u32(m), u32(d), true)}; }},
      {"ds_pk_add_rtn_f16", false, true, [](u64 m, u64 d, u64) { return u64{ref_pk_add_f16(u32(m), u32(d))}; }},
      {"ds_pk_add_rtn_bf16", false, true, [](u64 m, u64 d, u64) { return u64{ref_pk_add_bf16(u32(m), u32(d))}; }},
      {"ds_wrap_rtn_b32", false, true,
       [](u64 m, u64 d, u64 d2) { return u64{u32(m) >= u32(d) ? u32(m) - u32(d) : u32(m) + u32(d2)}; }},
      {"ds_pk_add_f16", false, false, [](u64 m, u64 d, u64) { return u64{ref_pk_add_f16(u32(m), u32(d))}; }},
      {"ds_rsub_u32", false, false, [](u64 m, u64 d, u64) { return u64{u32(d) - u32(m)}; }},
  };
}

// Inputs by lane group: integer corner cases, f64 specials, f32 specials, packed f16, packed bf16, random.
void wide_inputs(std::vector<u64>& m, std::vector<u64>& d, std::vector<u64>& d2) {
  std::mt19937_64 rng(7);
  m.resize(64);
  d.resize(64);
  d2.resize(64);
  for (int l = 0; l < 64; ++l) m[l] = rng(), d[l] = rng(), d2[l] = rng();
  const u64 ints[][2] = {{5, 5}, {0, 7}, {9, 7}, {3, 7}, {42, 42}, {u64(-3), 2}, {2, u64(-3)}, {0, 0}};
  for (int i = 0; i < 8; ++i) m[i] = ints[i][0], d[i] = ints[i][1];
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const double dmin = std::numeric_limits<double>::denorm_min();
  const double doubles[][2] = {{1.5, 2.5}, {-0.0, 0.0}, {0.0, -0.0}, {nan, 1.0}, {1.0, nan}, {inf, -inf},
                               {dmin, -dmin}, {3.0, 3.0}, {-2.0, 7.25}, {1e308, 1e308}, {-1.0, -1.0},
                               {0.1, 0.2}, {nan, nan}, {-0.0, -0.0}, {-5.5, -6.5}, {2.0, -0.0}};
  for (int i = 0; i < 16; ++i) {
    m[16 + i] = std::bit_cast<u64>(doubles[i][0]);
    d[16 + i] = std::bit_cast<u64>(doubles[i][1]);
    d2[16 + i] = std::bit_cast<u64>(42.0 + i);
  }
  const float fnan = std::numeric_limits<float>::quiet_NaN(), finf = std::numeric_limits<float>::infinity();
  const float floats[][2] = {{1.5f, 2.5f}, {-0.0f, 0.0f}, {0.0f, -0.0f}, {fnan, 1.0f},
                             {1.0f, fnan}, {2.0f, 2.0f}, {-finf, 3.0f}, {1e-45f, -1e-45f}};
  for (int i = 0; i < 8; ++i) {
    m[32 + i] = (m[32 + i] & ~u64{0xffffffff}) | std::bit_cast<u32>(floats[i][0]);
    d[32 + i] = (d[32 + i] & ~u64{0xffffffff}) | std::bit_cast<u32>(floats[i][1]);
  }
  std::uniform_real_distribution<float> value(-4.0f, 4.0f);
  for (int i = 40; i < 56; ++i) {
    u32 words[2] = {0, 0};
    for (u32& word : words) {
      for (int h = 0; h < 2; ++h) {
        const float x = value(rng);
        const uint16_t half = i < 48 ? std::bit_cast<uint16_t>(static_cast<_Float16>(x))
                                     : static_cast<uint16_t>(std::bit_cast<u32>(x) >> 16);
        word |= u32{half} << (16 * h);
      }
    }
    m[i] = (m[i] & ~u64{0xffffffff}) | words[0];
    d[i] = (d[i] & ~u64{0xffffffff}) | words[1];
  }
  d[56] = (d[56] & ~u64{0xffffffff}) | (m[56] & 0xffffffff);  // 32-bit equal bits
}

TEST_P(Ds, WideAtomicsFollowTheIsaPseudocode) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::vector<u64> m, d, d2;
  wide_inputs(m, d, d2);
  std::vector<u64> in = m;
  in.insert(in.end(), d.begin(), d.end());
  in.insert(in.end(), d2.begin(), d2.end());
  const std::vector<WideCase> cases = wide_cases();
  DeviceArray<u64> d_in = upload(emu, in);
  DeviceArray<u64> out = upload(emu, std::vector<u64>(cases.size() * 128, 0));
  auto profile = run_kernel(emu, "ds_atomics_wide", {1, 1, 1}, {64, 1, 1}, kernargs({d_in.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<u64> r = download(emu, out);
  for (size_t k = 0; k < cases.size(); ++k) {
    const WideCase& c = cases[k];
    for (int l = 0; l < 64; ++l) {
      const u64 mask = c.wide ? ~u64{0} : 0xffffffffu;
      const u64 expected_memory = c.op(m[l], d[l], d2[l]) & mask;
      const u64 expected_return = c.returns ? (m[l] & mask) : 0;
      EXPECT_EQ(r[k * 128 + size_t(l)], expected_return) << c.name << " returned, lane " << l;
      EXPECT_EQ(r[k * 128 + 64 + size_t(l)], expected_memory) << c.name << " memory, lane " << l;
    }
  }
}

// ds_exchange: two-address exchanges, ds_condxchg32_rtn_b64, the addtid forms and the d16 halves, each
// against the ISA pseudocode (CDNA4 guide 12.12) on per-lane random A, B, C, D.
TEST_P(Ds, ExchangesAddtidAndD16Halves) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  std::mt19937 rng(11);
  std::vector<u32> in(4 * 64);
  for (u32& x : in) x = static_cast<u32>(rng());
  auto A = [&](int l) { return in[size_t(l)]; };
  auto B = [&](int l) { return in[64 + size_t(l)]; };
  auto C = [&](int l) { return in[128 + size_t(l)]; };
  auto D = [&](int l) { return in[192 + size_t(l)]; };
  DeviceArray<u32> d_in = upload(emu, in);
  DeviceArray<u32> out = upload(emu, std::vector<u32>(26 * 64, 0));
  auto profile = run_kernel(emu, "ds_exchange", {1, 1, 1}, {64, 1, 1}, kernargs({d_in.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<u32> r = download(emu, out);
  auto byte = [](u32 x, int i) { return (x >> (8 * i)) & 0xff; };
  auto sext8 = [](u32 b) { return static_cast<u32>(static_cast<int16_t>(static_cast<int8_t>(b))) & 0xffff; };
  for (int l = 0; l < 64; ++l) {
    auto cond = [](u32 memory, u32 data) { return (data & 0x80000000u) ? (data & 0x7fffffffu) : memory; };
    const u32 expected[26] = {
        A(l), B(l), C(l), D(l),                          // wrxchg2_rtn_b32: old pair, new pair
        A(l), B(l), C(l), D(l), B(l), A(l), D(l), C(l),  // wrxchg2st64_rtn_b64: old qwords, new qwords
        A(l), B(l), cond(A(l), C(l)), cond(B(l), D(l)),  // condxchg32_rtn_b64
        A(l), B(l),                                      // addtid write / read at 3088 + 4l
        (C(l) & 0xffff0000u) | byte(A(l), 0),            // ds_read_u8_d16
        (C(l) & 0xffffu) | byte(A(l), 1) << 16,          // ds_read_u8_d16_hi
        (C(l) & 0xffff0000u) | sext8(byte(A(l), 2)),     // ds_read_i8_d16
        (C(l) & 0xffffu) | sext8(byte(A(l), 3)) << 16,   // ds_read_i8_d16_hi
        (C(l) & 0xffff0000u) | (A(l) & 0xffff),          // ds_read_u16_d16
        (C(l) & 0xffffu) | (A(l) & 0xffff0000u),         // ds_read_u16_d16_hi
        byte(A(l), 2) << 8,                              // ds_write_b8_d16_hi at byte 1
        A(l) & 0xffff0000u,                              // ds_write_b16_d16_hi at half 1
    };
    for (int k = 0; k < 26; ++k) EXPECT_EQ(r[size_t(k * 64 + l)], expected[k]) << "result " << k << ", lane " << l;
  }
}

INGOT_FOR_BOTH_TARGETS(Ds);

}  // namespace
}  // namespace ingot::emu::testing
