// The CU model: replays one workgroup's per-wave traces (several resident copies of it) on 4 SIMDs.
// Each SIMD gets an issue slot every `issue_cycles`; in a slot it issues at most one instruction per type
// (VALU/MFMA, SALU, branch, VMEM, LDS, SMEM), each from a different wave, by the waves' priority: the
// user priority s_setprio sets (0 to 3), then age (the oldest first), as the ISA's rule has it. A wave's
// next instruction waits for its pipe (VALU, MFMA per SIMD; LDS and the memory path per CU), for the
// MFMA results it reads, for s_waitcnt counters and for s_barrier. Loads complete after the memory
// path has moved their bytes plus the latency; counters retire in issue order. A direct-to-LDS load's
// data is written to the LDS when it arrives, at the 32-bank LDS rate, sharing it with the ds_* traffic
// (`charge_lds_writes`).
#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <limits>
#include <queue>
#include <vector>

#include "ingot_emu/timing.h"

namespace ingot::emu {
namespace {

constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();
constexpr uint32_t kSimds = 4;
constexpr size_t kRows = 544;  // the emulator's unified VGPR file rows

enum Slot : uint8_t { kSlotVector, kSlotScalar, kSlotBranch, kSlotVmem, kSlotLds, kSlotSmem, kSlotNone };

Slot slot_of(TimingKind kind) {
  switch (kind) {
    case TimingKind::kValu: case TimingKind::kTrans: case TimingKind::kF64: case TimingKind::kMfma:
      return kSlotVector;
    case TimingKind::kSalu: return kSlotScalar;
    case TimingKind::kBranch: case TimingKind::kEnd: return kSlotBranch;
    case TimingKind::kVmemLoad: case TimingKind::kVmemStore: return kSlotVmem;
    case TimingKind::kLds: return kSlotLds;
    case TimingKind::kSmem: return kSlotSmem;
    // Handled in the instruction buffer without an execution unit (ASSUMED).
    case TimingKind::kWaitcnt: case TimingKind::kBarrier: case TimingKind::kNop: case TimingKind::kSetprio:
      return kSlotNone;
  }
  return kSlotNone;
}

struct WaveState {
  const WaveTrace* trace = nullptr;
  size_t pc = 0;
  uint32_t simd = 0;
  uint32_t group = 0;
  uint8_t priority = 0;  // s_setprio's user priority; the arbiter prefers higher, then older
  uint64_t ready = 0;
  bool at_barrier = false;
  bool ended = false;
  std::deque<uint64_t> vm;    // completion cycle of each outstanding VMEM op, in issue order
  std::deque<uint64_t> lgkm;  // LDS and SMEM
  std::vector<uint64_t> row_ready = std::vector<uint64_t>(kRows, 0);  // MFMA results
  RowRange last_mfma_dst;
  uint64_t last_mfma_forward = 0;  // when an accumulating successor may start
};

struct SimdState {
  uint64_t valu_free = 0, mfma_free = 0;
  uint64_t valu_busy = 0, mfma_busy = 0, slots = 0;
};

uint64_t rows_ready(const WaveState& w, RowRange r) {
  uint64_t t = 0;
  for (uint32_t i = r.first; i < uint32_t{r.first} + r.count && i < kRows; ++i) t = std::max(t, w.row_ready[i]);
  return t;
}

bool same(RowRange a, RowRange b) { return a.count != 0 && a.first == b.first && a.count == b.count; }

// Completion cycle the counter must reach: all but the `keep` most recent ops done (max, as SMEM may
// complete out of order).
uint64_t counter_ready(const std::deque<uint64_t>& q, uint32_t keep) {
  if (keep == 0xff || q.size() <= keep) return 0;
  uint64_t t = 0;
  for (size_t i = 0; i < q.size() - keep; ++i) t = std::max(t, q[i]);
  return t;
}

class CuModel {
 public:
  CuModel(const std::vector<WaveTrace>& traces, uint32_t copies, const TimingConstants& c) : c_(c) {
    for (uint32_t g = 0; g < copies; ++g) {
      for (const WaveTrace& trace : traces) {
        WaveState w;
        w.trace = &trace;
        w.simd = static_cast<uint32_t>(waves_.size() % kSimds);
        w.group = g;
        w.ended = trace.empty();
        waves_.push_back(std::move(w));
      }
    }
    arrival_.assign(copies, 0);
    for (uint32_t i = 0; i < waves_.size(); ++i) issue_order_.push_back(i);
  }

  CuTiming run() {
    for (;;) {
      uint64_t t = kNever;
      for (const WaveState& w : waves_) t = std::min(t, aligned(w, earliest(w)));
      if (t == kNever) break;
      issue_slot(t);
    }
    charge_lds_writes(kNever);
    end_ = std::max(end_, lds_free_);
    CuTiming out;
    out.cycles = end_;
    for (const SimdState& s : simds_) {
      out.mfma_busy = std::max(out.mfma_busy, s.mfma_busy);
      out.valu_busy = std::max(out.valu_busy, s.valu_busy);
      out.issue_slots = std::max(out.issue_slots, s.slots);
    }
    out.lds_busy = lds_busy_;
    out.memory_busy = static_cast<uint64_t>(memory_busy_);
    return out;
  }

