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
