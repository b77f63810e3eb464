"""gemm_fp8 family: the kernels assemble and link for both archs, the manifest entries validate against the
schema and say what callers need (match keys, kernargs, constraints with clear messages, a cost), and the
family's ISA facts agree with the numerics room's MFMA table (a separately written source)."""

import functools
import json
import math
import os
import re
import sys

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)

from gen.build import BuildOptions, run_build  # noqa: E402
from gen.context import build_context  # noqa: E402
from gen import archs  # noqa: E402
from gen.families import gemm_fp8  # noqa: E402
from gen.manifest import inline_expressions, validate_manifest  # noqa: E402
from gen.render import render  # noqa: E402
from gen.spec import expand  # noqa: E402

ARCHS = ["gfx942", "gfx950"]


@pytest.fixture(scope="module")
def built_manifest(tmp_path_factory):
    """The family's manifest as gen writes it (shared `defs` references)."""
    out = tmp_path_factory.mktemp("pack")
    work = tmp_path_factory.mktemp("work")
    run_build(BuildOptions(out=str(out), work=str(work), archs=ARCHS, jobs=1, specs=[gemm_fp8.SPEC]))
    with open(out / "manifest.json") as f:
        data = json.load(f)
    for k in data["kernels"]:
        assert (out / k["file"]).stat().st_size == k["size"]
    return data


@pytest.fixture(scope="module")
def manifest(built_manifest):
    """Whole expressions for _eval (the shared `defs` references inlined)."""
    return inline_expressions(json.loads(json.dumps(built_manifest)))


@functools.cache
def _rendered(arch):
    """Every variant of the family for `arch` with its rendered text, rendered once for the module's tests."""
    variants, _ = expand(gemm_fp8.SPEC, [arch])
    return [(v, render(gemm_fp8.SPEC.template, build_context(gemm_fp8.SPEC, v)).text) for v in variants]


def _eval(expr, env):
    """The manifest expression language (manifest/README.md), written here for the test."""
    if isinstance(expr, (int, float)):
        return expr
    if isinstance(expr, str):
        return env[expr]
    op, *args = expr
    if op == "if":
        return _eval(args[1], env) if _eval(args[0], env) else _eval(args[2], env)
    v = [_eval(a, env) for a in args]
    if op == "add":
        return sum(v)
    if op == "mul":
        return math.prod(v)
    if op == "sub":
        return v[0] - v[1]
    if op == "div":
        return v[0] / v[1] if isinstance(v[0], float) or isinstance(v[1], float) else v[0] // v[1]
    if op == "mod":
        return v[0] % v[1]
    if op == "ceil_div":
        return (v[0] + v[1] - 1) // v[1]
    if op == "round_up":
        return (v[0] + v[1] - 1) // v[1] * v[1]
    if op == "min":
        return min(v)
    if op == "max":
        return max(v)
    cmp = {"eq": v[0] == v[1] if len(v) > 1 else None, "ge": len(v) > 1 and v[0] >= v[1],
           "lt": len(v) > 1 and v[0] < v[1], "gt": len(v) > 1 and v[0] > v[1], "le": len(v) > 1 and v[0] <= v[1]}
    if op in cmp:
        return int(cmp[op])
    raise AssertionError(f"operator {op} not handled by the test")


def _problem(M, N, K):
    return {"M": M, "N": N, "K": K, "lda": K, "ldb": K, "ldc": N, "alpha": 1.0, "cus": 304}


