// The ISA table (isa_ops.def) as data structures: per-Op encoding format, opcode per target, execution
// class and operand signature, plus the reverse map the decoder uses (target, encoding, opcode) -> Op.
//
// Signature grammar (the last column of isa_ops.def): operands in LLVM's printed order, space separated,
// each "field=type" or a bare flag word.
//   fields  SALU   sdst ssrc0 ssrc1 simm16 sdst_src (SOPK's SDST read as a source); in a SOPC row simm16 is
//                  the SSRC1 field read as a raw immediate (s_set_gpr_idx_on's gpr_idx mode bits)
//           SMEM   sdata (loaded) sdata_src (stored) sbase soffset
//           VALU   vdst vdst_sgpr (VGPR field holding an SGPR) vdst_acc (AGPR) sdst (lane mask: VCC in
//                  the 32-bit forms) src0 src1 src2 src0_acc (AGPR source) src0_vgpr (VGPR-only source)
//           DS     vdst addr data0 data1
//           MUBUF  vdata (loaded) vdata_src (stored) vaddr srsrc soffset
//           FLAT   vdst vaddr vdata_src saddr
//   types   b16 b32 b64 b96 b128 b192 b256 b512 b1024 (untyped/integer: integer inline constants), f16 bf16 f32 f64,
//           pk_f16 pk_bf16 pk_i16 pk_f32 pk_b32 (VOP3P packed), mix (fma_mix: f16 or f32 per op_sel_hi),
//           sel (a lane select / scalar value: SGPR, M0 or constant), mfma_a mfma_b mfma_c mfma_d (widths
//           from the numerics room's MFMA shape table), and for simm16: imm uimm label waitcnt hwreg
//           sendmsg gpridx optimm (printed only when nonzero, s_endpgm)
//   flags   atomic (returns the old value when sc0 is set), atomic=cmpswap (data is twice the return),
//           lds (direct-to-LDS load), swizzle (ds_swizzle offset syntax), cachepolicy (buffer_wbl2/inv),
//           offset2 (DS two-address forms: offset0/offset1 instead of one 16-bit offset),
//           e32only (no VOP3 form: no _e32 suffix), opsel4 (op_sel always has 4 entries),
//           sdwa_nodst (SDWA form has no dst_sel/dst_unused), any_align (odd VGPR tuples allowed),
//           bitop3 (neg/abs/omod hold v_bitop3's truth table), lds_ok / lds_ok_gfx950 (MUBUF loads
//           that may load directly to LDS), bc_fi (VOP3 op_sel[0] is fi, op_sel[1] bound_ctrl)
//   k=<type> a 32-bit literal constant that is part of the instruction (v_fmamk/v_fmaak)
//   scale_a scale_b   the two scale sources of a gfx950 v_mfma_scale_* (format MAI_SCALE: the row's opcode
//            is the MFMA word's; the instruction is v_mfma_ld_scale_b32's 8 bytes followed by the MFMA's 8)
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ingot_emu/inst.h"

namespace ingot::emu {

enum class SigField : uint8_t {
  kNone,
  kSdst, kSdstSrc, kSsrc0, kSsrc1, kSimm16,
  kSdata, kSdataSrc, kSbase, kSoffset,
  kVdst, kVdstSgpr, kVdstAcc, kSdst64, kSrc0, kSrc1, kSrc2, kSrc0Acc, kSrc0Vgpr,
  kAddr, kData0, kData1,
  kVdata, kVdataSrc, kVaddr, kSrsrc, kSaddr,
  kLiteralK, kScaleA, kScaleB,
};

enum class SigType : uint8_t {
  kNone,
  kB16, kB32, kB64, kB96, kB128, kB192, kB256, kB512, kB1024,
  kF16, kBF16, kF32, kF64,
  kPkF16, kPkBF16, kPkI16, kPkF32, kPkB32, kMix, kSel,
  kMfmaA, kMfmaB, kMfmaC, kMfmaD,
  kImm, kUimm, kLabel, kWaitcnt, kHwreg, kSendmsg, kGprIdx, kOptImm,
};

struct OperandSpec {
  SigField field = SigField::kNone;
  SigType type = SigType::kNone;
};

enum OpFlag : uint16_t {
  kFlagAtomic = 1 << 0,
  kFlagCmpswap = 1 << 1,
  kFlagLds = 1 << 2,
  kFlagSwizzle = 1 << 3,
  kFlagCachePolicy = 1 << 4,
  kFlagOffset2 = 1 << 5,
  kFlagE32Only = 1 << 6,   // VOP1/VOP2 without a VOP3 form: LLVM prints no _e32 suffix
  kFlagOpSel4 = 1 << 7,    // VOP3 op_sel printed with 4 entries whatever the source count
  kFlagSdwaNoDst = 1 << 8, // SDWA form without dst_sel/dst_unused (fp8/bf8 -> f32 conversions)
  kFlagAnyAlign = 1 << 9,  // register tuples may start at an odd VGPR (gfx90a+ otherwise requires even)
  kFlagBitop3 = 1 << 10,   // VOP3 neg/abs/omod fields hold a bitop3 truth table
  kFlagLdsOk = 1 << 11,    // MUBUF load that may set the lds bit (direct-to-LDS) on every target
  kFlagLdsOkGfx950 = 1 << 12,  // ... only on gfx950 (dwordx3/x4)
  kFlagBcFi = 1 << 13,   // VOP3 op_sel bits 0 / 1 are fi / bound_ctrl (gfx950 v_permlane*_swap)
};

inline constexpr int kMaxSignatureOperands = 6;
inline constexpr int16_t kNoOpcode = -1;

struct OpInfo {
  Op op = Op::kNumOps;
  std::string_view mnemonic;
  Encoding format = Encoding::kSopp;
  std::array<int16_t, kNumTargets> opcode{kNoOpcode, kNoOpcode};
  ExecClass exec_class = ExecClass::kSalu;
  std::array<OperandSpec, kMaxSignatureOperands> operands{};
  uint8_t num_operands = 0;
  uint16_t flags = 0;
  bool signature_ok = false;  // false = the signature text did not parse (a table bug; tests check)

  bool available_on(Target target) const { return opcode[static_cast<int>(target)] != kNoOpcode; }
  bool has_flag(OpFlag flag) const { return (flags & flag) != 0; }
  const OperandSpec* find(SigField field) const {
    for (int i = 0; i < num_operands; ++i) {
      if (operands[i].field == field) return &operands[i];
    }
    return nullptr;
  }
};

// Every row of the table, indexed by Op.
std::span<const OpInfo> all_ops();
const OpInfo& op_info(Op op);
std::string_view mnemonic(Op op);

// The Op an instruction word of `encoding` with this OP field is on `target`. VOP1/VOP2/VOPC ops are
// found under their own encodings (pass the native opcode, not the VOP3-promoted one); MAI ops under
// kVop3pMai. nullopt = no such instruction on that target.
std::optional<Op> lookup_opcode(Target target, Encoding encoding, unsigned opcode);

// Registers an operand of this type occupies (0 for immediates and MFMA types, whose widths come from
// the shape table).
int sig_type_dwords(SigType type);
// How inline constants read for this type.
NumType sig_num_type(SigType type);

}  // namespace ingot::emu
