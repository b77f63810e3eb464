// The wait-state checker: per wave, the last producer of every register and how many wait states the
// wave has issued since, checked against wait_state_rules.h before each instruction issues.
//
// Wait states are counted as LLVM's hazard recognizer counts them: every issued instruction is one,
// `s_nop N` is N+1 (SIMM16[3:0]). The emulator follows the dynamic path, so branches and loops are
// checked on the path each wave actually takes. A stale record (an earlier workgroup's, on a reused
// Wave) is older than any rule's window: reset() moves the clock far past it instead of clearing.
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

  class Scan;  // one instruction's checks (wait_state_checker.cc)
  static std::string register_text(const RegRef& reg);

  uint64_t now_ = 0;
  std::vector<VectorWrite> vgpr_;      // unified VGPR/AGPR rows
  std::vector<Mark> srcc_read_;        // rows last read as SrcC by an XDL MFMA
  std::vector<Mark> store_data_;       // rows last stored by a wide VMEM store
  std::vector<Mark> sgpr_;             // scalar slots: last writer
  std::vector<Mark> setreg_;           // hardware register id -> last s_setreg
  Mark dgemm_;                         // last DGEMM issued (v_fma_f64 waits after any)
};

}  // namespace ingot::emu
