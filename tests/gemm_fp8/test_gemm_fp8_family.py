"""gemm_fp8 family: the kernels assemble and link for both archs, the manifest entries validate against the
schema and say what callers need (match keys, kernargs, constraints with clear messages, a cost), and the
family's ISA facts agree with the numerics room's MFMA table (a separately written source)."""

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
from gen.manifest import validate_manifest  # noqa: E402
from gen.render import render  # noqa: E402
from gen.spec import expand  # noqa: E402

ARCHS = ["gfx942", "gfx950"]


@pytest.fixture(scope="module")
def manifest(tmp_path_factory):
    out = tmp_path_factory.mktemp("pack")
    work = tmp_path_factory.mktemp("work")
    run_build(BuildOptions(out=str(out), work=str(work), archs=ARCHS, jobs=1, specs=[gemm_fp8.SPEC]))
    with open(out / "manifest.json") as f:
        data = json.load(f)
    for k in data["kernels"]:
        assert (out / k["file"]).stat().st_size == k["size"]
    return data


def _eval(expr, env):
    """The manifest expression language (manifest/README.md), written here for the test."""
    if isinstance(expr, (int, float)):
        return expr
    if isinstance(expr, str):
        return env[expr]
    op, *args = expr
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
    return {"M": M, "N": N, "K": K, "lda": K, "ldb": K, "ldc": N, "cus": 304}


def test_every_scaling_on_both_archs_with_the_arch_format(manifest):
    validate_manifest(manifest)
    seen = {(k["arch"], k["match"]["scaling"]) for k in manifest["kernels"]}
    assert seen == {(a, s) for a in ARCHS for s in ("block128", "per_token")}
    for k in manifest["kernels"]:
        assert k["op"] == "gemm" and k["family"] == "gemm_fp8"
        fmt = {"gfx942": "e4m3fnuz", "gfx950": "e4m3fn"}[k["arch"]]
        assert k["match"] == {"dtype_a": "fp8", "dtype_b": "fp8", "dtype_c": "bf16",
                              "scaling": k["params"]["scaling"], "fp8_format": fmt}
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


def test_cost_is_positive_and_ranks_tiles_sensibly(manifest):
    by_id = {k["id"]: k for k in manifest["kernels"]}
    for k in manifest["kernels"]:
        for M, N, K in [(1, 7168, 7168), (4096, 2048, 7168), (64, 128, 128)]:
            cost = _eval(k["cost"], _problem(M, N, K))
            assert cost > 0 and math.isfinite(cost)
    # a 64-row problem gains nothing from the 128-row tile (half of it is padding)
    small = _problem(64, 4096, 4096)
    a = _eval(by_id["gemm_fp8_gfx942_spertoken_m64_n64"]["cost"], small)
    b = _eval(by_id["gemm_fp8_gfx942_spertoken_m128_n64"]["cost"], small)
    assert a <= b
    # a large square problem re-reads less with the big tile
    big = _problem(8192, 8192, 8192)
    a = _eval(by_id["gemm_fp8_gfx942_spertoken_m64_n64"]["cost"], big)
    b = _eval(by_id["gemm_fp8_gfx942_spertoken_m128_n128"]["cost"], big)
    assert b < a


def test_grid_covers_the_output(manifest):
    for k in manifest["kernels"]:
        gx, gy, gz = (_eval(e, _problem(130, 300, 256)) for e in k["launch"]["grid"])
        assert gx * k["params"]["bn"] >= 300 and gy * k["params"]["bm"] >= 130 and gz == 1


def _numerics_row(mnemonic):
    """The row of emu/numerics/include/ingot_emu/mfma_shapes.h for `mnemonic`: m, n, k, a/b/cd regs,
    passes per target and passes with fp8 operands."""
    with open(os.path.join(ROOT, "emu", "numerics", "include", "ingot_emu", "mfma_shapes.h")) as f:
        for line in f:
            if f'"{mnemonic}"' in line:
                nums = [int(x) for x in re.findall(r"(?<![A-Za-z_\d])\d+", line.split(",", 1)[1])]
                m, n, k, _blocks, a_regs, b_regs, cd_regs, p942, p950, p_fp8 = nums[:10]
                return {"m": m, "n": n, "k": k, "a": a_regs, "b": b_regs, "cd": cd_regs,
                        "passes": {"gfx942": p942, "gfx950": p950}, "fp8": p_fp8}
    raise AssertionError(f"{mnemonic} not in the numerics MFMA table")


@pytest.mark.parametrize("arch", ARCHS)
def test_mfma_facts_agree_with_the_numerics_table(arch):
    shape = archs.FP8_MFMA[arch]
    row = _numerics_row(shape.mnemonic)
    assert (shape.m, shape.n, shape.k) == (row["m"], row["n"], row["k"])
    assert shape.operand_regs == row["a"] == row["b"] and shape.acc_regs == row["cd"]
    passes = row["fp8"] if row["fp8"] else row["passes"][arch]
    assert passes > 0, f"{shape.mnemonic} is not available on {arch}"
    assert shape.passes == passes


@pytest.mark.parametrize("arch", ARCHS)
def test_rendered_kernel_uses_the_arch_instructions(arch):
    variants, _ = expand(gemm_fp8.SPEC, [arch])
    for v in variants:
        text = render(gemm_fp8.SPEC.template, build_context(gemm_fp8.SPEC, v)).text
        assert archs.FP8_MFMA[arch].mnemonic in text
        if arch == "gfx950":
            assert "v_cvt_pk_bf16_f32" in text
            # f8f6f4 with default cbsz/blgp = FP8 e4m3 for both operands: no format modifiers emitted
            assert "cbsz" not in text and "blgp" not in text
        else:
            assert "v_cvt_pk_bf16_f32" not in text and "v_add3_u32" in text
        if v.params["scaling"] == "block128":
            assert "v_fmac_f32" in text and "s_load_dword s" in text
