// The decoded-instruction type shared by the decoder, the disassembler and the execution engine.
//
// An Inst is a fully decoded instruction: which operation (Op), which encoding it came in, every
// operand resolved to a register file + index + width (or a constant value), and the modifier fields.
// The execution engine should never need to look at raw bits again (they are kept in `words` for
// diagnostics only).
//
// Stability: names in this header are a contract with emu/exec/. Additions are fine; renames are not.
//
// What the execution engine can rely on:
// * Implicit operands are explicit: VOPC and VOP2-carry short forms carry VCC as Role::kSdst (scalar slot
//   106, 2 dwords); v_cndmask/v_addc-style short forms carry VCC as Role::kSrc2. v_cmpx also writes EXEC.
// * DPP/SDWA: src0 is the register from the second dword (SDWA: maybe an SGPR/constant); their neg/abs land
//   in `mods`, SDWA selects and sign-extension in `sdwa`, DPP controls in `dpp`.
// * Memory: MUBUF/FLAT atomics with sc0 return the old value into Role::kDst (for MUBUF a `hidden` operand
//   naming the vdata registers); direct-to-LDS loads have no Role::kDst. SMEM: Role::kSoffset is an SGPR
//   or an immediate, `mem.offset` the immediate part. DS two-address forms use mem.offset0/offset1
//   (op_info(op).has_flag(kFlagOffset2)), the others mem.offset.
// * gfx950 v_mfma_scale_*: one 16-byte Inst (Encoding::kVop3pMaiScaled) with Role::kScaleA/kScaleB.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ingot::emu {

// Which chip's ISA to decode with. Opcode maps differ (some MFMA opcodes mean different instructions).
enum class Target : uint8_t {
  kGfx942,  // CDNA3, MI300X
  kGfx950,  // CDNA4, MI355X
};
inline constexpr int kNumTargets = 2;

// "gfx942" / "gfx950".
std::string_view target_name(Target target);
// Parses "gfx942"/"gfx950" (also accepts "gfx940"/"gfx941" as CDNA3); nullopt otherwise.
std::optional<Target> parse_target(std::string_view name);

// Every instruction the emulator knows, named by its LLVM mnemonic (without _e32/_e64/_dpp/_sdwa
// suffixes). Generated from the ISA table (isa_ops.def), which is the only place holding opcodes.
enum class Op : uint16_t {
#define INGOT_ISA_OP(mnemonic, format, opcode_gfx942, opcode_gfx950, exec_class, signature) mnemonic,
#include "ingot_emu/isa_ops.def"
#undef INGOT_ISA_OP
  kNumOps,
};

// The instruction word format an Op natively belongs to (the table's `format` column) and, for a
// decoded Inst, the format it was actually found in (a VOP1 op may be decoded from a VOP3 word).
enum class Encoding : uint8_t {
  kSop1,
  kSop2,
  kSopk,
  kSopc,
  kSopp,
  kSmem,
  kVop1,
  kVop2,
  kVopc,
  kVop3,     // VOP3A and VOP3B (VOP3B = has an SGPR destination in place of abs/op_sel)
  kVop3p,    // packed math and dot
  kVop3pMai, // MFMA / SMFMAC (VOP3P opcode space, different field layout)
  kDs,
  kMubuf,
  kFlat,     // FLAT segment (flat_*)
  kGlobal,   // FLAT encoding, seg = global (global_*)
  kScratch,  // FLAT encoding, seg = scratch (scratch_*)
  kVop3pMaiScaled,  // gfx950 v_mfma_scale_*: v_mfma_ld_scale_b32 word pair + MFMA word pair, 16 bytes
};

// What the optional second dword of a VOP1/VOP2/VOPC word is.
enum class Extension : uint8_t {
  kNone,
  kDpp,   // src0 field = 0xFA: data-parallel lane shuffle
  kSdwa,  // src0 field = 0xF9: sub-dword selects
};

// Coarse execution class, for the scheduler and the profiler.
enum class ExecClass : uint8_t {
  kSalu,       // scalar ALU
  kSmem,       // scalar memory (s_load_*, s_buffer_load_*, s_store_*)
  kBranch,     // s_branch, s_cbranch_*, s_setpc/swappc/getpc
  kSync,       // s_waitcnt, s_barrier, s_nop, s_endpgm, s_sleep, s_setprio, s_sendmsg...
  kValu,       // vector ALU (32-bit and packed)
  kValuTrans,  // transcendental VALU (exp, log, rcp, rsq, sqrt, sin, cos)
  kValuF64,    // 64-bit float VALU (runs at a lower rate)
  kMfma,       // matrix core
  kLds,        // DS instructions touching LDS (and ds_permute/bpermute/swizzle)
  kVmemLoad,   // buffer/global/flat/scratch loads (incl. direct-to-LDS)
  kVmemStore,  // buffer/global/flat/scratch stores
  kVmemAtomic, // buffer/global/flat atomics
};

