// Required wait states (software NOPs) between dependent instructions on CDNA3 (gfx942) and CDNA4
// (gfx950), as data: one row per hazard, the count per target, and where the count comes from.
//
// The hardware does not interlock these dependencies; a kernel must put independent instructions or
// `s_nop N` (N+1 wait states) between producer and consumer, or it reads stale values silently. The
// counts are the ones LLVM's hazard recognizer enforces (llvm/lib/Target/AMDGPU/GCNHazardRecognizer.cpp,
// as of the triton-lang/llvm-project fork our toolchain pins, commit 2449c0e), cross-checked against the
// expectations in llvm/test/CodeGen/AMDGPU/mai-hazards-gfx940.mir (RUN lines for gfx940 and gfx950) and
// the "Manually Inserted Wait States (NOPs)" table of AMD's CDNA3 ISA guide (section 4.5) where a row
// appears there. Rows whose count has a single source say so in emu/README.md ("Wait-state checker").
//
// MFMA classes (gfx940+): XDL = every MFMA except the f32-input ones ("SGEMM": v_mfma_f32_*_f32, not
// XDL per LLVM VOP3PInstructions.td is_gfx940_xdl; mai-hazards-gfx940.mir names them nonxdl_sgemm) and
// the f64 ones ("DGEMM"). Pass counts come from the numerics room's shape table (mfma_shapes.h). Sparse
// v_smfmac_* are XDL MFMAs whose vdst is also their SrcC and whose index VGPR (SRC2) is read like SrcA/B:
// what the pinned LLVM does (its llc puts passes + 3 / + 4 wait states between an smfmac and another
// smfmac reading its result as the index, none between two accumulating into the same registers).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "ingot_emu/inst.h"

