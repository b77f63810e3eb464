// ingot_mla_table: performance evidence for the mla_decode kernels (issue 12, item 5) from the emulator's
// exact counts and a stated model. No GPU time is measured or printed; every time below is MODELED.
//
// Method (README.md has the columns):
//  1. Pack::select + prepare_launch on the FULL problem (B, H, Sq, L) with DeviceInfo{arch, cus}: the kernel
//     and its split factor S (grid z).
//  2. The selected kernel runs on the emulator for ONE batch entry (B' = 1) at the full length L with S forced
//     (kv_splits = S), random data. Every batch entry of a uniform-length batch does exactly this work, so
//     full-batch counts = counts x B. A second run at L/2 gives the main loop's share (difference).
//  3. Model: t = max(t_mem, t_issue) + 1 us launch, with
//       t_mem   = fetched bytes / min(HBM, active CUs x bytes in flight per CU / latency), latency 1 us
//                 (the ASSUMED loaded-HBM latency of gen/archs.py ROOFLINE);
//       t_issue = issue cycles of all waves / (4 SIMDs x active CUs x clock), issue cycles from
//                 bench/gemm_table/issue_model.h (MFMA busy cycles; VALU/DS/VMEM 4; SALU/SMEM/branch 1; one
//                 SIMD issues its waves' instructions one at a time: pessimistic).
//     GB/s = minimum bytes / t; TF = 2 x B x H x Sq x L x (576 + 512) / t.
//  4. The emulator's timing mode (emu/timing, MODELED): every workgroup of the one-entry L run is traced (its
//     R row tiles x S splits: the split-KV last arriver that combines differs from the others, and which
//     split arrives last is the emulator's interleaving), and that pattern repeats over the full grid
//     (model_bench_launch: rounds over the CUs at the launch's occupancy, the cache model on the minimum
//     bytes plus the split partials, launch latency). MFMA%simd = MFMA-busy cycles of the busiest SIMD / CU
//     cycles over the main loop (workgroup 0, the L run minus the L/2 run, the resident workgroups a CU
//     holds, its loads waiting the launch's cache-mix latency), the issue's compute-bound measure.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "bench_pack.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/problem.h"
#include "ingot/tooling/select.h"
#include "ingot_emu/bench_timing.h"
#include "ingot_emu/emulator.h"
#include "ingot_emu/timing.h"
#include "issue_model.h"

