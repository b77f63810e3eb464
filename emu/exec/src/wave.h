// One wave's architectural state and the per-launch / per-workgroup context its handlers see.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "device_memory.h"
#include "exec_target_facts.h"
#include "ingot/tooling/code_object.h"
#include "ingot_emu/emulator.h"
#include "ingot_emu/inst.h"
#include "ingot_emu/launch_profile.h"
#include "ingot_emu/timing.h"
#include "memory_model.h"
#include "wait_state_checker.h"
#include "waitcnt_tracker.h"

namespace ingot::emu {

inline constexpr int kWaveSize = 64;
using LaneMask = uint64_t;

// Scalar operand slots as the encodings number them (0..127), plus room for a 16-dword operand at
// the top so a wide access never leaves the array.
inline constexpr int kScalarSlots = 128 + 16;
inline constexpr int kSlotVcc = 106;
inline constexpr int kSlotM0 = 124;
inline constexpr int kSlotExec = 126;

// Unified VGPR file rows (arch VGPRs, then AGPRs from accum_offset): 512 as on gfx90a+, plus slack so
// that accum_offset + a255 + a 16-register operand stays inside.
inline constexpr int kVgprRows = 512 + 32;

class Module;
struct Workgroup;
struct LaunchContext;

enum class WaveStatus : uint8_t { kReady, kAtBarrier, kEnded };

struct Wave {
  std::array<uint32_t, kScalarSlots> s{};
  std::vector<uint32_t> v = std::vector<uint32_t>(size_t{kVgprRows} * kWaveSize);  // register-major
  bool scc = false;
  uint32_t mode = 0;
  uint32_t accum_offset = 0;  // row of a0 in the unified file
  bool gpr_idx_on = false;    // VGPR index mode (MODE.gpr_idx_en): see gpr_index.h

  size_t pc_index = 0;        // index of the current instruction in the module's program
  size_t next_pc_index = 0;   // handlers of branches overwrite this
  WaveStatus status = WaveStatus::kReady;
  uint32_t id_in_group = 0;
  uint64_t instructions = 0;

  WaitcntTracker waits;
  WaitStateChecker wait_states;  // used only when the launch checks wait states
  // The wave's private segment (scratch): private_segment_fixed_size bytes per lane, stored as the
  // hardware swizzles it (dword-interleaved: byte A of lane l at (A/4)*256 + l*4 + A%4).
  std::vector<uint8_t> scratch;
  Workgroup* group = nullptr;
  const LaunchContext* launch = nullptr;
  LaunchProfile* profile = nullptr;  // the host thread's partial profile
  WaveTrace* timing_trace = nullptr; // timing mode, workgroup 0 only: this wave's trace (timing_hook.h)
  // Timing mode: the last DS access was served on 64 banks (lds_banks.h), so the timing model moves its
  // bytes at the 64-bank rate; set by the DS handlers, read and cleared by the timing hook.
  bool lds_on_64_banks = false;

  LaneMask exec() const { return s[kSlotExec] | (uint64_t{s[kSlotExec + 1]} << 32); }
  void set_exec(LaneMask mask) {
    s[kSlotExec] = static_cast<uint32_t>(mask);
    s[kSlotExec + 1] = static_cast<uint32_t>(mask >> 32);
  }
  LaneMask vcc() const { return s[kSlotVcc] | (uint64_t{s[kSlotVcc + 1]} << 32); }
  void set_vcc(LaneMask mask) {
    s[kSlotVcc] = static_cast<uint32_t>(mask);
    s[kSlotVcc + 1] = static_cast<uint32_t>(mask >> 32);
  }
  uint64_t s64(int slot) const { return s[slot] | (uint64_t{s[slot + 1]} << 32); }
  void set_s64(int slot, uint64_t value) {
    s[slot] = static_cast<uint32_t>(value);
    s[slot + 1] = static_cast<uint32_t>(value >> 32);
  }
  uint32_t* vrow(int row) { return &v[size_t(row) * kWaveSize]; }
  const uint32_t* vrow(int row) const { return &v[size_t(row) * kWaveSize]; }
};

struct Workgroup {
  std::array<uint32_t, 3> id{};
  std::vector<uint8_t> lds;
  uint64_t linear_index = 0;
  GroupMemoryModel memory_model;  // used only when the launch checks the memory model
};

// Everything a launch fixes: read-only while waves run.
struct LaunchContext {
  Target target = Target::kGfx942;
  const ExecTargetFacts* facts = nullptr;
  DeviceMemory* memory = nullptr;
  const Module* module = nullptr;
  std::string kernel;
  KernelDescriptor descriptor;
  std::array<uint32_t, 3> grid{};       // workgroups
  std::array<uint32_t, 3> workgroup{};  // work-items
  uint32_t lds_bytes = 0;               // static + dynamic
  uint64_t kernarg_address = 0;
  uint64_t dispatch_packet_address = 0;
  bool check_waitcnt = true;
  bool check_wait_states = false;  // EmulatorOptions::check_wait_states (or its environment variable)
  WaitStateMode wait_state_mode = WaitStateMode::kError;  // which violations fault (EmulatorOptions::wait_states)
  MemoryModelChecker* memory_model = nullptr;  // null unless EmulatorOptions::check_memory_model
  // Null unless EmulatorOptions::timing: the traced workgroups (ascending index), each filled with one
  // trace per wave by the workgroup of that index.
  std::vector<TracedWorkgroup>* traced_workgroups = nullptr;
};

// Lanes of a wave that exist (a partial last wave has fewer than 64).
inline LaneMask lanes_below(uint32_t count) {
  return count >= 64 ? ~LaneMask{0} : ((LaneMask{1} << count) - 1);
}

}  // namespace ingot::emu
