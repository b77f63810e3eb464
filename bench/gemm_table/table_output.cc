#include "table_output.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <utility>
#include <nlohmann/json.hpp>

#include "hardware_model.h"
#include "issue_model.h"

namespace ingot::bench {
namespace {

std::string format(const char* fmt, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, fmt, value);
  return buffer;
}

std::string percent_or_dash(const std::optional<double>& value) {
  return value ? format("%.1f%%", *value * 100.0) : std::string("-");
}

}  // namespace

void print_header(std::ostream& out, const BenchOptions& options) {
  out << "# ingot GEMM table: emulator counts + roofline MODEL ESTIMATES (no GPU was run; no GPU time is claimed)\n"
      << "# Extrapolation: the selected kernel runs on a cut-down problem M'=min(M," << options.tiles_m
      << "*bm) N'=min(N," << options.tiles_n << "*bn) K'=K\n"
      << "#   with the full problem's strides; per-workgroup counts x full-grid workgroups. 'x' after the grid\n"
      << "#   marks rows where full-grid workgroups differ from the cut-down ones (extrapolation approximate).\n"
      << "# MFMA%: MFMA busy cycles / issue cycles of all instructions, per wave64, no intra-wave overlap:\n"
      << "#   MFMA = passes*4 (shape table), VALU " << kIssueCosts.valu << ", DS " << kIssueCosts.lds << ", VMEM "
      << kIssueCosts.vmem << ", SALU " << kIssueCosts.salu << ", SMEM " << kIssueCosts.smem << ", branch "
      << kIssueCosts.branch << " cycles.\n"
      << "#   'loop' = main loop only: counts at K minus counts at K/2, over the k_tiles difference; 'all' = whole kernel.\n"
      << "# LDS cf/it: bank-conflict cycles per main-loop iteration per workgroup (target 0).\n"
      << "# fetched/min: 64-byte segments touched x 64 (reads + writes, per instruction, no cache) over the\n"
      << "#   minimum A+B+C(+scales) bytes (target <= 1.05 for decode kernels).\n"
      << "# MODEL ESTIMATES, us: max(bytes/HBM, flops/peak). model_us: minimum bytes (perfect L2/MALL reuse) and the\n"
      << "#   kernel's MFMA flops (bnd: mem or mfm term wins); nocache_us: the kernel's fetched bytes (no reuse);\n"
      << "#   ideal_us: minimum bytes and 2MNK. No wave quantization, clocks or overheads in the model.\n"
      << "# modeled_us: the emulator's timing mode (emu/timing): workgroup 0's trace on the CU model, rounds of\n"
      << "#   workgroups at the kernel's occupancy incl. the tail, launch latency, the cache model's L2/MALL/HBM\n"
      << "#   traffic at achievable bandwidths; 'bound' = what limits it. MODELED, not measured.\n"
      << "# floor_us (fb: mem/mfm): the problem's physical floor, max(minimum bytes / achievable HBM, 2MNK / peak);\n"
      << "#   amd/fl = AMD's measured us / floor_us: below 1 means AMD beat our floor (achievable figure too low,\n"
      << "#   or AMD's timing loop kept the weights in the 256 MB MALL). Parts:";
  for (const HardwarePart& part : hardware_parts()) {
    out << " " << part.name << " " << part.arch << " " << part.cus << " CUs, " << part.hbm_tbytes_per_s << " TB/s, "
        << part.dense_16bit_tflops << " (bf16) / " << part.dense_fp8_tflops << " (fp8) TFLOP/s;";
  }
  out << "\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-6s %-13s %5s %6s %6s  %-52s %-11s %7s %4s  %6s %6s  %9s  %8s %8s  %-14s %9s %3s %10s %9s  %10s %-15s %8s %6s %8s %3s %6s\n",
                "arch", "dtype", "M", "N", "K", "kernel", "grid", "wg/CU", "cuw", "MFMA%lp", "all", "LDScf/it",
                "fetch/mn", "req/min", "waves/SIMD", "model_us", "bnd", "nocache_us", "ideal_us", "modeled_us",
                "bound", "amd_us", "ratio", "floor_us", "fb", "amd/fl");
  out << line;
}

