#include "wait_state_checker.h"

#include <string>

#include "module.h"
#include "operands.h"
#include "wave.h"

namespace ingot::emu {
namespace {

// Larger than any rule's window, so a record from before reset() never fires.
constexpr uint64_t kEpochGap = 2 * kMaxWaitStates;
constexpr size_t kHwregIds = 64;  // s_setreg/s_getreg: hardware register id = SIMM16[5:0]
constexpr int kSdwaDword = 6;

bool is_vector(const Operand& op) { return op.kind == OperandKind::kVgpr || op.kind == OperandKind::kAgpr; }
bool is_write(const Operand& op) { return op.role == Role::kDst || op.role == Role::kSdst; }

// Rules for an MFMA result read by another MFMA (LLVM checkMAIHazards90A on gfx940+).
bool mfma_reads_mfma_result(HazardUnit writer, HazardUnit reader, bool srcc, bool same_registers, Hazard& out) {
  const bool reader_xdl = reader == HazardUnit::kXdl;
  if (!srcc) {
    switch (writer) {
      case HazardUnit::kXdl: out = Hazard::kXdlSrcAB; return true;
      case HazardUnit::kSgemm: out = Hazard::kSgemmSrcAB; return true;
      case HazardUnit::kDgemm16: out = Hazard::kDgemm16SrcAB; return true;
      case HazardUnit::kDgemm4: out = Hazard::kDgemm4SrcAB; return true;
      default: return false;
    }
  }
  switch (writer) {
    case HazardUnit::kXdl:
      out = same_registers ? Hazard::kMfmaSrcCSame
                           : (reader_xdl ? Hazard::kXdlSrcCOverlapXdl : Hazard::kXdlSrcCOverlapNonXdl);
      return true;
    case HazardUnit::kSgemm:
      if (same_registers) {
        out = Hazard::kMfmaSrcCSame;
        return true;
      }
      out = Hazard::kSgemmSrcCOverlap;
      return !reader_xdl;
    case HazardUnit::kDgemm16:
      out = Hazard::kDgemm16SrcCOverlap;
      return !reader_xdl && !same_registers;
    case HazardUnit::kDgemm4:
      out = Hazard::kDgemm4SrcC;
      return same_registers ? reader == HazardUnit::kDgemm4 : !reader_xdl;
    default: return false;
  }
}

// An MFMA result read (or overwritten) by a VALU / VMEM / LDS instruction (LLVM checkMAIVALUHazards).
bool non_mfma_reads_mfma_result(HazardUnit writer, bool reader_valu, Hazard& out) {
  switch (writer) {
    case HazardUnit::kXdl: out = Hazard::kXdlRead; return true;
    case HazardUnit::kSgemm: out = Hazard::kSgemmRead; return true;
    case HazardUnit::kDgemm16: out = reader_valu ? Hazard::kDgemm16ValuRead : Hazard::kDgemm16MemRead; return true;
    case HazardUnit::kDgemm4: out = reader_valu ? Hazard::kDgemm4ValuRead : Hazard::kDgemm4MemRead; return true;
    default: return false;
  }
}

bool overwrites_mfma_result(HazardUnit writer, Hazard& out) {
  switch (writer) {
    case HazardUnit::kXdl: out = Hazard::kXdlWaw; return true;
    case HazardUnit::kSgemm: out = Hazard::kSgemmWaw; return true;
    case HazardUnit::kDgemm16: out = Hazard::kDgemm16Waw; return true;
    case HazardUnit::kDgemm4: out = Hazard::kDgemm4Waw; return true;
    default: return false;
  }
}

}  // namespace

std::string WaitStateChecker::register_text(const RegRef& reg) {
  if (reg.op == nullptr) return reg.implicit;
  const Operand& op = *reg.op;
  if (reg.dword < 0) return register_name(is_vector(op), op.kind == OperandKind::kAgpr, op.index, op.dwords);
  return register_name(true, op.kind == OperandKind::kAgpr, op.index + static_cast<uint32_t>(reg.dword), 1);
}

// The checks of one instruction; keeps the worst shortfall.
namespace {

// Whether a violation of `hazard` faults under `mode` (or is a warning, reported once per PC).
bool fatal(Hazard hazard, WaitStateMode mode) {
  switch (mode) {
    case WaitStateMode::kStrict: return true;
    case WaitStateMode::kWarn: case WaitStateMode::kOff: return false;
    case WaitStateMode::kError: break;
  }
  return rule_severity(hazard).severity == Severity::kError;
}

// Records a warning in the wave's (host thread's) profile, once per PC: a loop repeats it every trip.
void warn(const Wave& wave, const Inst& inst, const std::string& message) {
  std::vector<LaunchProfile::WaitStateWarning>& warnings = wave.profile->wait_state_warnings;
  for (const LaunchProfile::WaitStateWarning& w : warnings) {
    if (w.pc == inst.address) return;
  }
  warnings.push_back({inst.address, "warning at pc " + hex(inst.address) + ": " + message});
}

}  // namespace

class WaitStateChecker::Scan {
 public:
  Scan(WaitStateChecker& checker, Target target, WaitStateMode mode)
      : checker_(checker), target_(target), mode_(mode) {}

