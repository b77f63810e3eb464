// THE table of the timing model's constants, one row per constant with its source. A constant no
// document gives is marked ASSUMED (with why the value) and is a calibration target, not a fact.
#include <string>
#include <vector>

#include "ingot_emu/timing.h"

namespace ingot::emu {
namespace {

constexpr TimingConstants kGfx942{
    .arch = "gfx942",
    .cus = 304,
    .clock_hz = 2.1e9,
    .hbm_bytes_per_s = 5.3e12,
    .hbm_achievable_share = 0.80,
    .xcds = 8,
    .l2_bytes_per_xcd = 4.0 * 1024 * 1024,
    .mall_bytes = 256.0 * 1024 * 1024,
    .mall_bytes_per_s = 17.0e12,
    .l2_bytes_per_clk_per_cu = 2048.0 / 38.0,
    .l1_bytes_per_clk = 128,
    .lds_bytes_per_clk = 128,
    .lds_64_bank_bytes_per_clk = 128,  // no access is served on 64 banks: 32 is all there is
    .issue_cycles = 4,
    .valu_cycles = 4,
    .trans_cycles = 16,
    .f64_cycles = 4,
    .mfma_writeback_cycles = 12,
    .lds_latency = 52,
    .l2_latency = 288,
    .mall_latency = 460,
    .hbm_latency = 800,
    .vmem_issue_cycles = 4,
    .smem_latency = 172,
    .barrier_cycles = 16,
    .wait_state_cycles = 4,
    .launch_latency_s = 1.0e-6,
};

constexpr TimingConstants kGfx950{
    .arch = "gfx950",
    .cus = 256,
    .clock_hz = 2.4e9,
    .hbm_bytes_per_s = 8.0e12,
    .hbm_achievable_share = 0.80,
    .xcds = 8,
    .l2_bytes_per_xcd = 4.0 * 1024 * 1024,
    .mall_bytes = 256.0 * 1024 * 1024,
    .mall_bytes_per_s = 17.0e12,
    .l2_bytes_per_clk_per_cu = 2048.0 / 32.0,
    .l1_bytes_per_clk = 128,
    .lds_bytes_per_clk = 128,
    .lds_64_bank_bytes_per_clk = 256,
    .issue_cycles = 4,
    .valu_cycles = 4,
    .trans_cycles = 16,
    .f64_cycles = 4,
    .mfma_writeback_cycles = 12,
    .lds_latency = 52,
    .l2_latency = 288,
    .mall_latency = 525,
    .hbm_latency = 900,
    .vmem_issue_cycles = 4,
    .smem_latency = 172,
    .barrier_cycles = 16,
    .wait_state_cycles = 4,
    .launch_latency_s = 1.0e-6,
};

}  // namespace

const TimingConstants& timing_constants(const std::string& arch) {
  return arch == "gfx950" ? kGfx950 : kGfx942;
}

// Sources are cited by title and where they lie (URL, or GitHub repository and path) so that a reviewer
// can re-read them; figures quoted are the source's own.
const std::vector<TimingSource>& timing_sources() {
  static const std::vector<TimingSource> sources = {
      {"cus, clock_hz, hbm_bytes_per_s",
       "AMD data sheets: MI300X 304 CUs, 2100 MHz peak engine clock, 5.3 TB/s HBM3; MI355X 256 CUs, "
       "2400 MHz, 8 TB/s HBM3E (the same figures issue 15 and the CDNA3 white paper quote)"},
      {"l2_bytes_per_clk_per_cu",
       "AMD ROCm Compute Profiler (github.com/ROCm/rocprofiler-compute): "
       "src/rocprof_compute_soc/analysis_configs/gfx942/0200_system-speed-of-light.yaml and gfx950/ the same, "
       "'L2 Cache BW' peak = max_sclk x 128 B x total_l2_chan, with src/rocprof_compute_soc/soc_gfx942.py and "
       "soc_gfx950.py _l2_banks = 16 per XCD: 2048 B/clk per XCD, shared by the XCD's CUs (38 on MI300X, 32 "
       "on MI355X)"},
      {"l1_bytes_per_clk",
       "ROCm Compute Profiler, the same 0200_system-speed-of-light.yaml (gfx942 and gfx950): 'vL1D Cache BW' "
       "peak = max_sclk x 128 B x CUs: 128 B/clk per CU"},
      {"lds_bytes_per_clk",
       "32 banks x 4 B per cycle. gfx942: ROCm Compute Profiler, the same yaml: 'Theoretical LDS Bandwidth' "
       "peak = sclk x CUs x 128 B (soc_gfx942.py lds_banks_per_cu = 32 banks of 4 B). gfx950: the accesses "
       "that resolve on 32 of CDNA4's 64 banks: writes, atomics and 96-bit reads (AMD rocRoller, "
       "github.com/ROCm/rocm-libraries shared/rocroller/lib/source/LDSBankModel.cpp: 'Non ds_read_b128 and "
       "ds_read_b64 on gfx950 act as-if there are still only 32 banks for conflict resolution', checked "
       "against rocprofiler counters by its pull 2157: 'ds_read_b96 on gfx950 retains the throughput of "
       "gfx942'; nod-ai/amd-shark-ai docs/amdgpu_kernel_optimization_guide.md: MI350 'doubles the read "
       "bandwidth to 256 bytes per clock', the read side only; HipKittens' phase solver: ds_read_b96 'Number of "
       "LDS banks: 32', ds_write_b64 'First conflict at bank 32'), direct-to-LDS load data (ASSUMED: written like a "
       "ds_write), ds_read_b96_tr_b6 (ASSUMED: the 96-bit read rule, as the conflict model takes it) and the "
       "lane exchanges ds_swizzle / ds_permute / ds_bpermute (ASSUMED: they touch no bank; no source gives "
       "gfx950 a wider crossbar). Which accesses use 64 banks is the conflict model's phase rule "
       "(emu/exec/src/lds_banks.cc lds_served_banks), so both models count the same banks"},
      {"lds_64_bank_bytes_per_clk",
       "gfx950: 256 B/clk, one 4-byte word from each of CDNA4's 64 banks per cycle (AMD CDNA4 ISA guide: 64 "
       "banks, arch/arch_facts.def lds_banks), for ds_read_b64 and ds_read_b128: github.com/triton-lang/"
       "triton pull 11365 (merged, AMD): ds_read_b128 runs in 8 phases of 8 lanes on MI300 and 4 phases of "
       "16 lanes (256 B) on MI350; github.com/iree-org/iree pull 24428 the same ('ds_read_b128 on CDNA4: 4 "
       "phases of 16 threads'); github.com/ROCm/rocm-systems pull 3114 (merged; HIP docs, understand/"
       "hardware_implementation.rst): 32 or 64 (CDNA4) banks, 128 or 256 bytes per cycle; rocRoller's "
       "LDSBankModel.cpp (above) keeps 64 banks for exactly these two; nod-ai's measurements on MI350X "
       "(docs/empirical-lds/cdna4info.md): ds_read_b64 in two phases of 32 lanes, its bank sweep saturating "
       "at a 256-byte stride. ASSUMED at this rate as well, following the conflict model's 64 banks: 32-bit "
       "and narrower reads (nod-ai measured one 64-lane phase on MI350X and its guide says 64 banks; "
       "rocRoller says 32: disputed, emu/README.md) and ds_read_b64_tr_b{4,8,16} (no source gives their "
       "phases; the conflict model takes the 64-bit read rule). Against the 256: rocprofiler-compute's "
       "soc_gfx950.py still sets lds_banks_per_cu = 32 (its gfx950 yaml's LDS peak is the gfx942 formula). "
       "gfx942: no access is served on 64 banks (the value is the 32-bank rate)"},
      {"issue_cycles",
       "AMD GCN architecture white paper: each SIMD gets an issue opportunity every 4 cycles, up to one "
       "instruction per type (VALU, SALU, VMEM, LDS, SMEM, branch) from different waves; CDNA keeps the CU"},
      {"valu_cycles, f64_cycles",
       "64 lanes on a 16-lane SIMD: 4 cycles; data sheets: vector FP64 81.7 TF (MI300X) = 304 CUs x 4 SIMDs "
       "x 16 lanes x 2 x 2.1 GHz, so FP64 runs at that full rate (78.6 TF on MI355X likewise); LLVM agrees: "
       "llvm/lib/Target/AMDGPU/SISchedule.td, SIDPGFX940FullSpeedModel, WriteDouble 1 (full rate)"},
      {"trans_cycles",
       "LLVM llvm/lib/Target/AMDGPU/SISchedule.td (github.com/llvm/llvm-project): 'F16 or F32 transcendental "
       "instructions (these are quarter rate)', WriteTrans32 = 4 in SICommonWriteRes, which the gfx940+ model "
       "SIDPGFX940FullSpeedModel uses (its values are 1 / (operations / cycle) / 4): 4 x 4 = 16 cycles"},
      {"mfma pipe cycles",
       "passes x 4 from the emulator's MFMA shape table (emu/numerics, sourced there from the ISA guides)"},
      {"mfma_writeback_cycles",
       "AMD CDNA3 ISA guide dependency table (emu/exec/src/wait_state_rules.cc): XDL result -> VALU read "
       "needs passes + 3 wait states, i.e. 3 beyond the pipe; 1 wait state = 4 cycles ASSUMED (one issue slot)"},
      {"accumulating MFMA", "CDNA3 ISA guide: back-to-back MFMAs whose SrcC is exactly the previous vDst "
                            "need no extra wait states: the chain runs at pipe rate"},
      {"lds_latency",
       "MT4G (github.com/caps-tum/mt4g) sample_results/'AMD Instinct MI300X VF'/README.md: LDS ('shared') "
       "pointer chase p50 52 cycles (mean 51.3) at 2100 MHz; gfx950 the same cycles ASSUMED (the LDS is in "
       "the CU, at its clock)"},
      {"hbm_achievable_share",
       "Azure AI-benchmarking-guide, Azure_Results/ND_MI300X_v5_results.md, 'HBM Bandwidth' (STREAM on an ND "
       "MI300X v5; stored copies: github.com/samuel-bohman/AI-benchmarking-guide, Mul 4.26 TB/s, Copy 4.11, "
       "Triad 4.09; github.com/yosoyjay/AI-benchmarking-guide, Mul 4.28): 4.26 / 5.3 = 80% of the peak for a "
       "streaming kernel. gfx950 the same share ASSUMED (no published MI355X STREAM figure found); AMD's "
       "own tables agree: the best any AITER tuned gfx950 GEMM reaches is 77% of 8 TB/s "
       "(a8w8_bpreshuffle_tuned_gemm.csv, M=1 N=16384 K=26624, 71.1 us)"},
      {"xcds, l2_bytes_per_xcd, mall_bytes",
       "chipsandcheese.com/p/testing-amds-giant-mi300x ('Testing AMD's Giant MI300X', 2024): eight compute "
       "dies, each with 38 CUs and 4 MB of L2, over a 256 MB Infinity Cache; isa-notes.md 'Hardware "
       "numbers': MI355X 4 MB / 256 MB; 8 XCDs x 32 CUs = 256 on MI355X (AMD CDNA 4 white paper)"},
      {"mall_bytes_per_s",
       "AMD's MI300X launch material as reported by ServeTheHome, 'AMD Instinct MI300X GPU and MI300A APUs "
       "Launched for AI Era' (servethehome.com/amd-instinct-mi300x-gpu-and-mi300a-apus-launched-for-ai-era/3): "
       "'256MB of Infinity Cache with 17TB/s of peak bandwidth'; gfx950 the same ASSUMED (same 256 MB MALL)"},
      {"cache hit rule",
       "ASSUMED (cache_model.cc): workgroups round-robin over XCDs; re-reads among co-resident "
       "workgroups hit; a later round's re-touch hits with probability min(1, capacity / footprint); "
       "first touches miss. No source describes the L2's replacement under a GEMM's access pattern"},
      {"l2_latency",
       "MT4G (github.com/caps-tum/mt4g) sample_results/'AMD Instinct MI300X VF'/README.md: L2 pointer chase "
       "p50 288 cycles (mean 287.5, p95 292) at 2100 MHz, load issue to data, the chase's own waitcnt "
       "included. gfx950 the same cycles ASSUMED: the L2 sits on the XCD at the CUs' clock, so its latency "
       "counts in CU cycles (chipsandcheese.com 'Latency Testing is Hard (RDNA 3 Power Saving)', 2023: the "
       "caches on the shader clock, L2 included, kept their latency when only the fabric's clock changed)"},
      {"mall_latency, hbm_latency",
       "ASSUMED: ~220 ns MALL hit, ~380 ns HBM at the peak clock, the order of the published MI300X "
       "pointer-chase levels (chipsandcheese.com/p/testing-amds-giant-mi300x; SC25 'The MALL is Open: "
       "Exploring Shared Caches and Latency in AMD CDNA 3 GPUs', which characterizes sL1, L2, MALL and HBM "
       "latency; neither stored in numbers here). MT4G's chase past the L2 on MI300X (same README: 'main', "
       "p50 876 cycles, mean 900) does not say which level served it; it lies within 10% of the HBM figure. "
       "gfx950 the same ns (these levels sit on the IOD and HBM, outside the CU clock): x 2.4 / 2.1"},
      {"vmem_latency",
       "not in the table: set per launch (launch_model.cc) to the cache model's mix of the three "
       "latencies above by the launch's hit shares"},
      {"vmem_issue_cycles",
       "ASSUMED: the address unit takes 16 lanes per cycle, so a 64-lane instruction holds it 4 cycles (no "
       "source gives CDNA's TA rate per instruction)"},
      {"smem_latency",
       "MT4G (same README): scalar L1 pointer chase p50 48 cycles, miss penalty 124 cycles: 172 for a load "
       "the scalar cache misses, taken for every scalar load (a kernel's scalar loads are mostly first "
       "touches: its kernargs, its per-tile scales); gfx950 the same cycles ASSUMED"},
      {"barrier_cycles",
       "ASSUMED: 16 cycles from the last arrival to release (a few issue slots; LLVM's WriteBarrier latency is "
       "marked 'Guessed' in SISchedule.td, so no source)"},
      {"wait_state_cycles", "ASSUMED: one s_nop wait state = one issue slot of the wave (4 cycles)"},
      {"launch_latency_s",
       "ASSUMED: 1 us per launch (dispatch and the first wave's ramp; no published MI300X figure found)"},
      {"wave to SIMD", "ASSUMED: wave i of the resident workgroups goes to SIMD i % 4 (the dispatcher's real "
                       "placement is not documented)"},
  };
  return sources;
}

}  // namespace ingot::emu
