"""Jinja filters that rewrite a stretch of rendered assembly as text, where a template cannot know a count or an
order until the pieces it interleaves are laid out (registered by gen/render.py make_environment; this module
counts as render code in the render key). Each takes and returns the text; a line may start with gen/render.py's
origin markers, which are read through and kept.

- tight_lds_waits: the LDS count waits of one straight-line stretch relaxed to what the instructions after each
  wait actually read. A wait `s_waitcnt lgkmcnt(n)` lets n LDS operations stay in flight. Written by hand it
  counts a fixed schedule; when a template interleaves two streams (the ping-pong kernels' P.V units between the
  S MFMAs) the P.V reads of a later batch are issued after the K reads a wait was written for, and the wait then
  holds them too. LDS returns in order, so before the instructions up to the next wait only the LDS operations
  whose results they name (reads' destinations; writes' data registers, which must not be overwritten) must be
  done: every operation issued after the last of those may stay in flight.
- spread_mfmas: the MFMAs of a stretch moved up between its other instructions, so that runs of other
  instructions no longer leave the MFMA pipe idle while MFMAs queue behind each other elsewhere.
- sink_mfmas: the MFMAs of a stretch moved down to the next fence (never past an instruction that writes their
  sources or touches their result), so that spread_mfmas can then spread them over the whole stretch between two
  fences instead of only over the instructions written before each.
- exact_v_waits: placeholder LDS waits filled with the count of LDS operations issued after the reads they wait
  for.
The emulator faults a read of LDS data not yet waited for, and its strict wait-state checker a missing wait
state, so every run of a kernel built with these checks what they did."""

import re

_ORIGIN_END = "\x1f"   # gen/render.py's origin markers end here: the instruction follows the last one
_FENCES = ("s_waitcnt", "s_nop", "s_branch", "s_cbranch", "s_barrier")   # no MFMA moves past one (nor a label)
_LGKM = re.compile(r"lgkmcnt\((\d+)\)")
_MAX_LGKM = 15          # the 4-bit LGKM counter
_SCALAR_LOADS = ("s_load", "s_buffer_load")   # counted by lgkmcnt out of order: no relaxing past them
_VALU_MFMA_WAIT_STATES = 2   # a VALU write of a VGPR before an MFMA reads it (emu/exec/src/wait_state_rules.cc)


def tight_lds_waits(text: str) -> str:
    """`text`: one straight-line phase whose first LDS wait is lgkmcnt(0) (nothing of earlier phases in flight
    after it). Each LDS wait that another follows is relaxed; the last one stays, so the text leaves the same
    state. Text with scalar loads is returned as it is."""
    if any(load in text for load in _SCALAR_LOADS):
        return text
    lines = text.split("\n")
    ins = [instruction(line) for line in lines]
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
    return {reg[1:] for reg in _registers(ins, first, count) if reg[0] == "v"}


def spread_mfmas(text: str, spacing: int = 3) -> str:
    """Each MFMA of `text` moved up (never down, never past a fence: s_waitcnt, s_nop, a branch, s_barrier or a
    label) to the first place `spacing` instructions after the MFMA before it (an MFMA of 16 cycles covers 3 issue
    slots of its wave). The other lines keep their order. Nor does an MFMA move above an instruction that writes
    one of its operands or touches its result (`_blocks_mfma`): the v_perm or v_cvt that makes an operand stays
    before the MFMA that reads it, with the wait states a VALU write asks for (_VALU_MFMA_WAIT_STATES
    instructions) between them."""
    others: list[str] = []
    mfmas: list[tuple[str, int, int]] = []   # (line, index among the others it follows, the last fence's)
    issued_before = [0]                      # instructions (not blank, not comment) among the first i others
    fence = 0
    for line in text.split("\n"):
        ins = instruction(line)
        if ins.startswith("v_mfma"):
            blockers = [at for at in range(fence, len(others)) if _blocks_mfma(instruction(others[at]), ins)]
            barrier = fence
            if blockers:
                # a VALU write of an operand takes _VALU_MFMA_WAIT_STATES instructions before the MFMA reads it
                after = blockers[-1] + 1
                wait = _VALU_MFMA_WAIT_STATES if instruction(others[blockers[-1]]).startswith("v_") else 0
                barrier = next((p for p in range(after, len(others) + 1)
                                if issued_before[p] - issued_before[after] >= wait), len(others))
            mfmas.append((line, len(others), max(barrier, fence)))
            continue
        others.append(line)
        issued_before.append(issued_before[-1] + (1 if ins and not ins.startswith(";") else 0))
        if _is_fence(ins):
            fence = len(others)
    places, previous = [], 0
    for _, written_at, last_fence in mfmas:
        spaced = previous
        for p in range(previous, written_at + 1):
            if issued_before[p] - issued_before[previous] < spacing:
                spaced = p + 1
        previous = max(last_fence, previous, min(written_at, spaced))
        places.append(previous)
    out = []
    for p in range(len(others) + 1):
        out.extend(line for (line, _, _), at in zip(mfmas, places) if at == p)
        if p < len(others):
            out.append(others[p])
    return "\n".join(out)