void print_text_row(std::ostream& out, const BenchRow& r) {
  const std::string grid = std::to_string(r.grid[0]) + "x" + std::to_string(r.grid[1]) + "x" +
                           std::to_string(r.grid[2]) + (r.extrapolation_exact ? "" : "x");
  const std::string occupancy = std::to_string(r.waves_per_simd) + " (" + r.occupancy_limiter + ")";
  const std::string modeled_us = r.modeled ? format("%.2f", r.modeled->us) : "-";
  const std::string bound = r.modeled ? r.modeled->bound : "-";
  const std::string amd_us = r.amd_us ? format("%.2f", *r.amd_us) : "-";
  const std::string ratio = r.modeled && r.amd_us ? format("%.2f", r.modeled->us / *r.amd_us) : "-";
  const std::string amd_over_floor = r.amd_us ? format("%.2f", *r.amd_us / r.floor.us) : "-";
  char line[720];
  std::snprintf(line, sizeof line,
                "%-6s %-13s %5lld %6lld %6lld  %-52s %-11s %7.2f %4lld  %6s %6s  %9s  %8.3f %8.3f  %-14s %9.2f %3s %10.2f %9.2f  %10s %-15s %8s %6s %8.2f %3s %6s\n",
                r.problem.arch.c_str(), dtype_name(r.problem.dtype), static_cast<long long>(r.problem.M),
                static_cast<long long>(r.problem.N), static_cast<long long>(r.problem.K), r.kernel_id.c_str(), grid.c_str(),
                r.workgroups_per_cu, static_cast<long long>(r.cu_waves), percent_or_dash(r.mfma_share_main_loop).c_str(),
                format("%.1f%%", r.mfma_share_kernel * 100.0).c_str(),
                r.lds_conflict_cycles_per_iteration ? format("%.1f", *r.lds_conflict_cycles_per_iteration).c_str() : "-",
                r.bytes_fetched / r.bytes_minimum, r.bytes_requested / r.bytes_minimum, occupancy.c_str(), r.model_us,
                r.model_memory_bound ? "mem" : "mfm", r.model_nocache_us, r.model_ideal_us, modeled_us.c_str(),
                bound.c_str(), amd_us.c_str(), ratio.c_str(), r.floor.us, r.floor.memory_bound ? "mem" : "mfm",
                amd_over_floor.c_str());
  out << line;
}

void print_text_error(std::ostream& out, const BenchCase& p, const std::string& message) {
  out << "! " << p.arch << " " << dtype_name(p.dtype) << " M=" << p.M << " N=" << p.N << " K=" << p.K << ": " << message
      << "\n";
}