def test_every_scaling_on_both_archs_with_the_arch_format(built_manifest, manifest):
    validate_manifest(built_manifest)  # as written: the schema checks the inlined trees 9x slower
    seen = {(k["arch"], k["match"]["scaling"]) for k in manifest["kernels"]}
    assert seen == {(a, s) for a in ARCHS for s in ("block128", "per_token")}
    for k in manifest["kernels"]:
        assert k["op"] == "gemm" and k["family"] == "gemm_fp8"
        fmt = {"gfx942": "e4m3fnuz", "gfx950": "e4m3fn"}[k["arch"]]
        assert k["match"] == {"dtype_a": "fp8", "dtype_b": "fp8", "dtype_c": "bf16",
                              "scaling": k["params"]["scaling"], "fp8_format": fmt, "has_bias": False}
        names = [a["name"] for a in k["kernarg"]["args"]]
        assert names[:5] == ["A", "B", "C", "A_scale", "B_scale"]
        assert {"M", "N", "K", "lda", "ldb", "ldc"} <= set(names)


def test_block128_rules_name_the_failed_rule(manifest):
    for k in manifest["kernels"]:
        rules = {c["name"]: c for c in k["constraints"]}
        env = _problem(64, 128, 256)
        assert all(_eval(c["expr"], env) for c in rules.values()), k["id"]
        if k["match"]["scaling"] == "block128":
            assert not _eval(rules["n_multiple_of_128"]["expr"], _problem(64, 100, 256))
            assert "N to be a multiple of 128" in rules["n_multiple_of_128"]["message"]
            assert not _eval(rules["k_multiple_of_128"]["expr"], _problem(64, 128, 200))
            assert "K to be a multiple of 128" in rules["k_multiple_of_128"]["message"]
        else:
            # per_token takes any M, N and K a multiple of 16
            assert all(_eval(c["expr"], _problem(3, 5, 48)) for c in rules.values())
            assert not _eval(rules["k_multiple_of_16"]["expr"], _problem(3, 5, 40))
        # no kernel applies alpha: a call with one must not be accepted (and dropped)
        assert not _eval(rules["alpha_is_one"]["expr"], dict(env, alpha=2.0))


def test_cost_is_positive_and_ranks_tiles_sensibly(manifest):
    by_id = {k["id"]: k for k in manifest["kernels"]}
    for k in manifest["kernels"]:
        for M, N, K in [(1, 7168, 7168), (4096, 2048, 7168), (64, 128, 128)]:
            cost = _eval(k["cost"], _problem(M, N, K))
            assert cost > 0 and math.isfinite(cost)
    # a 64-row problem gains nothing from the 128-row tile (half of it is padding)
    small = _problem(64, 4096, 4096)
    a = _eval(by_id["gemm_fp8_gfx942_spertoken_m64_n64_ks1"]["cost"], small)
    b = _eval(by_id["gemm_fp8_gfx942_spertoken_m128_n64_ks1"]["cost"], small)
    assert a <= b
    # a large square problem re-reads less with the big tile
    big = _problem(8192, 8192, 8192)
    a = _eval(by_id["gemm_fp8_gfx942_spertoken_m64_n64_ks1"]["cost"], big)
    b = _eval(by_id["gemm_fp8_gfx942_spertoken_m128_n128_ks1"]["cost"], big)
    assert b < a


def test_grid_covers_the_output(manifest):
    for k in manifest["kernels"]:
        gx, gy, gz = (_eval(e, _problem(130, 300, 256)) for e in k["launch"]["grid"])
        assert gx * k["params"]["bn"] >= 300 and gy * k["params"]["bm"] >= 130
        assert gz == 1, "a 256-deep K is never split"


