"""Structural checks of every rendered `gemm` kernel: the arch's own MFMA for the input dtype, waits before
barriers, lane-masked global accesses, the output conversion each arch/dtype needs, bias and alpha wiring.
(Numbers are checked on the emulator against the CPU reference: tests/gemm_select/gemm_emu_test.cpp.)"""

import functools
import re

import pytest

from gen.archs import arch_info
from gen.context import build_context
from gen.families import gemm
from gen.render import render
from gen.spec import expand

VARIANTS, _ = expand(gemm.SPEC, ["gfx942", "gfx950"])


def _sample(variants):
    """Two (dtype, out, bias) combinations per (arch, tile), cycling so every combination appears on each
    arch: all 168 renders would take most of the suite's time budget for little extra coverage."""
    picked = []
    for arch in ("gfx942", "gfx950"):
        combos = sorted({(v.params["dtype"], v.params["out"], v.params["has_bias"]) for v in variants})
        tiles = sorted({(v.params["bm"], v.params["bn"], v.params["bk"], v.params["ks"])
                        for v in variants if v.arch == arch})
        for i, tile in enumerate(tiles):
            for combo in (combos[(2 * i) % len(combos)], combos[(2 * i + 1) % len(combos)]):
                picked += [v for v in variants if v.arch == arch and
                           (v.params["dtype"], v.params["out"], v.params["has_bias"]) == combo and
                           (v.params["bm"], v.params["bn"], v.params["bk"], v.params["ks"]) == tile]
    return picked


SAMPLE = _sample(VARIANTS)
MFMA = {("gfx942", "bf16"): "v_mfma_f32_32x32x8_bf16", ("gfx942", "f16"): "v_mfma_f32_32x32x8_f16",
        ("gfx950", "bf16"): "v_mfma_f32_32x32x16_bf16", ("gfx950", "f16"): "v_mfma_f32_32x32x16_f16"}
MFMA_K = {"gfx942": 8, "gfx950": 16}
# Prefill tiles (bm, bn) that pipeline two K slabs like the decode tiles: those where it keeps the workgroups
# resident per CU (gen/families/gemm.py _plan; gfx942's 64 KiB LDS holds two slabs of none of the others
# without losing one, gfx950's 160 KiB of all but the two 128x64 shapes).
# (gfx950's other prefill tiles load straight to LDS instead: _check_direct_to_lds)
PIPELINED_PREFILL = {"gfx942": {(128, 128), (256, 256)}, "gfx950": {(128, 128)}}


@functools.lru_cache(maxsize=None)
def _lines(vid):
    variant = next(v for v in VARIANTS if v.id == vid)
    text = render(gemm.SPEC.template, build_context(gemm.SPEC, variant)).text
    return [line.split(";")[0].strip() for line in text.split("\n") if line.split(";")[0].strip()]


def _code(variant):
    lines = _lines(variant.id)
    return lines[:lines.index(".rodata")]


def test_the_family_declares_both_archs_all_dtypes_and_decode_tiles():
    combos = {(v.arch, v.params["dtype"], v.params["out"], v.params["has_bias"]) for v in VARIANTS}
    assert len(combos) == 2 * 2 * 3 * 2
    for arch in ("gfx942", "gfx950"):
        decode = [v for v in VARIANTS if v.arch == arch and v.params["ks"] == 4]
        assert decode and all(v.params["bm"] == 32 for v in decode)


def test_the_sample_covers_every_combination_on_each_arch():
    for arch in ("gfx942", "gfx950"):
        got = {(v.params["dtype"], v.params["out"], v.params["has_bias"]) for v in SAMPLE if v.arch == arch}
        assert len(got) == 12


def _check_direct_to_lds(variant, code, plan, blocks):
    """gfx950 prefill: slabs go straight to LDS (gen/families/gemm.py LDS_DMA_ARCHS), no ds_write."""
    p = variant.params
    assert variant.arch == "gfx950" and p["ks"] == 1
    assert not any(line.startswith("ds_write") for line in code)
    loads = [line for line in code if line.startswith("buffer_load_dwordx4")]
    assert loads and all(line.endswith(" offen lds") for line in loads)
    # each load's M0 is written two instructions before it at most, never right before (1 wait state)
    for i, line in enumerate(code):
        if line.startswith("buffer_load_dwordx4"):
            assert not code[i - 1].startswith("s_add_u32 m0") and any(c.startswith("s_add_u32 m0") for c in code[i - 2:i])
            offset_reg = line.split()[1].rstrip(",")
            writer = next(code[j] for j in range(i - 1, -1, -1)
                          if re.match(rf"\S+ {offset_reg},", code[j]) and not code[j].startswith("buffer_load"))
            assert writer.startswith(f"v_cndmask_b32 {offset_reg},"), (i, line, writer)
    # the K loop: group 0, the middle groups, and the last group in its three paths (loads of a full slab,
    # of the tail slab, none) plus once after the last slab
    groups = p["bk"] // 16
    mfmas = [line for line in code if line.startswith("v_mfma")]
    assert len(mfmas) == blocks * (groups - 1 + 4)
    assert all(line.startswith("v_mfma_f32_32x32x16_") for line in mfmas)
    assert all(" a[" in line for line in mfmas) == plan["acc_agprs"]
    barriers = [i for i, line in enumerate(code) if line == "s_barrier"]
    assert len(barriers) == 2  # slab 0 landed; then one per slab
    assert f"s_waitcnt vmcnt({plan['a_chunks'] + plan['b_chunks']})" in code
    # three ring slabs where they fit
    assert plan["stages"] == (2 if p["bk"] * (p["bm"] + p["bn"]) * 2 * 3 > arch_info("gfx950").lds_bytes else 3)
    assert plan["lds_bytes"] == plan["stages"] * (p["bm"] + p["bn"]) * p["bk"] * 2
    assert sum(line.startswith("v_mul_f32") for line in code) == plan["blocks_m"] * plan["blocks_n"] * 16
    assert plan["next_free_vgpr"] <= 256