 private:
  // The first cycle at or after `t` that is an issue slot of the wave's SIMD.
  uint64_t aligned(const WaveState& w, uint64_t t) const {
    if (t == kNever) return t;
    const uint64_t period = c_.issue_cycles, phase = w.simd % period;
    const uint64_t base = t - t % period + phase;
    return base >= t ? base : base + period;
  }

  uint64_t earliest(const WaveState& w) const {
    if (w.ended || w.at_barrier) return kNever;
    const TimingOp& op = (*w.trace)[w.pc];
    const SimdState& s = simds_[w.simd];
    uint64_t t = w.ready;
    switch (op.kind) {
      case TimingKind::kValu: case TimingKind::kTrans: case TimingKind::kF64:
        t = std::max(t, s.valu_free);
        for (const RowRange& r : op.src) t = std::max(t, rows_ready(w, r));
        break;
      case TimingKind::kMfma:
        t = std::max(t, s.mfma_free);
        t = std::max({t, rows_ready(w, op.src[0]), rows_ready(w, op.src[1])});
        // Accumulating into exactly the previous MFMA's result: forwarded at pipe rate.
        t = std::max(t, same(op.src[2], w.last_mfma_dst) ? w.last_mfma_forward : rows_ready(w, op.src[2]));
        break;
      case TimingKind::kWaitcnt:
        t = std::max({t, counter_ready(w.vm, op.vm_wait), counter_ready(w.lgkm, op.lgkm_wait)});
        break;
      default: break;
    }
    return t;
  }

  // Direct-to-LDS data that has arrived by cycle `t` takes the LDS for its bytes at the LDS write rate (32
  // banks, as ds_write's; ASSUMED: the same port as ds_* traffic), in arrival order; ds_* ops issued after
  // that wait behind it.
  void charge_lds_writes(uint64_t t) {
    while (!lds_writes_.empty() && lds_writes_.top().arrival <= t) {
      const PendingLdsWrite write = lds_writes_.top();
      lds_writes_.pop();
      lds_free_ = std::max(lds_free_, write.arrival) + write.cycles;
      lds_busy_ += write.cycles;
    }
  }

  // Cycles the LDS takes to move `bytes`: one 4-byte word per bank per cycle, over the 32 banks every
  // access uses on gfx942, or all 64 for the gfx950 accesses served on them (TimingOp::lds_64_banks).
  uint64_t lds_cycles(uint64_t bytes, bool on_64_banks = false) const {
    const auto rate = static_cast<uint64_t>(on_64_banks ? c_.lds_64_bank_bytes_per_clk : c_.lds_bytes_per_clk);
    return (bytes + rate - 1) / rate;
  }

  void issue_slot(uint64_t t) {
    charge_lds_writes(t);
    const uint32_t simd = static_cast<uint32_t>(t % c_.issue_cycles);
    std::array<bool, kSlotNone + 1> used{};
    bool any = false;
    if (priorities_changed_) sort_by_priority();
    for (const uint32_t index : issue_order_) {
      WaveState& w = waves_[index];
      if (w.simd != simd || earliest(w) > t) continue;
      const TimingOp& op = (*w.trace)[w.pc];
      const Slot slot = slot_of(op.kind);
      if (slot != kSlotNone && used[slot]) continue;
      used[slot] = true;
      any |= slot != kSlotNone;
      execute(w, op, t);
    }
    if (any) ++simds_[simd].slots;
  }

  // The arbiter's order: higher user priority first, the older wave (lower index) first among equals. A
  // priority set in a slot takes effect from the next slot.
  void sort_by_priority() {
    std::sort(issue_order_.begin(), issue_order_.end(), [&](uint32_t a, uint32_t b) {
      return waves_[a].priority != waves_[b].priority ? waves_[a].priority > waves_[b].priority : a < b;
    });
    priorities_changed_ = false;
  }