// How an inline constant or literal is interpreted by the operand reading it.
enum class NumType : uint8_t {
  kInt,   // integer / untyped bits (inline constants -16..64; float inline codes give f32 bits)
  kF16,
  kBF16,
  kF32,
  kF64,
  kPkF16,  // packed 2 x f16 (VOP3P)
  kPkBF16, // packed 2 x bf16
  kPkInt,  // packed 2 x i16 / u16
  kI16,    // 16-bit integer operand (float inline codes give f16 bits)
};

enum class OperandKind : uint8_t {
  kNone,
  // The scalar operand space 0..127 as the hardware numbers it: s0..s101 (0..101), flat_scratch
  // (102/103), xnack_mask (104/105), vcc (106/107), ttmp0..15 (108..123), m0 (124), exec (126/127).
  // `index` is that slot number; a 64-bit operand covers index and index+1.
  kScalar,
  kVgpr,       // index = first VGPR
  kAgpr,       // index = first AGPR (accumulation register)
  kInline,     // inline constant: `value` holds the bit pattern as the operand's NumType reads it
  kLiteral,    // 32-bit literal dword following the instruction: `value` = that dword
  kCondition,  // vccz (251), execz (252), scc (253): read-only 1-bit conditions; index = code
  kImmediate,  // an immediate field that is not a register source (simm16, offsets, branch target)
  kOff,        // "off": an absent optional register (global saddr, scratch vaddr, buffer vaddr)
  kHwConstant, // read-only aperture registers: src_shared_base (235), src_shared_limit, src_private_base,
               // src_private_limit, src_pops_exiting_wave_id (239); index = code
};

// What an operand is for, so the execution engine can ask for "the address" without knowing the
// operand order of each format. Operands appear in Inst::operands in LLVM's printed order.
enum class Role : uint8_t {
  kNone,
  kDst,     // vdst / sdst / the main destination (for a load: where the data goes)
  kSdst,    // second, scalar destination (VOP3B carry-out / VOPC-in-VOP3 mask / v_cmpx)
  kSrc0,
  kSrc1,
  kSrc2,
  kAddr,    // vaddr (MUBUF/FLAT) or DS address VGPR
  kData0,   // store / atomic data (vdata of a store; DS data0)
  kData1,   // DS data1
  kSbase,   // SMEM base address pair / buffer descriptor (s_buffer_*)
  kRsrc,    // MUBUF buffer resource descriptor (4 SGPRs)
  kSoffset, // SMEM / MUBUF scalar offset
  kSaddr,   // GLOBAL/SCRATCH scalar address
  kSimm16,  // SOPP/SOPK 16-bit immediate (waitcnt fields, branch offset, sendmsg...)
  kConstK,  // the 32-bit constant K of v_fmamk_f32 (S0 * K + S1) / v_fmaak_f32 (S0 * S1 + K)
  kScaleA,  // v_mfma_scale_*: the E8M0 scale source for A (op_sel picks its byte)
  kScaleB,  // v_mfma_scale_*: the E8M0 scale source for B
};

struct Operand {
  OperandKind kind = OperandKind::kNone;
  Role role = Role::kNone;
  NumType type = NumType::kInt;
  uint8_t dwords = 0;   // width in dwords (registers occupied); 0 for kNone/kOff
  uint16_t index = 0;   // register number / scalar slot / condition code
  uint16_t code = 0;    // the raw operand field from the encoding (9-bit source, 8-bit VGPR, ...)
  uint64_t value = 0;   // kInline: value in the operand's type (f64 constants are 64-bit patterns;
                        // integer constants are sign-extended to 64 bits); kLiteral: the 32-bit dword;
                        // kImmediate: the field (sign-extended when the field is signed).
                        // A 32-bit literal read by an f64 operand is the high half (hardware rule).
  bool hidden = false;  // not printed: implied by another operand (a MUBUF atomic returns into vdata)

  bool is_register() const {
    return kind == OperandKind::kScalar || kind == OperandKind::kVgpr || kind == OperandKind::kAgpr;
  }
  bool is_constant() const { return kind == OperandKind::kInline || kind == OperandKind::kLiteral; }
};

