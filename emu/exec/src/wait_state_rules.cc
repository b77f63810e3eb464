#include "wait_state_rules.h"

namespace ingot::emu {
namespace {

constexpr WaitCount none() { return {}; }
constexpr WaitCount fixed(int8_t n) { return {true, false, n, n}; }
// A fixed count with a different value after a 2-pass producer.
constexpr WaitCount fixed(int8_t n, int8_t two_pass) { return {true, false, n, two_pass}; }
constexpr WaitCount passes_plus(int8_t n) { return {true, true, n, n}; }
constexpr WaitCount passes_plus(int8_t n, int8_t two_pass) { return {true, true, n, two_pass}; }

// Most rows are the same on both targets.
constexpr std::array<WaitCount, kNumTargets> both(WaitCount count) { return {count, count}; }

// LLVM: llvm/lib/Target/AMDGPU/GCNHazardRecognizer.cpp at triton-lang/llvm-project 2449c0e (the fork the
// pinned triton wheel's LLVM is built from). MIR: llvm/test/CodeGen/AMDGPU/mai-hazards-gfx940.mir at
// llvm/llvm-project 20c7960 (expected S_NOPs for -mcpu=gfx940 and -mcpu=gfx950).
constexpr WaitStateRule kRules[] = {
    {Hazard::kValuSgprVmem, "VALU writes SGPR -> VMEM reads that SGPR", both(fixed(5)),
     "LLVM checkVMEMHazards: VmemSgprWaitStates = 5 (GCNSubtarget::hasVMEMReadSGPRVALUDefHazard: GFX8+)"},
    {Hazard::kValuSgprLaneSelect, "VALU writes SGPR -> v_readlane/v_writelane uses it as lane select",
     both(fixed(4)), "LLVM checkRWLaneHazards: RWLaneWaitStates = 4"},
    {Hazard::kValuVgprReadlane, "VALU writes VGPR -> v_readlane/v_readfirstlane reads it", both(fixed(1)),
     "LLVM checkVALUHazards: VALUWriteVGPRReadlaneRead = 1 (hasVDecCoExecHazard: gfx940+)"},
    {Hazard::kValuExecReadlane, "VALU writes EXEC -> v_readlane/v_readfirstlane/v_writelane", both(fixed(4)),
     "LLVM checkVALUHazards: VALUWriteEXECRWLane = 4 (hasVDecCoExecHazard: gfx940+)"},
    {Hazard::kValuSgprValu, "VALU writes SGPR/VCC -> VALU reads it", both(fixed(2)),
     "LLVM checkVALUHazards: VALUWriteSGPRVALUReadWaitstates = 2 (hasVDecCoExecHazard: gfx940+, \"no HW "
     "interlocks for VALU writing and then reading SGPRs\")"},
    {Hazard::kSetregGetreg, "s_setreg -> s_getreg of the same hardware register", both(fixed(2)),
     "LLVM checkGetRegHazards: GetRegWaitStates = 2"},
    {Hazard::kSetregSetreg, "s_setreg -> s_setreg of the same hardware register", both(fixed(2)),
     "LLVM checkSetRegHazards: getSetRegWaitStates() = 2 (GFX8+)"},
    {Hazard::kVgprDpp, "VALU writes VGPR -> DPP reads it", both(fixed(2)),
     "LLVM checkDPPHazards: DppVgprWaitStates = 2"},
    {Hazard::kValuExecDpp, "VALU writes EXEC -> DPP", both(fixed(5)),
     "LLVM checkDPPHazards: DppExecWaitStates = 5"},
    {Hazard::kValuVccDivFmas, "VALU writes VCC -> v_div_fmas", both(fixed(4)),
     "LLVM checkDivFMasHazards: DivFMasWaitStates = 4"},
    {Hazard::kSaluM0, "SALU writes M0 -> ds_*_addtid / s_movrel / s_sendmsg reads it", both(fixed(1)),
     "LLVM checkReadM0Hazards: ReadM0WaitStates = 1 (hasReadM0MovRelInterpHazard (s_movrel*, "
     "DS_READ/WRITE_ADDTID_B32), hasReadM0SendMsgHazard (s_sendmsg*, s_ttracedata): GFX9)"},
    {Hazard::kSaluM0LdsDma, "SALU writes M0 -> LDS DMA (load ... lds) reads it", both(fixed(1)),
     "LLVM checkReadM0Hazards: ReadM0WaitStates = 1 (hasReadM0LdsDmaHazard: GFX9)"},
    {Hazard::kWideStoreValu, "VMEM store of more than 64 bits -> VALU overwrites its data VGPRs",
     both(fixed(2)),
     "LLVM checkVALUHazardsHelper / createsVALUHazard (has12DWordStoreHazard): 2 on gfx940+ "
     "(checkSOFFSETWindowVALUHazardsHelper)"},
    {Hazard::kWideBufStoreSoffsetValu,
     "MUBUF store of more than 64 bits with an SGPR soffset -> VALU overwrites its data VGPRs", both(fixed(1)),
     "LLVM checkSOFFSETWindowVALUHazardsHelper: 1 (\"measured on gfx950\"); older LLVM (llvm-project "
     "00b3068) had no hazard with an SGPR soffset"},
    {Hazard::kDstSelForward,
     "VALU writes part of a VGPR (SDWA dst_sel, op_sel[3], FP8/FP4 byte-select conversion) -> VALU uses it",
     both(fixed(1)),
     "LLVM checkVALUHazards: Shift16DefWaitstates = 1 (hasDstSelForwardingHazard: gfx940+; "
     "getDstSelForwardingOperand: FP8 byte-select conversions with op_sel[2], every FP4 SR conversion); llc: "
     "s_nop 0 after v_cvt_sr_fp8_f32 op_sel:[0,0,1,0] (gfx942, gfx950), after v_cvt_scalef32_sr_pk_fp4_* "
     "with selector 0 and v_cvt_scalef32_pk_fp4_* / _sr_fp8_* / _sr_bf8_* with op_sel[2] (gfx950)"},
    {Hazard::kPermlaneVgpr, "VALU writes VGPR -> v_permlane*_swap reads it", {none(), fixed(2)},
     "LLVM checkPermlaneHazards: VALUWritesVDstWaitStates = 2 (gfx950)"},
    {Hazard::kPermlaneCmpx, "v_cmpx writes EXEC -> v_permlane*_swap", {none(), fixed(4)},
     "LLVM checkPermlaneHazards: VCmpXWritesExecWaitStates = 4 (gfx950)"},
    {Hazard::kValuExecMfma, "VALU writes EXEC -> MFMA", both(fixed(4)),
     "LLVM checkMAIHazards90A: VALUWritesExecWaitStates = 4"},
    {Hazard::kValuVgprMfma, "VALU (or v_accvgpr_write) writes VGPR/AGPR -> MFMA reads it", both(fixed(2)),
     "LLVM checkMAIHazards90A: LegacyVALUNotDotWritesVGPRWaitStates = 2; MIR valu_write_vgpr_sgemm_mfma_read, "
     "valu_write_agpr_sgemm_mfma_read (S_NOP 1)"},
    {Hazard::kMfmaSrcCSame, "MFMA writes -> MFMA reads the same registers as SrcC", both(fixed(0, 2)),
     "LLVM checkMAIHazards90A: FullReg, GFX940_SMFMA4x4WritesVGPRFullSrcCWaitStates = 2 for a 2-pass "
     "producer, else 0; MIR xdl_sgemm4x4_..._same_vgpr_as_srcc (S_NOP 1), xdl_sgemm16x16_... (none)"},
    {Hazard::kXdlSrcCOverlapXdl, "XDL MFMA writes -> XDL MFMA reads overlapping SrcC",
     {passes_plus(1), passes_plus(2)},
     "LLVM GFX940_XDL_N_PassWritesVGPROverlappedXDLOrSMFMASrcCWaitStates: passes + 1 + IsGFX950; MIR "
     "sgemm4x4_mfma_write_agpr_mfma_read_overlap (gfx940 S_NOP 2, gfx950 S_NOP 3)"},
    {Hazard::kXdlSrcCOverlapNonXdl, "XDL MFMA writes -> SGEMM/DGEMM MFMA reads overlapping SrcC",
     {passes_plus(1), passes_plus(2, 1)},
     "LLVM GFX940_XDL_N_PassWritesVGPROverlappedSGEMMDGEMMSrcCWaitStates: passes + 1 + (passes != 2 && "
     "IsGFX950); MIR xdl_sgemm16x16_mfma_write_agpr_mfma_read_overlap (S_NOP 7 + S_NOP 0 / 1)"},
    {Hazard::kSgemmSrcCOverlap, "SGEMM MFMA writes -> SGEMM/DGEMM MFMA reads overlapping SrcC",
     both(passes_plus(0)),
     "LLVM GFX940_SMFMA_N_PassWritesVGPROverlappedSMFMASrcCWaitStates: passes; MIR "
     "nonxdl_sgemm16x16_mfma_write_agpr_nonxdl_mfma_read_overlap (S_NOP 7)"},
    {Hazard::kDgemm16SrcCOverlap, "DGEMM 16x16 writes -> SGEMM/DGEMM MFMA reads overlapping SrcC",
     {fixed(9), fixed(17)},
     "LLVM checkMAIHazards90A: DMFMA16x16WritesVGPROverlappedSrcCWaitStates = 9, GFX950_... = 17"},
    {Hazard::kDgemm4SrcC, "DGEMM 4x4 writes -> SGEMM/DGEMM MFMA reads it as SrcC", both(fixed(4)),
     "LLVM checkMAIHazards90A: DMFMA4x4WritesVGPROverlappedSrcCWaitStates = DMFMA4x4WritesVGPRFullSrcC"
     "WaitStates = 4; MIR dgemm4x4_mfma_write_vgpr_mfma_read_same_vgpr_as_srcc (S_NOP 3)"},
    {Hazard::kXdlSrcAB, "XDL MFMA writes -> MFMA reads it as SrcA/B", {passes_plus(3), passes_plus(4, 3)},
     "LLVM GFX940_XDL_N_PassWritesVGPROverlappedSrcABWaitStates: passes + 3 + (passes != 2 && IsGFX950)"},
    {Hazard::kSgemmSrcAB, "SGEMM MFMA writes -> MFMA reads it as SrcA/B", both(passes_plus(2)),
     "LLVM GFX940_SMFMA_N_PassWritesVGPROverlappedSrcABWaitStates: passes + 2"},
    {Hazard::kDgemm16SrcAB, "DGEMM 16x16 writes -> MFMA reads it as SrcA/B", {fixed(11), fixed(19)},
     "LLVM checkMAIHazards90A: DMFMA16x16WritesVGPROverlappedMFMASrcABWaitStates = 11, GFX950_... = 19"},
    {Hazard::kDgemm4SrcAB, "DGEMM 4x4 writes -> MFMA reads it as SrcA/B", both(fixed(6)),
     "LLVM checkMAIHazards90A: DMFMA4x4WritesVGPROverlappedMFMASrcABWaitStates = 6"},
    {Hazard::kXdlRead, "XDL MFMA writes -> VALU/VMEM/LDS reads it (v_accvgpr_read too)",
     {passes_plus(3), passes_plus(4, 3)},
     "LLVM checkMAIVALUHazards: GFX940_XDL_N_PassWriteVgprVALUMemExpReadWaitStates: passes + 3 + (passes "
     "!= 2 && IsGFX950)"},
    {Hazard::kSgemmRead, "SGEMM MFMA writes -> VALU/VMEM/LDS reads it", both(passes_plus(2)),
     "LLVM checkMAIVALUHazards: GFX940_SMFMA_N_PassWriteVgprVALUMemExpReadWaitStates: passes + 2"},
    {Hazard::kDgemm16ValuRead, "DGEMM 16x16 writes -> VALU reads it", {fixed(11), fixed(19)},
     "LLVM checkMAIVALUHazards: DMFMA16x16WriteVgprVALUReadWaitStates = 11, GFX950_... = 19"},
    {Hazard::kDgemm16MemRead, "DGEMM 16x16 writes -> VMEM/LDS reads it", both(fixed(18)),
     "LLVM checkMAIVALUHazards: DMFMA16x16WriteVgprMemExpReadWaitStates = 18"},
    {Hazard::kDgemm4ValuRead, "DGEMM 4x4 writes -> VALU reads it", both(fixed(6)),
     "LLVM checkMAIVALUHazards: DMFMA4x4WriteVgprVALUReadWaitStates = 6"},
    {Hazard::kDgemm4MemRead, "DGEMM 4x4 writes -> VMEM/LDS reads it", both(fixed(9)),
     "LLVM checkMAIVALUHazards: DMFMA4x4WriteVgprMemExpReadWaitStates = 9"},
    {Hazard::kXdlWaw, "XDL MFMA writes -> VALU/VMEM/LDS writes the same register",
     {passes_plus(3), passes_plus(4, 3)},
     "LLVM checkMAIVALUHazards: GFX940_XDL_N_PassWriteVgprVALUWawWaitStates: passes + 3 + (passes != 2 && "
     "IsGFX950)"},
    {Hazard::kSgemmWaw, "SGEMM MFMA writes -> VALU/VMEM/LDS writes the same register", both(passes_plus(2)),
     "LLVM checkMAIVALUHazards: GFX940_SMFMA_N_PassWriteVgprVALUWawWaitStates: passes + 2"},
    {Hazard::kDgemm16Waw, "DGEMM 16x16 writes -> VALU/VMEM/LDS writes the same register", both(fixed(11)),
     "LLVM checkMAIVALUHazards: DMFMA16x16WriteVgprVALUWriteWaitStates = 11"},
    {Hazard::kDgemm4Waw, "DGEMM 4x4 writes -> VALU/VMEM/LDS writes the same register", both(fixed(6)),
     "LLVM checkMAIVALUHazards: DMFMA4x4WriteVgprVALUWriteWaitStates = 6"},
    {Hazard::kXdlSrcCWar, "XDL MFMA reads SrcC -> VALU/VMEM/LDS overwrites it", both(passes_plus(-1)),
     "LLVM checkMAIVALUHazards: SMFMA4x4ReadVgprVALUWarWaitStates = 1, GFX940_XDL4PassReadVgprVALUWar"
     "WaitStates = 3, SMFMA16x16... = 7, SMFMA32x32... = 15 (passes - 1 for 2/4/8/16 passes)"},
    {Hazard::kTransForward, "transcendental VALU writes VGPR -> non-transcendental VALU reads it", both(fixed(1)),
     "LLVM checkVALUHazards: TransDefWaitstates = 1 (hasTransForwardingHazard: gfx940+; TRANS = the VOP1 "
     "TRANS = 1 blocks of VOP1Instructions.td); llc: s_nop 0 between v_exp/log/rcp/rsq/sqrt/sin/cos (f16, "
     "f32, f64 where they exist) and a v_mul reading the result, none after v_fract/v_frexp_mant"},
    {Hazard::kDotSameSrcAB, "v_dot writes VGPR -> the same v_dot reads it as SrcA/B", both(fixed(3)),
     "LLVM checkMAIVALUHazards: DotWriteSameDotReadSrcAB = 3 (SrcC: none); llc: v_mov + s_nop 1 between "
     "v_dot2c_f32_f16 v3 and v_dot2c_f32_f16 reading v3 as SrcB, nothing when it accumulates into v3"},
    {Hazard::kDotDifferentRead, "v_dot writes VGPR -> another VALU/VMEM/LDS opcode reads it", both(fixed(3)),
     "LLVM checkMAIVALUHazards: DotWriteDifferentVALURead = 3; llc: s_nop 2 after v_dot2c_f32_f16 before "
     "v_dot4c_i32_i8 reading it, after v_dot4c before v_dot8_u32_u4, after v_dot8 before v_add_u32"},
    {Hazard::kDotDifferentWrite, "v_dot writes VGPR -> another VALU/VMEM/LDS opcode overwrites it", both(fixed(3)),
     "LLVM checkMAIVALUHazards: DotWriteDifferentVALUWrite = 3 (single source)"},
    {Hazard::kDgemmFma64, "DGEMM MFMA -> v_fma_f64/v_fmac_f64 (any registers)", both(fixed(2)),
     "LLVM checkMAIVALUHazards: DMFMAToFMA64WaitStates = 2 (single source)"},
    {Hazard::kSoftClause,
     "XNACK soft clause: a VMEM/SMEM run in which a member writes a register a member reads, or a store or "
     "atomic after a load",
     both(fixed(1)),
     "LLVM checkSoftClauseHazards (only if isXNACKEnabled: XNACK on or any): the clause is the run of "
     "consecutive VMEM (MUBUF/FLAT/GLOBAL/SCRATCH) or SMEM instructions before this one; once a member has "
     "defs, a mayStore instruction, or defs and uses of all members overlapping, needs 1; MIR "
     "break-vmem-soft-clauses.mir / break-smem-soft-clauses.mir (S_NOP 0 with XNACK only); llc: s_nop 0 "
     "between a global load and a store or returning atomic, and between two returning atomics, for xnack "
     "any/on and none for -xnack (gfx942, gfx950)"},
};
static_assert(std::size(kRules) == static_cast<size_t>(Hazard::kCount), "one row per Hazard");

// Guide = AMD's CDNA4 ISA guide, read through the public markdown transcription the emu README cites for
// other rows: 4.5 "Manually Inserted Wait States (NOPs)", Table 11 "Required Software-inserted Wait States"
// ("The hardware does not check for the following dependencies"), quoted below by its rows; and, for the
// MFMA rows, 7.6 Table 38 (dependencies of XDL/SGEMM/DGEMM results, "Non-DLops VALU write -> MFMA read 2",
// "V_CMPX* writes EXEC -> V_MFMA* 4"), as a public CDNA4 kernel-tuning note summarises it. A rule the
// guide states is an error unless AMD's own shipped kernels break it and run in production (issue 14).
constexpr RuleSeverity kSeverities[] = {
    {Hazard::kValuSgprVmem, Severity::kError, "guide Table 11: VALU writes SGPR -> VMEM reads that SGPR, 5"},
    {Hazard::kValuSgprLaneSelect, Severity::kError,
     "guide Table 11: VALU writes SGPR/VCC -> V_{READ,WRITE}LANE using it as the lane select, 4"},
    {Hazard::kValuVgprReadlane, Severity::kError, "guide Table 11: VALU writes VGPRn -> v_readlane vsrc0 reads VGPRn, 1"},
    {Hazard::kValuExecReadlane, Severity::kError, "guide Table 11: v_cmpx -> v_readlane, v_readfirstlane, v_writelane, 4"},
    {Hazard::kValuSgprValu, Severity::kWarning,
     "guide Table 11: VALU writes SGPR/VCC -> VALU reads SGPR as constant, 2; but AMD's MLA decode kernels put "
     "v_cndmask one wait state after the v_cmp writing its SGPR pair and run in production (issue 14)"},
    {Hazard::kSetregGetreg, Severity::kError, "guide Table 11: S_SETREG -> S_GETREG <same reg>, 2"},
    {Hazard::kSetregSetreg, Severity::kError, "guide Table 11: S_SETREG -> S_SETREG <same reg>, 2"},
    {Hazard::kVgprDpp, Severity::kError, "guide Table 11: VALU writes VGPR -> VALU DPP reads that VGPR, 2"},
    {Hazard::kValuExecDpp, Severity::kError, "guide Table 11: VALU writes EXEC -> VALU DPP op, 5"},
    {Hazard::kValuVccDivFmas, Severity::kError, "guide Table 11: VALU writes VCC (including v_div_scale) -> V_DIV_FMAS, 4"},
    {Hazard::kSaluM0, Severity::kError,
     "guide Table 11: SALU writes M0 -> S_SENDMSG / S_MOVEREL / LDS \"add-TID\" instruction, 1"},
    {Hazard::kSaluM0LdsDma, Severity::kWarning,
     "guide Table 11: SALU writes M0 -> scratch or global with LDS = 1, 1 (MUBUF loads to LDS not named); but "
     "AMD's shipped GEMMs (AITER hsa/) and FlyDSL's gfx942 kernels put `s_add_u32 m0, ...` directly before "
     "`buffer_load_dword ... lds` and run in production on MI300X (issue 14)"},
    {Hazard::kWideStoreValu, Severity::kError,
     "guide Table 11: FLAT_STORE_X3/X4, BUFFER_STORE_DWORD_X3/X4 ... -> VALU writes VGPRs holding writedata, 2"},
    {Hazard::kWideBufStoreSoffsetValu, Severity::kWarning,
     "LLVM only (\"measured on gfx950\"); the guide's Table 11 says BUFFER_STORE_* with an SGPR offset need none"},
    {Hazard::kDstSelForward, Severity::kError,
     "guide Table 11: VALU op which uses OPSEL or SDWA with changes the result's bit position -> VALU consumes it, 1"},
    {Hazard::kPermlaneVgpr, Severity::kError, "guide Table 11: VALU writes vdst -> V_PERMLANE* reads vdst, 2"},
    {Hazard::kPermlaneCmpx, Severity::kError, "guide Table 11: V_CMPX (writes exec) -> V_PERMLANE*, 4"},
    {Hazard::kValuExecMfma, Severity::kError, "guide Table 38: V_CMPX* writes EXEC -> V_MFMA*, 4"},
    {Hazard::kValuVgprMfma, Severity::kError, "guide Table 38: non-DLops VALU write -> MFMA read, 2"},
    {Hazard::kMfmaSrcCSame, Severity::kError, "guide Table 38: XDL write -> same XDL read SrcC (exact same vDst)"},
    {Hazard::kXdlSrcCOverlapXdl, Severity::kError, "guide Table 38 (MFMA SrcC dependencies)"},
    {Hazard::kXdlSrcCOverlapNonXdl, Severity::kError, "guide Table 38 (MFMA SrcC dependencies)"},
    {Hazard::kSgemmSrcCOverlap, Severity::kError, "guide Table 38 (MFMA SrcC dependencies)"},
    {Hazard::kDgemm16SrcCOverlap, Severity::kError, "guide Table 38 (MFMA SrcC dependencies)"},
    {Hazard::kDgemm4SrcC, Severity::kError, "guide Table 38 (MFMA SrcC dependencies)"},
    {Hazard::kXdlSrcAB, Severity::kError, "guide Table 38: XDL write -> MFMA read as SrcA or SrcB"},
    {Hazard::kSgemmSrcAB, Severity::kError, "guide Table 38 (MFMA SrcA/B dependencies)"},
    {Hazard::kDgemm16SrcAB, Severity::kError, "guide Table 38 (MFMA SrcA/B dependencies)"},
    {Hazard::kDgemm4SrcAB, Severity::kError, "guide Table 38 (MFMA SrcA/B dependencies)"},
    {Hazard::kXdlRead, Severity::kError, "guide Table 38: XDL write -> VALU/VM/LDS/FLAT read result"},
    {Hazard::kSgemmRead, Severity::kError, "guide Table 38 (MFMA result reads)"},
    {Hazard::kDgemm16ValuRead, Severity::kError, "guide Table 38 (MFMA result reads)"},
    {Hazard::kDgemm16MemRead, Severity::kError, "guide Table 38 (MFMA result reads)"},
    {Hazard::kDgemm4ValuRead, Severity::kError, "guide Table 38 (MFMA result reads)"},
    {Hazard::kDgemm4MemRead, Severity::kError, "guide Table 38 (MFMA result reads)"},
    {Hazard::kXdlWaw, Severity::kError, "guide Table 38 (MFMA result overwrites)"},
    {Hazard::kSgemmWaw, Severity::kError, "guide Table 38 (MFMA result overwrites)"},
    {Hazard::kDgemm16Waw, Severity::kError, "guide Table 38 (MFMA result overwrites)"},
    {Hazard::kDgemm4Waw, Severity::kError, "guide Table 38 (MFMA result overwrites)"},
    {Hazard::kXdlSrcCWar, Severity::kError, "guide Table 38 (SrcC read -> overwrite)"},
    {Hazard::kTransForward, Severity::kError, "guide Table 11: VALU Trans op -> non-trans VALU op consumes its result, 1"},
    {Hazard::kDotSameSrcAB, Severity::kWarning, "LLVM only (DotWriteSameDotReadSrcAB); Table 38 excludes DLops"},
    {Hazard::kDotDifferentRead, Severity::kWarning, "LLVM only (DotWriteDifferentVALURead); not in the guide's tables"},
    {Hazard::kDotDifferentWrite, Severity::kWarning, "LLVM only (DotWriteDifferentVALUWrite); not in the guide's tables"},
    {Hazard::kDgemmFma64, Severity::kWarning, "LLVM only (DMFMAToFMA64WaitStates); not in the guide's tables read"},
    {Hazard::kSoftClause, Severity::kWarning, "LLVM only (checkSoftClauseHazards); not in the guide's tables"},
};
static_assert(std::size(kSeverities) == static_cast<size_t>(Hazard::kCount), "one severity per Hazard");

constexpr bool severities_in_order() {
  for (size_t i = 0; i < std::size(kSeverities); ++i) {
    if (kSeverities[i].hazard != static_cast<Hazard>(i)) return false;
  }
  return true;
}
static_assert(severities_in_order(), "kSeverities is indexed by Hazard");

constexpr bool rows_in_enum_order() {
  for (size_t i = 0; i < std::size(kRules); ++i) {
    if (static_cast<size_t>(kRules[i].hazard) != i) return false;
  }
  return true;
}
static_assert(rows_in_enum_order(), "kRules is indexed by Hazard");

constexpr int kMaxPasses = 16;
constexpr bool within_max_wait_states() {
  for (const WaitStateRule& rule : kRules) {
    for (const WaitCount& count : rule.count) {
      const int base = count.base > count.base_two_pass ? count.base : count.base_two_pass;
      const int most = (count.per_pass ? kMaxPasses : 0) + base;
      if (most > kMaxWaitStates) return false;
    }
  }
  return true;
}
static_assert(within_max_wait_states(), "raise kMaxWaitStates");

}  // namespace

std::span<const WaitStateRule> wait_state_rules() { return kRules; }

const WaitStateRule& wait_state_rule(Hazard hazard) { return kRules[static_cast<size_t>(hazard)]; }

const RuleSeverity& rule_severity(Hazard hazard) { return kSeverities[static_cast<size_t>(hazard)]; }

int required_wait_states(Hazard hazard, Target target, int passes) {
  const WaitCount& count = wait_state_rule(hazard).count[static_cast<size_t>(target)];
  if (!count.applies) return 0;
  const int base = passes == 2 ? count.base_two_pass : count.base;
  return count.per_pass ? passes + base : base;
}

}  // namespace ingot::emu
