// The emulator's timing mode: a MODELED time per launch, from traces of traced workgroups' instructions
// replayed on a model of one CU (4 SIMDs, their issue slots and pipes, LDS, the CU's memory path), then
// scaled to the device (rounds of workgroups over the CUs, the tail round, launch latency) and bounded
// below by the cache model's traffic (L2 per XCD, the MALL, HBM at its achievable share).
// Nothing here is a measurement: every constant is in timing_constants.cc with its source or ASSUMED.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ingot::emu {

// What the CU model needs to know about one executed instruction. Filled by the executor's hook
// (exec/src/timing_hook.cc) only when the timing mode is on.
enum class TimingKind : uint8_t {
  kSalu, kBranch, kSmem, kValu, kTrans, kF64, kMfma, kLds, kVmemLoad, kVmemStore, kWaitcnt, kBarrier, kNop,
  kSetprio, kEnd,
};

struct RowRange {  // unified VGPR-file rows (arch VGPRs then AGPRs)
  uint16_t first = 0;
  uint16_t count = 0;
};

struct TimingOp {
  TimingKind kind = TimingKind::kSalu;
  uint8_t vm_wait = 0xff;    // kWaitcnt: vmcnt(N), 0xff = not waited on
  uint8_t lgkm_wait = 0xff;  // kWaitcnt: lgkmcnt(N)
  uint16_t nops = 0;         // kNop: s_nop N gives N + 1 wait states
  uint8_t priority = 0;      // kSetprio: the wave's user priority, SIMM16[1:0] (0 lowest, 3 highest)
  uint32_t busy_cycles = 0;  // kMfma: pipe cycles (passes x 4, the emulator's shape table); kLds: conflict cycles
  uint32_t bytes = 0;        // kVmem*: bytes the lanes moved; kLds: bytes moved
  bool to_lds = false;       // kVmemLoad: a direct-to-LDS load (`... lds`): its bytes are also LDS writes
  bool lds_64_banks = false; // kLds: served on 64 banks (gfx950's reads of 32, 64, 128 bits), else on 32
  RowRange dst;
  RowRange src[3];           // kMfma: A, B, C; other VALU: its VGPR sources
};

using WaveTrace = std::vector<TimingOp>;

// Device facts and model constants of one target (timing_constants.cc: the single table).
struct TimingConstants {
  const char* arch = "";
  uint32_t cus = 0;
  double clock_hz = 0;
  double hbm_bytes_per_s = 0;         // peak
  double hbm_achievable_share = 0;    // of the peak, for a pure read stream
  uint32_t xcds = 0;                  // dies, each with its own L2; workgroups go round-robin over them
  double l2_bytes_per_xcd = 0;
  double mall_bytes = 0;              // Infinity Cache (Memory Attached Last Level), shared by all XCDs
  double mall_bytes_per_s = 0;
  double l2_bytes_per_clk_per_cu = 0;
  double l1_bytes_per_clk = 0;
  double lds_bytes_per_clk = 0;          // 32 banks x 4 B: every LDS access but those below
  double lds_64_bank_bytes_per_clk = 0;  // 64 banks x 4 B: gfx950's accesses served on all its banks
  uint32_t issue_cycles = 0;          // a SIMD's issue slot comes every this many cycles
  uint32_t valu_cycles = 0;           // a 64-lane VALU op on a 16-lane SIMD
  uint32_t trans_cycles = 0;
  uint32_t f64_cycles = 0;
  uint32_t mfma_writeback_cycles = 0; // extra before a non-accumulating reader sees an MFMA result
  uint32_t lds_latency = 0;
  uint32_t l2_latency = 0;            // a vector load that hits the L2
  uint32_t mall_latency = 0;          // misses the L2, hits the MALL
  uint32_t hbm_latency = 0;           // misses both
  uint32_t vmem_latency = 0;          // what the CU model charges: model_launch sets the launch's mix
  uint32_t vmem_issue_cycles = 0;     // address processing of one 64-lane VMEM instruction
  uint32_t smem_latency = 0;
  uint32_t barrier_cycles = 0;
  uint32_t wait_state_cycles = 0;     // one s_nop wait state
  double launch_latency_s = 0;
};
const TimingConstants& timing_constants(const std::string& arch);  // "gfx942" or "gfx950"

// One source per constant, for printing (`ingot run --timing --sources`) and review.
struct TimingSource {
  const char* name;
  const char* source;  // "ASSUMED: ..." when no source gives it
};
const std::vector<TimingSource>& timing_sources();

