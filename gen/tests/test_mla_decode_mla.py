"""gfx942 bf16 Q (mla_decode_gfx942_w2_t2_kvfp8_qbf16, session 15): its P.V MFMAs spread over each stretch
between two waits (`pv_spread`: gen/asm_passes.py sink_mfmas, then spread_mfmas). The registers are read from the
rendered text here, independently of the passes: every P.V MFMA still follows the last instruction writing its
operands and precedes the next one, and the two row tiles' MFMAs of one operand no longer issue back to back where
the stretch has other instructions to put between them. (Numbers: tests/mla_decode on the emulator, strict wait
states.)"""

import dataclasses
import re

from gen.context import build_context
from gen.families import mla_decode
from gen.render import render
from gen.tests.test_mla_decode_template import VARIANTS, _split_loop_lines

VARIANT = next(v for v in VARIANTS if v.id == "mla_decode_gfx942_w2_t2_kvfp8_qbf16")
PV_MFMA = re.compile(r"\s*v_mfma_\S+ a\[")


def _vgprs(operand: str) -> set[int]:
    m = re.fullmatch(r"v\[(\d+):(\d+)\]", operand)
    if m:
        return set(range(int(m.group(1)), int(m.group(2)) + 1))
    return {int(operand[1:])} if re.fullmatch(r"v\d+", operand) else set()


def _operands(line: str) -> list[str]:
    parts = line.split(";")[0].split(None, 1)
    return [op.strip() for op in parts[1].split(",")] if len(parts) > 1 else []


def _written(line: str) -> set[int]:
    """VGPRs an instruction writes: its first operand, except for stores and scalar instructions."""
    ins = line.strip()
    if not ins.startswith(("v_", "ds_read", "global_load")) or ins.startswith("v_mfma"):
        return set()
    ops = _operands(ins)
    return _vgprs(ops[0]) if ops else set()


def _pv(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if PV_MFMA.match(line)]


def test_only_the_gfx942_bf16_q_kernel_spreads_its_pv():
    spread = [v.id for v in VARIANTS if mla_decode.SPEC.plan(v.arch, v.params)["pv_spread"]]
    assert spread == [VARIANT.id]


def _unspread_loop_lines() -> list[str]:
    """The same kernel rendered with `pv_spread` off: the schedule the passes start from."""
    spec = dataclasses.replace(mla_decode.SPEC, plan=lambda arch, p: {**mla_decode.SPEC.plan(arch, p), "pv_spread": False})
    text = render(spec.template, build_context(spec, VARIANT)).text
    lines = [line.split("\x1f")[-1] for line in text.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith(f".L{VARIANT.id}_tile:"))
    end = next(i for i, line in enumerate(lines) if line.startswith(f".L{VARIANT.id}_pad_wave_widen:"))
    return lines[start:end]


def _writers_of_operands(lines: list[str]) -> dict[str, tuple[str, int]]:
    """Per P.V MFMA (its text: one accumulator each): the last instruction before it that writes its A or B
    operand, as (text, how many times that text occurred before it)."""
    out = {}
    for i in _pv(lines):
        srcs = set().union(*(_vgprs(op) for op in _operands(lines[i])[1:3]))
        j = max(j for j in range(i) if _written(lines[j]) & srcs)
        out[lines[i]] = (lines[j], lines[:j].count(lines[j]))
    return out


def test_the_spread_loop_is_the_same_instructions_with_only_mfmas_moved():
    spread, unspread = _split_loop_lines(VARIANT), _unspread_loop_lines()
    assert sorted(spread) == sorted(unspread) and spread != unspread
    assert [line for line in spread if not PV_MFMA.match(line)] == [line for line in unspread if not PV_MFMA.match(line)]
    assert [line for line in spread if PV_MFMA.match(line)] == [line for line in unspread if PV_MFMA.match(line)]


def test_every_pv_mfma_reads_the_operands_the_unspread_schedule_gave_it():
    """The last write of each P.V MFMA's A and B operands before it is the same instruction (the same v_perm of V
    or of P) as in the unspread schedule: no MFMA moved above the write it reads nor below the next one."""
    spread, unspread = _writers_of_operands(_split_loop_lines(VARIANT)), _writers_of_operands(_unspread_loop_lines())
    assert len(spread) == 2 * 32 and spread == unspread
    assert all(re.match(r"\s*v_perm_b32", text) for text, _ in spread.values())


def test_twin_mfmas_issue_apart_where_a_stretch_has_room():
    """Before: all 32 pairs of P.V MFMAs (row tiles 0 and 1 on one V operand) back to back. After: only where the
    stretch between two waits has no other instruction left to put between them."""
    def adjacent(lines):
        pv = _pv([line for line in lines if line.strip() and not line.strip().startswith(";")])
        return sum(1 for a, b in zip(pv, pv[1:]) if b == a + 1)
    assert adjacent(_unspread_loop_lines()) == 32
    # left back to back: groups 0 and 1 (8 v_perms and 4 reads for 8 MFMAs each) and the pair after the prefetch
    assert adjacent(_split_loop_lines(VARIANT)) <= 12
