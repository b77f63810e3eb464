// Every mla_decode kernel of the pack (support/test_pack.h: $INGOT_PACK, else the build's) runs on the emulator
// against the independent CPU reference (tests/reference/mla_decode_reference.h): shuffled page tables,
// page sizes 1, 16 and 64, lengths that are not multiples of a page or a tile (and 0), H = 8, 16, 128 and
// padded H, Sq = 1..4, LSE checked, split-KV (forced and by the rule), a skewed batch, guard bytes around O
// and LSE, deterministic bits across emulator schedules, and 64-bit page offsets (a page whose byte offset
// from the pool base passes 2^32). The launch goes through the library (Pack::load_code_object,
// prepare_launch: kernargs, grid and workspace from the manifest alone). Skips when the build has no pack.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <numeric>
#include <ostream>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/problem.h"
#include "ingot_emu/emulator.h"
#include "mla_decode_reference.h"
#include "mla_test_pack.h"

namespace ingot {
namespace {

using reference::Fp8Format;
using reference::MlaDtype;

using mla_test::pack_dir;
using mla_test::main_pack;


struct Kernel {
  const ManifestKernel* entry = nullptr;
  std::string id;
  emu::Target target = emu::Target::kGfx942;
  MlaDtype kv = MlaDtype::kBf16, q = MlaDtype::kBf16;
  Fp8Format format = Fp8Format::kE4M3Fnuz;
  int64_t slots = 1;  // 16-row tiles per workgroup (waves x tiles per wave): one arrival counter each
};

void PrintTo(const Kernel& kernel, std::ostream* os) { *os << kernel.id; }

std::string text_of(const std::map<std::string, ParamValue, std::less<>>& values, const char* name) {
  const auto it = values.find(name);
  return it != values.end() && std::holds_alternative<std::string>(it->second) ? std::get<std::string>(it->second) : "";
}

std::vector<Kernel> pack_kernels() {
  std::vector<Kernel> kernels;
  const Pack* pack = main_pack();
  if (pack == nullptr) return kernels;
  KernelQuery query;
  query.family = "mla_decode";
  for (const ManifestKernel* k : pack->query(query)) {
    Kernel kernel;
    kernel.entry = k;
    kernel.id = k->id;
    kernel.target = k->arch == "gfx950" ? emu::Target::kGfx950 : emu::Target::kGfx942;
    kernel.kv = text_of(k->match, "kv_dtype") == "fp8" ? MlaDtype::kFp8 : MlaDtype::kBf16;
    kernel.q = text_of(k->match, "q_dtype") == "fp8" ? MlaDtype::kFp8 : MlaDtype::kBf16;
    kernel.format = text_of(k->match, "fp8_format") == "e4m3fn" ? Fp8Format::kE4M3Fn : Fp8Format::kE4M3Fnuz;
    for (const char* name : {"waves", "tiles"}) {
      const auto it = k->params.find(name);
      if (it != k->params.end() && std::holds_alternative<int64_t>(it->second)) kernel.slots *= std::get<int64_t>(it->second);
    }
    kernels.push_back(kernel);
  }
  return kernels;
}

// One call: shape, lengths, and how it is run.
struct Case {
  int64_t H = 16, Sq = 1, page_size = 16;
  std::vector<int32_t> lens;
  int64_t kv_splits = 0;           // 0: the manifest's rule
  uint32_t cus = 0;                // emulated CUs (0: the target's)
  uint64_t far_pages = 0;          // > 0: block_table ids start this many pages past the pool's base
  bool lse = true;
  uint32_t seed = 1;
};

constexpr uint16_t kCanary16 = 0x7FC1;  // a NaN no kernel computes
constexpr uint32_t kCanary32 = 0x7FC00DEDu;
constexpr size_t kGuardElems = 512;

struct HostData {
  reference::MlaShape shape;
  std::vector<uint8_t> q, pages;
  std::vector<int32_t> block_table, lens;
  double softmax_scale = 0.1352, q_scale = 1.0, kv_scale = 1.0;
};

uint16_t bf16_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return static_cast<uint16_t>((u + 0x7FFF + ((u >> 16) & 1)) >> 16);
}

// Values in [-1, 1] (bf16) or fp8 codes of magnitude <= 2: logits of a few units, a peaked softmax.
void fill(std::vector<uint8_t>& bytes, int64_t count, MlaDtype dtype, Fp8Format format, std::mt19937& rng) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  if (dtype == MlaDtype::kFp8) {
    bytes.resize(static_cast<size_t>(count));
    std::uniform_int_distribution<int> code(0, 255);
    for (auto& b : bytes) {
      for (;;) {
        const auto c = static_cast<uint8_t>(code(rng));
        const double v = reference::fp8_e4m3_to_double(c, format);
        if (!std::isnan(v) && std::fabs(v) <= 2.0) {
          b = c;
          break;
        }
      }
    }
    return;
  }
  bytes.resize(static_cast<size_t>(count) * 2);
  for (int64_t i = 0; i < count; ++i) {
    const uint16_t bits = bf16_bits(value(rng));
    std::memcpy(&bytes[static_cast<size_t>(2 * i)], &bits, 2);
  }
}