std::string rows_to_json(const std::vector<BenchRow>& rows, const std::vector<std::string>& errors,
                         const BenchOptions& options) {
  nlohmann::json doc;
  doc["note"] = "emulator counts and roofline model estimates; no GPU time";
  doc["extrapolation"] = {{"tiles_m", options.tiles_m}, {"tiles_n", options.tiles_n}, {"k", "full"},
                          {"rule", "per-workgroup counts of the cut-down launch x full-grid workgroups"}};
  doc["issue_model_cycles"] = {{"mfma", "passes*4"},        {"valu", kIssueCosts.valu}, {"lds", kIssueCosts.lds},
                               {"vmem", kIssueCosts.vmem},  {"salu", kIssueCosts.salu}, {"smem", kIssueCosts.smem},
                               {"branch", kIssueCosts.branch}};
  nlohmann::json parts = nlohmann::json::array();
  for (const HardwarePart& p : hardware_parts()) {
    parts.push_back({{"arch", p.arch}, {"name", p.name}, {"cus", p.cus}, {"hbm_tb_per_s", p.hbm_tbytes_per_s},
                     {"bf16_tflops", p.dense_16bit_tflops}, {"fp8_tflops", p.dense_fp8_tflops}});
  }
  doc["parts"] = parts;
  nlohmann::json out = nlohmann::json::array();
  for (const BenchRow& r : rows) {
    nlohmann::json j;
    j["arch"] = r.problem.arch;
    j["cus"] = r.problem.cus;
    j["dtype"] = dtype_name(r.problem.dtype);
    j["M"] = r.problem.M;
    j["N"] = r.problem.N;
    j["K"] = r.problem.K;
    j["kernel"] = r.kernel_id;
    j["grid"] = r.grid;
    j["workgroups"] = r.workgroups;
    j["workgroups_per_cu"] = r.workgroups_per_cu;
    j["cu_waves"] = r.cu_waves;
    j["last_cu_wave_fill"] = r.last_wave_fill;
    j["cut_down"] = {{"M", r.cut_m}, {"N", r.cut_n}, {"workgroups", r.cut_workgroups}, {"exact", r.extrapolation_exact}};
    j["mfma_share_main_loop"] = r.mfma_share_main_loop ? nlohmann::json(*r.mfma_share_main_loop) : nlohmann::json();
    j["mfma_share_kernel"] = r.mfma_share_kernel;
    j["lds_conflict_cycles_per_iteration"] =
        r.lds_conflict_cycles_per_iteration ? nlohmann::json(*r.lds_conflict_cycles_per_iteration) : nlohmann::json();
    j["lds_conflict_cycles"] = r.lds_conflict_cycles;
    j["main_loop_iterations"] = r.main_loop_iterations;
    j["mfma_flops"] = r.mfma_flops;
    j["useful_flops"] = r.useful_flops;
    j["bytes_fetched"] = r.bytes_fetched;
    j["bytes_requested"] = r.bytes_requested;
    j["bytes_minimum"] = r.bytes_minimum;
    j["fetched_over_minimum"] = r.bytes_fetched / r.bytes_minimum;
    j["waves_per_simd"] = r.waves_per_simd;
    j["occupancy_limiter"] = r.occupancy_limiter;
    j["vgprs"] = r.vgprs;
    j["agprs"] = r.agprs;
    j["lds_bytes"] = r.lds_bytes;
    j["model_estimate_us"] = r.model_us;
    j["model_bound"] = r.model_memory_bound ? "memory" : "mfma";
    j["model_nocache_estimate_us"] = r.model_nocache_us;
    j["model_ideal_us"] = r.model_ideal_us;
    if (r.modeled) {
      j["modeled_us"] = r.modeled->us;
      j["modeled_tflops"] = r.modeled->tflops;
      j["modeled_gbps"] = r.modeled->gbps;
      j["modeled_bound"] = r.modeled->bound;
      j["modeled_hbm_bytes"] = r.modeled->traffic.hbm_bytes;
      j["modeled_l2_hit_share"] = r.modeled->traffic.l2_hit_share;
    }
    j["floor_us"] = r.floor.us;
    j["floor_memory_bound"] = r.floor.memory_bound;
    if (r.amd_us) {
      j["amd_measured_us"] = *r.amd_us;
      j["amd_table"] = r.amd_table;
    }
    out.push_back(std::move(j));
  }
  doc["rows"] = out;
  doc["errors"] = errors;
  return doc.dump(1);
}

void print_anchor_floor_check(std::ostream& out, const AiterAnchors& anchors) {
  struct Tally {
    int rows = 0, below_floor = 0;
    double hbm_share = 0.0, mfma_share = 0.0;  // the largest AMD reached (of the data-sheet peaks)
  };
  std::map<std::pair<std::string, std::string>, Tally> tallies;
  for (const AiterAnchors::Entry& e : anchors.entries()) {
    const HardwarePart* part = hardware_part(e.problem.arch);
    const std::optional<PhysicalFloor> floor = physical_floor(e.problem);
    if (part == nullptr || !floor || e.problem.cus != part->cus || e.time.us <= 0) continue;
    Tally& t = tallies[{e.problem.arch, dtype_name(e.problem.dtype)}];
    ++t.rows;
    if (e.time.us < floor->us) ++t.below_floor;
    const BenchCase& c = e.problem;
    const bool fp8 = c.dtype != GemmDtype::kBf16;
    const double bytes = static_cast<double>(c.M * c.K + c.N * c.K) * (fp8 ? 1.0 : 2.0) + static_cast<double>(c.M * c.N) * 2.0;
    const double flops = 2.0 * static_cast<double>(c.M) * static_cast<double>(c.N) * static_cast<double>(c.K);
    t.hbm_share = std::max(t.hbm_share, bytes / (e.time.us * 1e6) / part->hbm_tbytes_per_s);
    t.mfma_share = std::max(t.mfma_share, flops / (e.time.us * 1e6) / (fp8 ? part->dense_fp8_tflops : part->dense_16bit_tflops));
  }
  for (const auto& [key, t] : tallies) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "# anchor check %s %s: %d AMD rows, %d below the floor; AMD reached at most %.0f%% of the HBM "
                  "peak, %.0f%% of the MFMA peak\n",
                  key.first.c_str(), key.second.c_str(), t.rows, t.below_floor, 100 * t.hbm_share, 100 * t.mfma_share);
    out << line;
  }
}

}  // namespace ingot::bench
