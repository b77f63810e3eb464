#include "executor.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <random>
#include <string>

#include "gpr_index.h"
#include "module.h"
#include "operands.h"
#include "timing_hook.h"

namespace ingot::emu {
namespace {

void count_instruction(LaunchProfile& profile, Op op) {
  InstructionMix& mix = profile.instructions;
  switch (profile_class(op)) {
    case ProfileClass::kSalu: ++mix.salu; break;
    case ProfileClass::kValu: ++mix.valu; break;
    case ProfileClass::kMfma: ++mix.mfma; break;
    case ProfileClass::kLds: ++mix.lds; break;
    case ProfileClass::kVmem: ++mix.vmem; break;
    case ProfileClass::kSmem: ++mix.smem; break;
    case ProfileClass::kBranch: ++mix.branch; break;
  }
}

bool is_write(Role role) { return role == Role::kDst || role == Role::kSdst; }

// A register an instruction touches while a load into it is still in flight (see waitcnt_tracker.h).
Status check_hazards(const Wave& wave, const Inst& inst, const Module& module) {
  for (int i = 0; i < inst.num_operands; ++i) {
    const Operand& op = inst.operands[static_cast<size_t>(i)];
    if (!op.is_register() || op.dwords == 0) continue;
    const bool vector = op.kind != OperandKind::kScalar;
    const uint32_t first = vector ? static_cast<uint32_t>(vector_row(wave, op)) : op.index;
    const PendingLoad* load = wave.waits.find(vector, first, op.dwords);
    if (load == nullptr) continue;
    const auto load_index = module.index_of(load->pc);
    const std::string loader = load_index ? module.describe(*load_index) : std::string("a load");
    const std::string name =
        register_name(vector, op.kind == OperandKind::kAgpr, op.index, op.dwords);
    if (is_write(op.role)) {
      // Two loads into the same registers on one in-order counter land in order: not a hazard.
      const ProfileClass cls = profile_class(inst.op);
      const bool same_in_order_counter =
          (cls == ProfileClass::kVmem && load->counter == WaitCounter::kVm) ||
          (cls == ProfileClass::kLds && load->counter == WaitCounter::kLds);
      if (same_in_order_counter) continue;
      return fault("write of " + name + " while a load to it is in flight (missing s_waitcnt): loaded by " +
                   loader + " at pc " + hex(load->pc));
    }
    return fault("read of " + name + " before s_waitcnt: loaded by " + loader + " at pc " + hex(load->pc));
  }
  return Status::ok();
}

std::string where(const LaunchContext& launch, const Workgroup& group, const Wave& wave) {
  const Module& module = *launch.module;
  std::string text = "kernel " + launch.kernel + ", workgroup (" + std::to_string(group.id[0]) + "," +
                     std::to_string(group.id[1]) + "," + std::to_string(group.id[2]) + "), wave " +
                     std::to_string(wave.id_in_group);
  if (wave.pc_index < module.program().size()) {
    text += ", pc " + hex(module.program()[wave.pc_index].address) + " (" +
            module.describe(wave.pc_index) + ")";
  }
  return text;
}

// The instruction bound is the only way a workgroup can hang (see release_barrier): some wave keeps running,
// often spinning on a flag, while others wait at a barrier for it. Names the waves waiting and where.
std::string runaway_message(const std::vector<Wave>& waves, size_t count, const Module& module,
                            const ScheduleOptions& options) {
  std::string text = "wave executed more than " + std::to_string(options.max_instructions_per_wave) +
                     " instructions (runaway loop, or a wait that never ends)";
  std::string waiting;
  for (size_t i = 0; i < count; ++i) {
    if (waves[i].status != WaveStatus::kAtBarrier) continue;
    waiting += (waiting.empty() ? "" : ", ") + std::to_string(i) + " at pc " +
               hex(module.program()[waves[i].pc_index].address);
  }
  if (!waiting.empty()) text += "; wave(s) waiting at s_barrier: " + waiting;
  return text;
}

Status step(Wave& wave, const LaunchContext& launch) {
  const Module& module = *launch.module;
  if (wave.pc_index >= module.program().size()) {
    return fault("program counter left .text (missing s_endpgm?)");
  }
  ++wave.instructions;
  const Inst* decoded = &module.program()[wave.pc_index];
  std::optional<Inst> indexed;  // VGPR index mode: the instruction with its operands moved (gpr_index.h)
  if (wave.gpr_idx_on) {
    Result<const Inst*> moved = apply_gpr_index(wave, *decoded, indexed.emplace());
    if (!moved) return moved.status();
    decoded = *moved;
  }
  const Inst& inst = *decoded;
  if (launch.check_waitcnt && !wave.waits.empty()) {
    INGOT_RETURN_IF_ERROR(check_hazards(wave, inst, module));
  }
  if (launch.check_wait_states) {
    INGOT_RETURN_IF_ERROR(wave.wait_states.issue(wave, inst, wave.pc_index, module, launch.target));
  }
  const Handler handler = module.handler(wave.pc_index);
  if (handler == nullptr) {
    return Status(StatusCode::kUnsupported,
                  "instruction " + std::string(op_mnemonic(inst.op)) + " is not emulated");
  }
  wave.next_pc_index = wave.pc_index + 1;
  TimingSnapshot before;
  if (wave.timing_trace != nullptr) before = timing_snapshot(*wave.profile);
  INGOT_RETURN_IF_ERROR(handler(wave, inst));
  if (wave.timing_trace != nullptr) record_timing(wave, inst, before);
  count_instruction(*wave.profile, inst.op);
  wave.pc_index = wave.next_pc_index;
  return Status::ok();
}

// Called when no wave is ready: every wave has ended (the workgroup is done), or every wave that has
// not ended waits at an s_barrier. The barrier counts waves, not PCs (CDNA4 ISA guide, S_BARRIER: "If
// some waves in the threadgroup have already terminated, this waits on only the surviving waves"), so
// the waiting waves are released wherever they wait: wave-specialised kernels meet at barriers at
// different PCs. A workgroup can therefore only hang with some wave still running (spinning); the
// instruction bound reports that, naming the waves at barriers (runaway_message).
void release_barrier(std::vector<Wave>& waves, size_t count, bool& done) {
  done = true;
  for (size_t i = 0; i < count; ++i) {
    if (waves[i].status != WaveStatus::kAtBarrier) continue;
    done = false;
    waves[i].status = WaveStatus::kReady;
    ++waves[i].pc_index;
  }
}

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The trace slot of workgroup `linear_index` when the timing mode traces it, else null. Each traced
// workgroup owns its element, so host threads starting different workgroups do not share one.
std::vector<WaveTrace>* traced_waves(const LaunchContext& launch, uint64_t linear_index) {
  if (launch.traced_workgroups == nullptr) return nullptr;
  auto it = std::lower_bound(launch.traced_workgroups->begin(), launch.traced_workgroups->end(), linear_index,
                             [](const TracedWorkgroup& t, uint64_t index) { return t.index < index; });
  return it != launch.traced_workgroups->end() && it->index == linear_index ? &it->waves : nullptr;
}

}  // namespace

Status start_workgroup(const LaunchContext& launch, uint64_t linear_index, const ScheduleOptions& options,
                       ResidentGroup& resident, LaunchProfile& profile) {
  const Module& module = *launch.module;
  Workgroup& group = resident.group;
  const uint32_t gx = launch.grid[0], gy = launch.grid[1];
  group.linear_index = linear_index;
  group.id = {static_cast<uint32_t>(linear_index % gx), static_cast<uint32_t>(linear_index / gx % gy),
              static_cast<uint32_t>(linear_index / (uint64_t{gx} * gy))};
  group.lds.assign(launch.lds_bytes, 0);

  const uint32_t items = launch.workgroup[0] * launch.workgroup[1] * launch.workgroup[2];
  resident.count = (items + kWaveSize - 1) / kWaveSize;
  if (resident.waves.size() < resident.count) resident.waves.resize(resident.count);
  std::vector<WaveTrace>* traces = traced_waves(launch, linear_index);
  if (traces != nullptr) traces->assign(resident.count, {});
  if (launch.memory_model != nullptr) group.memory_model.reset(resident.count);
  const auto entry = module.index_of(launch.descriptor.entry_address);
  if (!entry) {
    return Status(StatusCode::kEmulatorFault, "kernel " + launch.kernel + ": entry address " +
                                                   hex(launch.descriptor.entry_address) +
                                                   " is not an instruction in .text");
  }
  for (size_t i = 0; i < resident.count; ++i) {
    Wave& wave = resident.waves[i];
    init_wave_state(launch, group, static_cast<uint32_t>(i), wave);
    wave.pc_index = *entry;
    wave.group = &group;
    wave.launch = &launch;
    wave.profile = &profile;
    wave.timing_trace = traces != nullptr ? &(*traces)[i] : nullptr;
    if (launch.check_wait_states) wave.wait_states.reset();
  }
  resident.rng.seed(splitmix64(options.seed ^ splitmix64(linear_index)));
  profile.waves += resident.count;
  ++profile.workgroups;
  return Status::ok();
}

Status run_workgroup_for(const LaunchContext& launch, const ScheduleOptions& options, ResidentGroup& resident,
                         uint64_t quantum, bool& done) {
  const Module& module = *launch.module;
  Workgroup& group = resident.group;
  std::vector<Wave>& waves = resident.waves;
  const size_t count = resident.count;
  auto run = [&](Wave& wave) -> Status {
    if (wave.instructions >= options.max_instructions_per_wave) {
      return Status(StatusCode::kEmulatorFault, where(launch, group, wave) + ": " +
                                                    runaway_message(waves, count, module, options));
    }
    Status status = step(wave, launch);
    if (status.is_ok()) return status;
    return Status(status.code() == StatusCode::kOk ? StatusCode::kEmulatorFault : status.code(),
                  where(launch, group, wave) + ": " + status.message());
  };

  done = false;
  uint64_t issued = 0;
  std::vector<uint32_t>& ready = resident.ready;
  while (issued < quantum) {
    bool any_ready = false;
    if (options.schedule == Schedule::kDeterministic) {
      for (size_t i = 0; i < count; ++i) {
        if (waves[i].status != WaveStatus::kReady) continue;
        any_ready = true;
        ++issued;
        INGOT_RETURN_IF_ERROR(run(waves[i]));
      }
    } else {
      ready.clear();
      for (size_t i = 0; i < count; ++i) {
        if (waves[i].status == WaveStatus::kReady) ready.push_back(static_cast<uint32_t>(i));
      }
      if (!ready.empty()) {
        any_ready = true;
        Wave& wave = waves[ready[resident.rng() % ready.size()]];
        const uint64_t burst = 1 + resident.rng() % 8;
        for (uint64_t n = 0; n < burst && wave.status == WaveStatus::kReady; ++n) {
          ++issued;
          INGOT_RETURN_IF_ERROR(run(wave));
        }
      }
    }
    if (any_ready) continue;
    release_barrier(waves, count, done);
    if (done) return Status::ok();
  }
  return Status::ok();
}

}  // namespace ingot::emu