// VOP3 / VOP3P / SDWA / DPP input and output modifiers. Bit i refers to source i.
struct VopModifiers {
  uint8_t abs = 0;        // VOP3 |x|
  uint8_t neg = 0;        // VOP3 -x; VOP3P neg_lo
  uint8_t neg_hi = 0;     // VOP3P
  uint8_t op_sel = 0;     // VOP3 (16-bit halves, bit 3 = dst) / VOP3P low-lane selects
  uint8_t op_sel_hi = 0;  // VOP3P high-lane selects (3 bits)
  bool clamp = false;
  uint8_t omod = 0;       // 0 none, 1 *2, 2 *4, 3 /2
  uint8_t bitop3 = 0;     // gfx950 v_bitop3_*: the 8-bit truth table (held in the neg/abs/omod fields)
};

// MFMA broadcast/swizzle controls.
struct MaiModifiers {
  uint8_t cbsz = 0;   // broadcast: S = 64 >> cbsz lanes of A
  uint8_t abid = 0;   // which S-lane block of A is broadcast
  uint8_t blgp = 0;   // B lane-group pattern (gfx950 f8f6f4: B's format; f64 MFMA: neg of A/B/C, which the
                      // decoder also copies to mods.neg)
  bool acc_cd = false;  // C and D are AGPRs
  // gfx950 f8f6f4: cbsz/blgp select A/B formats (fp8, bf8, fp6, bf6, fp4); see numerics room.
};

struct DppControl {
  uint16_t ctrl = 0;      // DPP_CTRL (quad_perm 0x00-0xFF, row_shl 0x101.., row_newbcast 0x150+n, ...)
  uint8_t row_mask = 0xF;
  uint8_t bank_mask = 0xF;
  bool bound_ctrl = false;
};

struct SdwaControl {
  uint8_t dst_sel = 6;      // 0..3 byte, 4..5 word, 6 dword
  uint8_t dst_unused = 0;   // 0 pad with zeros, 1 sign extend, 2 preserve
  uint8_t src0_sel = 6;
  uint8_t src1_sel = 6;
  bool src0_sext = false;
  bool src1_sext = false;
  bool src0_is_sgpr = false;  // SDWA S0/S1 bits: the source is a scalar operand
  bool src1_is_sgpr = false;
};

// Memory instruction fields (SMEM, DS, MUBUF, FLAT/GLOBAL/SCRATCH).
struct MemFields {
  int32_t offset = 0;   // SMEM 21-bit signed; MUBUF 12-bit unsigned; FLAT 12-bit unsigned,
                        // GLOBAL/SCRATCH 13-bit signed; DS: offset0 | offset1 << 8 for 1-address forms
  uint8_t offset0 = 0;  // DS 2-address forms (in units of the element size, as encoded)
  uint8_t offset1 = 0;
  bool offen = false;   // MUBUF: VGPR offset
  bool idxen = false;   // MUBUF: VGPR index
  bool sc0 = false;     // gfx940+ cache policy (glc on older chips); on atomics: return pre-op value
  bool sc1 = false;
  bool nt = false;
  bool lds = false;     // MUBUF/GLOBAL: load to LDS at M0 + offset
  bool gds = false;     // DS: global data share
  bool soffset_imm = false;  // SMEM: SOE bit (an SGPR offset in SOFFSET besides the immediate)
  bool smem_imm = false;     // SMEM: IMM bit (OFFSET holds a 21-bit immediate, else an SGPR number)
  bool sve = false;          // SCRATCH (gfx940+): the VGPR address is used
};

struct Inst {
  Op op = Op::kNumOps;
  Encoding encoding = Encoding::kSopp;  // the format the word was actually decoded from
  Extension extension = Extension::kNone;
  uint64_t address = 0;  // byte address of the first dword (base_address + offset in .text)
  uint8_t size = 0;      // bytes: 4, 8, 12 or 16 (literal / DPP / SDWA words, scaled MFMA pairs included)
  std::array<uint32_t, 4> words{};  // raw dwords (diagnostics only)

  // Operands in LLVM's printed order (destinations first). Unused trailing entries are kNone.
  static constexpr int kMaxOperands = 6;
  std::array<Operand, kMaxOperands> operands{};
  uint8_t num_operands = 0;

  VopModifiers mods;
  MaiModifiers mai;
  DppControl dpp;
  SdwaControl sdwa;
  MemFields mem;
  // SOPP/SOPK: the 16-bit immediate as encoded (sign-extended). For branches also see `target`.
  int32_t simm16 = 0;
  // Branches with a static target: its byte address (address + 4 + simm16 * 4).
  uint64_t branch_target = 0;

  // The first operand with this role, or nullptr.
  const Operand* find(Role role) const {
    for (int i = 0; i < num_operands; ++i) {
      if (operands[i].role == role) return &operands[i];
    }
    return nullptr;
  }
};

}  // namespace ingot::emu
