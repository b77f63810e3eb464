// s_waitcnt checking. The emulator completes every load at issue; this tracker remembers which
// registers a real chip would still be filling, so that a kernel reading one before the matching
// s_waitcnt is reported instead of silently working here and failing on hardware.
//
// Counter rules (GFX9 / CDNA): vmcnt counts VMEM loads and stores and retires in issue order;
// lgkmcnt counts LDS (in order) and SMEM (out of order) together, so lgkmcnt(N) guarantees the LDS
// ops older than the N most recent, and SMEM only at lgkmcnt(0).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ingot::emu {

enum class WaitCounter : uint8_t { kVm, kLds, kSmem };

struct PendingLoad {
  WaitCounter counter = WaitCounter::kVm;
  uint64_t sequence = 0;   // per-counter issue number (VM, or LGKM shared by LDS and SMEM)
  uint64_t lds_sequence = 0;  // among LDS ops only
  bool vector = true;      // VGPR rows (unified file) or scalar slots
  uint32_t first = 0;
  uint32_t count = 0;
  uint64_t pc = 0;         // address of the load, for the message
};

class WaitcntTracker {
 public:
  // Called for every VMEM / DS / SMEM instruction. Loads pass the registers they fill.
  void issue(WaitCounter counter, bool vector, uint32_t first, uint32_t count, uint64_t pc);
  void issue_without_destination(WaitCounter counter);

  // s_waitcnt vmcnt(vm) lgkmcnt(lgkm); nullopt = that counter is not waited on.
  void wait(std::optional<uint32_t> vm, std::optional<uint32_t> lgkm);

  // The pending load overlapping registers [first, first+count), or null.
  const PendingLoad* find(bool vector, uint32_t first, uint32_t count) const;
  bool empty() const { return pending_.empty(); }
  void clear() { pending_.clear(); }

 private:
  uint64_t vm_issued_ = 0;
  uint64_t lgkm_issued_ = 0;
  uint64_t lds_issued_ = 0;
  std::vector<PendingLoad> pending_;
};

}  // namespace ingot::emu
