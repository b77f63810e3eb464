#include "fmha_bench.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <queue>
#include <random>
#include <vector>

#include "arch_facts.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/select.h"
#include "ingot_emu/bench_timing.h"
#include "ingot_emu/emulator.h"

namespace ingot::bench {
namespace {

// Published dense MFMA peaks (isa-notes.md "Hardware numbers"), TFLOP/s: 16-bit 1307 / 2517, fp8 2615 / 5033
// (MI300X / MI355X). fp8 kernels run Q.K^T at the fp8 peak and P.V at the 16-bit one: their peak is the
// flop-weighted harmonic mean of the two.
double peak_tflops(const FmhaCase& c) {
  const double p16 = c.arch == "gfx950" ? 2517.0 : 1307.0, p8 = c.arch == "gfx950" ? 5033.0 : 2615.0;
  if (c.dtype != "fp8") return p16;
  return static_cast<double>(c.dqk + c.dv) / (static_cast<double>(c.dqk) / p8 + static_cast<double>(c.dv) / p16);
}

// Issue model (stated, not measured): non-MFMA VALU, DS and VMEM instructions take 4 issue cycles (64 lanes
// over a 16-lane SIMD), SALU / SMEM / branch 1; MFMA keeps its pipe busy for the emulator's busy cycles
// (passes x 4 from the shape table).
double other_issue_cycles(const emu::InstructionMix& m) {
  return 4.0 * static_cast<double>(m.valu + m.lds + m.vmem) + static_cast<double>(m.salu + m.smem + m.branch);
}

Problem make_problem(const FmhaCase& c, const std::string& dtype, int64_t heads_q, int64_t heads_kv, int64_t sq,
                     int64_t sk, int64_t left, int64_t right) {
  Problem p("fmha_fwd");
  p.key("dtype", dtype);
  p.integer("B", 1).integer("Hq", heads_q).integer("Hkv", heads_kv).integer("Sq", sq).integer("Sk", sk);
  p.integer("Dqk", c.dqk).integer("Dv", c.dv).integer("window_left", left).integer("window_right", right);
  const struct { const char* name; int64_t h, d, s; } tensors[] = {
      {"q", heads_q, c.dqk, sq}, {"k", heads_kv, c.dqk, sk}, {"v", heads_kv, c.dv, sk}, {"o", heads_q, c.dv, sq}};
  for (const auto& t : tensors) {  // contiguous BSHD
    p.integer(std::string("stride_") + t.name + "_h", t.d);
    p.integer(std::string("stride_") + t.name + "_s", t.h * t.d);
    p.integer(std::string("stride_") + t.name + "_b", t.s * t.h * t.d);
  }
  p.scalar("scale", 0.088);
  for (const char* name : {"Q", "K", "V", "O", "LSE", "cu_seqlens_q", "cu_seqlens_k"}) p.buffer(name, 0);
  if (dtype == "fp8") {
    p.key("fp8_format", c.arch == "gfx950" ? "e4m3fn" : "e4m3fnuz");
    for (const char* name : {"Q_descale", "K_descale", "V_descale"}) p.buffer(name, 0);
  }
  return p;
}

// Runs `kernel` on a fresh emulator over random inputs: the counts depend on the values only through the
// O rescale, which runs when a row's maximum grows by more than 2^8 (exp2 units); random scores make that
// as rare as in real attention after the first tiles, where zeros would never trigger it.
// `trace_all`: every workgroup's trace (a causal head, whose Q tiles differ), else workgroup 0's only.
Result<emu::LaunchProfile> emulate(const Pack& pack, const ManifestKernel& kernel, const FmhaCase& c, Problem problem,
                                   const DeviceInfo& device, bool trace_all = false) {
  emu::EmulatorOptions eo;
  eo.target = c.arch == "gfx950" ? emu::Target::kGfx950 : emu::Target::kGfx942;
  eo.cus = static_cast<uint32_t>(device.cus);
  eo.timing = true;  // traces per wave, for the CU model (run_fmha_case)
  eo.timing_all_workgroups = trace_all;
  emu::Emulator emulator(eo);
  const int64_t hq = problem.ints.at("Hq"), hkv = problem.ints.at("Hkv");
  const int64_t sq = problem.ints.at("Sq"), sk = problem.ints.at("Sk");
  const bool fp8 = c.dtype == "fp8";
  const int64_t eb = fp8 ? 1 : 2;
  const struct { const char* name; int64_t bytes; } buffers[] = {
      {"Q", sq * hq * c.dqk * eb}, {"K", sk * hkv * c.dqk * eb}, {"V", sk * hkv * c.dv * eb}, {"O", sq * hq * c.dv * 2}};
  std::mt19937 rng(7);
  for (const auto& b : buffers) {
    auto address = emulator.allocate(static_cast<uint64_t>(b.bytes));
    if (!address) return address.status();
    std::vector<uint8_t> bytes(static_cast<size_t>(b.bytes));
    if (fp8) {
      // e4m3 codes with exponent field <= 7 (|x| < 2 in both formats), never the FNUZ NaN 0x80
      std::uniform_int_distribution<int> code(1, 0x3f);
      for (uint8_t& x : bytes) x = static_cast<uint8_t>(code(rng) | (rng() & 1 ? 0x80 : 0));
    } else {
      std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
      for (size_t i = 0; i + 1 < bytes.size(); i += 2) {
        const float x = dist(rng);
        uint32_t bits;
        std::memcpy(&bits, &x, 4);
        bytes[i] = static_cast<uint8_t>(bits >> 16), bytes[i + 1] = static_cast<uint8_t>(bits >> 24);  // bf16 by truncation
      }
    }
    INGOT_RETURN_IF_ERROR(emulator.copy_to_device(*address, bytes.data(), bytes.size()));
    problem.buffer(b.name, *address);
  }
  if (fp8) {
    const float ones[3] = {1.0f, 1.0f, 1.0f};
    auto address = emulator.allocate(sizeof ones);
    if (!address) return address.status();
    INGOT_RETURN_IF_ERROR(emulator.copy_to_device(*address, ones, sizeof ones));
    problem.buffer("Q_descale", *address).buffer("K_descale", *address + 4).buffer("V_descale", *address + 8);
  }
  INGOT_RETURN_IF_ERROR(check_kernel_accepts(kernel, problem, device));
  auto launch = prepare_launch(kernel, problem, device);
  if (!launch) return launch.status();
  auto code = pack.load_code_object(kernel);
  if (!code) return code.status();
  auto module = emulator.load_module(code->bytes);
  if (!module) return module.status();
  emu::LaunchConfig config;
  config.grid = {launch->grid_workgroups[0], launch->grid_workgroups[1], launch->grid_workgroups[2]};
  config.workgroup = {launch->workgroup[0], launch->workgroup[1], launch->workgroup[2]};
  config.kernarg = launch->kernargs;
  config.dynamic_lds = launch->dynamic_lds;
  return emulator.launch(*module, kernel.symbol, config);
}

double visible_pairs(const FmhaCase& c) {
  if (!c.causal) return static_cast<double>(c.Sq) * static_cast<double>(c.Sk);
  double pairs = 0;
  for (int64_t i = 0; i < c.Sq; ++i) pairs += static_cast<double>(std::clamp<int64_t>(i + c.Sk - c.Sq + 1, 0, c.Sk));
  return pairs;
}

// KV tiles Q tile [q0, q0 + bq) visits: under causal (bottom-right) up to the tile holding key
// min(q0 + bq, Sq) - 1 + Sk - Sq (the window kernel's range), else all of them.
int64_t tiles_visited(const FmhaCase& c, int64_t q0, int64_t bq) {
  const int64_t all = (c.Sk + 31) / 32;
  if (!c.causal) return all;
  const int64_t last = std::min(q0 + bq, c.Sq) - 1 + c.Sk - c.Sq;
  return last < 0 ? 0 : std::min(all, last / 32 + 1);
}

// Dispatcher model (stated, MODELED): workgroups leave in grid order (x = query heads fastest, then y), each
// to the workgroup slot (CUs x resident workgroups) that frees first; a workgroup's work is its KV tiles.
// Workgroup y runs Q tile n-1-y (longest first), and with `pairs` tile y too (the window kernels' causal
// grid of ceil(n/2) rows; the middle tile alone when n is odd).
// Returns the lower bound max(total / slots, longest workgroup) over the resulting makespan.
double balance(const FmhaCase& c, int64_t bq, int64_t slots, bool pairs) {
  const int64_t q_tiles = (c.Sq + bq - 1) / bq;
  const int64_t rows = pairs ? (q_tiles + 1) / 2 : q_tiles;
  std::priority_queue<int64_t, std::vector<int64_t>, std::greater<>> free_at;
  for (int64_t i = 0; i < slots; ++i) free_at.push(0);
  int64_t total = 0, longest = 0, makespan = 0;
  for (int64_t b = 0; b < c.B; ++b) {
    for (int64_t y = 0; y < rows; ++y) {
      const int64_t tile = q_tiles - 1 - y;
      const int64_t work = tiles_visited(c, tile * bq, bq) + (pairs && y < tile ? tiles_visited(c, y * bq, bq) : 0);
      for (int64_t h = 0; h < c.Hq; ++h) {
        const int64_t end = free_at.top() + work;
        free_at.pop();
        free_at.push(end);
        total += work, longest = std::max(longest, work), makespan = std::max(makespan, end);
      }
    }
  }
  if (makespan == 0) return 1;
  return std::max(static_cast<double>(total) / static_cast<double>(slots), static_cast<double>(longest)) /
         static_cast<double>(makespan);
}

// Workgroups one CU holds at once: the fewest that its LDS, its VGPR file (per SIMD, arch + accumulation
// registers in one allocation) and the wave slots allow. Not rounded to whole waves per SIMD: 3 workgroups of
// 2 waves put 2 waves on two SIMDs and 1 on the others, as the CU model places them (wave i on SIMD i % 4).
uint32_t workgroups_per_cu(const arch_table::ArchFacts& arch, const emu::LaunchProfile& p) {
  const uint32_t granule = arch.vgpr_alloc_granule;
  const uint32_t unified = p.agprs != 0 ? (p.vgprs + 3) / 4 * 4 + p.agprs : p.vgprs;
  const uint32_t per_simd = std::min(arch.max_waves_per_simd, arch.max_vgprs / ((unified + granule - 1) / granule * granule));
  const uint32_t waves = std::max<uint32_t>(1, p.waves_per_workgroup);
  const uint32_t by_vgprs = per_simd * arch.simds_per_cu / waves;
  const uint32_t by_lds = p.lds_bytes != 0 ? arch.lds_bytes / p.lds_bytes : by_vgprs;
  return std::max<uint32_t>(1, std::min(by_vgprs, by_lds));
}

}  // namespace

Result<FmhaRow> run_fmha_case(const Pack& pack, const FmhaCase& c) {
  if (c.Sq < 1 || c.Sk < 2 || c.B < 1 || c.Hq < 1 || c.Hkv < 1 || c.emulated_heads < 1) {
    return Status(StatusCode::kInvalidArgument, "fmha table: B, heads and Sq must be at least 1, Sk at least 2");
  }
  DeviceInfo device;
  device.arch = c.arch;
  device.cus = c.cus > 0 ? c.cus : (c.arch == "gfx950" ? 256 : 304);
  const int64_t right = c.causal ? 0 : -1;
  auto selected = select(pack, make_problem(c, c.dtype, c.Hq, c.Hkv, c.Sq, c.Sk, -1, right), device);
  if (!selected) return selected.status();
  const ManifestKernel& kernel = *selected->kernel;

  FmhaRow row;
  row.problem = c;
  row.kernel_id = kernel.id;
  row.cus = device.cus;
  const int64_t heads = std::min(c.emulated_heads, c.Hq);
  auto whole = emulate(pack, kernel, c, make_problem(c, c.dtype, heads, heads, c.Sq, c.Sk, -1, right), device, c.causal);
  if (!whole) return whole.status();
  const double scale = static_cast<double>(c.B * c.Hq) / static_cast<double>(heads);
  row.workgroups = static_cast<int64_t>(static_cast<double>(whole->workgroups) * scale);

  // one main-loop iteration of one workgroup: one Q tile at Sk and Sk/2
  const int64_t bq = 32 * std::get<int64_t>(kernel.params.at("waves"));
  const int64_t sk_half = c.Sk / 2 / 32 * 32;
  auto at_full = emulate(pack, kernel, c, make_problem(c, c.dtype, 1, 1, bq, sk_half * 2, -1, -1), device);
  if (!at_full) return at_full.status();
  auto at_half = emulate(pack, kernel, c, make_problem(c, c.dtype, 1, 1, bq, sk_half, -1, -1), device);
  if (!at_half) return at_half.status();
  const double iterations = static_cast<double>(sk_half / 32);
  auto per_iteration = [&](uint64_t a, uint64_t b) { return (static_cast<double>(a) - static_cast<double>(b)) / iterations; };
  IterationCounts& it = row.iteration;
  it.mfma_busy = per_iteration(at_full->mfma_busy_cycles, at_half->mfma_busy_cycles);
  it.valu = per_iteration(at_full->instructions.valu, at_half->instructions.valu);
  it.lds = per_iteration(at_full->instructions.lds, at_half->instructions.lds);
  it.vmem = per_iteration(at_full->instructions.vmem, at_half->instructions.vmem);
  it.salu = per_iteration(at_full->instructions.salu + at_full->instructions.smem, at_half->instructions.salu + at_half->instructions.smem);
  it.branch = per_iteration(at_full->instructions.branch, at_half->instructions.branch);
  it.lds_conflict_cycles = per_iteration(at_full->lds_bank_conflict_cycles, at_half->lds_bank_conflict_cycles);
  it.waves = static_cast<int64_t>(at_full->waves_per_workgroup);
  row.issue_other_cycles = other_issue_cycles(at_full->instructions) - other_issue_cycles(at_half->instructions);
  row.issue_other_cycles /= iterations;
  const double m = it.mfma_busy, other = row.issue_other_cycles;
  row.mfma_share_one_wave = m / (m + other);
  row.waves_per_simd = whole->waves_per_simd;
  row.mfma_share_simd = row.waves_per_simd >= 2 ? m / std::max(m, other) : row.mfma_share_one_wave;
  row.valu_hidden_share = row.waves_per_simd >= 2 ? std::min(1.0, m / other) : 0.0;

  row.lds_conflict_cycles_total = static_cast<double>(whole->lds_bank_conflict_cycles) * scale;
  row.bytes_fetched = static_cast<double>(whole->global_segments) * 64.0 * scale;
  const double eb = c.dtype == "fp8" ? 1.0 : 2.0;
  row.bytes_minimum = static_cast<double>(c.B) * (eb * static_cast<double>(c.Sq * c.Hq * c.dqk + c.Sk * c.Hkv * (c.dqk + c.dv)) +
                                                  2.0 * static_cast<double>(c.Sq * c.Hq * c.dv));
  row.vgprs = whole->vgprs;
  row.lds_bytes = whole->lds_bytes;
  row.occupancy_limiter = whole->occupancy_limiter;
  row.useful_flops = 2.0 * static_cast<double>(c.B * c.Hq * (c.dqk + c.dv)) * visible_pairs(c);
  row.mfma_flops = static_cast<double>(whole->mfma_flops) * scale;
  // MFMA-bound model: the MFMA pipes run at the published peak for the share of main-loop cycles they are
  // busy; padding and masked-out work (mfma_flops above useful_flops) are paid, memory time is not.
  row.peak_tflops = peak_tflops(c);
  row.modeled_tflops = row.peak_tflops * row.mfma_share_simd * row.useful_flops / row.mfma_flops;

  // Timing mode. The launch: the emulated head's traced workgroups (non-causal: workgroup 0 stands for all;
  // causal: every Q tile's, longest first) repeated over the full grid, head after head (model_bench_launch)
  auto modeled = emu::model_bench_launch(*whole, {.arch = c.arch,
                                                  .cus = static_cast<uint32_t>(device.cus),
                                                  .workgroups = static_cast<uint64_t>(row.workgroups),
                                                  .flops = row.mfma_flops,
                                                  .unique_bytes = row.bytes_minimum});
  if (!modeled) return modeled.status();
  row.modeled = *modeled;
  row.traced_workgroups = whole->traced_workgroups.size();
  row.timing_useful_tflops = row.useful_flops / (row.modeled->us * 1e6);
  // The iteration: as many copies of the one-tile workgroup as a CU holds, the difference of the two
  // launches' CU cycles over the extra KV tiles; its loads wait the latency of the launch's cache mix
  // (L2 / MALL / HBM hit shares), which the CU model otherwise leaves at zero
  const arch_table::ArchFacts* facts = arch_table::find_arch_facts(c.arch);
  if (facts == nullptr) return Status(StatusCode::kInvalidArgument, "fmha table: no arch facts for " + c.arch);
  emu::TimingConstants constants = emu::timing_constants(c.arch);
  constants.cus = static_cast<uint32_t>(device.cus);
  constants.vmem_latency = static_cast<uint32_t>(std::lround(row.modeled->traffic.latency_cycles));
  row.timing_copies = workgroups_per_cu(*facts, *at_full);
  const emu::CuTiming cu_full = emu::model_cu(at_full->traced_workgroups.front().waves, row.timing_copies, constants);
  const emu::CuTiming cu_half = emu::model_cu(at_half->traced_workgroups.front().waves, row.timing_copies, constants);
  row.timing_cycles_per_iteration = per_iteration(cu_full.cycles, cu_half.cycles);
  row.timing_mfma_share = per_iteration(cu_full.mfma_busy, cu_half.mfma_busy) / row.timing_cycles_per_iteration;
  row.timing_valu_share = per_iteration(cu_full.valu_busy, cu_half.valu_busy) / row.timing_cycles_per_iteration;
  row.timing_lds_share = per_iteration(cu_full.lds_busy, cu_half.lds_busy) / row.timing_cycles_per_iteration;
  row.timing_memory_share = per_iteration(cu_full.memory_busy, cu_half.memory_busy) / row.timing_cycles_per_iteration;
  const int64_t slots = device.cus * row.timing_copies;
  row.q_tile_pairs = static_cast<int64_t>(whole->workgroups) < (c.Sq + bq - 1) / bq * heads;  // the grid the manifest gave
  row.balance = balance(c, bq, slots, row.q_tile_pairs);
  row.balance_unpaired = balance(c, bq, slots, false);
  // the work of each workgroup of the emulated head: MFMA pipe cycles, exact (every workgroup traced when causal)
  uint64_t most = 0, least = UINT64_MAX;
  for (const emu::TracedWorkgroup& wg : whole->traced_workgroups) {
    uint64_t cycles = 0;
    for (const emu::WaveTrace& wave : wg.waves) {
      for (const emu::TimingOp& op : wave) cycles += op.kind == emu::TimingKind::kMfma ? op.busy_cycles : 0;
    }
    most = std::max(most, cycles), least = std::min(least, cycles);
  }
  row.workgroup_work_spread = least > 0 ? static_cast<double>(most) / static_cast<double>(least) : 0;
  return row;
}

}  // namespace ingot::bench
