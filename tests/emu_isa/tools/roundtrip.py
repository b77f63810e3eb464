"""Round-trip checks shared by the oracle tests.

check_dump(dump_lines, arch) takes the output of ingot_isa_dump (decoder + disassembler run over LLVM
vectors) and returns a report: decode failures, mnemonic mismatches, size mismatches, disassembly that
LLVM does not reassemble to the original bytes, and (informational) text that differs from the input.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from gen.toolchain import AssemblyError, encode_lines  # noqa: E402  (PYTHONPATH = source root)


def _one_line(err):
    return " ".join(str(err).split())


def normalise(text):
    text = re.sub(r"\s+", " ", text.strip())
    return re.sub(r"\s*,\s*", ", ", text)


def strip_suffix(mnemonic):
    return re.sub(r"_(e32|e64|dpp|sdwa)$", "", mnemonic)


class Report:
    def __init__(self):
        self.total = 0
        self.decode_errors = []
        self.mnemonic_mismatches = []
        self.size_mismatches = []
        self.reassembly_errors = []
        self.byte_mismatches = []
        self.text_differs = []
        # LLVM's expected text matched exactly but reassembling it cannot give the bytes back (this LLVM
        # rejects it, or LLVM's printing drops bits): the printed text is the oracle there.
        self.text_only = []

    def failures(self):
        return (self.decode_errors + self.mnemonic_mismatches + self.size_mismatches +
                self.reassembly_errors + self.byte_mismatches)

    def summary(self, label):
        return (f"{label}: {self.total} vectors, {len(self.decode_errors)} decode errors, "
                f"{len(self.mnemonic_mismatches)} mnemonic mismatches, {len(self.size_mismatches)} size mismatches, "
                f"{len(self.reassembly_errors)} disassemblies LLVM rejects, {len(self.byte_mismatches)} byte mismatches, "
                f"{self.total - len(self.text_differs)} texts identical to the input"
                + (f" ({len(self.text_only)} of them not reassemblable by this LLVM)" if self.text_only else ""))


def check_dump(dump_lines, arch, expect_mnemonic=True):
    rep = Report()
    ok_rows = []
    for line in dump_lines:
        f = line.rstrip("\n").split("\t")
        if not f or f[0] not in ("OK", "ERR"):
            continue
        rep.total += 1
        if f[0] == "ERR":
            rep.decode_errors.append(f"{f[2]} [{f[3]}]: {f[4]}")
            continue
        _, want_mn, asm, hexbytes, got_mn, size, disasm = f[:7]
        if expect_mnemonic and strip_suffix(want_mn) != got_mn:
            rep.mnemonic_mismatches.append(f"{asm} [{hexbytes}]: decoded as {got_mn}")
            continue
        if int(size) * 2 != len(hexbytes):
            rep.size_mismatches.append(f"{asm} [{hexbytes}]: decoded size {size}")
            continue
        ok_rows.append((asm, hexbytes, disasm))
    encs = encode_lines([d for _, _, d in ok_rows], arch)
    for (asm, hexbytes, disasm), enc in zip(ok_rows, encs):
        if isinstance(enc, AssemblyError):
            if normalise(asm) == normalise(disasm):
                rep.text_only.append(f"{asm} [{hexbytes}]: {_one_line(enc)}")
            else:
                rep.reassembly_errors.append(f"{asm} [{hexbytes}] -> '{disasm}': {_one_line(enc)}")
        elif enc.hex() != hexbytes:
            if normalise(asm) == normalise(disasm):
                # LLVM's own printed text drops these bits too (e.g. unused s_waitcnt bits): we match it.
                rep.text_only.append(f"{asm} [{hexbytes}]: LLVM's text is lossy")
            else:
                rep.byte_mismatches.append(f"{asm} [{hexbytes}] -> '{disasm}' -> [{enc.hex()}]")
        if normalise(asm) != normalise(disasm):
            rep.text_differs.append(f"{asm}  |  {disasm}")
    return rep