HostData make_data(const Kernel& k, const Case& c) {
  HostData d;
  std::mt19937 rng(c.seed);
  auto& s = d.shape;
  s.B = static_cast<int64_t>(c.lens.size());
  s.Sq = c.Sq;
  s.H = c.H;
  s.page_size = c.page_size;
  const int64_t max_len = std::max<int64_t>(1, *std::max_element(c.lens.begin(), c.lens.end()));
  s.max_pages_per_seq = (max_len + c.page_size - 1) / c.page_size;
  int64_t used = 0;
  for (int32_t len : c.lens) used += (len + c.page_size - 1) / c.page_size;
  const int64_t num_pages = used + 3;  // a few pages nobody references
  std::vector<int32_t> order(static_cast<size_t>(num_pages));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  // unused entries point far outside the pool: a kernel that reads them faults in the emulator
  d.block_table.assign(static_cast<size_t>(s.B * s.max_pages_per_seq), 0x3FFFFFFF);
  int64_t next = 0;
  for (int64_t b = 0; b < s.B; ++b) {
    const int64_t pages = (c.lens[static_cast<size_t>(b)] + c.page_size - 1) / c.page_size;
    for (int64_t i = 0; i < pages; ++i) {
      d.block_table[static_cast<size_t>(b * s.max_pages_per_seq + i)] =
          static_cast<int32_t>(order[static_cast<size_t>(next++)] + static_cast<int64_t>(c.far_pages));
    }
  }
  d.lens = c.lens;
  fill(d.q, s.B * s.Sq * s.H * s.dqk(), k.q, k.format, rng);
  fill(d.pages, num_pages * s.page_size * s.dqk(), k.kv, k.format, rng);
  if (k.q == MlaDtype::kFp8) d.q_scale = 0.75;
  if (k.kv == MlaDtype::kFp8) d.kv_scale = 1.25;
  return d;
}

struct Outputs {
  std::vector<uint16_t> o;     // with guards before and after
  std::vector<float> lse;      // with guards
  uint32_t splits = 0;
};

template <typename T>
uint64_t upload(emu::Emulator& emulator, const std::vector<T>& values) {
  auto address = emulator.allocate(std::max<uint64_t>(values.size() * sizeof(T), 4));
  EXPECT_TRUE(address.is_ok()) << address.status().to_string();
  if (!address.is_ok()) return 0;
  if (!values.empty()) {
    EXPECT_TRUE(emulator.copy_to_device(*address, values.data(), values.size() * sizeof(T)).is_ok());
  }
  return *address;
}

