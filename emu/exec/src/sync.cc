// s_endpgm, s_barrier, s_waitcnt and the SOPP instructions that only affect timing.
#include "handler_table.h"
#include "operands.h"

namespace ingot::emu {
namespace {

Status no_effect(Wave&, const Inst&) { return Status::ok(); }

Status endpgm(Wave& wave, const Inst&) {
  wave.status = WaveStatus::kEnded;
  wave.next_pc_index = wave.pc_index;
  return Status::ok();
}

// The scheduler releases the barrier (and steps past it) once every live wave has arrived.
Status barrier(Wave& wave, const Inst&) {
  wave.status = WaveStatus::kAtBarrier;
  wave.next_pc_index = wave.pc_index;
  return Status::ok();
}

// simm16: vmcnt [3:0] | [15:14] << 4, expcnt [6:4], lgkmcnt [11:8].
Status waitcnt(Wave& wave, const Inst& inst) {
  const uint32_t imm = static_cast<uint32_t>(inst.simm16) & 0xffff;
  const uint32_t vm = (imm & 0xf) | ((imm >> 14) & 3) << 4;
  const uint32_t lgkm = (imm >> 8) & 0xf;
  wave.waits.wait(vm, lgkm);
  if (wave.launch->memory_model != nullptr) memory_model_wait_vm(wave, vm);
  return Status::ok();
}

// hwreg(id, offset, size): simm16 id [5:0], offset [10:6], size-1 [15:11]. Only MODE (id 1) is kept;
// other hardware registers read as 0 and ignore writes.
constexpr uint32_t kHwRegMode = 1;

uint32_t hwreg_mask(uint32_t simm16) {
  const uint32_t offset = (simm16 >> 6) & 31, size = ((simm16 >> 11) & 31) + 1;
  const uint64_t bits = size >= 32 ? 0xffffffffull : ((1ull << size) - 1);
  return static_cast<uint32_t>(bits << offset);
}

Status setreg(Wave& wave, uint32_t simm16, uint32_t value) {
  if ((simm16 & 63) != kHwRegMode) return Status::ok();
  const uint32_t offset = (simm16 >> 6) & 31;
  const uint32_t mask = hwreg_mask(simm16);
  wave.mode = (wave.mode & ~mask) | ((value << offset) & mask);
  return Status::ok();
}

}  // namespace

void register_sync(HandlerRegistry& r) {
  r.add("s_endpgm", endpgm);
  r.add("s_endpgm_saved", endpgm);
  r.add("s_barrier", barrier);
  r.add("s_waitcnt", waitcnt);
  for (const char* name : {"s_nop", "s_setprio", "s_sleep", "s_sethalt", "s_icache_inv", "s_incperflevel",
                           "s_decperflevel", "s_ttracedata", "s_sendmsg", "s_sendmsghalt", "s_dcache_inv",
                           "s_dcache_wb", "s_dcache_inv_vol", "s_dcache_wb_vol", "s_setkill", "s_wakeup"}) {
    r.add(name, no_effect);
  }
  r.add("s_trap", +[](Wave&, const Inst&) { return fault("s_trap executed"); });
  r.add("s_getreg_b32", +[](Wave& wave, const Inst& inst) -> Status {
    const uint32_t imm = static_cast<uint32_t>(inst.simm16) & 0xffff;
    const uint32_t value = (imm & 63) == kHwRegMode ? (wave.mode & hwreg_mask(imm)) >> ((imm >> 6) & 31) : 0;
    write_s32(wave, inst.find(Role::kDst), value);
    return Status::ok();
  });
  r.add("s_setreg_b32", +[](Wave& wave, const Inst& inst) -> Status {
    const uint32_t imm = static_cast<uint32_t>(inst.simm16) & 0xffff;
    const Operand* source = inst.num_operands > 0 ? &inst.operands[0] : nullptr;
    return setreg(wave, imm, read_s32(wave, source));
  });
  r.add("s_setreg_imm32_b32", +[](Wave& wave, const Inst& inst) -> Status {
    const uint32_t imm = static_cast<uint32_t>(inst.simm16) & 0xffff;
    const Operand* literal = nullptr;
    for (int i = 0; i < inst.num_operands; ++i) {
      if (inst.operands[static_cast<size_t>(i)].kind == OperandKind::kLiteral) literal = &inst.operands[static_cast<size_t>(i)];
    }
    return setreg(wave, imm, read_s32(wave, literal));
  });
}

}  // namespace ingot::emu