namespace ingot::bench {
namespace {

struct Part {
  const char* arch;
  emu::Target target;
  int64_t cus;
  double clock_ghz, hbm_gbps, lds_bytes;
};
constexpr Part kParts[] = {{"gfx942", emu::Target::kGfx942, 304, 2.1, 5300.0, 65536.0},
                           {"gfx950", emu::Target::kGfx950, 256, 2.4, 8000.0, 163840.0}};
constexpr double kLatencyNs = 1000.0;  // ASSUMED (gen/archs.py ROOFLINE latency_ns)
constexpr double kLaunchNs = 1000.0;   // ASSUMED fixed cost of one launch

struct Shape {
  const char* label;
  int64_t B, H, Sq, L, page;
  const char* kv;
  const char* q;
};
// Item 5's shapes; context 23333 x batch 256 x 128 heads is AITER's published MI355X point (1422 us).
constexpr Shape kShapes[] = {
    {"mem-bound", 64, 16, 1, 4096, 64, "bf16", "bf16"},
    {"H=8 padded", 64, 8, 1, 4096, 64, "bf16", "bf16"},
    {"compute-bound", 64, 128, 1, 4096, 64, "fp8", "bf16"},
    {"compute-bound", 64, 128, 2, 4096, 64, "fp8", "bf16"},
    {"compute fp8 Q", 64, 128, 1, 4096, 64, "fp8", "fp8"},  // S on the fp8 MFMA (Q and KV fp8)
    {"compute fp8 Q", 64, 128, 2, 4096, 64, "fp8", "fp8"},
    {"AITER point", 256, 128, 1, 23333, 64, "bf16", "bf16"},
};

double as_double(int64_t v) { return static_cast<double>(v); }

int64_t param_of(const ManifestKernel& k, const char* name) {
  const auto it = k.params.find(name);
  return it != k.params.end() && std::holds_alternative<int64_t>(it->second) ? std::get<int64_t>(it->second) : 0;
}

Problem problem_of(const Part& part, const Shape& s, int64_t batch, int64_t kv_splits) {
  Problem p("mla_decode");
  p.key("q_dtype", s.q).key("kv_dtype", s.kv).key("o_dtype", "bf16");
  p.key("fp8_format", std::string(part.arch) == "gfx950" ? "e4m3fn" : "e4m3fnuz");
  p.integer("B", batch).integer("H", s.H).integer("Sq", s.Sq).integer("page_size", s.page);
  p.integer("max_pages_per_seq", (s.L + s.page - 1) / s.page).integer("max_seq_len", s.L);
  p.integer("kv_lora_rank", 512).integer("rope_dim", 64).integer("kv_splits", kv_splits);
  p.scalar("softmax_scale", 0.1352).scalar("q_scale", 1.0).scalar("kv_scale", 1.0);
  return p;
}

struct Run {
  emu::LaunchProfile profile;
  bool ok = false;
};

// One batch entry of length `len` with `splits` forced, random data, on the emulator.
Run emulate(const Pack& pack, const ManifestKernel& k, const Part& part, const Shape& s, int64_t len, int64_t splits) {
  Run run;
  emu::EmulatorOptions options;
  options.target = part.target;
  options.cus = static_cast<uint32_t>(part.cus);
  options.timing = true;
  options.timing_all_workgroups = true;  // one batch entry: R x S workgroups
  emu::Emulator emulator(options);
  const int64_t kv_bytes = std::string(s.kv) == "fp8" ? 1 : 2, q_bytes = std::string(s.q) == "fp8" ? 1 : 2;
  const int64_t pages = (len + s.page - 1) / s.page;
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> byte(0, 255);
  auto random_bytes = [&](int64_t n, int64_t elem) {
    std::vector<uint8_t> v(static_cast<size_t>(n));
    for (size_t i = 0; i < v.size(); ++i) {
      // bf16: a random low byte and a high byte of magnitude < 1; fp8: codes of magnitude <= 1
      v[i] = elem == 2 ? static_cast<uint8_t>(i % 2 ? 0x3c | (byte(rng) & 0x80) | (byte(rng) & 1) : byte(rng))
                       : static_cast<uint8_t>((byte(rng) & 0x87) | 0x30);
    }
    return v;
  };
  auto put = [&](const std::vector<uint8_t>& bytes) -> uint64_t {
    auto a = emulator.allocate(std::max<uint64_t>(bytes.size(), 4));
    if (!a.is_ok()) return 0;
    if (!bytes.empty() && !emulator.copy_to_device(*a, bytes.data(), bytes.size()).is_ok()) return 0;
    return *a;
  };
  std::vector<int32_t> table(static_cast<size_t>(pages));
  for (int64_t i = 0; i < pages; ++i) table[static_cast<size_t>(i)] = static_cast<int32_t>((i * 7919) % pages);
  std::vector<uint8_t> table_bytes(table.size() * 4), lens(4);
  std::memcpy(table_bytes.data(), table.data(), table_bytes.size());
  const auto len32 = static_cast<int32_t>(len);
  std::memcpy(lens.data(), &len32, 4);
  Shape cut = s;
  cut.L = len;
  Problem call = problem_of(part, cut, 1, splits);
  call.buffer("Q", put(random_bytes(s.H * s.Sq * 576 * q_bytes, q_bytes)));
  call.buffer("pages", put(random_bytes(pages * s.page * 576 * kv_bytes, kv_bytes)));
  call.buffer("block_table", put(table_bytes)).buffer("seq_lens", put(lens));
  call.buffer("O", put(std::vector<uint8_t>(static_cast<size_t>(s.H * s.Sq * 512 * 2)))).buffer("LSE", 0);
  DeviceInfo device;
  device.arch = part.arch;
  device.cus = part.cus;
  auto ws = workspace_bytes(k, call, device);
  if (!ws.is_ok()) return run;
  call.buffer("workspace", put(std::vector<uint8_t>(*ws)));
  auto config = prepare_launch(k, call, device);
  auto code = pack.load_code_object(k);
  if (!config.is_ok() || !code.is_ok()) return run;
  auto module = emulator.load_module(code->bytes);
  if (!module.is_ok()) return run;
  emu::LaunchConfig launch;
  launch.grid = {config->grid_workgroups[0], config->grid_workgroups[1], config->grid_workgroups[2]};
  launch.workgroup = {config->workgroup[0], config->workgroup[1], config->workgroup[2]};
  launch.kernarg = config->kernargs;
  auto profile = emulator.launch(*module, k.symbol, launch);
  if (!profile.is_ok()) {
    std::fprintf(stderr, "! %s: %s\n", k.id.c_str(), profile.status().to_string().c_str());
    return run;
  }
  run.profile = *profile;
  run.ok = true;
  return run;
}

struct TimingModel {
  emu::ModeledTiming launch;
  double mfma_simd_loop = 0;  // MFMA-busy share of the busiest SIMD over the main loop's CU cycles
  double cycles_per_tile = 0;  // main-loop CU cycles per KV tile of workgroup 0
};

// Step 4 of the method: the L run's traced workgroups re-modeled at the full grid of `wgs`; the main loop
// from workgroup 0's traces of the L and L/2 runs, as many copies as a CU holds (`wgs_per_cu_fit`, from LDS
// and registers: the profile's per-SIMD occupancy rounds a one-wave workgroup's 3 per CU down to 1), its
// loads waiting the launch's cache-mix latency (the CU model's vmem_latency is zero unless set).
Result<TimingModel> timing_model(const Part& part, const emu::LaunchProfile& at_l, const emu::LaunchProfile& at_half,
                                 double wgs, double wgs_per_cu_fit, double flops, double unique_bytes,
                                 double loop_tiles) {
  auto launch = emu::model_bench_launch(at_l, {.arch = part.arch,
                                               .cus = static_cast<uint32_t>(part.cus),
                                               .workgroups = static_cast<uint64_t>(wgs),
                                               .flops = flops,
                                               .unique_bytes = unique_bytes});
  if (!launch) return launch.status();
  if (at_half.traced_workgroups.empty()) {
    return Status(StatusCode::kInvalidArgument, "mla table: the L/2 run has no traced workgroup");
  }
  emu::TimingConstants constants = emu::timing_constants(part.arch);
  constants.cus = static_cast<uint32_t>(part.cus);
  constants.vmem_latency = static_cast<uint32_t>(std::lround(launch->traffic.latency_cycles));
  const auto copies = static_cast<uint32_t>(std::min(std::max(1.0, wgs_per_cu_fit), std::ceil(wgs / as_double(part.cus))));
  TimingModel tm;
  tm.launch = *launch;
  const emu::CuTiming full = emu::model_cu(at_l.traced_workgroups.front().waves, copies, constants);
  const emu::CuTiming half = emu::model_cu(at_half.traced_workgroups.front().waves, copies, constants);
  const double loop_cycles = static_cast<double>(full.cycles) - static_cast<double>(half.cycles);
  if (loop_cycles > 0) {
    tm.mfma_simd_loop = (static_cast<double>(full.mfma_busy) - static_cast<double>(half.mfma_busy)) / loop_cycles;
    tm.cycles_per_tile = loop_cycles / loop_tiles;
  }
  return tm;
}

// The skewed batch of issue 12 (one 64K sequence among 63 of 512, H = 16, bf16): the long sequence's S
// chunks run on S workgroups (the short ones take one chunk each, in parallel). Modeled makespan = the
// slowest chunk (issue time of its single wave vs its bytes at its own in-flight rate) + the last
// arriver's combine (ceil(S/8) + 2S dependent round trips of 1 us) + launch; against S = 1.
int skew_rows(const Pack& pack) {
  int failures = 0;
  for (const Part& part : kParts) {
    const Shape s{"skew 64K/512", 64, 16, 1, 65536, 64, "bf16", "bf16"};
    DeviceInfo device;
    device.arch = part.arch;
    device.cus = part.cus;
    Problem full = problem_of(part, s, s.B, 0);
    for (const char* name : {"Q", "pages", "block_table", "seq_lens", "O", "LSE", "workspace"}) full.buffer(name, 0x100000);
    auto sel = pack.select(full, device);
    if (!sel.is_ok()) {
      ++failures;
      continue;
    }
    const ManifestKernel& k = *sel->kernel;
    auto config = prepare_launch(k, full, device);
    if (!config.is_ok()) {
      ++failures;
      continue;
    }
    const int64_t splits = config->grid_workgroups[2];
    const Run run = emulate(pack, k, part, s, s.L, splits);
    if (!run.ok) {
      ++failures;
      continue;
    }
    const double bk = std::string(part.arch) == "gfx950" ? 32 : 16;
    const double per_wg_rate = bk * 576 * 2 / kLatencyNs;  // bytes per ns: one tile in flight
    const double chunk_bytes = std::ceil(65536.0 / as_double(splits)) * 1152.0;
    const double waves = as_double(run.profile.waves) / as_double(splits);
    // per workgroup: its waves run on different SIMDs; the busiest wave's share of the issue cycles
    const double issue_ns = issue_cycles(run.profile).total() / as_double(splits) / waves / part.clock_ghz;
    const double chunk_ns = std::max(issue_ns, chunk_bytes / per_wg_rate);
    const double combine_ns = splits > 1 ? (std::ceil(as_double(splits) / 8.0) + 2.0 * as_double(splits)) * kLatencyNs : 0.0;
    const double unsplit_ns = std::max(issue_ns * as_double(splits), 65536.0 * 1152.0 / per_wg_rate);
    std::printf("%-7s skew: one 65536 among 63 x 512, H=16 bf16: %s, S=%lld chunks: modeled makespan %.0f us "
                "(chunk %.0f + combine %.0f + launch 1) vs %.0f us unsplit\n",
                part.arch, k.id.c_str(), static_cast<long long>(splits), (chunk_ns + combine_ns + kLaunchNs) / 1000.0,
                chunk_ns / 1000.0, combine_ns / 1000.0, (unsplit_ns + kLaunchNs) / 1000.0);
  }
  return failures;
}

// `only`: run the rows whose "arch shape" contains it (empty: every row and the skewed batch).
int run_table(const Pack& pack, const std::string& only) {
  std::printf("mla_decode: emulator counts (one batch entry, x B) + MODELED time (not a GPU measurement)\n");
  std::printf("%-7s %-14s %4s %4s %2s %6s %-4s %-36s %-11s %8s %8s %7s %7s %9s %8s %5s %7s | %9s %7s %7s %-5s %9s %7s"
              " | %6s %4s %6s\n", "arch", "shape", "B", "H", "Sq", "L", "kv", "kernel", "grid", "fetch/mn", "part/mn", "KB/CU",
              "MFMA%lp", "MFMA%all", "t_us*", "%HBM*", "TF*", "tm_us*", "tm%HBM*", "tmTF*", "bound", "MFMA%simd", "cyc/KVt",
              "LDSKiB", "VGPR", "cnf/KVt");
  int failures = 0;
  for (const Part& part : kParts) {
    for (const Shape& s : kShapes) {
      if ((std::string(part.arch) + " " + s.label).find(only) == std::string::npos) continue;
      DeviceInfo device;
      device.arch = part.arch;
      device.cus = part.cus;
      Problem full = problem_of(part, s, s.B, 0);
      for (const char* name : {"Q", "pages", "block_table", "seq_lens", "O", "LSE", "workspace"}) full.buffer(name, 0x100000);
      auto sel = pack.select(full, device);
      if (!sel.is_ok()) {
        std::printf("! %s %s: %s\n", part.arch, s.label, sel.status().to_string().c_str());
        ++failures;
        continue;
      }
      const ManifestKernel& k = *sel->kernel;
      auto config = prepare_launch(k, full, device);
      if (!config.is_ok()) {
        ++failures;
        continue;
      }
      const int64_t splits = config->grid_workgroups[2], row_tiles = config->grid_workgroups[1];
      const Run at_l = emulate(pack, k, part, s, s.L, splits);
      const Run at_half = emulate(pack, k, part, s, s.L / 2, splits);
      if (!at_l.ok || !at_half.ok) {
        ++failures;
        continue;
      }
      const emu::LaunchProfile& pr = at_l.profile;
      const double B = static_cast<double>(s.B);
      const double kvb = std::string(s.kv) == "fp8" ? 1 : 2, qb = std::string(s.q) == "fp8" ? 1 : 2;
      const double rows = as_double(s.H * s.Sq), L = as_double(s.L);
      const double min_bytes = B * (L * 576 * kvb + rows * 576 * qb + rows * 512 * 2 + std::ceil(L / as_double(s.page)) * 4);
      const double fetched = B * static_cast<double>(pr.global_segments) * 64.0;
      const int64_t waves = param_of(k, "waves");
      // every wave with a real row publishes one partial per split: O's 32 fp32 quads written once and read
      // once by the last arriver, m and l (256 bytes each) written once, m read twice (max, then weights), l once
      const double partial_bytes = 2.0 * 32768 + 512 + 768;
      const double partials = splits > 1 ? B * as_double(splits) * std::ceil(rows / 16.0) * partial_bytes : 0.0;
      // bytes in flight: every wave keeps one KV tile's loads outstanding (its staging registers)
      const double bk = std::string(part.arch) == "gfx950" ? 32 : 16;
      const double wg_in_flight = bk * 576 * kvb;
      // workgroups resident per CU: LDS, and the 512-register file per SIMD lane (VGPRs + AGPRs) over 4 SIMDs
      const double vgpr_waves_per_simd = std::floor(512.0 / (std::ceil((pr.vgprs + pr.agprs) / 8.0) * 8.0));
      const double wgs_per_cu_fit = std::min(std::floor(part.lds_bytes / pr.lds_bytes),
                                             std::floor(4.0 * vgpr_waves_per_simd / as_double(waves)));
      const double wgs = B * as_double(row_tiles * splits);
      const double cus = as_double(part.cus), active_cus = std::min(cus, wgs);
      // resident workgroups over the device (not the busiest CU's count on every CU: 320 workgroups on 304
      // CUs put 2 on 16 of them only)
      const double resident = std::min(wgs, cus * wgs_per_cu_fit);
      const double in_flight_cu = resident * wg_in_flight / active_cus;
      const IssueCycles all = issue_cycles(pr), loop = issue_cycles(pr) - issue_cycles(at_half.profile);
      const double rate = std::min(part.hbm_gbps, active_cus * in_flight_cu / kLatencyNs);  // bytes per ns
      const double t_mem = fetched / rate;
      const double t_issue = B * all.total() / (4.0 * active_cus * part.clock_ghz);
      const double t_ns = std::max(t_mem, t_issue) + kLaunchNs;
      const double flops = 2.0 * B * rows * L * (576 + 512);
      // KV tiles of workgroup 0 (split 0: round_up(ceil(L / S), BK) keys) in the L run beyond the L/2 run
      auto split0_keys = [&](double len) { return std::ceil(std::ceil(len / as_double(splits)) / bk) * bk; };
      const double loop_tiles = (split0_keys(L) - split0_keys(std::floor(L / 2))) / bk;
      const Result<TimingModel> modeled = timing_model(part, at_l.profile, at_half.profile, wgs, wgs_per_cu_fit, flops,
                                                       min_bytes + partials, loop_tiles);
      if (!modeled) {
        std::printf("! %s %s: %s\n", part.arch, s.label, modeled.status().to_string().c_str());
        ++failures;
        continue;
      }
      const TimingModel& tm = *modeled;
      // exact: LDS bank-conflict cycles of the main loop per KV tile of one workgroup
      const double loop_conflicts = static_cast<double>(pr.lds_bank_conflict_cycles) -
                                    static_cast<double>(at_half.profile.lds_bank_conflict_cycles);
      const double conflicts_per_tile = loop_conflicts / (loop_tiles * as_double(row_tiles * splits));
      char grid[32];
      std::snprintf(grid, sizeof grid, "%ux%ux%u", config->grid_workgroups[0], config->grid_workgroups[1],
                    config->grid_workgroups[2]);
      std::printf("%-7s %-14s %4lld %4lld %2lld %6lld %-4s %-36s %-11s %8.3f %8.3f %7.0f %6.1f%% %7.1f%% %9.1f %7.1f%% %7.1f"
                  " | %9.1f %6.1f%% %7.1f %-5s %8.1f%% %7.0f | %6.1f %4u %6.1f\n",
                  part.arch, s.label, static_cast<long long>(s.B), static_cast<long long>(s.H),
                  static_cast<long long>(s.Sq), static_cast<long long>(s.L), s.kv, k.id.c_str(), grid,
                  fetched / min_bytes, partials / min_bytes, in_flight_cu / 1024.0, 100.0 * loop.mfma_share(),
                  100.0 * all.mfma_share(), t_ns / 1000.0, 100.0 * (min_bytes / t_ns) / part.hbm_gbps,
                  flops / t_ns / 1000.0, tm.launch.us, 100.0 * (min_bytes / (tm.launch.us * 1000.0)) / part.hbm_gbps,
                  flops / tm.launch.us / 1e6, tm.launch.bound.substr(0, 5).c_str(), 100.0 * tm.mfma_simd_loop,
                  tm.cycles_per_tile, as_double(pr.lds_bytes) / 1024.0, pr.vgprs, conflicts_per_tile);
    }
  }
  if (only.empty()) failures += skew_rows(pack);
  std::printf("* modeled (bench/mla_table/README.md); fetch/mn: 64-byte segments fetched / minimum bytes (KV + Q + O +\n"
              "  block table), part/mn: the split-KV partials' share of it; KB/CU: KV bytes in flight per CU.\n");
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace ingot::bench

int main(int argc, char** argv) {
  std::filesystem::path dir;  // empty: open_bench_pack finds it
  std::string only;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string(argv[i]) == "--pack") dir = argv[i + 1];
    if (std::string(argv[i]) == "--only") only = argv[i + 1];
  }
  auto pack = ingot::bench::open_bench_pack(dir);
  if (!pack.is_ok()) {
    std::fprintf(stderr, "ingot_mla_table: %s\n", pack.status().to_string().c_str());
    return 1;
  }
  return ingot::bench::run_table(*pack, only);
}