namespace ingot::emu {

enum class Hazard : uint8_t {
  kValuSgprVmem,          // VALU writes SGPR -> VMEM reads that SGPR
  kValuSgprLaneSelect,    // VALU writes SGPR -> v_readlane/v_writelane lane select
  kValuVgprReadlane,      // VALU writes VGPR -> v_readlane/v_readfirstlane reads it
  kValuExecReadlane,      // VALU writes EXEC -> v_readlane/v_readfirstlane/v_writelane
  kValuSgprValu,          // VALU writes SGPR/VCC -> VALU reads it
  kSetregGetreg,          // s_setreg -> s_getreg of the same hardware register
  kSetregSetreg,          // s_setreg -> s_setreg of the same hardware register
  kVgprDpp,               // VALU writes VGPR -> DPP reads it
  kValuExecDpp,           // VALU writes EXEC -> DPP
  kValuVccDivFmas,        // VALU writes VCC -> v_div_fmas
  kSaluM0,                // SALU writes M0 -> ds_*_addtid / s_movrel / s_sendmsg reads it
  kSaluM0LdsDma,          // SALU writes M0 -> LDS DMA (buffer/global/scratch load ... lds) reads it
  kWideStoreValu,         // VMEM store of > 64 bits -> VALU writes its data VGPRs
  kWideBufStoreSoffsetValu,  // MUBUF store of > 64 bits with an SGPR soffset -> VALU writes its data
  kDstSelForward,         // VALU writes part of a VGPR (SDWA dst_sel / op_sel[3]) -> VALU uses it
  kPermlaneVgpr,          // VALU writes VGPR -> v_permlane*_swap reads it (gfx950)
  kPermlaneCmpx,          // v_cmpx writes EXEC -> v_permlane*_swap (gfx950)
  kValuExecMfma,          // VALU writes EXEC -> MFMA
  kValuVgprMfma,          // VALU (also v_accvgpr_write) writes VGPR/AGPR -> MFMA reads it
  kMfmaSrcCSame,          // MFMA writes -> next MFMA reads exactly the same registers as SrcC
  kXdlSrcCOverlapXdl,     // XDL writes -> XDL reads overlapping (not identical) SrcC
  kXdlSrcCOverlapNonXdl,  // XDL writes -> SGEMM/DGEMM reads overlapping SrcC
  kSgemmSrcCOverlap,      // SGEMM writes -> SGEMM/DGEMM reads overlapping SrcC
  kDgemm16SrcCOverlap,    // DGEMM 16x16 writes -> SGEMM/DGEMM reads overlapping SrcC
  kDgemm4SrcC,            // DGEMM 4x4 writes -> SGEMM/DGEMM reads SrcC (overlapping, or the same)
  kXdlSrcAB,              // XDL writes -> MFMA reads it as SrcA/B
  kSgemmSrcAB,            // SGEMM writes -> MFMA reads it as SrcA/B
  kDgemm16SrcAB,          // DGEMM 16x16 writes -> MFMA reads it as SrcA/B
  kDgemm4SrcAB,           // DGEMM 4x4 writes -> MFMA reads it as SrcA/B
  kXdlRead,               // XDL writes -> VALU / VMEM / LDS reads it (also v_accvgpr_read)
  kSgemmRead,             // SGEMM writes -> VALU / VMEM / LDS reads it
  kDgemm16ValuRead,       // DGEMM 16x16 writes -> VALU reads it
  kDgemm16MemRead,        // DGEMM 16x16 writes -> VMEM / LDS reads it
  kDgemm4ValuRead,        // DGEMM 4x4 writes -> VALU reads it
  kDgemm4MemRead,         // DGEMM 4x4 writes -> VMEM / LDS reads it
  kXdlWaw,                // XDL writes -> VALU / VMEM / LDS writes the same register
  kSgemmWaw,              // SGEMM writes -> VALU / VMEM / LDS writes the same register
  kDgemm16Waw,            // DGEMM 16x16 writes -> VALU / VMEM / LDS writes the same register
  kDgemm4Waw,             // DGEMM 4x4 writes -> VALU / VMEM / LDS writes the same register
  kXdlSrcCWar,            // XDL reads SrcC -> VALU / VMEM / LDS overwrites it
  kTransForward,          // transcendental VALU writes VGPR -> non-transcendental VALU reads it
  kDotSameSrcAB,          // v_dot writes VGPR -> the same v_dot opcode reads it as SrcA/B
  kDotDifferentRead,      // v_dot writes VGPR -> another VALU / VMEM / LDS opcode reads it
  kDotDifferentWrite,     // v_dot writes VGPR -> another VALU / VMEM / LDS opcode overwrites it
  kDgemmFma64,            // DGEMM issued -> v_fma_f64 / v_fmac_f64 (any registers)
  kSoftClause,            // XNACK on/any: a VMEM or SMEM instruction that would make its soft clause unsafe
  kCount,
};

// A count: `base` wait states, plus the producer's pass count when `per_pass`. `base_two_pass` replaces
// `base` for 2-pass producers (some rows treat them differently). `applies` false: no hazard there.
struct WaitCount {
  bool applies = false;
  bool per_pass = false;
  int8_t base = 0;
  int8_t base_two_pass = 0;
};

struct WaitStateRule {
  Hazard hazard;
  std::string_view text;                   // "producer -> consumer", for messages and the README
  std::array<WaitCount, kNumTargets> count;  // indexed by Target
  std::string_view source;                 // where the count comes from
};

// How a violation is reported. kError: a fault, for rules AMD's CDNA3/CDNA4 ISA guides state (as far as
// this project could read them: see wait_state_rules.cc, kSeverities). kWarning: reported once per PC in
// the launch profile, for rules only LLVM's hazard recognizer states, or that AMD's own shipped kernels
// break and that run in production (issue 14). WaitStateMode (emulator.h) can turn every warning into an
// error (strict: CI runs the pack so) or every error into a warning (warn).
enum class Severity : uint8_t { kError, kWarning };

struct RuleSeverity {
  Hazard hazard;
  Severity severity;
  std::string_view why;  // the guide's statement of the rule, or why there is none to rely on
};

// The severity of every rule, indexed by Hazard.
const RuleSeverity& rule_severity(Hazard hazard);

// No rule needs more than this many wait states (MFMAs have at most 16 passes; checked in
// wait_state_rules.cc): a producer older than this can be skipped without looking at the rules.
inline constexpr int kMaxWaitStates = 20;

// The table, indexed by Hazard.
std::span<const WaitStateRule> wait_state_rules();
const WaitStateRule& wait_state_rule(Hazard hazard);

// Wait states `hazard` requires on `target` after a producer of `passes` passes (ignored by fixed rows);
// 0 when the row does not apply to the target.
int required_wait_states(Hazard hazard, Target target, int passes);

}  // namespace ingot::emu
