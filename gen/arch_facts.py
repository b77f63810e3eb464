"""The per-arch facts table (arch/arch_facts.def, shared with the C++ side through arch/arch_facts.h) read
into Python: {arch: {field: value}}. The .def format is literal on purpose (see its header), so a line
regex is a complete parser: an unknown line shape is an error, never skipped silently."""

import json
import os
import re

DEF_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "arch", "arch_facts.def")

_BEGIN = re.compile(r"INGOT_ARCH_BEGIN\((\w+)\)$")
_FACT = re.compile(r"INGOT_FACT\((\w+),\s*(\"[^\"]*\"|0x[0-9a-fA-F]+|-?[0-9]+(?:\.[0-9]+)?)\)$")
_END = re.compile(r"INGOT_ARCH_END\(\)$")


def _value(text: str):
    if text.startswith("0x"):
        return int(text, 16)
    return json.loads(text)  # a "string", an integer or a decimal float


def load_arch_facts(path: str = DEF_PATH) -> dict[str, dict]:
    facts: dict[str, dict] = {}
    current = None
    with open(path) as f:
        for number, raw in enumerate(f, start=1):
            line = raw.split("//", 1)[0].strip()
            if not line:
                continue
            if m := _BEGIN.match(line):
                current = facts.setdefault(m.group(1), {})
            elif (m := _FACT.match(line)) and current is not None:
                current[m.group(1)] = _value(m.group(2))
            elif _END.match(line) and current is not None:
                current = None
            else:
                raise ValueError(f"{path}:{number}: not a line of the arch table: {raw.strip()}")
    return facts


ARCH_FACTS = load_arch_facts()


# The MFMA shape table (arch/mfma_shapes.def, the rows the emulator compiles in through
# emu/numerics mfma_shapes.h): {mnemonic: {field: value}}, the fields named as in the .def's header.
MFMA_DEF_PATH = os.path.join(os.path.dirname(DEF_PATH), "mfma_shapes.def")
MFMA_FIELDS = ("m", "n", "k", "blocks", "a", "b", "cd", "a_regs", "b_regs", "cd_regs", "passes_gfx942",
               "passes_gfx950", "passes_fp8", "scaled")
_MFMA = re.compile(r"INGOT_MFMA\((v_\w+),((?:\s*\w+\s*,){13}\s*\w+\s*)\)$")


def load_mfma_shapes(path: str = MFMA_DEF_PATH) -> dict[str, dict]:
    shapes: dict[str, dict] = {}
    with open(path) as f:
        for number, raw in enumerate(f, start=1):
            line = raw.split("//", 1)[0].strip()
            if not line:
                continue
            m = _MFMA.match(line)
            if not m or m.group(1) in shapes:
                raise ValueError(f"{path}:{number}: not a line of the MFMA table (or a repeated row): {raw.strip()}")
            values = [v.strip() for v in m.group(2).split(",")]
            row = {name: (value if name in ("a", "b", "cd") else int(value)) for name, value in zip(MFMA_FIELDS, values)}
            shapes[m.group(1)] = row
    return shapes


MFMA_SHAPES = load_mfma_shapes()
