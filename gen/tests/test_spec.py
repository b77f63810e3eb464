import pytest

from gen.archs import MFMA_BF16_32X32
from gen.families import gemm
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


P64 = {"dtype": "bf16", "out": "f32", "has_bias": False, "bm": 64, "bn": 128, "bk": 64, "ks": 1}


def test_gemm_space_is_product_filtered_by_explicit_constraints():
    variants, rejected = expand(gemm.SPEC, ["gfx942", "gfx950"])
    # every declared tile of each arch x 2 input dtypes x 3 output dtypes x bias or not; the rest of the
    # product (tiles of other archs, mixed bm/bn/bk/ks) is rejected with a reason
    assert len(variants) == sum(len(tiles) for tiles in gemm.TILES.values()) * 2 * 3 * 2
    assert {v.arch for v in variants} == {"gfx942", "gfx950"}
    assert rejected and all((r[1] is not None) for r in rejected)


def test_gemm_valid_explains_rejections():
    p = dict(P64, bm=64, bn=64, bk=24)
    assert "is not declared for gfx950" in gemm._valid("gfx950", p)
    assert gemm._valid("gfx942", dict(P64, bm=128, bn=128, bk=64)) is None


def test_gemm_kernargs_and_grid():
    layout = gemm.SPEC.kernarg_layout(P64)
    names = [(a.name, a.offset, a.type) for a in layout.args]
    assert names[:4] == [("A", 0, "ptr"), ("B", 8, "ptr"), ("C", 16, "ptr"), ("M", 24, "i32")]
    assert layout.args[-1].name == "k_tiles" and layout.args[-1].value == ["ceil_div", "K", 64]
    assert gemm.SPEC.grid(P64) == [["ceil_div", "N", 128], ["ceil_div", "M", 64], 1]


def test_gemm_constraints_carry_user_messages():
    msgs = {c.name: c.message for c in gemm.SPEC.constraints(P64)}
    assert msgs["k_multiple_of_8"] == "K must be a multiple of 8"
    assert "2 GiB" in msgs["a_fits_32bit"]


def test_gfx950_variants_use_gfx950_mfma_shape():
    p = dict(P64, bn=64)
    assert gemm._plan("gfx942", p)["mfma"] is MFMA_BF16_32X32["gfx942"]
    assert gemm._plan("gfx950", p)["mfma"].k == 16
    assert gemm._plan("gfx950", p)["k_steps"] == 4 and gemm._plan("gfx942", p)["k_steps"] == 8


def test_expand_skips_archs_the_family_does_not_support_and_detects_id_clashes():
    only942 = toy_spec("toy", "toy/one.s.j2", archs=("gfx942",))
    variants, _ = expand(only942, ["gfx942", "gfx950"])
    assert {v.arch for v in variants} == {"gfx942"}
    clash = toy_spec("toy", "toy/one.s.j2")
    clash.name_keys = []
    with pytest.raises(ValueError, match="both name"):
        expand(clash, ["gfx942"])
