"""Build assembly lines for every row of the ISA table, in LLVM's syntax.

`canonical(row, arch)` gives one plain line per row (used to check the table's opcodes against LLVM);
`variants(row, arch)` gives several lines per row exercising operand choices: low/high registers,
inline constants, literals, modifiers, the VOP3 (_e64) form of VOP1/VOP2/VOPC, DPP and SDWA.
The lines are what a kernel author would write; LLVM's assembler is the judge of whether they are valid.
The builders live per format family: asm_forms_scalar, asm_forms_valu, asm_forms_mfma, asm_forms_memory
(register helpers in asm_regs).
"""
from asm_forms_memory import ds_variants, flat_variants, mubuf_variants
from asm_forms_mfma import mai_variants, scaled_variants
from asm_forms_scalar import scalar_variants
from asm_forms_valu import valu_variants


def canonical(row, arch):
    return variants(row, arch)[0]


def variants(row, arch):
    fmt = row.fmt
    if fmt in ("SOP1", "SOP2", "SOPC", "SOPK", "SOPP", "SMEM"):
        return scalar_variants(row, arch)
    if fmt in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3P"):
        return valu_variants(row, arch)
    if fmt == "MAI":
        return mai_variants(row, arch)
    if fmt == "MAI_SCALE":
        return scaled_variants(row, arch)
    if fmt == "DS":
        return ds_variants(row, arch)
    if fmt == "MUBUF":
        return mubuf_variants(row, arch)
    if fmt in ("FLAT", "GLOBAL", "SCRATCH"):
        return flat_variants(row, arch)
    raise ValueError(f"no forms for format {fmt}")
