"""Assembly lines for MFMA rows (MAI, incl. gfx950 f8f6f4 and sparse v_smfmac_*) and the scaled MFMAs (MAI_SCALE)."""
import re

from asm_regs import reg


# ---- MFMA operand widths, from the instruction name (AMD's formulas: A is M x K per block, spread over
# 64 lanes; C/D is M x N per block). This is the tests' own arithmetic, independent of the emulator.
_MFMA = re.compile(r"v_mfma_(f32|i32|f64)_(\d+)x(\d+)x(\d+)(?:_(\d+)b)?_(\w+)")
_BITS = {"f32": 32, "xf32": 32, "f16": 16, "bf16": 16, "i8": 8, "f64": 64, "bf8_bf8": 8, "bf8_fp8": 8,
         "fp8_bf8": 8, "fp8_fp8": 8, "f8f6f4": 8}


def mfma_dwords(mnemonic):
    m = _MFMA.match(mnemonic)
    ctype, M, N, K, blocks, abtype = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5) or 1), m.group(6)
    ab = M * K * blocks * _BITS[abtype] // (64 * 32)
    cd = M * N * blocks // 64 * (2 if ctype == "f64" else 1)
    return ab, cd


# Sparse MFMA: A holds half of its M x K entries (4:2 sparsity), B is K x N, C/D is M x N; SRC2 is the
# one index VGPR and C is D (AMD's matrix instruction calculator; LLVM's mai-gfx940.s / mai-gfx950.s).
_SMFMAC = re.compile(r"v_smfmac_(f32|i32)_(\d+)x(\d+)x(\d+)_(\w+)")


def smfmac_dwords(mnemonic):
    m = _SMFMAC.match(mnemonic)
    M, N, K, abtype = int(m.group(2)), int(m.group(3)), int(m.group(4)), m.group(5)
    bits = _BITS[abtype]
    return M * K // 2 * bits // 2048, K * N * bits // 2048, M * N // 64


def smfmac_variants(row, arch):
    m = row.mnemonic
    a, b, cd = smfmac_dwords(m)
    return [f"{m} {reg('v', 10, cd)}, {reg('v', 2, a)}, {reg('v', 40, b)}, v1",
            f"{m} {reg('a', 0, cd)}, {reg('v', 2, a)}, {reg('a', 20, b)}, v3 cbsz:3 abid:1",
            f"{m} {reg('v', 32, cd)}, {reg('a', 4, a)}, {reg('v', 8, b)}, v255 abid:1",
            f"{m} {reg('a', 64, cd)}, {reg('a', 4, a)}, {reg('a', 8, b)}, v0 cbsz:1 abid:3"]


def scaled_variants(row, arch):
    m = row.mnemonic
    _, cd = mfma_dwords(m.replace("_scale", ""))
    d = reg("v", 0, cd)
    out = [f"{m} {d}, v[4:11], v[12:19], {reg('v', 20, cd)}, v24, v25",
           f"{m} {d}, v[4:11], v[12:19], {reg('v', 20, cd)}, 33, 9",
           f"{m} {d}, v[4:9], v[12:19], {reg('v', 20, cd)}, v24, v25 cbsz:3 blgp:1",
           f"{m} {d}, v[4:7], v[12:17], {reg('v', 20, cd)}, s24, v25 op_sel:[1,0,0] op_sel_hi:[0,1,0] cbsz:4 blgp:2",
           f"{reg('a', 0, cd)}".join([f"{m} ", f", a[4:11], a[12:19], {reg('a', 0, cd)}, v24, v25"])]
    return out


def mai_variants(row, arch):
    m = row.mnemonic
    if m.startswith("v_smfmac_"):
        return smfmac_variants(row, arch)
    if "f8f6f4" in m:
        ab, cd = mfma_dwords(m)
        out = [f"{m} {reg('a', 0, cd)}, {reg('v', 0, ab)}, {reg('v', 16, ab)}, {reg('a', 0, cd)}",
               f"{m} {reg('v', 32, cd)}, v[0:5], a[16:21], {reg('v', 32, cd)} cbsz:2 blgp:3",
               f"{m} {reg('a', 64, cd)}, v[4:7], v[8:15], 0 cbsz:4 abid:1 blgp:1"]
        return out
    ab, cd = mfma_dwords(m)
    out = [f"{m} {reg('a', 0, cd)}, {reg('v', 0, ab)}, {reg('v', 16, ab)}, {reg('a', 0, cd)}",
           f"{m} {reg('v', 32, cd)}, {reg('v', 0, ab)}, {reg('a', 16, ab)}, {reg('v', 32, cd)}",
           f"{m} {reg('a', 64, cd)}, {reg('v', 4, ab)}, {reg('v', 8, ab)}, 0"]
    if "f64" not in m:
        out.append(f"{m} {reg('a', 0, cd)}, {reg('v', 0, ab)}, {reg('v', 16, ab)}, {reg('a', 0, cd)} cbsz:1 abid:1 blgp:2")
    return out