  void execute(WaveState& w, const TimingOp& op, uint64_t t) {
    SimdState& s = simds_[w.simd];
    w.ready = t + c_.issue_cycles;
    ++w.pc;
    end_ = std::max(end_, t + 1);
    switch (op.kind) {
      case TimingKind::kSalu: case TimingKind::kBranch: case TimingKind::kWaitcnt: break;
      case TimingKind::kNop: w.ready = t + uint64_t{op.nops + 1u} * c_.wait_state_cycles; break;
      case TimingKind::kSetprio:
        priorities_changed_ |= w.priority != op.priority;
        w.priority = op.priority;
        break;
      case TimingKind::kValu: case TimingKind::kTrans: case TimingKind::kF64: {
        const uint32_t cycles = op.kind == TimingKind::kValu  ? c_.valu_cycles
                                : op.kind == TimingKind::kF64 ? c_.f64_cycles
                                                              : c_.trans_cycles;
        s.valu_free = t + cycles;
        s.valu_busy += cycles;
        break;
      }
      case TimingKind::kMfma: {
        s.mfma_free = t + op.busy_cycles;
        s.mfma_busy += op.busy_cycles;
        const uint64_t done = t + op.busy_cycles + c_.mfma_writeback_cycles;
        for (uint32_t i = op.dst.first; i < uint32_t{op.dst.first} + op.dst.count && i < kRows; ++i) {
          w.row_ready[i] = done;
        }
        w.last_mfma_dst = op.dst;
        w.last_mfma_forward = t + op.busy_cycles;
        end_ = std::max(end_, done);
        break;
      }
      case TimingKind::kLds: {
        const uint64_t start = std::max(t, lds_free_);
        const uint64_t cycles = lds_cycles(op.bytes, op.lds_64_banks) + op.busy_cycles;
        lds_free_ = start + std::max<uint64_t>(cycles, 1);
        lds_busy_ += std::max<uint64_t>(cycles, 1);
        complete(w.lgkm, lds_free_ + c_.lds_latency);
        break;
      }
      case TimingKind::kVmemLoad: case TimingKind::kVmemStore: {
        const uint64_t start = std::max(t, address_free_);
        address_free_ = start + c_.vmem_issue_cycles;
        const double rate = std::min(c_.l1_bytes_per_clk, c_.l2_bytes_per_clk_per_cu);
        memory_free_ = std::max(memory_free_, static_cast<double>(start)) + op.bytes / rate;
        memory_busy_ += op.bytes / rate;
        const uint64_t arrival = static_cast<uint64_t>(memory_free_ + 0.999999) + c_.vmem_latency;
        if (!op.to_lds) {
          complete(w.vm, arrival);
          break;
        }
        // vmcnt counts the LDS write too; its completion ignores queueing behind other LDS traffic (a
        // lower bound), while the LDS time it takes is charged in full when it arrives.
        const uint64_t write_cycles = std::max<uint64_t>(lds_cycles(op.bytes), 1);
        lds_writes_.push({arrival, write_cycles});
        complete(w.vm, arrival + write_cycles);
        break;
      }
      case TimingKind::kSmem: complete(w.lgkm, t + c_.smem_latency); break;
      case TimingKind::kBarrier:
        w.at_barrier = true;
        arrival_[w.group] = std::max(arrival_[w.group], t);
        release_if_all_arrived(w.group);
        break;
      case TimingKind::kEnd:
        w.ended = true;
        for (uint64_t done : w.vm) end_ = std::max(end_, done);
        for (uint64_t done : w.lgkm) end_ = std::max(end_, done);
        release_if_all_arrived(w.group);
        break;
    }
    if (op.kind == TimingKind::kWaitcnt) {
      retire(w.vm, op.vm_wait);
      retire(w.lgkm, op.lgkm_wait);
    }
  }

  void complete(std::deque<uint64_t>& q, uint64_t done) {
    q.push_back(done);
    end_ = std::max(end_, done);
  }
  static void retire(std::deque<uint64_t>& q, uint32_t keep) {
    if (keep == 0xff) return;
    while (q.size() > keep) q.pop_front();
  }

  // s_barrier counts the workgroup's waves that have not ended (as the emulator does).
  void release_if_all_arrived(uint32_t group) {
    bool any_waiting = false;
    for (const WaveState& w : waves_) {
      if (w.group != group || w.ended) continue;
      if (!w.at_barrier) return;
      any_waiting = true;
    }
    if (!any_waiting) return;
    for (WaveState& w : waves_) {
      if (w.group != group || w.ended) continue;
      w.at_barrier = false;
      w.ready = arrival_[group] + c_.barrier_cycles;
    }
  }

  const TimingConstants& c_;
  std::vector<WaveState> waves_;
  std::vector<uint32_t> issue_order_;  // wave indices in the arbiter's order (sort_by_priority)
  bool priorities_changed_ = false;
  std::array<SimdState, kSimds> simds_{};
  uint64_t lds_free_ = 0, lds_busy_ = 0, address_free_ = 0, end_ = 0;
  struct PendingLdsWrite {
    uint64_t arrival, cycles;
    bool operator>(const PendingLdsWrite& o) const { return arrival > o.arrival; }
  };
  std::priority_queue<PendingLdsWrite, std::vector<PendingLdsWrite>, std::greater<>> lds_writes_;
  std::vector<uint64_t> arrival_;  // per resident workgroup: the last wave's arrival at its barrier
  double memory_free_ = 0, memory_busy_ = 0;
};

}  // namespace

CuTiming model_cu(const std::vector<WaveTrace>& traces, uint32_t copies, const TimingConstants& constants) {
  return CuModel(traces, std::max<uint32_t>(copies, 1), constants).run();
}

}  // namespace ingot::emu
