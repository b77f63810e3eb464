#include "timing_hook.h"

#include <bit>
#include <string_view>
#include <utility>

#include "handler_table.h"
#include "ingot_emu/isa_table.h"
#include "operands.h"

namespace ingot::emu {
namespace {

RowRange rows_of(const Wave& wave, const Operand* op) {
  if (op == nullptr || (op->kind != OperandKind::kVgpr && op->kind != OperandKind::kAgpr)) return {};
  return {static_cast<uint16_t>(vector_row(wave, *op)), op->dwords};
}

TimingKind sync_kind(std::string_view name) {
  if (name == "s_waitcnt") return TimingKind::kWaitcnt;
  if (name == "s_barrier") return TimingKind::kBarrier;
  if (name == "s_nop") return TimingKind::kNop;
  if (name == "s_setprio") return TimingKind::kSetprio;
  if (name == "s_endpgm" || name == "s_endpgm_saved") return TimingKind::kEnd;
  return TimingKind::kSalu;
}

}  // namespace

TimingSnapshot timing_snapshot(const LaunchProfile& profile) {
  return {profile.mfma_busy_cycles, profile.lds_bank_conflict_cycles,
          profile.global_bytes_read + profile.global_bytes_written};
}

void record_timing(Wave& wave, const Inst& inst, const TimingSnapshot& before) {
  const LaunchProfile& profile = *wave.profile;
  TimingOp op;
  switch (op_info(inst.op).exec_class) {
    case ExecClass::kSalu: op.kind = TimingKind::kSalu; break;
    case ExecClass::kSmem: op.kind = TimingKind::kSmem; break;
    case ExecClass::kBranch: op.kind = TimingKind::kBranch; break;
    case ExecClass::kSync: op.kind = sync_kind(op_mnemonic(inst.op)); break;
    case ExecClass::kValu: op.kind = TimingKind::kValu; break;
    case ExecClass::kValuTrans: op.kind = TimingKind::kTrans; break;
    case ExecClass::kValuF64: op.kind = TimingKind::kF64; break;
    case ExecClass::kMfma: op.kind = TimingKind::kMfma; break;
    case ExecClass::kLds: op.kind = TimingKind::kLds; break;
    case ExecClass::kVmemLoad: op.kind = TimingKind::kVmemLoad; break;
    case ExecClass::kVmemStore: case ExecClass::kVmemAtomic: op.kind = TimingKind::kVmemStore; break;
  }
  switch (op.kind) {
    case TimingKind::kWaitcnt: {
      // simm16: vmcnt [3:0] | [15:14] << 4, lgkmcnt [11:8] (as sync.cc decodes it)
      const uint32_t imm = static_cast<uint32_t>(inst.simm16) & 0xffff;
      op.vm_wait = static_cast<uint8_t>((imm & 0xf) | ((imm >> 14) & 3) << 4);
      op.lgkm_wait = static_cast<uint8_t>((imm >> 8) & 0xf);
      break;
    }
    case TimingKind::kNop: op.nops = static_cast<uint16_t>(inst.simm16 & 0xf); break;
    case TimingKind::kSetprio: op.priority = static_cast<uint8_t>(inst.simm16 & 3); break;
    case TimingKind::kMfma:
      op.busy_cycles = static_cast<uint32_t>(profile.mfma_busy_cycles - before.mfma_busy_cycles);
      op.dst = rows_of(wave, inst.find(Role::kDst));
      op.src[0] = rows_of(wave, inst.find(Role::kSrc0));
      op.src[1] = rows_of(wave, inst.find(Role::kSrc1));
      op.src[2] = rows_of(wave, inst.find(Role::kSrc2));
      break;
    case TimingKind::kValu: case TimingKind::kTrans: case TimingKind::kF64:
      op.src[0] = rows_of(wave, inst.find(Role::kSrc0));
      op.src[1] = rows_of(wave, inst.find(Role::kSrc1));
      op.src[2] = rows_of(wave, inst.find(Role::kSrc2));
      break;
    case TimingKind::kLds: {
      op.busy_cycles = static_cast<uint32_t>(profile.lds_bank_conflict_cycles - before.lds_conflict_cycles);
      // Bytes through the LDS: the data registers of the active lanes.
      uint32_t dwords = 0;
      for (Role role : {Role::kDst, Role::kData0, Role::kData1}) {
        const Operand* data = inst.find(role);
        if (data != nullptr && data->is_register()) dwords += data->dwords;
      }
      op.bytes = dwords * 4u * static_cast<uint32_t>(std::popcount(wave.exec()));
      // The handler said whether it was served on 64 banks; lane exchanges (ds_swizzle, ds_permute,
      // ds_bpermute) touch no bank and leave it false.
      op.lds_64_banks = std::exchange(wave.lds_on_64_banks, false);
      break;
    }
    case TimingKind::kVmemLoad: case TimingKind::kVmemStore:
      op.bytes = static_cast<uint32_t>(profile.global_bytes_read + profile.global_bytes_written - before.global_bytes);
      // MUBUF `... lds` and global_/scratch_load_lds_*: the data is written to LDS, not to VGPRs
      op.to_lds = op.kind == TimingKind::kVmemLoad &&
                  (inst.mem.lds || op_mnemonic(inst.op).find("_load_lds_") != std::string_view::npos);
      break;
    default: break;
  }
  wave.timing_trace->push_back(op);
}

}  // namespace ingot::emu
