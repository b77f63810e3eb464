// What the wait-state checker needs to know about each Op: which unit issues it (the producer and
// consumer classes of wait_state_rules.h) and the few instructions with rules of their own. Computed
// once per Op from the ISA table's execution class and the MFMA shape table.
#pragma once

#include <cstdint>

#include "ingot_emu/inst.h"

namespace ingot::emu {

struct MfmaShape;

enum class HazardUnit : uint8_t {
  kOther,    // SALU, branches, s_waitcnt...
  kValu,     // VALU including v_accvgpr_*, lane ops, transcendental and f64
  kValuDot,  // v_dot*: excluded from "VALU writes VGPR -> MFMA" (LLVM IsLegacyVALUNotDotFn)
  kXdl,      // MFMA on the XDL path (everything but f32-input and f64 MFMA on gfx940+; v_smfmac_* too)
  kSgemm,    // v_mfma_f32_*_f32 (not XDL on gfx940+)
  kDgemm4,   // v_mfma_f64_4x4x4_4b_f64
  kDgemm16,  // v_mfma_f64_16x16x4_f64
  kVmem,     // buffer / global / flat / scratch
  kLds,      // DS
  kSmem,
};

struct WaitStateOp {
  HazardUnit unit = HazardUnit::kOther;
  bool salu = false;          // writes scalar registers as an SALU (M0 producers)
  bool readlane = false;      // v_readlane_b32 / v_readfirstlane_b32
  bool writelane = false;     // v_writelane_b32
  bool div_fmas = false;      // v_div_fmas_f32/f64 (reads VCC implicitly)
  bool setreg = false;        // s_setreg_b32 / s_setreg_imm32_b32
  bool getreg = false;        // s_getreg_b32
  bool cmpx = false;          // v_cmpx_*: writes EXEC
  bool permlane_swap = false; // gfx950 v_permlane16/32_swap_b32
  bool reads_m0 = false;      // s_movrel*, s_sendmsg*: read M0 implicitly
  bool nop = false;           // s_nop N: N+1 wait states
  bool store = false;         // VMEM store or atomic (its data VGPRs may be overwritten too early)
  bool smfmac = false;        // v_smfmac_*: vdst is also SrcC, SRC2 is the index VGPR
  bool trans = false;         // transcendental VALU (LLVM's TRANS flag)
  bool fma64 = false;         // v_fma_f64 / v_fmac_f64 (wait after any DGEMM)
  bool fp8_byte_sel = false;  // FP8/FP4 conversion whose op_sel[3:2] picks the destination byte
  bool fp4_sr = false;        // gfx950 v_cvt_scalef32_sr_pk_fp4_*: partial write whatever its selector
  // Soft clauses (XNACK on/any; unit kVmem or kSmem): LLVM's mayStore, which ends a clause that has
  // loaded something (stores and atomics; not buffer_wbl2/buffer_inv, s_dcache_*), and the d16 loads,
  // which also read their destination (they keep its other half: LLVM's tied vdata_in operand).
  bool clause_store = false;
  bool reads_dst = false;
  // MFMA passes per target (Target index); f8f6f4 instructions refine this by cbsz/blgp.
  uint8_t passes[kNumTargets] = {0, 0};
  const MfmaShape* shape = nullptr;  // dense MFMA: its row of the numerics room's shape table

  bool mfma() const {
    return unit == HazardUnit::kXdl || unit == HazardUnit::kSgemm || unit == HazardUnit::kDgemm4 ||
           unit == HazardUnit::kDgemm16;
  }
  bool valu() const { return unit == HazardUnit::kValu || unit == HazardUnit::kValuDot; }
};

const WaitStateOp& wait_state_op(Op op);

// Passes of one issue of an MFMA `inst` on `target` (f8f6f4 formats from cbsz/blgp); 0 for non-MFMA.
int wait_state_passes(const Inst& inst, Target target);

}  // namespace ingot::emu