  void need(Hazard hazard, uint64_t end, uint32_t producer, int passes, RegRef reg) {
    const int required = required_wait_states(hazard, target_, passes);
    if (required <= 0) return;
    const uint64_t since = checker_.now_ - end;
    if (since >= static_cast<uint64_t>(required)) return;
    const int actual = static_cast<int>(since);
    Worst& worst = fatal(hazard, mode_) ? error_ : warning_;
    if (worst.found && required - actual <= worst.violation.required - worst.violation.actual) return;
    worst = Worst{true, Violation{hazard, required, actual, producer, passes, reg}};
  }
  // The violation that faults, if any; else the one to warn about.
  bool found_error() const { return error_.found; }
  bool found_warning() const { return warning_.found; }
  const Violation& error() const { return error_.violation; }
  const Violation& warning() const { return warning_.violation; }

 private:
  struct Worst {
    bool found = false;
    Violation violation;
  };
  WaitStateChecker& checker_;
  Target target_;
  WaitStateMode mode_;
  Worst error_, warning_;
};

void WaitStateChecker::reset() {
  if (vgpr_.empty()) {
    vgpr_.resize(kVgprRows);
    srcc_read_.resize(kVgprRows);
    store_data_.resize(kVgprRows);
    sgpr_.resize(kScalarSlots);
    setreg_.resize(kHwregIds);
    clause_vgpr_.resize(kVgprRows);
    clause_sgpr_.resize(kScalarSlots);
  }
  now_ += kEpochGap;
}

std::string WaitStateChecker::violation_message(const Violation& v, const Inst& inst, const Module& module,
                                                Target target) {
  const WaitStateRule& rule = wait_state_rule(v.hazard);
  const auto producer_pc = module.program()[v.producer].address;
  std::string counts = std::to_string(v.required) + " wait states";
  if (rule.count[static_cast<size_t>(target)].per_pass) {
    counts += " (" + std::to_string(v.passes) + "-pass producer)";
  }
  return "missing wait states (" + std::string(rule.text) + "): " + std::string(op_mnemonic(inst.op)) +
         " reads/writes " + register_text(v.reg) + " " + std::to_string(v.actual) + " wait state(s) after " +
         module.describe(v.producer) + " at pc " + hex(producer_pc) + "; " + std::string(target_name(target)) +
         " requires " + counts + " (s_nop N counts N+1; rule source: " + std::string(rule.source) +
         "; severity: " + (rule_severity(v.hazard).severity == Severity::kError ? "error" : "warning") + ", " +
         std::string(rule_severity(v.hazard).why) + ")";
}

Status WaitStateChecker::issue(const Wave& wave, const Inst& inst, size_t index, const Module& module,
                               Target target) {
  const WaitStateOp& info = wait_state_op(inst.op);
  const int passes = wait_state_passes(inst, target);
  const bool valu = info.valu();
  const bool mem = info.unit == HazardUnit::kVmem || info.unit == HazardUnit::kLds;
  const bool dpp = inst.extension == Extension::kDpp;
  Scan scan(*this, target, wave.launch->wait_state_mode);
  // Producers that ended at or before `horizon` are out of every rule's window.
  const uint64_t horizon = now_ > kMaxWaitStates ? now_ - kMaxWaitStates : 0;

  auto scalar_write = [&](uint32_t slot) -> const Mark& { return sgpr_[slot]; };
  // v_dot rules depend on whether the reader is the same v_dot opcode (looked up only for v_dot writers).
  auto same_op = [&](const VectorWrite& w) { return module.program()[w.producer].op == inst.op; };
  auto exec_valu_write = [&]() -> const Mark* {
    for (uint32_t slot : {uint32_t{kSlotExec}, uint32_t{kSlotExec + 1}}) {
      if (sgpr_[slot].unit == HazardUnit::kValu) return &sgpr_[slot];
    }
    return nullptr;
  };

  // Reads and writes of explicit register operands.
  for (int i = 0; i < inst.num_operands; ++i) {
    const Operand& op = inst.operands[static_cast<size_t>(i)];
    if (!op.is_register() || op.dwords == 0) continue;
    const bool write = is_write(op);
    if (!is_vector(op)) {
      if (write) continue;
      for (int d = 0; d < op.dwords; ++d) {
        const uint32_t slot = op.index + static_cast<uint32_t>(d);
        if (slot >= kScalarSlots) break;
        const Mark& w = scalar_write(slot);
        if (w.end <= horizon) continue;
        const RegRef reg{&op, -1, ""};
        if (w.unit == HazardUnit::kValu || w.unit == HazardUnit::kValuDot) {
          if (valu) scan.need(Hazard::kValuSgprValu, w.end, w.producer, 0, reg);
          if ((info.readlane || info.writelane) && op.role == Role::kSrc1) {
            scan.need(Hazard::kValuSgprLaneSelect, w.end, w.producer, 0, reg);
          }
          if (info.unit == HazardUnit::kVmem) scan.need(Hazard::kValuSgprVmem, w.end, w.producer, 0, reg);
        }
      }
      continue;
    }
    const int first = vector_row(wave, op);
    // An smfmac reads its vdst as SrcC before writing it; its SRC2 (the index) is read like SrcA/B.
    const bool accumulator = info.smfmac && op.role == Role::kDst;
    const bool srcc = info.smfmac ? accumulator : op.role == Role::kSrc2;
    for (int d = 0; d < op.dwords; ++d) {
      const int row = first + d;
      if (row < 0 || row >= kVgprRows) break;
      const VectorWrite& w = vgpr_[static_cast<size_t>(row)];
      const bool w_live = w.end > horizon;
      const bool w_mfma = w.unit == HazardUnit::kXdl || w.unit == HazardUnit::kSgemm ||
                          w.unit == HazardUnit::kDgemm4 || w.unit == HazardUnit::kDgemm16;
      const RegRef reg{&op, d, ""};
      const bool w_dot = w_live && w.unit == HazardUnit::kValuDot;
      Hazard hazard = Hazard::kCount;
      if (write && !accumulator) {
        if (!(valu || mem)) continue;
        if (w_live && w_mfma && overwrites_mfma_result(w.unit, hazard)) {
          scan.need(hazard, w.end, w.producer, w.passes, reg);
        }
        if (w_dot && !same_op(w)) scan.need(Hazard::kDotDifferentWrite, w.end, w.producer, 0, reg);
        const Mark& r = srcc_read_[static_cast<size_t>(row)];
        if (r.end > horizon) scan.need(Hazard::kXdlSrcCWar, r.end, r.producer, r.passes, reg);
        if (valu) {
          const Mark& s = store_data_[static_cast<size_t>(row)];
          if (s.end > horizon && s.hazard != Hazard::kCount) scan.need(s.hazard, s.end, s.producer, 0, reg);
          if (w_live && w.partial) scan.need(Hazard::kDstSelForward, w.end, w.producer, 0, reg);
        }
        continue;
      }
      if (!w_live) continue;
      if (info.mfma()) {
        if (w.unit == HazardUnit::kValu) scan.need(Hazard::kValuVgprMfma, w.end, w.producer, 0, reg);
        const bool same = static_cast<int>(w.dst_first) == first && w.dst_count == op.dwords;
        if (w_mfma && mfma_reads_mfma_result(w.unit, info.unit, srcc, same, hazard)) {
          scan.need(hazard, w.end, w.producer, w.passes, reg);
        }
        continue;
      }
      if (!(valu || mem)) continue;
      if (w_mfma && non_mfma_reads_mfma_result(w.unit, valu, hazard)) {
        scan.need(hazard, w.end, w.producer, w.passes, reg);
      }
      if (w_dot) {
        if (!same_op(w)) {
          scan.need(Hazard::kDotDifferentRead, w.end, w.producer, 0, reg);
        } else if (!srcc) {
          scan.need(Hazard::kDotSameSrcAB, w.end, w.producer, 0, reg);
        }
      }
      if (!valu) continue;
      if (w.trans && !info.trans) scan.need(Hazard::kTransForward, w.end, w.producer, 0, reg);
      const bool w_valu = w.unit == HazardUnit::kValu || w.unit == HazardUnit::kValuDot;
      if (info.readlane && op.role == Role::kSrc0 && w_valu) {
        scan.need(Hazard::kValuVgprReadlane, w.end, w.producer, 0, reg);
      }
      if (dpp && w.unit != HazardUnit::kOther) scan.need(Hazard::kVgprDpp, w.end, w.producer, 0, reg);
      if (info.permlane_swap && w_valu) scan.need(Hazard::kPermlaneVgpr, w.end, w.producer, 0, reg);
      if (w.partial) scan.need(Hazard::kDstSelForward, w.end, w.producer, 0, reg);
    }
  }

  // Implicit reads: EXEC, VCC, M0, hardware registers.
  const RegRef exec_reg{nullptr, -1, "exec"}, vcc_reg{nullptr, -1, "vcc"}, m0_reg{nullptr, -1, "m0"},
      hwreg_reg{nullptr, -1, "hwreg"};
  if (const Mark* exec = exec_valu_write()) {
    if (info.mfma()) scan.need(Hazard::kValuExecMfma, exec->end, exec->producer, 0, exec_reg);
    if (info.readlane || info.writelane) {
      scan.need(Hazard::kValuExecReadlane, exec->end, exec->producer, 0, exec_reg);
    }
    if (dpp && valu) scan.need(Hazard::kValuExecDpp, exec->end, exec->producer, 0, exec_reg);
    if (info.permlane_swap && exec->cmpx) {
      scan.need(Hazard::kPermlaneCmpx, exec->end, exec->producer, 0, exec_reg);
    }
  }
  if (info.div_fmas) {
    for (uint32_t slot : {uint32_t{kSlotVcc}, uint32_t{kSlotVcc + 1}}) {
      const Mark& w = sgpr_[slot];
      if (w.unit == HazardUnit::kValu) scan.need(Hazard::kValuVccDivFmas, w.end, w.producer, 0, vcc_reg);
    }
  }
  const bool lds_dma = info.unit == HazardUnit::kVmem && inst.mem.lds;
  if (lds_dma || info.reads_m0) {
    const Mark& w = sgpr_[kSlotM0];
    if (w.unit == HazardUnit::kOther) {
      scan.need(lds_dma ? Hazard::kSaluM0LdsDma : Hazard::kSaluM0, w.end, w.producer, 0, m0_reg);
    }
  }
  if (info.fma64 && dgemm_.end > horizon) {
    scan.need(Hazard::kDgemmFma64, dgemm_.end, dgemm_.producer, 0, RegRef{nullptr, -1, "(any register)"});
  }
  const size_t hwreg = static_cast<size_t>(inst.simm16) & (kHwregIds - 1);
  if (info.getreg || info.setreg) {
    const Mark& w = setreg_[hwreg];
    const Hazard hazard = info.getreg ? Hazard::kSetregGetreg : Hazard::kSetregSetreg;
    scan.need(hazard, w.end, w.producer, 0, hwreg_reg);
  }

  if (scan.found_error()) return fault(violation_message(scan.error(), inst, module, target));
  if (scan.found_warning()) warn(wave, inst, violation_message(scan.warning(), inst, module, target));

  const bool clause_member = info.unit == HazardUnit::kVmem || info.unit == HazardUnit::kSmem;
  if (clause_member && module.xnack_replay()) {
    Status clause = soft_clause(wave, inst, info, index, module, target);
    if (!clause.is_ok()) {
      if (fatal(Hazard::kSoftClause, wave.launch->wait_state_mode)) return clause;
      warn(wave, inst, clause.message());
    }
  }

  // Record this instruction as a producer.
  const uint64_t issued = info.nop ? static_cast<uint64_t>(inst.simm16 & 0xF) + 1 : 1;
  const uint64_t end = now_ + 1;
  const uint32_t producer = static_cast<uint32_t>(index);
  const bool vop3 = inst.encoding == Encoding::kVop3;
  const bool partial = valu && ((inst.extension == Extension::kSdwa && inst.sdwa.dst_sel != kSdwaDword) ||
                                (vop3 && (inst.mods.op_sel & 8) != 0) || info.fp4_sr ||
                                (info.fp8_byte_sel && (inst.mods.op_sel & 4) != 0));
  const HazardUnit unit = info.unit;
  for (int i = 0; i < inst.num_operands; ++i) {
    const Operand& op = inst.operands[static_cast<size_t>(i)];
    if (!op.is_register() || op.dwords == 0) continue;
    const bool srcc_read = unit == HazardUnit::kXdl && (info.smfmac ? op.role == Role::kDst : op.role == Role::kSrc2);
    if (srcc_read && is_vector(op)) {
      const int first = vector_row(wave, op);
      for (int d = 0; d < op.dwords && first + d < kVgprRows; ++d) {
        srcc_read_[static_cast<size_t>(first + d)] = Mark{end, producer, static_cast<uint8_t>(passes)};
      }
    }
    if (is_write(op)) {
      if (is_vector(op)) {
        const int first = vector_row(wave, op);
        for (int d = 0; d < op.dwords && first + d < kVgprRows; ++d) {
          vgpr_[static_cast<size_t>(first + d)] =
              VectorWrite{end, producer, static_cast<uint16_t>(first), op.dwords, unit,
                          static_cast<uint8_t>(passes), partial, info.trans};
        }
      } else {
        for (int d = 0; d < op.dwords && op.index + d < kScalarSlots; ++d) {
          sgpr_[static_cast<size_t>(op.index + d)] = Mark{end, producer, 0, Hazard::kCount, unit, info.cmpx};
        }
      }
      continue;
    }
    if (!is_vector(op)) continue;
    const int first = vector_row(wave, op);
    if (info.store && op.role == Role::kData0 && op.dwords > 2) {
      const Operand* soffset = inst.find(Role::kSoffset);
      const bool sgpr_soffset = inst.encoding == Encoding::kMubuf && soffset != nullptr &&
                                soffset->kind == OperandKind::kScalar;
      const Hazard hazard = sgpr_soffset ? Hazard::kWideBufStoreSoffsetValu : Hazard::kWideStoreValu;
      for (int d = 0; d < op.dwords && first + d < kVgprRows; ++d) {
        store_data_[static_cast<size_t>(first + d)] = Mark{end, producer, 0, hazard};
      }
    }
  }
  if (info.cmpx) {
    for (uint32_t slot : {uint32_t{kSlotExec}, uint32_t{kSlotExec + 1}}) {
      sgpr_[slot] = Mark{end, producer, 0, Hazard::kCount, HazardUnit::kValu, true};
    }
  }
  if (info.setreg) setreg_[hwreg] = Mark{end, producer};
  if (unit == HazardUnit::kDgemm4 || unit == HazardUnit::kDgemm16) dgemm_ = Mark{end, producer};
  now_ += issued;
  return Status::ok();
}

Status WaitStateChecker::soft_clause(const Wave& wave, const Inst& inst, const WaitStateOp& info, size_t index,
                                     const Module& module, Target target) {
  const auto member = static_cast<uint32_t>(index);
  // The previous instruction issued (no wait state since) and was of the same kind: the run goes on.
  const bool joins = clause_.end == now_ && clause_.unit == info.unit;
  if (!joins) {
    clause_ = SoftClause{};
    clause_.id = now_;
    clause_.unit = info.unit;
    clause_.first = member;
  }
  const bool had_defs = clause_.defs;
  if (had_defs && info.clause_store) return soft_clause_fault(inst, index, true, module, target);

  auto note_conflict = [&](uint32_t def, uint32_t use, const ClauseReg& reg) {
    if (clause_.conflict) return;
    clause_.conflict = true;
    clause_.conflict_def = def;
    clause_.conflict_use = use;
    clause_.conflict_reg = reg;
  };
  bool defs = false;
  ClauseReg def_reg;
  for (int i = 0; i < inst.num_operands; ++i) {
    const Operand& op = inst.operands[static_cast<size_t>(i)];
    if (!op.is_register() || op.dwords == 0) continue;
    const bool vector = is_vector(op);
    const bool write = is_write(op);
    const bool read = !write || info.reads_dst;
    std::vector<ClauseRow>& rows = vector ? clause_vgpr_ : clause_sgpr_;
    const int first = vector ? vector_row(wave, op) : static_cast<int>(op.index);
    for (int d = 0; d < op.dwords; ++d) {
      const int r = first + d;
      if (r < 0 || static_cast<size_t>(r) >= rows.size()) break;
      ClauseRow& row = rows[static_cast<size_t>(r)];
      const ClauseReg reg{vector, op.kind == OperandKind::kAgpr, op.index + static_cast<uint32_t>(d)};
      if (read) {
        if (row.def_clause == clause_.id) note_conflict(row.def_by, member, reg);
        row.use_clause = clause_.id;
        row.use_by = member;
      }
      if (write) {
        if (row.use_clause == clause_.id) note_conflict(member, row.use_by, reg);
        row.def_clause = clause_.id;
        row.def_by = member;
        if (!defs) def_reg = reg;
        defs = true;
      }
    }
  }
  if (had_defs && clause_.conflict) return soft_clause_fault(inst, index, false, module, target);
  if (defs) {
    clause_.defs = true;
    clause_.last_def = member;
    clause_.last_def_reg = def_reg;
  }
  clause_.last = member;
  clause_.end = now_ + 1;
  return Status::ok();
}

Status WaitStateChecker::soft_clause_fault(const Inst& inst, size_t index, bool store, const Module& module,
                                           Target target) const {
  const WaitStateRule& rule = wait_state_rule(Hazard::kSoftClause);
  auto at = [&](uint32_t i) { return module.describe(i) + " at pc " + hex(module.program()[i].address); };
  auto name = [](const ClauseReg& reg) { return register_name(reg.vector, reg.agpr, reg.index, 1); };
  const char* kind = clause_.unit == HazardUnit::kSmem ? "SMEM" : "VMEM";
  std::string why;
  if (store) {
    why = "this store or atomic follows " + at(clause_.last_def) + ", which writes " + name(clause_.last_def_reg);
  } else {
    why = "in it, " + at(clause_.conflict_def) + " writes " + name(clause_.conflict_reg) + " and " +
          (clause_.conflict_use == clause_.conflict_def ? std::string("reads it too")
                                                        : at(clause_.conflict_use) + " reads it");
  }
  return fault("missing wait states (" + std::string(rule.text) + "): " + std::string(op_mnemonic(inst.op)) +
               " at pc " + hex(module.program()[index].address) + " would extend the soft clause of " + kind +
               " instructions that starts with " + at(clause_.first) + "; " + why + ". It issues 0 wait " +
               "state(s) after " + at(clause_.last) + "; the code object's XNACK is " +
               target_feature_name(module.xnack()) + ", so " + std::string(target_name(target)) +
               " requires 1 wait states between them (s_nop 0, or any instruction that is not " + kind +
               ", ends the clause; rule source: " + std::string(rule.source) + ")");
}

}  // namespace ingot::emu
