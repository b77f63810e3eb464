// The emulator's public API: device memory, modules, launches. Used by the loader's EmuDevice and the
// CLI. A kernel bug (bad address, read before s_waitcnt, a wave that never reaches a barrier, unknown instruction) comes
// back as a Status (kEmulatorFault) naming kernel, workgroup, wave, PC, lane and address; it never
// crashes the host.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ingot/status.h"
#include "ingot_emu/inst.h"
#include "ingot_emu/launch_profile.h"

namespace ingot::emu {

enum class Schedule {
  kDeterministic,  // round-robin over the waves of a workgroup, one instruction each
  kRandom,         // seeded random interleaving: exposes LDS races; same seed, same result
};

// How the wait-state checker reports a missing wait state (EmulatorOptions::wait_states). Every rule has a
// severity (emu/README.md, "Wait-state checker"): error where AMD's CDNA3/CDNA4 ISA guides state it,
// warning where only LLVM's hazard recognizer does or where AMD's own production kernels break it.
enum class WaitStateMode {
  kError,   // error rules fault; warning rules are reported once per PC in LaunchProfile::wait_state_warnings
  kStrict,  // every rule faults (CI runs the pack's own kernels so)
  kWarn,    // nothing faults; every violation is reported once per PC
  kOff,     // no checking (as check_wait_states = false)
};

struct EmulatorOptions {
  Target target = Target::kGfx942;
  uint32_t cus = 0;           // 0: the target's flagship CU count (304 MI300X, 256 MI355X)
  // Workgroups spread over this many host threads. 0 (auto): the environment variable
  // INGOT_EMU_HOST_THREADS if set (1..256; a malformed value makes every launch fail naming it), else 1.
  // A nonzero value is used as given and the environment is not consulted.
  uint32_t host_threads = 0;
  Schedule schedule = Schedule::kDeterministic;
  uint64_t seed = 1;          // for Schedule::kRandom
  bool check_waitcnt = true;  // reading a register with a load in flight to it is a fault
  // Cross-workgroup visibility (LLVM AMDGPUUsage memory model, agent scope): a global load of another
  // workgroup's store is a fault unless that workgroup released it (buffer_wbl2 sc1, s_waitcnt
  // vmcnt(0)) before an atomic this workgroup observed and then acquired (buffer_inv sc1). Off by
  // default: it keeps shadow state per written word. See emu/README.md, "Memory-model checker".
  // false: the environment variable INGOT_EMU_CHECK_MEMORY_MODEL=1 turns it on (0 or unset: off; any
  // other value makes every launch fail naming it).
  bool check_memory_model = false;
  // Required wait states (software NOPs) between dependent instructions that the hardware does not
  // interlock (VALU writes SGPR -> VMEM reads it, MFMA results read too early, ...; the rules and their
  // sources are emu/exec/src/wait_state_rules.cc): too few is a fault naming both instructions. See
  // emu/README.md, "Wait-state checker". false: the environment variable INGOT_EMU_CHECK_WAIT_STATES=1
  // turns it on (0 or unset: off; any other value makes every launch fail naming it).
  bool check_wait_states = true;
  // With check_wait_states on: which violations fault. The environment variable
  // INGOT_EMU_WAIT_STATES=strict|error|warn|off replaces the default kError (a testing aid: CI runs the
  // pack strict without plumbing an option through); `off` turns the checker off; any other value makes
  // every launch fail naming it. A mode set here other than kError wins over the variable.
  WaitStateMode wait_states = WaitStateMode::kError;
  uint64_t max_instructions_per_wave = uint64_t{1} << 32;  // runaway-loop guard
  // Wall-clock budget of one launch, in seconds: past it the launch fails naming the kernel, the wave
  // running and its PC (a runaway kernel otherwise runs minutes per wave before the instruction bound).
  // At most 1e6. 0: the environment variable INGOT_EMU_TIMEOUT (seconds, e.g. 60 or 2.5) if set, else no
  // budget; a malformed value makes every launch fail naming it. run_tests.sh sets one for the whole suite.
  double timeout_seconds = 0;
  // Timing mode (emu/timing): workgroup 0's instructions are traced and replayed on the CU model, and
  // LaunchProfile::timing gets the launch's MODELED time. Off: the executor only tests a null pointer.
  bool timing = false;
  // With timing, workgroups that differ from workgroup 0 (split-K last arriver, causal triangle,
  // varlen): these linear indices are traced too, and each untraced workgroup is modeled as the traced
  // one with the largest index below it (so list the first workgroup of each kind). Indices past the
  // grid are ignored. timing_all_workgroups traces every workgroup (small grids: a trace per wave each).
  std::vector<uint64_t> timing_workgroups{};
  bool timing_all_workgroups = false;
  // With timing, also the first workgroup of every grid z plane. A split-K GEMM puts its splits in z and
  // only each tile's last arriving split does the reduction, whichever split that is: tracing tile 0 of
  // every split traces one reducer, which then stands for its whole plane, so the model has as many
  // reducers as tiles. Costs a trace per z plane (off by default; EmuDevice turns it on with timing).
  bool timing_z_planes = false;
};

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t{x} * y * z; }
};

struct LaunchConfig {
  Dim3 grid;                       // in workgroups
  Dim3 workgroup;                  // work-items per workgroup
  std::span<const uint8_t> kernarg;
  uint32_t dynamic_lds = 0;        // bytes, added to the descriptor's group segment size
  // Timing mode: the distinct bytes the launch touches (e.g. a GEMM's A, B and C once), which the cache
  // model takes as its footprint; 0 = the bytes the lanes requested (no reuse: every byte from HBM).
  uint64_t compulsory_bytes = 0;
  // Code object V5 hidden arguments (block counts, group sizes, grid dims, dynamic LDS size; null
  // pointers) are written into the launch's copy of the kernarg from this launch's shape, as the HSA
  // runtime does (exec/src/hidden_args.h); true leaves the caller's bytes in those slots.
  bool keep_hidden_args = false;
};

class Module;   // a loaded code object (decoded .text + kernels); owned by the Emulator
using ModuleId = uint32_t;

class Emulator {
 public:
  explicit Emulator(EmulatorOptions options = {});
  ~Emulator();
  Emulator(const Emulator&) = delete;
  Emulator& operator=(const Emulator&) = delete;

  const EmulatorOptions& options() const { return options_; }
  uint32_t cus() const;

  // Device memory: addresses are GPU-like (high, nonzero, 4 KiB aligned, never overlapping).
  Result<uint64_t> allocate(uint64_t bytes);
  Status free(uint64_t address);
  Status copy_to_device(uint64_t dst, const void* src, uint64_t bytes);
  Status copy_to_host(void* dst, uint64_t src, uint64_t bytes) const;
  Status copy_device_to_device(uint64_t dst, uint64_t src, uint64_t bytes);

  // Reads the code object, checks its arch against the target and decodes the whole .text up front.
  Result<ModuleId> load_module(std::span<const uint8_t> code_object);
  // Kernel names (metadata .name) of a loaded module.
  Result<std::vector<std::string>> kernel_names(ModuleId module) const;

  // Runs a kernel to completion (synchronous).
  Result<LaunchProfile> launch(ModuleId module, std::string_view kernel, const LaunchConfig& config);

 private:
  struct Impl;
  EmulatorOptions options_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ingot::emu
