// Self-checks of the timing model's charge for direct-to-LDS loads (`buffer_load_dwordx4 ... lds`): their
// data is written to the LDS when it arrives, at the LDS rate, on the same port as ds_* traffic (ASSUMED
// shared, emu/timing/src/cu_model.cc). Hand-built traces on the CU model; the expected cycles follow from
// the byte counts and the constant table's LDS rate, not from the model's output.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "arch_facts.h"
#include "ingot_emu/timing.h"

namespace ingot::emu {
namespace {

constexpr uint32_t kChunk = 1024;  // one wave's 16-byte-per-lane load

TimingOp load(bool to_lds) {
  TimingOp op;
  op.kind = TimingKind::kVmemLoad;
  op.bytes = kChunk;
  op.to_lds = to_lds;
  return op;
}

// A ds_read_b128 (conflict-free); on gfx950 the conflict model serves it on all 64 banks.
TimingOp lds_read(bool on_64_banks = false) {
  TimingOp op;
  op.kind = TimingKind::kLds;
  op.bytes = kChunk;
  op.lds_64_banks = on_64_banks;
  return op;
}

TimingOp wait_all() {
  TimingOp op;
  op.kind = TimingKind::kWaitcnt;
  op.vm_wait = 0;
  op.lgkm_wait = 0;
  return op;
}

TimingOp end() {
  TimingOp op;
  op.kind = TimingKind::kEnd;
  return op;
}

WaveTrace loads(uint32_t count, bool to_lds) {
  WaveTrace trace(count, load(to_lds));
  trace.push_back(wait_all());
  trace.push_back(end());
  return trace;
}

TEST(TimingLdsDma, DirectToLdsLoadsTakeTheLdsForTheirBytes) {
  const TimingConstants& c = timing_constants("gfx950");
  constexpr uint32_t kLoads = 64;
  const CuTiming to_lds = model_cu({loads(kLoads, true)}, 1, c);
  const CuTiming to_vgprs = model_cu({loads(kLoads, false)}, 1, c);
  // 64 KiB at the LDS write rate (32 banks x 4 B: 512 cycles); loads to VGPRs never touch the LDS
  EXPECT_EQ(to_lds.lds_busy, uint64_t{kLoads} * kChunk / static_cast<uint64_t>(c.lds_bytes_per_clk));
  EXPECT_EQ(to_vgprs.lds_busy, 0u);
  // the wait for the last load includes its LDS write: one write's cycles later than a load to VGPRs
  EXPECT_EQ(to_lds.cycles, to_vgprs.cycles + kChunk / static_cast<uint64_t>(c.lds_bytes_per_clk));
}

TEST(TimingLdsDma, LdsReadsShareTheLdsWithArrivingDirectLoads) {
  // Wave 0 (SIMD 0) streams 256 KiB of ds_reads (2048 LDS cycles on gfx942); wave 1 (SIMD 1) issues 64
  // direct-to-LDS loads of 1 KiB whose data arrives while the reads run (gfx942's memory path moves 53.9
  // B/clk per CU, 2048 B/clk per XCD over 38 CUs: the last arrives after about 1216 + 500 cycles). The LDS
  // never idles from the first read until it has taken both byte streams at 128 B/clk: (256 + 64) KiB / 128
  // = 2560 cycles, plus the LDS latency. Without the charge the CU is done after the reads' 2048.
  TimingConstants c = timing_constants("gfx942");
  c.vmem_latency = 500;  // the launch sets the cache mix; here a fixed latency keeps arrivals inside the reads
  WaveTrace reader(256, lds_read());
  reader.push_back(wait_all());
  reader.push_back(end());
  constexpr uint32_t kLoads = 64;
  const CuTiming shared = model_cu({reader, loads(kLoads, true)}, 1, c);
  const CuTiming alone = model_cu({reader, loads(kLoads, false)}, 1, c);
  const double rate = c.lds_bytes_per_clk;
  const double expected = (256.0 + kLoads) * kChunk / rate + c.lds_latency;
  EXPECT_NEAR(static_cast<double>(shared.cycles), expected, 0.05 * expected);
  EXPECT_EQ(shared.lds_busy, static_cast<uint64_t>((256.0 + kLoads) * kChunk / rate));
  const double reads_only = 256.0 * kChunk / rate + c.lds_latency;
  EXPECT_NEAR(static_cast<double>(alone.cycles), reads_only, 0.05 * reads_only);
}

// The LDS serves one 4-byte word per bank per cycle: a conflict-free LDS stream from all four SIMDs (one
// LDS instruction per SIMD per issue cycle asks for four times what any LDS gives) takes bytes / (4 x
// banks) cycles. ds_read_b128 uses the arch table's bank count (the ISA guides: 32 on CDNA3, 64 on
// CDNA4), the count the emulator's conflict model fills per phase; on gfx950 the accesses it serves on 32
// of the 64 (writes, 96-bit reads: AMD rocRoller's LDSBankModel.cpp) move at the 32-bank rate. Fails on a
// gfx950 read rate of 128 B/clk, and on a gfx950 write rate of 256.
TEST(TimingLdsDma, LdsStreamTakesOneWordPerBankPerCycle) {
  for (const char* arch : {"gfx942", "gfx950"}) {
    const TimingConstants& c = timing_constants(arch);
    const uint32_t arch_banks = arch_table::find_arch_facts(arch)->lds_banks;
    for (const uint32_t banks : {arch_banks, 32u}) {
      constexpr uint32_t kOps = 256;
      WaveTrace stream(kOps, lds_read(banks == 64));
      stream.push_back(wait_all());
      stream.push_back(end());
      const CuTiming timing = model_cu({stream, stream, stream, stream}, 1, c);
      const double bytes_per_clk = 4.0 * banks;
      const double expected = 4.0 * kOps * kChunk / bytes_per_clk + c.lds_latency;
      EXPECT_NEAR(static_cast<double>(timing.cycles), expected, 0.02 * expected) << arch << " " << banks;
      EXPECT_EQ(timing.lds_busy, static_cast<uint64_t>(4.0 * kOps * kChunk / bytes_per_clk)) << arch << " " << banks;
    }
  }
}

// s_setprio: the user priority SIMM16[1:0] (0 lowest, 3 highest) joins the wave's priority, above its age
// ({SPIPrio + UserPrio, WaveAge}: the Vega ISA text gem5 quotes, src/arch/amdgpu/vega/insts/sopp.cc), so the
// SIMD's arbiter picks a younger wave that raised its priority over an older one. Two waves on SIMD 0 (waves 0
// and 4 of a 5-wave trace set, waves 1-3 empty), each with kValus VALU instructions (4 cycles each: one per
// issue slot); the younger then idles kNops x s_nop 15 (64 cycles each) before it ends. Oldest first, the
// younger's VALUs wait for all of the older's: 2 x 4 kValus + 64 kNops. With priority 3 it takes every slot
// after its s_setprio's (which the older's first VALU shares): 4 (kValus + 1) + 64 kNops, while the older
// finishes its VALUs under the younger's nops. Fails while the model ignores s_setprio.
TimingOp valu() {
  TimingOp op;
  op.kind = TimingKind::kValu;
  return op;
}

TimingOp setprio(uint8_t priority) {
  TimingOp op;
  op.kind = TimingKind::kSetprio;
  op.priority = priority;
  return op;
}

TimingOp nop15() {
  TimingOp op;
  op.kind = TimingKind::kNop;
  op.nops = 15;
  return op;
}

TEST(TimingPriority, YoungerWaveThatRaisesItsPriorityTakesTheSlot) {
  const TimingConstants& c = timing_constants("gfx950");
  ASSERT_EQ(c.issue_cycles, 4u);
  ASSERT_EQ(c.valu_cycles, 4u);
  ASSERT_EQ(c.wait_state_cycles, 4u);
  constexpr uint32_t kValus = 64, kNops = 4;
  WaveTrace older(kValus, valu());
  older.push_back(end());
  const auto younger = [&](uint8_t priority) {
    WaveTrace trace{setprio(priority)};
    trace.insert(trace.end(), kValus, valu());
    trace.insert(trace.end(), kNops, nop15());
    trace.push_back(end());
    return trace;
  };
  const WaveTrace idle;
  const CuTiming by_age = model_cu({older, idle, idle, idle, younger(0)}, 1, c);
  const CuTiming by_priority = model_cu({older, idle, idle, idle, younger(3)}, 1, c);
  const double age_expected = 2.0 * 4 * kValus + 64.0 * kNops;
  const double priority_expected = 4.0 * (kValus + 1) + 64.0 * kNops;
  EXPECT_NEAR(static_cast<double>(by_age.cycles), age_expected, 8.0);
  EXPECT_NEAR(static_cast<double>(by_priority.cycles), priority_expected, 8.0);
  // the VALU did the same work either way
  EXPECT_EQ(by_age.valu_busy, by_priority.valu_busy);
}

}  // namespace
}  // namespace ingot::emu
