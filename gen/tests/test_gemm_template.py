"""Hazard checks of the rendered `gemm` kernels that test_gemm_family_template.py does not make: MFMA
operands come from LDS only after an lgkmcnt(0) wait, and enough wait states separate the last MFMA from
the first store reading its accumulators. One render per (arch, tile): the hazards depend on the tile's
instruction schedule, not on the dtypes or the bias. (Numbers: tests/gemm_select/gemm_emu_test.cpp.)"""

import functools

import pytest

from gen.context import build_context
from gen.families import gemm
from gen.render import render
from gen.spec import expand

VARIANTS, _ = expand(gemm.SPEC, ["gfx942", "gfx950"])
ONE_PER_TILE = [v for v in VARIANTS
                if (v.params["dtype"], v.params["out"], v.params["has_bias"]) == ("bf16", "f32", False)]
# XDL 16-pass MFMA result -> VMEM read of the accumulator: 19 wait states on gfx942, 20 on gfx950
# (the CDNA3 and CDNA4 ISA guides' MFMA dependency tables).
MFMA_TO_VMEM_WAIT_STATES = {"gfx942": 19, "gfx950": 20}


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
    first_mfma = next(i for i, line in enumerate(lines) if line.startswith("v_mfma"))
    last_read = max(i for i, line in enumerate(lines[:first_mfma]) if line.startswith("ds_read"))
    assert "s_waitcnt lgkmcnt(0)" in lines[last_read:first_mfma]
    first_store = next(i for i, line in enumerate(lines) if line.startswith("buffer_store"))
    last_mfma = max(i for i, line in enumerate(lines[:first_store]) if line.startswith("v_mfma"))
    nops = sum(int(line.split()[1]) + 1 for line in lines[last_mfma:first_store] if line.startswith("s_nop"))
    assert nops >= MFMA_TO_VMEM_WAIT_STATES[variant.arch]
