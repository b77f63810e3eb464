#include "waitcnt_tracker.h"

#include <algorithm>

namespace ingot::emu {

void WaitcntTracker::issue_without_destination(WaitCounter counter) {
  if (counter == WaitCounter::kVm) {
    ++vm_issued_;
  } else {
    ++lgkm_issued_;
    if (counter == WaitCounter::kLds) ++lds_issued_;
  }
}

void WaitcntTracker::issue(WaitCounter counter, bool vector, uint32_t first, uint32_t count,
                           uint64_t pc) {
  PendingLoad load;
  load.counter = counter;
  load.sequence = counter == WaitCounter::kVm ? vm_issued_ : lgkm_issued_;
  load.lds_sequence = lds_issued_;
  load.vector = vector;
  load.first = first;
  load.count = count;
  load.pc = pc;
  issue_without_destination(counter);
  if (count > 0) pending_.push_back(std::move(load));
}

void WaitcntTracker::wait(std::optional<uint32_t> vm, std::optional<uint32_t> lgkm) {
  std::erase_if(pending_, [&](const PendingLoad& load) {
    switch (load.counter) {
      case WaitCounter::kVm:
        // In order: at most vm newer ops remain, so everything older than them is done.
        return vm.has_value() && load.sequence + *vm < vm_issued_;
      case WaitCounter::kLds:
        // LDS ops complete in order among themselves; at most lgkm of any kind remain.
        return lgkm.has_value() && load.lds_sequence + *lgkm < lds_issued_;
      case WaitCounter::kSmem:
        return lgkm.has_value() && *lgkm == 0;
    }
    return false;
  });
}

const PendingLoad* WaitcntTracker::find(bool vector, uint32_t first, uint32_t count) const {
  for (const PendingLoad& load : pending_) {
    if (load.vector != vector) continue;
    if (first < load.first + load.count && load.first < first + count) return &load;
  }
  return nullptr;
}

}  // namespace ingot::emu
