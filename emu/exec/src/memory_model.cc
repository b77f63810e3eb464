#include "memory_model.h"

#include <algorithm>
#include <string>

#include "memory_access.h"
#include "vector_memory.h"

namespace ingot::emu {
namespace {

constexpr uint64_t kWordBytes = 4;

void join(ReleaseClock& into, const ReleaseClock& from) {
  for (const auto& [group, watermark] : from) {
    auto it = std::lower_bound(into.begin(), into.end(), std::make_pair(group, uint64_t{0}));
    if (it != into.end() && it->first == group) {
      it->second = std::max(it->second, watermark);
    } else {
      into.insert(it, {group, watermark});
    }
  }
}

uint64_t watermark_of(const ReleaseClock& clock, uint64_t group) {
  auto it = std::lower_bound(clock.begin(), clock.end(), std::make_pair(group, uint64_t{0}));
  return it != clock.end() && it->first == group ? it->second : 0;
}

// Calls visit(lane, word) for every 4-byte word a lane's in-range pieces touch.
template <typename Visit>
void for_each_word(const VmemLanes& lanes, uint32_t piece_bytes, uint32_t pieces, Visit visit) {
  for (int lane = 0; lane < kWaveSize; ++lane) {
    if (!((lanes.lanes >> lane) & 1)) continue;
    for (uint32_t p = 0; p < pieces; ++p) {
      if (!((lanes.valid[lane] >> p) & 1)) continue;
      const uint64_t start = lanes.address[lane] + uint64_t{piece_bytes} * p;
      for (uint64_t word = start / kWordBytes; word <= (start + piece_bytes - 1) / kWordBytes; ++word) {
        if (!visit(lane, word)) return;
      }
    }
  }
}

GroupMemoryModel& group_state(Wave& wave) { return wave.group->memory_model; }
WaveMemoryModel& wave_state(Wave& wave) { return wave.group->memory_model.waves[wave.id_in_group]; }

std::string group_name(const LaunchContext& launch, uint64_t linear) {
  const uint64_t gx = launch.grid[0], gy = launch.grid[1];
  return "workgroup (" + std::to_string(linear % gx) + "," + std::to_string(linear / gx % gy) + "," +
         std::to_string(linear / (gx * gy)) + ")";
}

// Why R may not read W's store `write`, in the words of the missing step.
std::string missing_step(const Wave& reader, const MemoryModelChecker& checker,
                         const MemoryModelChecker::LastWrite& write) {
  const GroupMemoryModel& state = reader.group->memory_model;
  const std::string writer = group_name(*reader.launch, write.group);
  if (watermark_of(state.completed, write.group) > write.store_id ||
      watermark_of(state.observed, write.group) > write.store_id) {
    return "no acquire before this load: this workgroup's atomic observed " + writer +
           "'s release, but no buffer_inv sc1 followed once that atomic had completed (s_waitcnt vmcnt)";
  }
  const std::string store = "no release after the store at pc " + hex(write.pc);
  if (checker.release_watermark(write.group) > write.store_id) {
    return store + " before an atomic this workgroup observed: the buffer_wbl2 sc1 had not completed " +
           "(s_waitcnt vmcnt(0)) when " + writer + "'s atomic issued, or this workgroup observed no atomic "
           "of " + writer + " after it";
  }
  return store + ": " + writer + " completed no buffer_wbl2 sc1 (followed by s_waitcnt vmcnt(0)) after it";
}

}  // namespace

void GroupMemoryModel::reset(size_t wave_count) {
  waves.assign(wave_count, WaveMemoryModel{});
  next_store_id = 0;
  released = 0;
  observed.clear();
  completed.clear();
  acquired.clear();
}

void MemoryModelChecker::record_store(uint64_t word, const LastWrite& write) {
  std::unique_lock lock(shadow_lock_);
  shadow_[word] = write;
}

bool MemoryModelChecker::last_write(uint64_t word, LastWrite& out) const {
  std::shared_lock lock(shadow_lock_);
  auto it = shadow_.find(word);
  if (it == shadow_.end()) return false;
  out = it->second;
  return true;
}

void MemoryModelChecker::forget_store(uint64_t word) {
  std::unique_lock lock(shadow_lock_);
  shadow_.erase(word);
}

ReleaseClock MemoryModelChecker::atomic_rmw(uint64_t word, uint64_t group, uint64_t watermark) {
  std::lock_guard lock(clock_lock_);
  ReleaseClock& clock = clocks_[word];
  ReleaseClock old = clock;
  join(clock, ReleaseClock{{group, watermark}});
  return old;
}

void MemoryModelChecker::end_release_sequence(uint64_t word) {
  std::lock_guard lock(clock_lock_);
  clocks_.erase(word);
}

void MemoryModelChecker::publish_release(uint64_t group, uint64_t watermark) {
  std::lock_guard lock(released_lock_);
  uint64_t& current = released_[group];
  current = std::max(current, watermark);
}

uint64_t MemoryModelChecker::release_watermark(uint64_t group) const {
  std::lock_guard lock(released_lock_);
  auto it = released_.find(group);
  return it == released_.end() ? 0 : it->second;
}

void memory_model_store(Wave& wave, const Inst& inst, const VmemLanes& lanes, uint32_t piece_bytes,
                        uint32_t pieces) {
  MemoryModelChecker& checker = *wave.launch->memory_model;
  GroupMemoryModel& group = group_state(wave);
  WaveMemoryModel& state = wave_state(wave);
  const uint64_t id = group.next_store_id++;
  state.stores.emplace_back(state.vm_issued, id);
  const MemoryModelChecker::LastWrite write{wave.group->linear_index, id, inst.address};
  for_each_word(lanes, piece_bytes, pieces, [&](int, uint64_t word) {
    checker.record_store(word, write);
    checker.end_release_sequence(word);
    return true;
  });
}

Status memory_model_load(Wave& wave, const VmemLanes& lanes, uint32_t piece_bytes, uint32_t pieces) {
  const MemoryModelChecker& checker = *wave.launch->memory_model;
  const GroupMemoryModel& group = group_state(wave);
  const uint64_t self = wave.group->linear_index;
  Status status = Status::ok();
  for_each_word(lanes, piece_bytes, pieces, [&](int lane, uint64_t word) {
    MemoryModelChecker::LastWrite write;
    if (!checker.last_write(word, write) || write.group == self) return true;
    if (watermark_of(group.acquired, write.group) > write.store_id) return true;
    const uint64_t address = std::max(word * kWordBytes, lanes.address[lane]);
    status = fault("load by lane " + std::to_string(lane) + " of " + hex(address) + " reads data stored by " +
                   group_name(*wave.launch, write.group) + " that is not visible to this workgroup: " +
                   missing_step(wave, checker, write));
    return false;
  });
  return status;
}

void memory_model_atomic(Wave& wave, const Inst& inst, const VmemLanes& lanes, uint32_t bytes) {
  MemoryModelChecker& checker = *wave.launch->memory_model;
  GroupMemoryModel& group = group_state(wave);
  ReleaseClock seen;
  for (int lane = 0; lane < kWaveSize; ++lane) {
    if (!((lanes.lanes >> lane) & 1) || !(lanes.valid[lane] & 1)) continue;
    const uint64_t first = lanes.address[lane] / kWordBytes;
    join(seen, checker.atomic_rmw(first, wave.group->linear_index, group.released));
    for (uint64_t word = first; word <= (lanes.address[lane] + bytes - 1) / kWordBytes; ++word) {
      checker.forget_store(word);
    }
  }
  if (!inst.mem.sc0) return;  // no return: the atomic observes nothing
  join(group.observed, seen);
  wave_state(wave).atomics.emplace_back(wave_state(wave).vm_issued, std::move(seen));
}

void memory_model_vm_issued(Wave& wave) { ++wave_state(wave).vm_issued; }

void memory_model_wait_vm(Wave& wave, uint32_t vmcnt) {
  GroupMemoryModel& group = group_state(wave);
  WaveMemoryModel& state = wave_state(wave);
  // In order: at most vmcnt newer operations remain, so everything older has completed.
  auto done = [&](uint64_t sequence) { return sequence + vmcnt < state.vm_issued; };
  while (!state.stores.empty() && done(state.stores.front().first)) state.stores.pop_front();
  while (!state.atomics.empty() && done(state.atomics.front().first)) {
    join(group.completed, state.atomics.front().second);
    state.atomics.pop_front();
  }
  if (vmcnt == 0 && !state.releases.empty()) {
    for (uint64_t cover : state.releases) group.released = std::max(group.released, cover);
    state.releases.clear();
    wave.launch->memory_model->publish_release(wave.group->linear_index, group.released);
  }
}

void memory_model_writeback(Wave& wave, const Inst& inst) {
  if (!inst.mem.sc1) return;  // sc1 = 0: workgroup scope, nothing leaves the CU's L2 view
  GroupMemoryModel& group = group_state(wave);
  // This wave's earlier stores are covered in order; another wave's only once completed.
  uint64_t cover = group.next_store_id;
  for (size_t w = 0; w < group.waves.size(); ++w) {
    if (w == wave.id_in_group || group.waves[w].stores.empty()) continue;
    cover = std::min(cover, group.waves[w].stores.front().second);
  }
  wave_state(wave).releases.push_back(cover);
}

void memory_model_invalidate(Wave& wave, const Inst& inst) {
  if (!inst.mem.sc1) return;  // sc1 = 0: workgroup scope, not an agent-scope acquire
  GroupMemoryModel& group = group_state(wave);
  join(group.acquired, group.completed);
}

}  // namespace ingot::emu
