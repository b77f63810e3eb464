import json
import re

import pytest

from gen.families import FAMILIES
from gen.naming import variant_id
from gen.spec import expand


def test_id_format_is_family_arch_then_named_params():
    vid = variant_id("gemm", "gfx950", {"bm": 128, "bn": 64, "bk": 32}, [("bm", "m"), ("bn", "n"), ("bk", "k")])
    assert vid == "gemm_gfx950_m128_n64_k32"


def test_values_are_sanitised_into_symbol_characters():
    vid = variant_id("fam", "gfx942", {"dtype": "bf16", "causal": True, "x": "a-b.c"},
                     [("dtype", "d"), ("causal", "c"), ("x", "x")])
    assert vid == "fam_gfx942_dbf16_c1_xabc"
    assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", vid)


def test_unknown_name_key_and_bad_family_are_rejected():
    with pytest.raises(ValueError, match="not a parameter"):
        variant_id("fam", "gfx942", {}, [("bm", "m")])
    with pytest.raises(ValueError, match="lowercase"):
        variant_id("Fam-1", "gfx942", {}, [])


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_family_names_variants_uniquely(name):
    variants, _ = expand(FAMILIES[name], ["gfx942", "gfx950"])
    ids = [v.id for v in variants]
    assert len(ids) == len(set(ids)) and ids
    for v in variants:
        assert v.id.startswith(f"{name}_{v.arch}_")


def test_id_is_file_stem_and_symbol_in_the_built_pack(built_pack):
    out, _, _ = built_pack
    manifest = json.loads((out / "manifest.json").read_text())
    for k in manifest["kernels"]:
        assert k["symbol"] == k["id"]
        assert k["file"] == f"{k['arch']}/{k['id']}.co"
        assert (out / k["file"]).is_file()
