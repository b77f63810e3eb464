import pytest

from gen.archs import MFMA_BF16_32X32
from gen.families import gemm_bf16
from gen.spec import KernArg, expand, layout_kernargs
from gen.tests.conftest import toy_spec


def test_kernarg_layout_uses_natural_alignment():
    layout = layout_kernargs([KernArg("n", "i32", "n"), KernArg("p", "ptr", "p"), KernArg("m", "u32", "m"),
                              KernArg("x", "f32", "x")])
    assert [(a.name, a.offset, a.size) for a in layout.args] == [("n", 0, 4), ("p", 8, 8), ("m", 16, 4),
                                                                ("x", 20, 4)]
    assert layout.size == 24 and layout.align == 8


def test_kernarg_layout_rejects_duplicates_and_unknown_types():
    with pytest.raises(ValueError, match="twice"):
        layout_kernargs([KernArg("a", "i32", "a"), KernArg("a", "i32", "a")])
    with pytest.raises(ValueError, match="unknown type"):
        layout_kernargs([KernArg("a", "f16", "a")])


def test_gemm_space_is_product_filtered_by_explicit_constraints():
    variants, rejected = expand(gemm_bf16.SPEC, ["gfx942", "gfx950"])
    # 2 bm x 2 bn x 2 bk per arch, all valid for the baseline
    assert len(variants) == 16
    assert {v.arch for v in variants} == {"gfx942", "gfx950"}
    assert all((r[1] is not None) for r in rejected)


def test_gemm_valid_explains_rejections():
    assert "multiple of the MFMA K" in gemm_bf16._valid("gfx950", {"bm": 64, "bn": 64, "bk": 24})
    assert "whole 16-byte chunks" in gemm_bf16._valid("gfx942", {"bm": 64, "bn": 64, "bk": 8})
    assert gemm_bf16._valid("gfx942", {"bm": 128, "bn": 128, "bk": 64}) is None


def test_gemm_kernargs_and_grid():
    layout = gemm_bf16.SPEC.kernarg_layout({"bm": 64, "bn": 128, "bk": 32})
    names = [(a.name, a.offset, a.type) for a in layout.args]
    assert names[:4] == [("A", 0, "ptr"), ("B", 8, "ptr"), ("C", 16, "ptr"), ("M", 24, "i32")]
    assert layout.args[-1].name == "k_tiles" and layout.args[-1].value == ["ceil_div", "K", 32]
    assert gemm_bf16.SPEC.grid({"bm": 64, "bn": 128, "bk": 32}) == [["ceil_div", "N", 128], ["ceil_div", "M", 64], 1]


def test_gemm_constraints_carry_user_messages():
    msgs = {c.name: c.message for c in gemm_bf16.SPEC.constraints({"bm": 64, "bn": 64, "bk": 32})}
    assert msgs["k_multiple_of_8"] == "K must be a multiple of 8"
    assert "2 GiB" in msgs["a_fits_32bit"]


def test_gfx950_variants_use_gfx950_mfma_shape():
    p = {"bm": 64, "bn": 64, "bk": 64}
    assert gemm_bf16._plan("gfx942", p)["mfma"] is MFMA_BF16_32X32["gfx942"]
    assert gemm_bf16._plan("gfx950", p)["mfma"].k == 16
    assert gemm_bf16._plan("gfx950", p)["k_steps"] == 4 and gemm_bf16._plan("gfx942", p)["k_steps"] == 8


def test_expand_skips_archs_the_family_does_not_support_and_detects_id_clashes():
    only942 = toy_spec("toy", "toy/one.s.j2", archs=("gfx942",))
    variants, _ = expand(only942, ["gfx942", "gfx950"])
    assert {v.arch for v in variants} == {"gfx942"}
    clash = toy_spec("toy", "toy/one.s.j2")
    clash.name_keys = []
    with pytest.raises(ValueError, match="both name"):
        expand(clash, ["gfx942"])
