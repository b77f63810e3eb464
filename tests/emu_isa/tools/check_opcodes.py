"""Check every ISA-table row's opcode against LLVM's assembler, on both targets.

For each row and arch: assemble the row's canonical line; it must assemble iff the table gives an
opcode for that arch, and the OP field of the encoding must equal the table's value.
Prints one line per disagreement and exits 1 if there is any. Run with PYTHONPATH=<source root>.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from isa_rows import load_rows  # noqa: E402
from asm_forms import canonical  # noqa: E402
from gen.toolchain import AssemblyError, encode_lines  # noqa: E402  (PYTHONPATH = source root)


def op_field(fmt, enc):
    if fmt == "MAI_SCALE":  # the MFMA word follows the 8-byte v_mfma_ld_scale_b32
        enc = enc[8:]
        fmt = "MAI"
    w = int.from_bytes(enc[:4], "little")
    return {
        "SOP2": (w >> 23) & 0x7F, "SOPK": (w >> 23) & 0x1F, "SOP1": (w >> 8) & 0xFF, "SOPC": (w >> 16) & 0x7F,
        "SOPP": (w >> 16) & 0x7F, "SMEM": (w >> 18) & 0xFF, "VOP1": (w >> 9) & 0xFF, "VOP2": (w >> 25) & 0x3F,
        "VOPC": (w >> 17) & 0xFF, "VOP3": (w >> 16) & 0x3FF, "VOP3P": (w >> 16) & 0x7F, "MAI": (w >> 16) & 0x7F,
        "DS": (w >> 17) & 0xFF, "MUBUF": (w >> 18) & 0x7F, "FLAT": (w >> 18) & 0x7F, "GLOBAL": (w >> 18) & 0x7F,
        "SCRATCH": (w >> 18) & 0x7F,
    }[fmt]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", required=True)
    args = ap.parse_args()
    rows = load_rows(args.include)
    bad = 0
    for arch in ("gfx942", "gfx950"):
        lines = [canonical(r, arch) for r in rows]
        encs = encode_lines(lines, arch)
        for r, line, enc in zip(rows, lines, encs):
            want = r.opcode[arch]
            if isinstance(enc, AssemblyError):
                if want is not None:
                    print(f"{arch}: {r.mnemonic}: table has 0x{want:x} but LLVM rejects '{line}': {enc}")
                    bad += 1
                continue
            got = op_field(r.fmt, enc)
            if want is None:
                print(f"{arch}: {r.mnemonic}: table says NA but LLVM assembles '{line}' -> {enc.hex()} op 0x{got:x}")
                bad += 1
            elif got != want:
                print(f"{arch}: {r.mnemonic}: table 0x{want:x}, LLVM 0x{got:x} ('{line}' -> {enc.hex()})")
                bad += 1
    print(f"{len(rows)} rows, {bad} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