Outputs run(const Kernel& k, const Case& c, const HostData& d, emu::Schedule schedule = emu::Schedule::kDeterministic,
            uint64_t seed = 1, emu::LaunchProfile* profile_out = nullptr) {
  const auto& s = d.shape;
  emu::EmulatorOptions options;
  options.target = k.target;
  options.cus = c.cus;
  options.schedule = schedule;
  options.seed = seed;
  options.host_threads = 2;
  emu::Emulator emulator(options);
  Outputs out;
  out.o.assign(static_cast<size_t>(s.B * s.Sq * s.H * s.dv()) + 2 * kGuardElems, kCanary16);
  std::vector<uint32_t> lse_bits(static_cast<size_t>(s.B * s.H * s.Sq) + 2 * kGuardElems, kCanary32);
  const uint64_t q = upload(emulator, d.q), pages = upload(emulator, d.pages);
  const uint64_t bt = upload(emulator, d.block_table), lens = upload(emulator, d.lens);
  const uint64_t o = upload(emulator, out.o), lse = upload(emulator, lse_bits);
  const uint64_t page_bytes = static_cast<uint64_t>(s.page_size * s.dqk() * (k.kv == MlaDtype::kFp8 ? 1 : 2));

  Problem call("mla_decode");
  call.key("q_dtype", k.q == MlaDtype::kFp8 ? "fp8" : "bf16").key("kv_dtype", k.kv == MlaDtype::kFp8 ? "fp8" : "bf16");
  call.key("o_dtype", "bf16").key("fp8_format", k.format == Fp8Format::kE4M3Fn ? "e4m3fn" : "e4m3fnuz");
  call.integer("B", s.B).integer("H", s.H).integer("Sq", s.Sq).integer("page_size", s.page_size);
  call.integer("max_pages_per_seq", s.max_pages_per_seq).integer("kv_lora_rank", 512).integer("rope_dim", 64);
  call.integer("max_seq_len", *std::max_element(d.lens.begin(), d.lens.end())).integer("kv_splits", c.kv_splits);
  call.scalar("softmax_scale", d.softmax_scale).scalar("q_scale", d.q_scale).scalar("kv_scale", d.kv_scale);
  // 64-bit page offsets: the pool's base as the kernel sees it lies far_pages pages before the real bytes
  call.buffer("Q", q).buffer("pages", pages - c.far_pages * page_bytes).buffer("block_table", bt);
  call.buffer("seq_lens", lens).buffer("O", o + kGuardElems * 2).buffer("LSE", c.lse ? lse + kGuardElems * 4 : 0);
  DeviceInfo device;
  device.arch = k.entry->arch;
  device.cus = emulator.cus();
  auto ws = workspace_bytes(*k.entry, call, device);
  EXPECT_TRUE(ws.is_ok()) << k.id << ": " << ws.status().to_string();
  if (!ws.is_ok()) return {};
  uint64_t workspace = 0;
  if (*ws > 0) {
    workspace = upload(emulator, std::vector<uint8_t>(*ws, 0));
    call.buffer("workspace", workspace);
  } else {
    call.buffer("workspace", 0);
  }
  auto config = prepare_launch(*k.entry, call, device);
  EXPECT_TRUE(config.is_ok()) << k.id << ": " << config.status().to_string();
  if (!config.is_ok()) return {};
  out.splits = config->grid_workgroups[2];
  auto code = main_pack()->load_code_object(*k.entry);
  EXPECT_TRUE(code.is_ok()) << code.status().to_string();
  if (!code.is_ok()) return {};
  auto module = emulator.load_module(code->bytes);
  EXPECT_TRUE(module.is_ok()) << module.status().to_string();
  if (!module.is_ok()) return {};
  emu::LaunchConfig launch;
  launch.grid = {config->grid_workgroups[0], config->grid_workgroups[1], config->grid_workgroups[2]};
  launch.workgroup = {config->workgroup[0], config->workgroup[1], config->workgroup[2]};
  launch.kernarg = config->kernargs;
  auto profile = emulator.launch(*module, k.entry->symbol, launch);
  EXPECT_TRUE(profile.is_ok()) << k.id << ": " << profile.status().to_string();
  if (!profile.is_ok()) return {};
  if (profile_out != nullptr) *profile_out = *profile;
  EXPECT_TRUE(emulator.copy_to_host(out.o.data(), o, out.o.size() * 2).is_ok());
  EXPECT_TRUE(emulator.copy_to_host(lse_bits.data(), lse, lse_bits.size() * 4).is_ok());
  out.lse.resize(lse_bits.size());
  std::memcpy(out.lse.data(), lse_bits.data(), lse_bits.size() * 4);
  if (workspace != 0) {
    // the arrival counters lead the workspace; every launch must leave them at zero
    const uint64_t counters = static_cast<uint64_t>(s.B) * config->grid_workgroups[1] * static_cast<uint64_t>(k.slots);
    std::vector<uint32_t> values(counters);
    EXPECT_TRUE(emulator.copy_to_host(values.data(), workspace, counters * 4).is_ok());
    for (uint64_t i = 0; i < counters; ++i) EXPECT_EQ(values[i], 0u) << k.id << ": counter " << i;
  }
  return out;
}

