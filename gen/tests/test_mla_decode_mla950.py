"""Structural checks of gfx950's bf16 Q compute-bound kernel (mla_decode_gfx950_w4_t2_kvfp8_qbf16, session 15) that
the emulator's numbers do not show: row tile 0's softmax runs between row tile 1's last S MFMAs, whose K operands
are read from LDS again (the K of the same k-step and block), and P.V's first V reads issue between row tile 1's
exps. (Numbers: tests/mla_decode on the emulator; modeled cycles: bench/mla_table/README.md.)"""

import functools
import re

from gen.context import build_context
from gen.families import mla_decode
from gen.render import render
from gen.spec import expand

VARIANTS, _ = expand(mla_decode.SPEC, ["gfx942", "gfx950"])
KERNEL = "mla_decode_gfx950_w4_t2_kvfp8_qbf16"


@functools.lru_cache(maxsize=None)
def _loop_lines() -> list[str]:
    """The kernel's main loop, origin markers stripped: from the tile label to the padding wave's store path."""
    variant = next(v for v in VARIANTS if v.id == KERNEL)
    text = render(mla_decode.SPEC.template, build_context(mla_decode.SPEC, variant)).text
    lines = [line.split("\x1f")[-1] for line in text.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith(f".L{KERNEL}_tile:"))
    end = next(i for i, line in enumerate(lines) if line.startswith(f".L{KERNEL}_pad_wave_store:"))
    return lines[start:end]


def _plan() -> dict:
    variant = next(v for v in VARIANTS if v.id == KERNEL)
    return mla_decode.SPEC.plan(variant.arch, variant.params)


def _first_register(operand: str) -> int:
    return int(re.match(r"v\[?(\d+)", operand).group(1))


def _s_mfmas(lines: list[str], first_acc: int, count: int) -> list[int]:
    """Lines of the S MFMAs (VGPR accumulators) whose destination starts in [first_acc, first_acc + count)."""
    return [i for i, line in enumerate(lines)
            if (m := re.match(r"\s*v_mfma_\S+ v\[(\d+):", line)) and first_acc <= int(m.group(1)) < first_acc + count]


def _exps(lines: list[str], first: int, count: int) -> list[int]:
    return [i for i, line in enumerate(lines)
            if (m := re.match(r"\s*v_exp_f32 v(\d+), v\d+$", line)) and first <= int(m.group(1)) < first + count]


def test_only_the_gfx950_bf16_q_compute_bound_kernel_lags_its_s_mfmas_with_k_rereads():
    lagging = [v.id for v in VARIANTS if mla_decode.SPEC.plan(v.arch, v.params)["s_lag_reread"]]
    packed = [v.id for v in VARIANTS if mla_decode.SPEC.plan(v.arch, v.params)["pk_softmax"]]
    assert lagging == [KERNEL] and packed == [KERNEL]


def test_row_tile_0s_softmax_runs_between_row_tile_1s_last_s_mfmas_on_k_read_again():
    plan, lines = _plan(), _loop_lines()
    per_tile = 4 * plan["blocks"]
    tile0 = _s_mfmas(lines, plan["v_s"], per_tile)
    tile1 = _s_mfmas(lines, plan["v_s"] + per_tile, per_tile)
    lagged = [i for i in tile1 if i > tile0[-1]]
    assert len(tile0) == len(tile1) == plan["steps"] * plan["blocks"]
    assert len(lagged) == plan["s_lag_reread"] * plan["group"] * plan["blocks"]
    # every exp of row tile 0 lies between row tile 1's lagged MFMAs
    exps0 = _exps(lines, plan["v_s"], per_tile)
    assert len(exps0) == per_tile and lagged[0] < exps0[0] and exps0[-1] < lagged[-1]
    # each lagged MFMA's K operand was read after row tile 0's last S MFMA began its group (no third buffer holds
    # it), from the rows of its own k-step (its Q operand says which) and 16-key block (its accumulator says which)
    reads = [(i, _first_register(line.split()[1]), int(re.search(r"offset:(\d+)", line).group(1)))
             for i, line in enumerate(lines) if line.strip().startswith("ds_read_b128")]
    for i in lagged:
        acc, k_op, q_op = (_first_register(op) for op in lines[i].split(None, 1)[1].split(", ")[:3])
        step = (q_op - plan["v_qreg"] - plan["q_regs"]) // plan["s_mfma"].operand_regs
        block = (acc - plan["v_s"] - per_tile) // 4
        at, _, offset = max((r for r in reads if r[0] < i and r[1] == k_op), key=lambda r: r[0])
        assert at > tile0[-1 - plan["group"] * plan["blocks"]]
        assert offset == plan["s_lds"] + block * 16 * plan["s_pitch"] + step * plan["s_mfma"].k * plan["s_elem"]
    # row tile 0's O-rescale temporaries (the widening registers) stay clear of the K buffers those MFMAs read
    assert plan["v_db_wide"] >= plan["v_k"] + 2 * plan["k_buf"]


def test_pv_first_v_reads_issue_between_row_tile_1s_exps():
    plan, lines = _plan(), _loop_lines()
    per_tile = 4 * plan["blocks"]
    exps1 = _exps(lines, plan["v_s"] + per_tile, per_tile)
    first_pv = next(i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_\S+ a\[", line))
    early = [i for i, line in enumerate(lines) if i < first_pv and line.strip().startswith("ds_read_b64_tr_b16")]
    # the reads of the first v_ahead batches, 2 a column block
    assert len(early) == 2 * plan["v_group"] * plan["v_ahead"]
    assert len(exps1) == per_tile and all(exps1[0] < i < exps1[-1] for i in early)


def test_pv_prefetch_has_no_branch_and_masks_only_its_own_instructions():
    plan, lines = _plan(), _loop_lines()
    pv = [i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_\S+ a\[", line)]
    body = [line.strip() for line in lines[pv[0]:pv[-1]]]
    assert plan["masked_prefetch"] and not any(ins.startswith(("s_cbranch", "s_branch")) for ins in body)
    # while EXEC may be 0 (from an s_cselect of it to its restore) only the prefetch's own address math, loads and
    # SALU, MFMAs (which ignore EXEC) and waits issue: no V read, store or conversion of P.V's
    masked = False
    for ins in body:
        if ins.startswith("s_cselect_b64 exec"):
            masked = True
        elif ins == "s_mov_b64 exec, -1":
            masked = False
        elif masked:
            assert not ins.startswith(("ds_", "v_cvt", "v_accvgpr")), ins
    assert not masked
    loads = [ins for ins in body if ins.startswith("global_load")]
    assert len(loads) == plan["kv_loader"]["loads"] + 1   # the rows of the tile 2 ahead, the page ids after