@pytest.mark.parametrize("variant", SAMPLE, ids=lambda v: v.id)
def test_kernel_structure(variant):
    p, arch = variant.params, variant.arch
    code = _code(variant)
    plan = gemm._plan(arch, p)

    # the arch's own MFMA for the input dtype, as many per slab as the wave's K-slice needs
    mfmas = [line.split()[0] for line in code if line.startswith("v_mfma")]
    assert set(mfmas) == {MFMA[(arch, p["dtype"])]}
    # the 256x256 tile: 8 waves, but 4 with BK 64 (gfx950's, 128x128 per wave)
    waves = (1, 1) if p["ks"] > 1 else (2, 4 if p["bm"] * p["bn"] >= 256 * 256 and p["bk"] == 32 else 2)
    blocks = (p["bm"] // waves[0] // 32) * (p["bn"] // waves[1] // 32)
    if plan["dma"]:
        _check_direct_to_lds(variant, code, plan, blocks)
        return
    # a pipelined tile's K loop is unrolled once per register stage (each set has its own registers); a
    # split-K decode tile takes a third stage where it fits without batching the operand reads
    pipelined = p["ks"] > 1 or (p["bm"], p["bn"]) in PIPELINED_PREFILL[arch]
    bodies = plan["reg_stages"]
    # (gfx942's 32x32x256: 188 VGPRs with three; the other decode tiles would pass 256 or batch their reads)
    third = (arch, p["bm"], p["bn"], p["bk"], p["ks"]) == ("gfx942", 32, 32, 256, 4)
    assert bodies == (3 if third else 2 if pipelined else 1)
    assert len(mfmas) == p["bk"] // p["ks"] // MFMA_K[arch] * blocks * bodies
    previous = lambda i: next(code[j] for j in range(i - 1, -1, -1) if not code[j].endswith(":"))  # noqa: E731

    # barriers order the LDS traffic: global data landed, ds_writes done, and (K-slices) partials written
    barriers = [i for i, line in enumerate(code) if line == "s_barrier"]
    # one LDS buffer: two barriers per K slab; two buffers (gfx950's pipelined tiles): one
    per_slab = 2 if plan["stages"] == 1 else 1
    assert plan["stages"] == (2 if arch == "gfx950" and pipelined else 1)
    assert len(barriers) == per_slab * bodies + (2 if p["ks"] > 1 else 0)
    if per_slab == 2:
        assert previous(barriers[0]).startswith("s_waitcnt vmcnt(")
    else:
        assert code.count("s_sub_u32 s61, 0, s61") == bodies      # the buffer toggles every slab
    assert code[barriers[per_slab - 1] - 1] == "s_waitcnt lgkmcnt(0)"
    loop_barriers = per_slab * bodies
    if p["ks"] > 1:
        assert code[barriers[loop_barriers] - 1].startswith("s_nop")  # MFMA results settled before parking them
        assert code[barriers[loop_barriers + 1] - 1] == "s_waitcnt lgkmcnt(0)"  # partials in LDS before wave 0 reads
        reads = [line for line in code[barriers[loop_barriers + 1]:] if line.startswith("ds_read_b128")]
        assert len(reads) == (p["ks"] - 1) * plan["red_quads"]
    if pipelined:
        # R slabs in flight: a slab is waited for by count, leaving the R-1 later ones' loads outstanding
        assert f"s_waitcnt vmcnt({(bodies - 1) * (plan['a_chunks'] + plan['b_chunks'])})" in code

    # every global access is lane-masked by the v_cndmask that last wrote its offset register (right before
    # it, or once before the K loop for the A/B chunk offsets, whose slab K offset is the soffset); `off`
    # accesses are single-lane counter updates. Decode tiles leave the A/B chunk offsets unmasked: a row past
    # the matrix starts at or past num_records, so its loads read 0 (the decode_rows_fit_32bit constraint)
    unmasked = set()
    if p["ks"] > 1:
        unmasked = {f"v{plan['v_a_base_off'] + c}" for c in range(plan["a_chunks"])}
        unmasked |= {f"v{plan['v_b_base_off'] + c}" for c in range(plan["b_chunks"])}
        assert "decode_rows_fit_32bit" in [c.name for c in gemm.SPEC.constraints(p)]
    for i, line in enumerate(code):
        if line.startswith("buffer_load") or line.startswith("buffer_store") or line.startswith("buffer_atomic"):
            offset_reg = re.split(r",\s*", line.split(None, 1)[1])[1]
            if offset_reg == "off":
                continue
            writer = next(code[j] for j in range(i - 1, -1, -1) if re.match(rf"\S+ {offset_reg},", code[j]))
            if offset_reg in unmasked:
                assert writer.split()[0] in ("v_lshlrev_b32", "v_add_u32"), (i, line, writer)
                continue
            assert writer.startswith(f"v_cndmask_b32 {offset_reg},"), (i, line, writer)

    # output width and conversion (split-K adds the fp32 partial tiles and the counter reset)
    stores = {line.split()[0] for line in code if line.startswith("buffer_store")}
    out_store = "buffer_store_dword" if p["out"] == "f32" else "buffer_store_short"
    assert stores == ({out_store, "buffer_store_dwordx4", "buffer_store_dword"} if p["ks"] > 1 else {out_store})
    has = lambda op: any(line.startswith(op + " ") for line in code)  # noqa: E731
    assert has("v_cvt_pk_bf16_f32") == (p["out"] == "bf16" and arch == "gfx950")
    assert has("v_add3_u32") == (p["out"] == "bf16" and arch == "gfx942")
    assert has("v_cvt_f16_f32") == (p["out"] == "f16")

    # alpha scales every accumulator; bias is loaded once per 32-column block and added to each
    acc = plan["blocks_m"] * plan["blocks_n"] * 16
    assert sum(line.startswith("v_mul_f32") for line in code) == acc
    bias_loads = [line for line in code if line.startswith("buffer_load_") and "dwordx4" not in line]
    assert len(bias_loads) == (plan["blocks_n"] if p["has_bias"] else 0)
    names = [a.name for a in gemm.SPEC.kernarg_layout(p).args]
    assert ("bias" in names) == p["has_bias"] and "alpha" in names

    assert plan["pitch"] % 16 == 0 and plan["lds_bytes"] <= arch_info(arch).lds_bytes
    assert plan["next_free_vgpr"] <= 256


def test_gfx950_decode_tile_uses_more_lds_than_gfx942_has():
    """The 512-deep decode slab is the one gfx950's 160 KiB LDS allows and gfx942's 64 KiB does not."""
    deep = [v for v in VARIANTS if v.params["bk"] == 512]
    assert deep and all(v.arch == "gfx950" for v in deep)
    assert all(gemm._plan(v.arch, v.params)["lds_bytes"] > arch_info("gfx942").lds_bytes for v in deep)


@pytest.mark.parametrize("variant", [v for v in SAMPLE if v.params["ks"] > 1], ids=lambda v: v.id)
def test_split_k_reduction_follows_the_agent_scope_acq_rel_sequence(variant):
    """LLVM AMDGPUUsage, GFX942 memory model, `atomicrmw acq_rel agent global`: buffer_wbl2 sc1; s_waitcnt
    vmcnt(0) & lgkmcnt(0); the atomic; s_waitcnt vmcnt(0); buffer_inv sc1, before any partial is read."""
    code = _code(variant)
    atomic = next(i for i, line in enumerate(code) if line.startswith("buffer_atomic_add"))
    assert code[atomic].endswith(" sc0")                                  # returns the old count
    release = [line for line in code[:atomic] if line.startswith("buffer_wbl2") or line.startswith("s_waitcnt")]
    assert release[-2:] == ["buffer_wbl2 sc1", "s_waitcnt vmcnt(0) lgkmcnt(0)"]
    assert code[atomic + 1] == "s_waitcnt vmcnt(0)"
    inv = code.index("buffer_inv sc1")
    partial_stores = [i for i, line in enumerate(code) if line.startswith("buffer_store_dwordx4")]
    partial_loads = [i for i, line in enumerate(code) if line.startswith("buffer_load_dwordx4") and "s[72:75]" in line]
    assert partial_stores and max(partial_stores) < atomic < inv < min(partial_loads)
    # the counter goes back to zero in the last workgroup, after its acquire
    reset = next(i for i, line in enumerate(code) if line.startswith("buffer_store_dword ") and " off," in line)
    assert inv < reset
