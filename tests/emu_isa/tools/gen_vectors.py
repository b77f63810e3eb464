"""Generate the oracle vectors: assembly lines for every ISA-table row, assembled by LLVM.

Output (one file per arch, tab separated, written into the build dir, never committed):
    <mnemonic> TAB <asm text> TAB <hex bytes>
for every line LLVM accepts, and "#rejected" comment lines for generated forms LLVM refuses (those are
forms our generator got wrong for that instruction, not decoder failures; the test requires every row
to have at least one accepted line).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from asm_forms import variants  # noqa: E402
from isa_rows import load_rows  # noqa: E402
from gen.toolchain import AssemblyError, ToolchainUnavailable, encode_lines  # noqa: E402  (PYTHONPATH = source root)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", required=True, help="emu/isa/include")
    ap.add_argument("--arch", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rows = [r for r in load_rows(args.include) if r.opcode[args.arch] is not None]
    pairs = []
    for r in rows:
        seen = set()
        for line in variants(r, args.arch):
            if line not in seen:
                seen.add(line)
                pairs.append((r.mnemonic, line))
    try:
        encs = encode_lines([line for _, line in pairs], args.arch)
    except ToolchainUnavailable as err:  # keep the build going without the toolchain; the tests then skip
        with open(args.out, "w") as f:
            f.write(f"# SKIP: no LLVM assembler: {err}\n")
        print(f"{args.arch}: no LLVM, wrote an empty vectors file")
        return
    accepted = rejected = 0
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"# LLVM-assembled vectors for {args.arch}: mnemonic<TAB>asm<TAB>bytes\n")
        for (mn, line), enc in zip(pairs, encs):
            if isinstance(enc, AssemblyError):
                reason = " ".join(str(enc).split())
                f.write(f"#rejected\t{mn}\t{line}\t{reason}\n")
                rejected += 1
            else:
                f.write(f"{mn}\t{line}\t{enc.hex()}\n")
                accepted += 1
    os.replace(tmp, args.out)
    print(f"{args.arch}: {accepted} vectors, {rejected} generated forms rejected by LLVM")


if __name__ == "__main__":
    main()
