"""Structural checks of the rendered gemm_bf16 kernels (their numbers: tests/gemm_select/gemm_emu_test.cpp)."""

import functools
import re

import pytest

from gen.context import build_context
from gen.families import gemm_bf16
from gen.render import render
from gen.spec import expand

VARIANTS, _ = expand(gemm_bf16.SPEC, ["gfx942", "gfx950"])


@functools.lru_cache(maxsize=None)
def _rendered(vid):
    variant = next(v for v in VARIANTS if v.id == vid)
    return render(gemm_bf16.SPEC.template, build_context(gemm_bf16.SPEC, variant)).text


def _lines(variant):
    text = _rendered(variant.id)
    return [line.split(";")[0].strip() for line in text.split("\n")]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_mfma_shape_is_the_arch_own(variant):
    mfmas = [line.split()[0] for line in _lines(variant) if line.startswith("v_mfma")]
    expected = {"gfx942": "v_mfma_f32_32x32x8_bf16", "gfx950": "v_mfma_f32_32x32x16_bf16"}[variant.arch]
    assert mfmas and set(mfmas) == {expected}
    p = variant.params
    k = 8 if variant.arch == "gfx942" else 16
    assert len(mfmas) == (p["bk"] // k) * (p["bm"] // 64) * (p["bn"] // 64)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_every_barrier_follows_a_wait_for_the_traffic_it_orders(variant):
    lines = [line for line in _lines(variant) if line]
    barriers = [i for i, line in enumerate(lines) if line == "s_barrier"]
    assert len(barriers) == 2
    assert lines[barriers[0] - 1] == "s_waitcnt vmcnt(0)"     # global loads landed before LDS is refilled
    assert lines[barriers[1] - 1] == "s_waitcnt lgkmcnt(0)"   # ds_writes done before anyone reads


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_mfma_operands_are_waited_for_and_results_settle_before_stores(variant):
    lines = [line for line in _lines(variant) if line]
    first_mfma = next(i for i, line in enumerate(lines) if line.startswith("v_mfma"))
    last_read = max(i for i, line in enumerate(lines[:first_mfma]) if line.startswith("ds_read"))
    assert "s_waitcnt lgkmcnt(0)" in lines[last_read:first_mfma]
    first_store = next(i for i, line in enumerate(lines) if line.startswith("buffer_store"))
    nops = sum(int(line.split()[1]) + 1 for line in lines[:first_store] if line.startswith("s_nop"))
    assert nops >= 20   # XDL 16-pass result -> VMEM read needs 19 (gfx942) / 20 (gfx950) wait states


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_every_global_access_is_lane_masked(variant):
    lines = [line for line in _lines(variant) if line]
    for i, line in enumerate(lines):
        if line.startswith("buffer_load") or line.startswith("buffer_store"):
            offset_reg = re.split(r",\s*", line.split(None, 1)[1])[1]
            assert lines[i - 1].startswith(f"v_cndmask_b32 {offset_reg},"), (i, line)


def test_lds_plan_fits_and_rows_stay_16_byte_aligned():
    for v in VARIANTS:
        plan = gemm_bf16._plan(v.arch, v.params)
        assert plan["pitch"] % 16 == 0
        assert plan["lds_bytes"] <= 64 * 1024
