"""Parse LLVM MC error text into Diagnostics with source line numbers.

llvm-mc prints `<file>:LINE:COL: error: msg`; the triton wheel's in-process assembler prints only
`error: msg` followed by the echoed source line and a caret. For the latter the line number is recovered
by matching the echoed text against the source, scanning forward (MC reports errors in source order), so
duplicate lines still resolve to the right occurrence."""

import re

from gen.toolchain.errors import Diagnostic

_LOCATED = re.compile(r"^(?:.*?):(\d+):(\d+): error: (.*)$")
_BARE = re.compile(r"^error: (.*)$")


def parse_mc_errors(stderr_text: str, source: str) -> list[Diagnostic]:
    src_lines = source.split("\n")
    out_lines = stderr_text.split("\n")
    diags: list[Diagnostic] = []
    search_from = 0
    i = 0
    while i < len(out_lines):
        row = out_lines[i]
        located = _LOCATED.match(row)
        bare = _BARE.match(row) if not located else None
        if located:
            line_no = int(located.group(1))
            echoed = out_lines[i + 1] if i + 1 < len(out_lines) else ""
            diags.append(Diagnostic(line_no, located.group(3), echoed))
            i += 3
            continue
        if bare:
            echoed = out_lines[i + 1] if i + 1 < len(out_lines) else ""
            line_no = _find_line(src_lines, echoed, search_from)
            if line_no is not None:
                search_from = line_no  # MC stops parsing a statement at its first error: next one is later
            diags.append(Diagnostic(line_no, bare.group(1), echoed))
            i += 3
            continue
        i += 1
    return diags


def _find_line(src_lines: list[str], echoed: str, start: int) -> int | None:
    if not echoed.strip():
        return None
    for idx in range(max(start, 0), len(src_lines)):
        if src_lines[idx] == echoed:
            return idx + 1
    for idx in range(len(src_lines)):  # out-of-order report: take the first match rather than nothing
        if src_lines[idx] == echoed:
            return idx + 1
    return None
