// Cross-workgroup memory-visibility checker (EmulatorOptions::check_memory_model): the LLVM AMDGPUUsage
// memory model for gfx942/gfx950 at agent scope, reduced to what split-K style kernels rely on. The
// emulator makes every store visible at once; on MI300X (one L2 per XCD) a workgroup that reads another
// workgroup's stores without the release/acquire pair can read stale lines. This checker turns that
// into a fault instead of a kernel that passes here and flakes on hardware.
//
// Model (conservative: anything not proven ordered is an error):
// * Every global store (buffer/global/flat, not scratch) by workgroup W gets a per-W store id; the last
//   writer of each 4-byte word is kept (shadow: word -> (W, id, pc)).
// * Release: `buffer_wbl2 sc1` (or `sc0 sc1`) by a wave of W covers that wave's earlier stores (the wave's
//   memory operations stay in order with a following wbl2: SIMemoryLegalizer, SIGfx940CacheControl) and
//   the other waves' stores that had completed (vmcnt) when it issued. It completes at that wave's next
//   `s_waitcnt vmcnt(0)` (LLVM's sequence is wbl2; s_waitcnt vmcnt(0); whether wbl2 counts in vmcnt is
//   not documented, so only vmcnt(0) is trusted). W's release watermark then covers every store id below
//   the wbl2's cover.
// * Synchronisation: every 32/64-bit atomic RMW by W carries W's completed watermark into a per-word
//   clock (group -> watermark), joined along the RMW chain (a release sequence); a plain store to the
//   word ends the chain. An atomic that returns the old value (sc0) observes the clock it read.
// * Acquire: `buffer_inv sc1` by a wave of R acquires what R's returning atomics observed, provided the
//   atomic had completed (vmcnt) before the buffer_inv issued.
// * A load by R != W of a word whose last writer is (W, id) is an error unless R acquired W's watermark
//   > id. Loads of a workgroup's own stores, of atomics' results (coherent) and of data from before the
//   launch (kernel boundaries are full releases/acquires) are always fine.
// Not modelled: flag protocols without an RMW (a release store `sc1` read by an acquire load), sub-dword
// precision (a byte store marks its whole word), scalar (s_load) reads, the barrier that orders one
// wave's completed stores before another wave's release (waves of a workgroup are taken as ordered by
// emulation order).
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ingot/status.h"
#include "ingot_emu/inst.h"

namespace ingot::emu {

struct Wave;
struct VmemLanes;

// What a workgroup knows of other workgroups' releases: (linear workgroup index, watermark), sorted by
// index. Watermark w means "every store with id < w is released".
using ReleaseClock = std::vector<std::pair<uint64_t, uint64_t>>;

// Per wave: the vector memory operations still in flight, as the vmcnt counter sees them.
struct WaveMemoryModel {
  uint64_t vm_issued = 0;  // VMEM operations issued so far (loads, stores, atomics, scratch)
  std::deque<std::pair<uint64_t, uint64_t>> stores;          // (vm sequence, store id)
  std::vector<uint64_t> releases;                            // covers of buffer_wbl2 sc1 not yet complete
  std::deque<std::pair<uint64_t, ReleaseClock>> atomics;     // (vm sequence, clock a returning atomic read)
};

// Per workgroup, touched only by the host thread running it.
struct GroupMemoryModel {
  std::vector<WaveMemoryModel> waves;
  uint64_t next_store_id = 0;
  uint64_t released = 0;      // watermark of completed releases
  ReleaseClock observed;      // read by returning atomics (complete or not): for the message only
  ReleaseClock completed;     // read by returning atomics that have completed
  ReleaseClock acquired;      // completed at a buffer_inv sc1

  void reset(size_t wave_count);
};

// Per launch, shared by all host threads.
class MemoryModelChecker {
 public:
  struct LastWrite {
    uint64_t group = 0;
    uint64_t store_id = 0;
    uint64_t pc = 0;
  };

  void record_store(uint64_t word, const LastWrite& write);
  bool last_write(uint64_t word, LastWrite& out) const;
  void forget_store(uint64_t word);  // an atomic wrote the word: atomics are coherent

  // Called under DeviceMemory::atomic_lock: joins `release` into the word's clock, returns the old one.
  ReleaseClock atomic_rmw(uint64_t word, uint64_t group, uint64_t watermark);
  void end_release_sequence(uint64_t word);  // a plain store replaced the atomic's value

  void publish_release(uint64_t group, uint64_t watermark);
  uint64_t release_watermark(uint64_t group) const;

 private:
  mutable std::shared_mutex shadow_lock_;
  std::unordered_map<uint64_t, LastWrite> shadow_;
  std::mutex clock_lock_;
  std::unordered_map<uint64_t, ReleaseClock> clocks_;
  mutable std::mutex released_lock_;
  std::unordered_map<uint64_t, uint64_t> released_;
};

// Hooks called by the memory handlers when the launch's checker is on (LaunchContext::memory_model).
// `piece_bytes` x `pieces` per lane as in VmemLanes.
void memory_model_store(Wave& wave, const Inst& inst, const VmemLanes& lanes, uint32_t piece_bytes,
                        uint32_t pieces);
Status memory_model_load(Wave& wave, const VmemLanes& lanes, uint32_t piece_bytes, uint32_t pieces);
// Under DeviceMemory::atomic_lock, before the wave's vm counter counts the atomic.
void memory_model_atomic(Wave& wave, const Inst& inst, const VmemLanes& lanes, uint32_t bytes);
void memory_model_vm_issued(Wave& wave);
void memory_model_wait_vm(Wave& wave, uint32_t vmcnt);
void memory_model_writeback(Wave& wave, const Inst& inst);   // buffer_wbl2
void memory_model_invalidate(Wave& wave, const Inst& inst);  // buffer_inv

}  // namespace ingot::emu
