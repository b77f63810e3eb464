"""Read the emulator's ISA table (emu/isa/include/ingot_emu/isa_ops.def and the isa/*.def it includes).

Used by the test generators: the table is C++ X-macro data, and Python reads the same rows so the
generated assembly covers exactly what the decoder claims to support.
"""
import os
import re
from dataclasses import dataclass

ROW = re.compile(r'^INGOT_ISA_OP\((\w+),\s*(\w+),\s*(\w+),\s*(\w+),\s*(\w+),\s*"([^"]*)"\)')
INCLUDE = re.compile(r'^#include\s+"ingot_emu/(.+)"')


@dataclass
class Row:
    mnemonic: str
    fmt: str
    opcode: dict  # arch -> int or None
    exec_class: str
    signature: list  # [(field, type or None)]

    def sig(self, field):
        for f, t in self.signature:
            if f == field:
                return t if t is not None else ""
        return None


def _parse_sig(text):
    out = []
    for word in text.split():
        field, _, typ = word.partition("=")
        out.append((field, typ or None))
    return out


def load_rows(include_dir):
    rows = []

    def read(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                m = INCLUDE.match(line)
                if m:
                    read(os.path.join(include_dir, "ingot_emu", m.group(1)))
                    continue
                m = ROW.match(line)
                if m:
                    mn, fmt, o2, o5, cls, sig = m.groups()
                    op = lambda s: None if s == "NA" else int(s, 0)
                    rows.append(Row(mn, fmt, {"gfx942": op(o2), "gfx950": op(o5)}, cls, _parse_sig(sig)))

    read(os.path.join(include_dir, "ingot_emu", "isa_ops.def"))
    return rows
