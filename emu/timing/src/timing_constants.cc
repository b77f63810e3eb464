// THE table of the timing model's constants, one row per constant with its source. A constant no
// document gives is marked ASSUMED and is a calibration target, not a fact.
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
    .l2_bytes_per_clk_per_cu = 2048.0 / 38.0,
    .l1_bytes_per_clk = 64,
    .lds_bytes_per_clk = 128,
    .issue_cycles = 4,
    .valu_cycles = 4,
    .trans_cycles = 16,
    .f64_cycles = 4,
    .mfma_writeback_cycles = 12,
    .lds_latency = 64,
    .vmem_latency = 800,
    .vmem_issue_cycles = 4,
    .smem_latency = 200,
    .barrier_cycles = 16,
    .wait_state_cycles = 4,
    .launch_latency_s = 1.0e-6,
};

constexpr TimingConstants kGfx950{
    .arch = "gfx950",
    .cus = 256,
    .clock_hz = 2.4e9,
    .hbm_bytes_per_s = 8.0e12,
    .l2_bytes_per_clk_per_cu = 2048.0 / 32.0,
    .l1_bytes_per_clk = 64,
    .lds_bytes_per_clk = 128,
    .issue_cycles = 4,
    .valu_cycles = 4,
    .trans_cycles = 16,
    .f64_cycles = 4,
    .mfma_writeback_cycles = 12,
    .lds_latency = 64,
    .vmem_latency = 900,
    .vmem_issue_cycles = 4,
    .smem_latency = 200,
    .barrier_cycles = 16,
    .wait_state_cycles = 4,
    .launch_latency_s = 1.0e-6,
};

}  // namespace

const TimingConstants& timing_constants(const std::string& arch) {
  return arch == "gfx950" ? kGfx950 : kGfx942;
}

const std::vector<TimingSource>& timing_sources() {
  static const std::vector<TimingSource> sources = {
      {"cus, clock_hz, hbm_bytes_per_s",
       "AMD data sheets: MI300X 304 CUs, 2100 MHz peak engine clock, 5.3 TB/s HBM3; MI355X 256 CUs, "
       "2400 MHz, 8 TB/s HBM3E (the same figures issue 15 and the CDNA3 white paper quote)"},
      {"l2_bytes_per_clk_per_cu",
       "AMD CDNA 3 white paper (as recalled, not re-read today): L2 per XCD of 16 channels x 128 B/clk = "
       "2048 B/clk, shared by the XCD's CUs (38 on MI300X, 32 on MI355X); gfx950 same width ASSUMED"},
      {"l1_bytes_per_clk", "ASSUMED: 64 B/clk vector L1 to CU data return"},
      {"lds_bytes_per_clk",
       "AMD CDNA 3 white paper: LDS 128 B/clk per CU; gfx950 kept at 128 (ASSUMED; CDNA4 enlarges the LDS)"},
      {"issue_cycles",
       "AMD GCN architecture white paper: each SIMD gets an issue opportunity every 4 cycles, up to one "
       "instruction per type (VALU, SALU, VMEM, LDS, SMEM, branch) from different waves; CDNA keeps the CU"},
      {"valu_cycles, f64_cycles",
       "64 lanes on a 16-lane SIMD: 4 cycles; data sheets: vector FP64 81.7 TF (MI300X) = 304 CUs x 4 SIMDs "
       "x 16 lanes x 2 x 2.1 GHz, so FP64 runs at that full rate (78.6 TF on MI355X likewise)"},
      {"trans_cycles", "ASSUMED: transcendentals at quarter rate (16 cycles per wave)"},
      {"mfma pipe cycles",
       "passes x 4 from the emulator's MFMA shape table (emu/numerics, sourced there from the ISA guides)"},
      {"mfma_writeback_cycles",
       "AMD CDNA3 ISA guide dependency table (emu/exec/src/wait_state_rules.cc): XDL result -> VALU read "
       "needs passes + 3 wait states, i.e. 3 beyond the pipe; 1 wait state = 4 cycles ASSUMED"},
      {"accumulating MFMA", "CDNA3 ISA guide: back-to-back MFMAs whose SrcC is exactly the previous vDst "
                            "need no extra wait states: the chain runs at pipe rate"},
      {"lds_latency", "ASSUMED: 64 cycles"},
      {"vmem_latency",
       "ASSUMED: ~380 ns to HBM (800 cycles at 2.1 GHz, 900 at 2.4), the order of the published MI300X "
       "pointer-chase figures (chipsandcheese.com 'Testing AMD's Giant MI300X'; SC25 'The MALL is Open'); "
       "not calibrated against them yet"},
      {"vmem_issue_cycles", "ASSUMED: address unit takes 16 lanes per cycle"},
      {"smem_latency", "ASSUMED: 200 cycles"},
      {"barrier_cycles", "ASSUMED: 16 cycles from the last arrival to release"},
      {"wait_state_cycles", "ASSUMED: one s_nop wait state = one issue slot of the wave (4 cycles)"},
      {"launch_latency_s", "ASSUMED: 1 us per launch (dispatch and the first wave's ramp)"},
      {"wave to SIMD", "ASSUMED: wave i of the resident workgroups goes to SIMD i % 4"},
  };
  return sources;
}

}  // namespace ingot::emu