def test_decode_tiles_on_both_archs_split_k_with_a_workspace(manifest):
    decode = [k for k in manifest["kernels"] if k["params"]["ks"] > 1]
    assert {(k["arch"], k["match"]["scaling"]) for k in decode} == {(a, s) for a in ARCHS for s in ("block128", "per_token")}
    for k in manifest["kernels"]:
        names = [a["name"] for a in k["kernarg"]["args"]]
        if k["params"]["ks"] == 1:
            assert k["launch"]["workspace"] == 0 and "workspace" not in names
            continue
        assert k["params"]["bm"] in (16, 32) and {"workspace", "splits", "slabs_per_split"} <= set(names)
        # DeepSeek-V3 decode, M = 1, N = 1536, K = 7168 on 304 CUs: too few output tiles, so K splits;
        # the grid's z, the `splits` kernarg and the workspace agree (counters + S partial tiles per tile)
        env = _problem(1, 1536, 7168)
        args = {a["name"]: a for a in k["kernarg"]["args"]}
        splits = _eval(args["splits"]["value"], env)
        per_split = _eval(args["slabs_per_split"]["value"], env)
        assert splits > 1 and _eval(k["launch"]["grid"][2], env) == splits
        slabs = math.ceil(7168 / 512)
        assert (splits - 1) * per_split < slabs <= splits * per_split, "no split is empty, every slab is covered"
        tiles = math.ceil(1536 / k["params"]["bn"])
        partials = tiles * splits * k["params"]["bm"] * k["params"]["bn"] * 4
        assert _eval(k["launch"]["workspace"], env) >= tiles * 4 + partials
        # a wide problem has enough tiles: no split, only the counters
        wide = _problem(16, 24576, 1536)
        assert _eval(k["launch"]["grid"][2], wide) == 1
        assert 0 < _eval(k["launch"]["workspace"], wide) < 2**20


def _chosen(manifest, arch, scaling, env):
    """The lowest-cost kernel whose constraints hold: the loader's rule (loader/select), restated."""
    best = None
    for k in manifest["kernels"]:
        if k["arch"] != arch or k["match"]["scaling"] != scaling:
            continue
        if all(_eval(c["expr"], env) for c in k["constraints"]):
            cost = _eval(k["cost"], env)
            if best is None or cost < best[0]:
                best = (cost, k)
    return best[1]


@pytest.mark.parametrize("arch,cus", [("gfx942", 304), ("gfx942", 80), ("gfx950", 256)])
def test_cost_picks_decode_tiles_at_small_m_and_prefill_tiles_at_large_m(manifest, arch, cus):
    dims = [1536, 2048, 7168, 18432, 24576]
    for scaling in ("block128", "per_token"):
        for n in dims:
            for kk in dims:
                env = dict(_problem(8, n, kk), cus=cus)
                assert _chosen(manifest, arch, scaling, env)["params"]["ks"] > 1, (scaling, n, kk)
                env = dict(_problem(4096, n, kk), cus=cus)
                assert _chosen(manifest, arch, scaling, env)["params"]["ks"] == 1, (scaling, n, kk)


def _numerics_row(mnemonic):
    """The row of arch/mfma_shapes.def (the emulator's MFMA table) for `mnemonic`: m, n, k, a/b/cd regs,
    passes per target and passes with fp8 operands."""
    with open(os.path.join(ROOT, "arch", "mfma_shapes.def")) as f:
        for line in f:
            if line.startswith(f"INGOT_MFMA({mnemonic},"):
                nums = [int(x) for x in re.findall(r"(?<![A-Za-z_\d])\d+", line.split(",", 1)[1])]
                m, n, k, _blocks, a_regs, b_regs, cd_regs, p942, p950, p_fp8 = nums[:10]
                return {"m": m, "n": n, "k": k, "a": a_regs, "b": b_regs, "cd": cd_regs,
                        "passes": {"gfx942": p942, "gfx950": p950}, "fp8": p_fp8}
    raise AssertionError(f"{mnemonic} not in the numerics MFMA table")


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("table", [archs.FP8_MFMA, archs.FP8_MFMA_16X16])
def test_mfma_facts_agree_with_the_numerics_table(arch, table):
    shape = table[arch]
    row = _numerics_row(shape.mnemonic)
    assert (shape.m, shape.n, shape.k) == (row["m"], row["n"], row["k"])
    assert shape.operand_regs == row["a"] == row["b"] and shape.acc_regs == row["cd"]
    passes = row["fp8"] if row["fp8"] else row["passes"][arch]
    assert passes > 0, f"{shape.mnemonic} is not available on {arch}"
    assert shape.passes == passes