void check(const Kernel& k, const Case& c, const HostData& d, const Outputs& out) {
  ASSERT_FALSE(out.o.empty());
  const auto& s = d.shape;
  reference::MlaInputs in;
  in.shape = s;
  in.q_dtype = k.q;
  in.kv_dtype = k.kv;
  in.fp8_format = k.format;
  in.q = d.q.data();
  in.pages = d.pages.data();
  // the reference gathers with page ids relative to the real pool
  std::vector<int32_t> table = d.block_table;
  for (size_t b = 0; b < table.size(); ++b) {
    if (table[b] != 0x3FFFFFFF) table[b] = static_cast<int32_t>(table[b] - static_cast<int64_t>(c.far_pages));
  }
  in.block_table = table.data();
  in.seq_lens = d.lens.data();
  in.softmax_scale = d.softmax_scale;
  in.q_scale = d.q_scale;
  in.kv_scale = d.kv_scale;
  const auto ref = reference::mla_decode(in);
  int failures = 0;
  for (size_t i = 0; i < kGuardElems; ++i) {
    if (out.o[i] != kCanary16 || out.o[out.o.size() - 1 - i] != kCanary16) ++failures;
  }
  EXPECT_EQ(failures, 0) << k.id << ": O's guard bytes were written";
  double worst = 0;  // the largest |error| / tolerance of O: how close the kernel comes to failing
  for (size_t i = 0; i < ref.o.size(); ++i) {
    const double got = reference::mla_bf16_to_double(out.o[kGuardElems + i]);
    const double tol = reference::mla_output_tolerance(ref.o[i], ref.magnitude[i]);
    worst = std::max(worst, std::fabs(got - ref.o[i]) / tol);
    if (!(std::fabs(got - ref.o[i]) <= tol) && failures++ < 8) {
      ADD_FAILURE() << k.id << " H=" << s.H << " Sq=" << s.Sq << " P=" << s.page_size << ": O[" << i / s.dv() << "]["
                    << i % s.dv() << "] = " << got << ", want " << ref.o[i] << " +- " << tol;
    }
  }
  ::testing::Test::RecordProperty("o_error_over_tolerance", std::to_string(worst));
  uint32_t guard_bits;
  for (size_t i = 0; i < kGuardElems; ++i) {
    std::memcpy(&guard_bits, &out.lse[i], 4);
    if (guard_bits != kCanary32) ++failures;
    std::memcpy(&guard_bits, &out.lse[out.lse.size() - 1 - i], 4);
    if (guard_bits != kCanary32) ++failures;
  }
  EXPECT_EQ(failures, 0) << k.id << ": LSE's guard bytes were written";
  for (size_t i = 0; i < ref.lse.size(); ++i) {
    const double got = out.lse[kGuardElems + i];
    if (!c.lse) {
      std::memcpy(&guard_bits, &out.lse[kGuardElems + i], 4);
      if (guard_bits != kCanary32 && failures++ < 8) ADD_FAILURE() << k.id << ": LSE written with address 0";
      continue;
    }
    const double want = ref.lse[i];
    const bool ok = std::isinf(want) ? (std::isinf(got) && got > 0) : std::fabs(got - want) <= reference::mla_lse_tolerance(want);
    if (!ok && failures++ < 8) ADD_FAILURE() << k.id << ": LSE[" << i << "] = " << got << ", want " << want;
  }
  EXPECT_EQ(failures, 0) << k.id;
}