def sink_mfmas(text: str) -> str:
    """Each MFMA of `text` moved down, in order, to just before the next fence (as spread_mfmas names them) or the
    end of the text; it stops earlier before an instruction that writes one of its operands or touches its result
    (`_blocks_mfma`), which then keeps reading or writing what it did. Written before spread_mfmas, it lets an
    MFMA written right after its twin (two row tiles' MFMAs on one operand) be spread over the instructions that
    follow up to the fence, where spread_mfmas alone never moves it down."""
    out: list[str] = []
    pending: list[str] = []
    for line in text.split("\n"):
        ins = instruction(line)
        if ins.startswith("v_mfma"):
            pending.append(line)
            continue
        if pending and (_is_fence(ins) or any(_blocks_mfma(ins, instruction(m)) for m in pending)):
            out.extend(pending)
            pending = []
        out.append(line)
    out.extend(pending)
    return "\n".join(out)


def _is_fence(ins: str) -> bool:
    """No MFMA moves past a wait, a nop, a branch, a barrier or a label. A write of EXEC is no fence: an MFMA ignores
    EXEC (isa-notes.md, MFMA), so it may issue in a stretch whose EXEC is 0."""
    return ins.startswith(_FENCES) or ins.endswith(":")


def _blocks_mfma(ins: str, mfma: str) -> bool:
    """An instruction an MFMA may not pass: it writes one of the MFMA's operands or result, or reads its result
    (MFMAs among themselves keep their order and are not asked)."""
    if not ins or ins.startswith((";", "v_mfma")):
        return False
    result, operands = _registers(mfma, 0, 1), _registers(mfma, 1)
    writes = set() if ins.startswith(("ds_write", "global_store", "buffer_store", "s_")) else _registers(ins, 0, 1)
    return bool(writes & (operands | result)) or bool(_registers(ins, 0) & result)


def _registers(ins: str, first: int, count: int | None = None) -> set[str]:
    """The VGPRs and AGPRs ("v5", "a7") that operands first .. first + count - 1 of an instruction name (v5,
    v[4:7], a[0:15]; count None: to the last operand)."""
    parts = ins.split(";")[0].strip().split(" ", 1)
    tokens = parts[1].replace(",", " ").split() if len(parts) > 1 else []
    regs: set[str] = set()
    for tok in tokens[first:] if count is None else tokens[first:first + count]:
        kind = tok[0]
        if kind in "va" and tok[1:2] == "[":
            lo, hi = tok[2:].rstrip("]").split(":")
            regs.update(f"{kind}{n}" for n in range(int(lo), int(hi) + 1))
        elif kind in "va" and tok[1:].isdigit():
            regs.add(tok)
    return regs


def exact_v_waits(text: str) -> str:
    """Each `s_waitcnt lgkmcnt(@V<key>@)` filled with the number of LDS operations issued after the last LDS read
    tagged `; V batch <key>` (stores between count too: LDS returns in order), at most lgkmcnt's 15."""
    lines = text.split("\n")
    last_read_of, issued = {}, 0
    for line in lines:
        if instruction(line).startswith("ds_"):
            issued += 1
            if "; V batch " in line:
                last_read_of[line.split("; V batch ")[1].strip()] = issued
    out, issued = [], 0
    for line in lines:
        if instruction(line).startswith("ds_"):
            issued += 1
        if "lgkmcnt(@V" in line:
            key = line.split("@V")[1].split("@")[0]
            if key not in last_read_of or last_read_of[key] > issued:
                raise ValueError(f"exact_v_waits: the wait for V batch {key} comes before its reads: {line!r}")
            line = line.replace(f"@V{key}@", str(min(issued - last_read_of[key], _MAX_LGKM)))
        out.append(line)
    return "\n".join(out)


def instruction(line: str) -> str:
    """A rendered line without its origin markers and surrounding blanks."""
    return line.split(_ORIGIN_END)[-1].strip()