// Result of the CU model: cycles for `copies` resident workgroups, and how busy each resource was.
struct CuTiming {
  uint64_t cycles = 0;
  uint64_t mfma_busy = 0;   // max over SIMDs
  uint64_t valu_busy = 0;   // max over SIMDs
  uint64_t issue_slots = 0; // max over SIMDs: slots in which that SIMD issued anything
  uint64_t lds_busy = 0;
  uint64_t memory_busy = 0; // the CU's L2 / L1 data path
};
// `traces`: one per wave of a workgroup, in wave order; waves go to SIMD (wave index % 4) (ASSUMED).
CuTiming model_cu(const std::vector<WaveTrace>& traces, uint32_t copies, const TimingConstants& constants);

// Where a launch's vector-memory bytes are served from (cache_model.cc). `requested`: bytes all its
// workgroups' lanes move; `unique`: the distinct bytes they touch (the compulsory HBM traffic);
// `rounds`: how many times the CUs fill with resident workgroups; `round_footprint_per_xcd`: the
// distinct bytes one round's workgroups on one XCD touch, when the caller knows its geometry (0: taken
// as every byte of the round distinct, up to the XCD's footprint: no reuse inside a round).
struct CacheTraffic {
  double l2_bytes = 0;    // = requested: every vector access goes through its XCD's L2
  double mall_bytes = 0;  // L2 misses (including each XCD's own compulsory misses)
  double hbm_bytes = 0;   // MALL misses
  double l2_hit_share = 0, mall_hit_share = 0, hbm_share = 0;  // of the requested bytes
  double latency_cycles = 0;  // the mix of l2/mall/hbm latency by those shares
};
CacheTraffic model_caches(double requested, double unique, uint64_t rounds, double round_footprint_per_xcd,
                          const TimingConstants& constants);

struct ModeledTiming {
  double us = 0;                 // modeled microseconds of the whole launch
  double tflops = 0;
  double gbps = 0;               // unique bytes / time (the useful bandwidth, as AMD's tables report it)
  uint64_t cycles_per_round = 0; // one CU, resident workgroups of a full round (of the slowest class)
  uint64_t rounds = 0;           // full rounds plus the tail (uniform launches); dispatch waves otherwise
  uint32_t workgroups_per_cu = 0;
  uint64_t traced_workgroups = 0;  // model_traced_launch: how many traced workgroups stood for the launch
  CacheTraffic traffic;
  std::string bound;  // "MFMA", "VALU", "issue", "LDS", "L2/L1 bandwidth", "MALL bandwidth", "HBM bandwidth", "latency"
  std::string to_text() const;
};

struct LaunchShape {
  uint64_t workgroups = 0;
  uint32_t workgroups_per_cu = 1;  // at the launch's occupancy
  uint64_t flops = 0;
  uint64_t hbm_bytes = 0;          // unique (compulsory) bytes: the caller's figure, else the requested bytes
  uint64_t requested_bytes = 0;    // all workgroups' VMEM bytes; 0: from the traces (per workgroup x count)
  uint64_t round_footprint_per_xcd = 0;  // model_caches; 0: unknown
};
// Every workgroup runs what `traces` (one per wave) ran.
ModeledTiming model_launch(const std::vector<WaveTrace>& traces, const LaunchShape& shape,
                           const TimingConstants& constants);

// Workgroups that differ (split-K last arriver, causal triangle, varlen): `count` consecutive workgroups
// (in dispatch order) each run what the traced workgroup `waves` ran. Runs are dispatched in order to
// the first free slot of (CUs x resident workgroups); shape.workgroups is ignored (the runs' sum).
struct WorkgroupRun {
  const std::vector<WaveTrace>* waves = nullptr;
  uint64_t count = 0;
};
ModeledTiming model_launch(const std::vector<WorkgroupRun>& runs, const LaunchShape& shape,
                           const TimingConstants& constants);

// One traced workgroup of a launch: its linear index and one trace per wave.
struct TracedWorkgroup {
  uint64_t index = 0;
  std::vector<WaveTrace> waves;
};
// `traced` (ascending index, the first 0) came from a launch of `launch_workgroups` in which each
// workgroup ran what the traced one with the largest index at or below it ran. The launch modeled,
// `shape.workgroups` of them, repeats that pattern (the last repetition cut short): a cut-down launch
// (one batch and head of an attention kernel) stands for the full grid. One traced workgroup: the uniform
// model_launch.
ModeledTiming model_traced_launch(const std::vector<TracedWorkgroup>& traced, uint64_t launch_workgroups,
                                  const LaunchShape& shape, const TimingConstants& constants);

}  // namespace ingot::emu