class MlaDecodeEmu : public ::testing::TestWithParam<Kernel> {};

// Mixed lengths (one empty, none a multiple of a page or a tile), shuffled 16-token pages, MTP, split-KV
// forced to 3 (the first two sequences span several chunks, the short one one).
TEST_P(MlaDecodeEmu, MixedLengthsPage16SplitMatchesReference) {
  const Kernel& k = GetParam();
  Case c;
  c.H = 16;
  c.Sq = 2;
  c.page_size = 16;
  c.lens = {83, 0, 37, 5};
  c.kv_splits = 3;
  const HostData d = make_data(k, c);
  const Outputs out = run(k, c, d);
  EXPECT_EQ(out.splits, 3u) << k.id;
  check(k, c, d, out);
}

// H = 8 with Sq = 3 (24 rows: a padded last tile), page size 1 (every key its own page), no split.
TEST_P(MlaDecodeEmu, Heads8Page1Mtp3MatchesReference) {
  const Kernel& k = GetParam();
  Case c;
  c.H = 8;
  c.Sq = 3;
  c.page_size = 1;
  c.lens = {45, 20};
  c.kv_splits = 1;
  const HostData d = make_data(k, c);
  check(k, c, d, run(k, c, d));
}

// H = 128 (DeepSeek-V3 at TP 1), page size 64, lengths across a page edge, Sq = 1; LSE not asked for.
TEST_P(MlaDecodeEmu, Heads128Page64MatchesReference) {
  const Kernel& k = GetParam();
  Case c;
  c.H = 128;
  c.Sq = 1;
  c.page_size = 64;
  c.lens = {70};
  c.kv_splits = 2;
  c.lse = false;
  const HostData d = make_data(k, c);
  check(k, c, d, run(k, c, d));
}

// A padded H (5 heads x 4 tokens = 20 rows) with page ids whose byte offsets pass 2^32 (the pool's base is
// moved that far back): 32-bit page arithmetic would address outside every allocation.
TEST_P(MlaDecodeEmu, PaddedHeadsAndPageOffsetsPast4GiB) {
  const Kernel& k = GetParam();
  Case c;
  c.H = 5;
  c.Sq = 4;
  c.page_size = 16;
  c.lens = {29, 50};
  c.kv_splits = 2;
  const uint64_t page_bytes = 16 * 576 * (k.kv == MlaDtype::kFp8 ? 1 : 2);
  c.far_pages = (uint64_t{1} << 32) / page_bytes + 7;
  const HostData d = make_data(k, c);
  check(k, c, d, run(k, c, d));
}

// A skewed batch (one long sequence among short ones, the shape of 64K among 63 x 512 scaled down): the
// split rule on a small device spreads the long one over several workgroups; same bits under random
// wave schedules.
TEST_P(MlaDecodeEmu, SkewedBatchSplitsTheLongSequenceDeterministically) {
  const Kernel& k = GetParam();
  Case c;
  c.H = 16;
  c.Sq = 1;
  c.page_size = 16;
  c.lens = {330, 9, 12, 7};
  c.kv_splits = 16;  // 11 chunks of 32 keys: more than one batch of the combine's 8 in-flight loads
  const HostData d = make_data(k, c);
  const Outputs first = run(k, c, d);
  EXPECT_EQ(first.splits, 11u) << k.id << ": the long sequence should span 11 chunks";
  check(k, c, d, first);
  const Outputs again = run(k, c, d, emu::Schedule::kRandom, 7);
  EXPECT_EQ(again.o, first.o) << k.id << ": O differs under another schedule";
  EXPECT_EQ(0, std::memcmp(again.lse.data(), first.lse.data(), first.lse.size() * 4)) << k.id;
}

INSTANTIATE_TEST_SUITE_P(Pack, MlaDecodeEmu, ::testing::ValuesIn(pack_kernels()),
                         [](const ::testing::TestParamInfo<Kernel>& param) { return param.param.id; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MlaDecodeEmu);

}  // namespace
}  // namespace ingot
