// What a program needs to choose the device a Runtime opens: HIP, the emulator, or whichever is present,
// and the emulator's settings. The devices themselves are tooling (ingot/tooling/device.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ingot/status.h"

namespace ingot {

// Which device to use. kAuto = HIP where an AMD GPU is present, otherwise the emulator.
enum class DeviceChoice { kAuto, kHip, kEmulator };
Result<DeviceChoice> parse_device_choice(std::string_view text);  // "auto", "hip", "emu"

// How the emulator interleaves the waves of a workgroup. kDeterministic: round robin, one instruction
// each (what every test relies on for reproducible profiles). kRandom: a seeded random order, so a kernel
// that reads LDS without the barrier or waitcnt it needs fails under some seed instead of passing by luck;
// the same seed gives the same result whatever the host thread count.
enum class EmuSchedule { kDeterministic, kRandom };

// Which workgroups the emulator's timing mode traces (DeviceOptions::emu_timing_trace).
enum class EmuTimingTrace { kPlanes, kFirst, kAll, kList };

struct DeviceOptions {
  DeviceChoice choice = DeviceChoice::kAuto;  // kAuto also consults $INGOT_DEVICE (hip|emu|auto)
  int hip_ordinal = 0;
  // The emulator models one chip: its arch and CU count (0 = the arch's full part: 304 / 256).
  std::string emu_arch = "gfx942";            // $INGOT_EMU_ARCH overrides when choice is kAuto
  int emu_cus = 0;
  // Host threads for the emulator; 0 = $INGOT_EMU_HOST_THREADS when set, else every core. Launches with
  // emu_timing run on one host thread whatever this says: their modeled cycles must not depend on it.
  int emu_threads = 0;
  EmuSchedule emu_schedule = EmuSchedule::kDeterministic;
  uint64_t emu_seed = 1;                      // for EmuSchedule::kRandom
  // The emulator's timing mode: each launch's profile gains a MODELED time (emu/timing).
  bool emu_timing = false;
  // With emu_timing, which workgroups the timing mode traces (the rest are modeled as the traced one
  // below them; emu/timing/README.md): the first of every grid z plane (split-K splits, varlen batches,
  // KV splits), workgroup 0 only, every workgroup (small grids), or workgroup 0 and the linear indices in
  // emu_timing_workgroups (indices past the grid are ignored).
  EmuTimingTrace emu_timing_trace = EmuTimingTrace::kPlanes;
  std::vector<uint64_t> emu_timing_workgroups;
};

}  // namespace ingot