@pytest.mark.parametrize("arch", ARCHS)
def test_rendered_kernel_uses_the_arch_instructions(arch):
    for v, text in _rendered(arch):
        # 16-row decode tiles use the arch's 16x16 FP8 shape, every other tile its 32x32 one
        shape = (archs.FP8_MFMA_16X16 if v.params["bm"] == 16 else archs.FP8_MFMA)[arch]
        other = (archs.FP8_MFMA if v.params["bm"] == 16 else archs.FP8_MFMA_16X16)[arch]
        assert shape.mnemonic in text and other.mnemonic not in text
        if arch == "gfx950":
            assert "v_cvt_pk_bf16_f32" in text
            # f8f6f4 with default cbsz/blgp = FP8 e4m3 for both operands: no format modifiers emitted
            assert "cbsz" not in text and "blgp" not in text
        else:
            assert "v_cvt_pk_bf16_f32" not in text and "v_add3_u32" in text
        if v.params["scaling"] == "block128":
            # per-block scaling in packed fp32 math; the block's partial starts from the inline constant 0
            assert "v_pk_fma_f32" in text and "s_load_dword s" in text
            # (operands in AGPRs on the 128x256 tile)
            assert re.search(re.escape(shape.mnemonic) + r" v\[\d+:\d+\], [av]\[\d+:\d+\], [av]\[\d+:\d+\], 0\n", text)
        if v.params["ks"] > 1:
            # decode tiles: operands straight from global memory; LDS only for the K-slice reduction, split-K
            # through the workspace with the agent-scope release/acquire of common/splitk.s.j2
            assert "ds_read_b128" in text and "ds_write_b128" in text and "buffer_wbl2 sc1" in text
            assert "buffer_inv sc1" in text and "buffer_atomic_add" in text


def _k_loop(text):
    """The K loop of a rendered prefill kernel: from its label to the branch back to it."""
    start = re.search(r"^\.L\w+_k_loop:$", text, re.M)
    end = re.search(r"s_cbranch_scc0 \.L\w+_k_loop$", text[start.end():], re.M)
    return text[start.end():start.end() + end.start()]


def test_gfx950_block128_prefill_loads_slabs_straight_into_lds():
    """gfx950 block128 prefill tiles: the slab's operands (16-byte loads) and its A-scale column go to LDS
    by direct-to-LDS loads (no data VGPRs, no ds_write), and the loop's operand waits are counted: its only
    lgkmcnt(0) comes after the slab's last MFMA, and the next B scale's s_load after that wait, so no
    operand wait waits for a scale load. gfx942 (dword LDS DMA only) and per_token keep the staged slab."""
    for arch in ARCHS:
        for v, text in _rendered(arch):
            if v.params["ks"] > 1:
                continue
            direct = arch == "gfx950" and v.params["scaling"] == "block128"
            assert ("offen lds" in text) == direct, v.params
            assert ("ds_write_b128" in text) != direct, v.params
            if not direct:
                continue
            assert re.search(r"buffer_load_dwordx4 v\d+, s\[\d+:\d+\], s\d+ offen lds", text)
            assert re.search(r"buffer_load_dword v\d+, s\[\d+:\d+\], s\d+ offen lds", text)
            mnemonic = archs.FP8_MFMA[arch].mnemonic
            if gemm_fp8._plan(arch, v.params)["agpr"]:
                _check_agpr_loop(text, mnemonic)
                continue
            loop = _k_loop(text)
            last_mfma = loop.rindex(mnemonic)
            zero_waits = [m.start() for m in re.finditer(r"s_waitcnt lgkmcnt\(0\)", loop)]
            assert zero_waits and all(w > last_mfma for w in zero_waits), v.params
            assert loop.index("s_load_dword", last_mfma) > zero_waits[0]


