// The wait-state checker: per wave, the last producer of every register and how many wait states the
// wave has issued since, checked against wait_state_rules.h before each instruction issues.
//
// Wait states are counted as LLVM's hazard recognizer counts them: every issued instruction is one,
// `s_nop N` is N+1 (SIMM16[3:0]). The emulator follows the dynamic path, so branches and loops are
// checked on the path each wave actually takes. A stale record (an earlier workgroup's, on a reused
// Wave) is older than any rule's window: reset() moves the clock far past it instead of clearing.
//
// Soft clauses (code objects with XNACK on or any): a run of consecutive VMEM, or of SMEM, instructions
// may be replayed after a page fault, so within one run no member may write a register that a member
// (itself included) reads, and no store may follow a member that loads; one other instruction (s_nop 0)
// ends the run. Each register remembers the last clause (by id) and member that wrote / read it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ingot/status.h"
#include "ingot_emu/inst.h"
#include "wait_state_ops.h"
#include "wait_state_rules.h"

namespace ingot::emu {

class Module;
struct Wave;

class WaitStateChecker {
 public:
  // Starts a new wave (allocates on first use).
  void reset();
  // Checks `inst` (about to issue at program index `index`) against the wave's producers, then records
  // what it writes. A violation is a kEmulatorFault naming both instructions and the counts.
  Status issue(const Wave& wave, const Inst& inst, size_t index, const Module& module, Target target);

 private:
  struct VectorWrite {
    uint64_t end = 0;           // clock just after the producer issued
    uint32_t producer = 0;      // program index
    uint16_t dst_first = 0;     // the producer's destination rows (MFMA SrcC "same registers" check)
    uint8_t dst_count = 0;
    HazardUnit unit = HazardUnit::kOther;
    uint8_t passes = 0;
    bool partial = false;       // SDWA dst_sel / VOP3 op_sel[3] / byte-select write of part of the register
    bool trans = false;         // written by a transcendental VALU
  };
  struct Mark {                 // a producer that is not a register write of VectorWrite's kind
    uint64_t end = 0;
    uint32_t producer = 0;
    uint8_t passes = 0;         // XDL SrcC reads: the reader's passes
    Hazard hazard = Hazard::kCount;  // wide stores: which rule applies
    HazardUnit unit = HazardUnit::kOther;  // scalar writes: the writer's unit
    bool cmpx = false;          // EXEC written by v_cmpx
  };
  // Which register a check was about; named only when it fails (no string work on the hot path).
  struct RegRef {
    const Operand* op = nullptr;  // the consumer's operand, or null for an implicit register
    int dword = -1;               // the row within a vector operand; -1: the whole (scalar) operand
    const char* implicit = "";    // "exec", "vcc", "m0", "hwreg"
  };
  struct Violation {
    Hazard hazard = Hazard::kCount;
    int required = 0;
    int actual = 0;
    uint32_t producer = 0;
    int passes = 0;
    RegRef reg;
  };

  // A register as the soft-clause check names it (the instruction it came from may be an earlier one).
  struct ClauseReg {
    bool vector = false;
    bool agpr = false;
    uint32_t index = 0;
  };
  struct ClauseRow {            // per register: the last clause member that wrote / read it
    uint64_t def_clause = 0;    // clause id (the clock when its first member issued)
    uint64_t use_clause = 0;
    uint32_t def_by = 0;        // program index
    uint32_t use_by = 0;
  };
  struct SoftClause {
    uint64_t id = 0;            // the clock when its first member issued
    uint64_t end = 0;           // the clock just after its last member: a next member issues at exactly it
    HazardUnit unit = HazardUnit::kOther;  // kVmem or kSmem
    uint32_t first = 0;         // program indices of the first and the last member
    uint32_t last = 0;
    bool defs = false;          // some member writes registers: the last such member and one register
    uint32_t last_def = 0;
    ClauseReg last_def_reg;
    bool conflict = false;      // the members' writes and reads overlap: the first overlap found
    uint32_t conflict_def = 0;
    uint32_t conflict_use = 0;
    ClauseReg conflict_reg;
  };

  class Scan;  // one instruction's checks (wait_state_checker.cc)
  static std::string violation_message(const Violation& v, const Inst& inst, const Module& module, Target target);
  static std::string register_text(const RegRef& reg);
  // Adds a VMEM/SMEM instruction to the wave's soft clause (or starts one); a fault if that makes it unsafe.
  Status soft_clause(const Wave& wave, const Inst& inst, const WaitStateOp& info, size_t index,
                     const Module& module, Target target);
  Status soft_clause_fault(const Inst& inst, size_t index, bool store, const Module& module, Target target) const;

  uint64_t now_ = 0;
  std::vector<VectorWrite> vgpr_;      // unified VGPR/AGPR rows
  std::vector<Mark> srcc_read_;        // rows last read as SrcC by an XDL MFMA
  std::vector<Mark> store_data_;       // rows last stored by a wide VMEM store
  std::vector<Mark> sgpr_;             // scalar slots: last writer
  std::vector<Mark> setreg_;           // hardware register id -> last s_setreg
  Mark dgemm_;                         // last DGEMM issued (v_fma_f64 waits after any)
  std::vector<ClauseRow> clause_vgpr_;  // soft clauses: unified VGPR/AGPR rows
  std::vector<ClauseRow> clause_sgpr_;  // soft clauses: scalar slots
  SoftClause clause_;
};

}  // namespace ingot::emu
