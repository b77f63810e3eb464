"""Shared fixtures: one real pack built once per session, and small throwaway families for tests that
need to edit templates (never the real asm/ tree, which other people are working in)."""

import shutil
from pathlib import Path

import pytest

from gen.build import BuildOptions, run_build
from gen.paths import ASM_DIR
from gen.spec import Constraint, FamilySpec, KernArg

TOY_TEMPLATE = """{% import "common/kernel.s.j2" as kern %}
{{ kern.header(k) }}
  s_nop {{ p.wait }}
  v_mov_b32 v1, {{ p.wait }}
{{ kern.footer(k) }}
"""


def toy_spec(name: str, template: str, waits=(0, 1), archs=("gfx942", "gfx950")) -> FamilySpec:
    return FamilySpec(
        name=name, op="gemm", template=template, archs=tuple(archs),
        space=lambda arch: {"wait": list(waits)},
        valid=lambda arch, p: None,
        name_keys=[("wait", "w")],
        kernargs=lambda p: [KernArg("out", "ptr", "out"), KernArg("n", "i32", "n")],
        workgroup=lambda p: [64, 1, 1],
        grid=lambda p: [["ceil_div", "n", 64], 1, 1],
        dynamic_lds=lambda p: 0,
        match={"dtype_a": "toy"},
        constraints=lambda p: [Constraint("n_positive", ["ge", "n", 1], "n must be at least 1")],
        cost=lambda arch, p: ["add", "n", p["wait"]],
        plan=lambda arch, p: {"lds_bytes": 0, "next_free_vgpr": 4, "next_free_sgpr": 8, "workgroup_ids": "x"},
    )


@pytest.fixture
def toy_asm(tmp_path) -> Path:
    """A private asm/ folder: the real common macros plus two toy templates."""
    asm = tmp_path / "asm"
    shutil.copytree(ASM_DIR / "common", asm / "common")
    (asm / "toy").mkdir()
    (asm / "toy" / "one.s.j2").write_text(TOY_TEMPLATE)
    (asm / "toy" / "two.s.j2").write_text(TOY_TEMPLATE)
    return asm


@pytest.fixture(scope="session")
def built_pack(tmp_path_factory):
    root = tmp_path_factory.mktemp("pack")
    out, work = root / "pack", root / "work"
    # a slice of the real pack (every family, a few tiles): the full pack takes too long for a unit test run;
    # ctest's gen.reproducible builds all of it twice
    result = run_build(BuildOptions(str(out), str(work), ["gfx942", "gfx950"], filter="*_m64_n64_k*", jobs=2))
    return out, work, result