def _check_agpr_loop(text, mnemonic):
    """The AGPR-operand tile: operands are read into AGPRs and the MFMAs take them from there; each B-scale
    s_load of the loop has most of a slab's MFMAs (8 of its 16) after it and no LDS wait before its slab
    body ends (the next label: the next wait is the next iteration's)."""
    loop = text[re.search(r"^\.L\w+_k_loop:$", text, re.M).end():]
    assert re.search(r"ds_read_b128 a\[\d+:\d+\]", loop)
    assert re.search(re.escape(mnemonic) + r" v\[\d+:\d+\], a\[\d+:\d+\], a\[\d+:\d+\], 0\n", loop)
    loads = [m.end() for m in re.finditer(r"s_load_dword", loop)]
    assert loads
    for at in loads:
        body_rest = loop[at:loop.find("\n.L", at)]
        assert "lgkmcnt" not in body_rest and body_rest.count(mnemonic) >= 8


def test_gfx950_block128_128x256_tile_keeps_its_operands_in_agprs():
    """The 128x256 tile (4 waves of 64x128) exists on gfx950 only with its MFMA operands in AGPRs (two sets):
    in VGPRs they would not fit beside its accumulators, partial sums and A scales."""
    p = {"fp8_format": archs.FP8_FORMAT["gfx950"], "scaling": "block128", "bm": 128, "bn": 256, "ks": 1}
    assert gemm_fp8._valid("gfx950", p) is None
    plan = gemm_fp8._plan("gfx950", p)
    assert plan["agpr"] and plan["agpr_count"] == 2 * plan["agpr_set_regs"] and plan["next_free_vgpr"] <= 256
    assert plan["next_free_vgpr"] + plan["agpr_set_regs"] > 256
    for arch, scaling in [("gfx942", "block128"), ("gfx950", "per_token"), ("gfx942", "per_token")]:
        assert gemm_fp8._valid(arch, dict(p, scaling=scaling, fp8_format=archs.FP8_FORMAT[arch])) is not None


def test_gfx950_block128_128x128_tile_fits_the_vgprs_only_without_staging_registers():
    """The 128x128 block128 tile exists on gfx950 because its direct-to-LDS slab needs no data VGPRs: the
    same plan with staged slabs (16 data VGPRs per 32 rows) would pass the 256-VGPR file."""
    p = {"fp8_format": archs.FP8_FORMAT["gfx950"], "scaling": "block128", "bm": 128, "bn": 128, "ks": 1}
    assert gemm_fp8._valid("gfx950", p) is None
    plan = gemm_fp8._plan("gfx950", p)
    assert plan["dma"] and plan["next_free_vgpr"] <= 256
    staged_data = 4 * (plan["a_chunks"] + plan["b_chunks"])
    assert plan["next_free_vgpr"] + staged_data > 256


@pytest.mark.parametrize("arch", ARCHS)
def test_decode_waves_keep_several_blocks_in_flight(arch):
    """A decode K-slice waits for block i while the later sets' loads stay outstanding: with S operand sets
    the steady-state wait is vmcnt((S-1) x loads per block), and the 16-row tiles (M <= 16, where a
    workgroup is often alone on its CU) keep three blocks in flight (two sets kept one: vmcnt(lpb))."""
    for v, text in ((v, text) for v, text in _rendered(arch) if v.params["ks"] > 1):
        plan = gemm_fp8._plan(arch, v.params)
        waits = {int(n) for n in re.findall(r"s_waitcnt vmcnt\((\d+)\)", text)}
        lpb, sets = plan["loads_per_block"], plan["sets"]
        assert max(waits) == (sets - 1) * lpb <= 63, v.id
        # near a wave's last block: every smaller count of later blocks has its exact wait
        assert {later * lpb for later in range(sets - 1)} <= waits, v.id
        if v.params["bm"] == 16:
            assert sets == 4, v.id
        assert plan["next_free_vgpr"] <= 256, v.id
