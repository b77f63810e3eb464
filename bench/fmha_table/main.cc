// ingot_fmha_table: issue 11 item 5, the fmha_fwd performance evidence from the emulator's exact counts and
// a stated model (fmha_bench.h / fmha_bench.cc). No GPU time is measured or printed.
// Usage: ingot_fmha_table [--pack DIR] [--arch gfx942|gfx950]... [--seq S] [--heads H] [--emulated-heads N]
//                         [--rows all|causal|hd128|fp8hd128|hd192]
// Rows: B = 1, Hq = Hkv = H (default 8), Sq = Sk = S (default 4096): bf16 hd128 non-causal and causal, hd64,
// hd192/128 and hd256 non-causal, fp8 hd128, hd64 and hd192/128 non-causal; bf16 hd192/128 and fp8 hd128 causal.
// Exit status 0 when every row ran.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_pack.h"
#include "fmha_bench.h"
#include "ingot/tooling/pack.h"

namespace {

using ingot::bench::FmhaCase;
using ingot::bench::FmhaRow;

void print_row(const FmhaRow& r) {
  const FmhaCase& c = r.problem;
  const auto& it = r.iteration;
  std::printf("%-7s %s hd%lld/%lld %-10s %s\n", c.arch.c_str(), c.dtype.c_str(), static_cast<long long>(c.dqk),
              static_cast<long long>(c.dv), c.causal ? "causal" : "non-causal", r.kernel_id.c_str());
  std::printf("  grid %lld workgroups over %lld CUs; occupancy %u waves/SIMD (%s), %u VGPRs, %u B LDS\n",
              static_cast<long long>(r.workgroups), static_cast<long long>(r.cus), r.waves_per_simd,
              r.occupancy_limiter.c_str(), r.vgprs, r.lds_bytes);
  std::printf("  main loop per KV tile per workgroup (%lld waves): MFMA busy %.0f cyc | VALU %.0f instr (%.0f cyc) | "
              "DS %.0f | VMEM %.0f | SALU+SMEM %.0f | branch %.0f | LDS conflict %.0f cyc\n",
              static_cast<long long>(it.waves), it.mfma_busy, it.valu, 4 * it.valu, it.lds, it.vmem, it.salu,
              it.branch, it.lds_conflict_cycles);
  std::printf("  MFMA-busy share of main-loop cycles per SIMD (modeled upper bound: %.1f%% with the %u waves/SIMD the "
              "resources allow overlapping MFMA and the rest; lower bound, one wave alone: %.1f%%); VALU cycles hidden "
              "under MFMA: %.0f%%\n",
              100 * r.mfma_share_simd, r.waves_per_simd, 100 * r.mfma_share_one_wave, 100 * r.valu_hidden_share);
  std::printf("  bytes fetched %.3g vs minimum %.3g (x%.1f); LDS conflict cycles, whole grid: %.0f\n", r.bytes_fetched,
              r.bytes_minimum, r.bytes_fetched / r.bytes_minimum, r.lds_conflict_cycles_total);
  std::printf("  useful / MFMA flops %.3f; issue model %.0f TF of the %.0f TF peak (MFMA-bound, upper-bound share)\n",
              r.useful_flops / r.mfma_flops, r.modeled_tflops, r.peak_tflops);
  std::printf("  timing mode (CU model, %u workgroups/CU): %.0f cyc per KV tile, MFMA-busy %.1f%% (VALU %.0f%%, LDS %.0f%%, "
              "L2/L1 path %.0f%%; modeled); launch (%zu traced workgroup(s) of the emulated head) MODELED %.1f us, %.0f TF useful, bound %s\n",
              r.timing_copies, r.timing_cycles_per_iteration, 100 * r.timing_mfma_share, 100 * r.timing_valu_share,
              100 * r.timing_lds_share, 100 * r.timing_memory_share,
              r.traced_workgroups, r.modeled->us, r.timing_useful_tflops, r.modeled->bound.c_str());
  if (c.causal) {
    std::printf("  causal balance (dispatcher model, KV tiles per workgroup slot): %.0f%% with the kernel's grid (%s), "
                "%.0f%% with one Q tile per workgroup, longest first; workgroup work longest / shortest (MFMA cycles, "
                "exact): x%.2f\n",
                100 * r.balance, r.q_tile_pairs ? "Q-tile pairs" : "one Q tile per workgroup", 100 * r.balance_unpaired,
                r.workgroup_work_spread);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string pack_dir;  // empty: open_bench_pack finds it
  std::vector<std::string> archs;
  // causal: the causal rows; hd128: the bf16 hd128 rows, fp8hd128: the fp8 hd128 rows, hd192: the bf16 hd192/128
  // rows (each causal and not)
  std::string rows_kept = "all";
  int64_t seq = 4096, heads = 1, full_heads = 8;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) {
      std::fprintf(stderr, "ingot_fmha_table: %s needs a value\n", flag.c_str());
      return 2;
    }
    const std::string value = argv[++i];
    if (flag == "--pack") {
      pack_dir = value;
    } else if (flag == "--arch") {
      archs.push_back(value);
    } else if (flag == "--rows" && (value == "all" || value == "causal" || value == "hd128" || value == "fp8hd128" ||
                                    value == "hd192")) {
      rows_kept = value;
    } else if (flag == "--seq" || flag == "--emulated-heads" || flag == "--heads") {
      const long long n = std::strtoll(value.c_str(), nullptr, 10);
      if (n < (flag == "--seq" ? 64 : 1)) {
        std::fprintf(stderr, "ingot_fmha_table: %s must be at least %d\n", flag.c_str(), flag == "--seq" ? 64 : 1);
        return 2;
      }
      (flag == "--seq" ? seq : flag == "--heads" ? full_heads : heads) = n;
    } else {
      std::fprintf(stderr, "ingot_fmha_table: unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  if (archs.empty()) archs = {"gfx942", "gfx950"};
  auto pack = ingot::bench::open_bench_pack(pack_dir);
  if (!pack) {
    std::fprintf(stderr, "ingot_fmha_table: %s\n", pack.status().to_string().c_str());
    return 1;
  }
  std::printf("fmha_fwd on the emulator: exact counts, MODELED shares and TF (no GPU time). B=1 Hq=Hkv=%lld Sq=Sk=%lld; "
              "%lld head(s) emulated, counts scaled to %lld\n", static_cast<long long>(full_heads), static_cast<long long>(seq),
              static_cast<long long>(heads), static_cast<long long>(full_heads));
  int failures = 0;
  for (const std::string& arch : archs) {
    const FmhaCase rows[] = {{arch, "bf16", 128, 128, false}, {arch, "bf16", 128, 128, true},
                             {arch, "bf16", 64, 64, false}, {arch, "bf16", 192, 128, false},
                             {arch, "bf16", 256, 256, false}, {arch, "fp8", 128, 128, false},
                             {arch, "fp8", 64, 64, false},    {arch, "fp8", 192, 128, false},
                             {arch, "bf16", 192, 128, true},  {arch, "fp8", 128, 128, true}};
    for (FmhaCase c : rows) {
      if ((rows_kept == "causal" && !c.causal) || (rows_kept == "hd128" && (c.dqk != 128 || c.dtype != "bf16")) ||
          (rows_kept == "fp8hd128" && (c.dqk != 128 || c.dtype != "fp8")) ||
          (rows_kept == "hd192" && (c.dqk != 192 || c.dtype != "bf16"))) {
        continue;
      }
      c.Sq = c.Sk = seq;
      c.Hq = c.Hkv = full_heads;
      c.emulated_heads = heads;
      auto row = ingot::bench::run_fmha_case(*pack, c);
      if (!row) {
        std::printf("! %s hd%lld: %s\n", arch.c_str(), static_cast<long long>(c.dqk), row.status().to_string().c_str());
        ++failures;
        continue;
      }
      print_row(*row);
    }
  }
  return failures == 0 ? 0 : 1;
}
