"""tight_lds_waits: a Jinja filter that relaxes the LDS count waits of one straight-line stretch of rendered
assembly to what the instructions after each wait actually read.

A wait `s_waitcnt lgkmcnt(n)` lets n LDS operations stay in flight. Written by hand it counts a fixed schedule;
when a template interleaves two streams (the ping-pong kernels' P.V units between the S MFMAs) the P.V reads of a
later batch are issued after the K reads a wait was written for, and the wait then holds them too. LDS returns in
order, so before the instructions up to the next wait only the LDS operations whose results they name (reads'
destinations; writes' data registers, which must not be overwritten) must be done: every operation issued after
the last of those may stay in flight. The emulator faults a read of LDS data not yet waited for, so every run of
a kernel using this checks the relaxed waits."""

import re

_ORIGIN_END = "\x1f"   # gen/render.py's origin markers end here: the instruction follows the last one
_LGKM = re.compile(r"lgkmcnt\((\d+)\)")
_MAX_LGKM = 15          # the 4-bit LGKM counter
_SCALAR_LOADS = ("s_load", "s_buffer_load")   # counted by lgkmcnt out of order: no relaxing past them


def tight_lds_waits(text: str) -> str:
    """`text`: one straight-line phase whose first LDS wait is lgkmcnt(0) (nothing of earlier phases in flight
    after it). Each LDS wait that another follows is relaxed; the last one stays, so the text leaves the same
    state. Text with scalar loads is returned as it is."""
    if any(load in text for load in _SCALAR_LOADS):
        return text
    lines = text.split("\n")
    ins = [line.split(_ORIGIN_END)[-1].strip() for line in lines]
    waits = [at for at, i in enumerate(ins) if i.startswith("s_waitcnt") and "lgkmcnt(" in i]
    pending: list[set[str]] = []   # registers each LDS operation still in flight names, oldest first
    counting = False               # from the first lgkmcnt(0) on
    out = []
    for at, line in enumerate(lines):
        i = ins[at]
        if at in waits:
            n = int(_LGKM.search(i).group(1))
            later = [w for w in waits if w > at]
            if not counting:
                counting, pending = n == 0, []
            elif "vmcnt" in i or not later:
                pending = _still_in_flight(pending, n)
            else:
                needed = set().union(*(_registers_needed(ins[j]) for j in range(at + 1, later[0])))
                last_needed = max((k for k, regs in enumerate(pending) if regs & needed), default=-1)
                relaxed = max(min(len(pending) - last_needed - 1, _MAX_LGKM), n)
                pending = _still_in_flight(pending, relaxed)
                line = line.replace(f"lgkmcnt({n})", f"lgkmcnt({relaxed})")
        elif counting and i.startswith("ds_"):
            pending.append(_lds_registers(i))
        out.append(line)
    return "\n".join(out)


def _still_in_flight(pending: list, allowed: int) -> list:
    return pending[len(pending) - allowed:] if allowed < len(pending) else pending


def _lds_registers(ins: str) -> set[str]:
    """What must be done with before an LDS operation may be reused: a read's destination, a write's data."""
    return vgprs_of(ins, 0, 1) if ins.startswith("ds_read") else vgprs_of(ins, 1)


def _registers_needed(ins: str) -> set[str]:
    """The registers an instruction names, except an LDS operation's, which wait in order themselves."""
    if ins.startswith("ds_read"):
        return vgprs_of(ins, 0, 1)   # a new read into a register an earlier read still fills
    return set() if ins.startswith("ds_") else vgprs_of(ins)


def vgprs_of(ins: str, first: int = 0, count: int | None = None) -> set[str]:
    """The VGPR numbers that operands first .. first + count - 1 of an instruction name (v5, v[4:7]; count None:
    to the last operand)."""
    parts = ins.split(";")[0].strip().split(" ", 1)
    tokens = parts[1].replace(",", " ").split() if len(parts) > 1 else []
    regs: set[str] = set()
    for tok in tokens[first:] if count is None else tokens[first:first + count]:
        if tok.startswith("v["):
            lo, hi = tok[2:].rstrip("]").split(":")
            regs.update(str(n) for n in range(int(lo), int(hi) + 1))
        elif tok.startswith("v") and tok[1:].isdigit():
            regs.add(tok[1:])
    return regs
