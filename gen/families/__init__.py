"""Registry of family specs: one module per family, each exporting SPEC."""

from gen.families import fmha_fwd, fmha_fwd_pp, gemm, gemm_fp8, mla_decode
from gen.spec import FamilySpec

FAMILIES: dict[str, FamilySpec] = {spec.name: spec for spec in (gemm.SPEC, gemm_fp8.SPEC, fmha_fwd.SPEC, fmha_fwd_pp.SPEC, mla_decode.SPEC)}


def get_family(name: str) -> FamilySpec:
    try:
        return FAMILIES[name]
    except KeyError:
        raise ValueError(f"unknown family '{name}' (known: {', '.join(sorted(FAMILIES))})") from None
