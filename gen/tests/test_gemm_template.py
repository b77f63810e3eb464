"""Hazard checks of the rendered `gemm` kernels that test_gemm_family_template.py does not make: MFMA
operands come from LDS only after an lgkmcnt wait that covers their ds_read, and enough wait states
separate the last MFMA from the first store reading its accumulators. One render per (arch, tile): the hazards depend on the tile's
instruction schedule, not on the dtypes or the bias. (Numbers: tests/gemm_select/gemm_emu_test.cpp.)"""

import functools
import re

import pytest

from gen.arch_facts import MFMA_SHAPES
from gen.context import build_context
from gen.families import gemm
from gen.render import render
from gen.spec import expand

VARIANTS, _ = expand(gemm.SPEC, ["gfx942", "gfx950"])
ONE_PER_TILE = [v for v in VARIANTS
                if (v.params["dtype"], v.params["out"], v.params["has_bias"]) == ("bf16", "f32", False)]


def mfma_to_vmem_wait_states(mnemonic, arch):
    """XDL MFMA result -> VMEM read of the accumulator: passes + 3 wait states on gfx942, one more on gfx950
    (LLVM GCNHazardRecognizer, GFX940_XDL_N_PassWriteVgprVALUMemExpReadWaitStates: 8 passes -> 11, 16 -> 19),
    with the pass count of the MFMA table (arch/mfma_shapes.def, checked against AMD's peaks)."""
    return MFMA_SHAPES[mnemonic][f"passes_{arch}"] + 3 + (arch == "gfx950")


@functools.lru_cache(maxsize=None)
def _lines(vid):
    variant = next(v for v in VARIANTS if v.id == vid)
    text = render(gemm.SPEC.template, build_context(gemm.SPEC, variant)).text
    return [line.split(";")[0].strip() for line in text.split("\n") if line.split(";")[0].strip()]


def test_one_render_per_declared_tile():
    assert len(ONE_PER_TILE) == sum(len(tiles) for tiles in gemm.TILES.values())


@pytest.mark.parametrize("variant", ONE_PER_TILE, ids=lambda v: v.id)
def test_mfma_operands_are_waited_for_and_results_settle_before_stores(variant):
    lines = _lines(variant.id)
    # In program order (the K loop's bodies are unrolled copies): LDS and SMEM ops complete in issue order
    # for lgkmcnt(n) purposes (the template only counts past ds_reads), so after lgkmcnt(n) only the n most
    # recent are outstanding; an MFMA must not read a register an outstanding ds_read still writes.
    outstanding = []  # destination VGPR ranges of the lgkm ops not yet waited for, oldest first
    for line in lines:
        op = line.split()[0]
        if op.startswith("ds_read"):
            lo, hi = map(int, re.match(r"\S+ v\[(\d+):(\d+)\]", line).groups())
            outstanding.append(range(lo, hi + 1))
        elif op.startswith("ds_write") or op.startswith("s_load"):
            outstanding.append(range(0))
        elif op == "s_waitcnt" and "lgkmcnt(" in line:
            keep = int(re.search(r"lgkmcnt\((\d+)\)", line).group(1))
            outstanding = outstanding[len(outstanding) - keep:] if keep < len(outstanding) else outstanding
        elif op.startswith("v_mfma"):
            for operand in re.split(r",\s*", line.split(None, 1)[1])[1:3]:
                lo, hi = map(int, re.match(r"v\[(\d+):(\d+)\]", operand).groups())
                assert not any(set(r) & set(range(lo, hi + 1)) for r in outstanding), line
    first_store = next(i for i, line in enumerate(lines) if line.startswith("buffer_store"))
    last_mfma = max(i for i, line in enumerate(lines[:first_store]) if line.startswith("v_mfma"))
    nops = sum(int(line.split()[1]) + 1 for line in lines[last_mfma:first_store] if line.startswith("s_nop"))
    assert nops >= mfma_to_vmem_wait_states(lines[last_mfma].split()[0], variant.arch)
