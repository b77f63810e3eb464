"""The MFMA shape table (arch/mfma_shapes.def) is the one source of MFMA facts: the emulator compiles its rows
in (emu/numerics mfma_shapes.h holds no row of its own) and every MFMA the generator issues is built from it.
Its pass counts are checked here against an independent source, AMD's published dense peaks (the arch table):
each MFMA the pack issues runs at its arch's peak rate, flop per issue / (4 cycles x passes)."""
import importlib
import os
import pkgutil
import re

import pytest

import gen.families
from gen import archs
from gen.arch_facts import ARCH_FACTS, MFMA_DEF_PATH, MFMA_SHAPES, load_mfma_shapes

ROOT = os.path.dirname(os.path.dirname(MFMA_DEF_PATH))


def _issued_shapes():
    """(arch, MfmaShape) for every shape gen/archs.py and the families hold, found by walking their tables
    (a family that spells its own MfmaShape is covered too)."""
    modules = [archs] + [importlib.import_module(f"gen.families.{m.name}") for m in pkgutil.iter_modules(gen.families.__path__)]
    found = set()

    def walk(value, arch):
        if isinstance(value, archs.MfmaShape):
            assert arch is not None, f"{value.mnemonic}: held outside a per-arch table"
            found.add((arch, value))
        elif isinstance(value, dict):
            for key, item in value.items():
                names = key if isinstance(key, tuple) else (key,)
                walk(item, next((n for n in names if n in ARCH_FACTS), arch))

    for module in modules:
        for value in vars(module).values():
            walk(value, None)
    return sorted(found, key=lambda pair: (pair[0], pair[1].mnemonic))


ISSUED = _issued_shapes()


def test_the_generator_issues_the_shapes_the_pack_needs():
    mnemonics = {shape.mnemonic for _, shape in ISSUED}
    assert {"v_mfma_f32_32x32x8_bf16", "v_mfma_f32_32x32x16_bf16", "v_mfma_f32_32x32x16_fp8_fp8",
            "v_mfma_f32_32x32x64_f8f6f4"} <= mnemonics


@pytest.mark.parametrize("arch,shape", ISSUED, ids=lambda v: getattr(v, "mnemonic", v))
def test_every_issued_shape_is_the_tables(arch, shape):
    assert archs.mfma_shape(shape.mnemonic, arch) == shape


@pytest.mark.parametrize("arch,shape", ISSUED, ids=lambda v: getattr(v, "mnemonic", v))
def test_every_issued_shape_runs_at_its_archs_published_peak(arch, shape):
    facts = ARCH_FACTS[arch]
    row = MFMA_SHAPES[shape.mnemonic]
    eight_bit = row["a"] in ("Fp8", "Bf8", "F8F6F4")
    tflops = facts["dense_fp8_tflops" if eight_bit else "dense_16bit_tflops"]
    peak_per_simd_clock = tflops * 1e3 / (facts["clock_ghz"] * facts["cus"] * facts["simds_per_cu"])
    flop_per_clock = 2 * shape.m * shape.n * shape.k * row["blocks"] / (4 * shape.passes)
    assert flop_per_clock == pytest.approx(peak_per_simd_clock, rel=0.01)


# LLVM's GCNHazardRecognizer (checkMAIVALUHazards): a VALU or VMEM read of an XDL MFMA's result waits
# NumPasses + 3 states on gfx940, one more on gfx950; the 16-bit 32x32 MFMAs are 8-pass on both (llvm-mca's
# gfx940.s / gfx950.s). gen waits the gfx950 figure on both archs. An earlier gen waited as for 16 passes (20).
@pytest.mark.parametrize("arch,mnemonic", [("gfx942", "v_mfma_f32_32x32x8_bf16"), ("gfx942", "v_mfma_f32_32x32x8_f16"),
                                           ("gfx950", "v_mfma_f32_32x32x16_bf16"), ("gfx950", "v_mfma_f32_32x32x16_f16")])
def test_16_bit_32x32_result_reads_wait_as_llvm_does_for_8_passes(arch, mnemonic):
    assert archs.mfma_shape(mnemonic, arch).result_wait_states == 8 + 3 + 1


def test_the_emulator_holds_no_second_table():
    header = open(os.path.join(ROOT, "emu", "numerics", "include", "ingot_emu", "mfma_shapes.h")).read()
    assert '#include "mfma_shapes.def"' in header
    assert not re.search(r'\{"v_mfma', header)


def test_templates_spell_no_mfma_outside_the_table():
    for folder, _, files in os.walk(os.path.join(ROOT, "asm")):
        for name in files:
            for mnemonic in re.findall(r"\bv_mfma_\w+", open(os.path.join(folder, name)).read()):
                assert mnemonic in MFMA_SHAPES, f"{name}: {mnemonic}"


def test_a_malformed_row_is_an_error(tmp_path):
    bad = tmp_path / "bad.def"
    bad.write_text("INGOT_MFMA(v_mfma_f32_32x32x8_bf16, 32, 32, 8, 1, Bf16, Bf16, F32, 2, 2, 16, 8, 8, 0)\n")
    with pytest.raises(ValueError, match="bad.def:1"):
        load_mfma_shapes(str(bad))


def test_an_unknown_mfma_is_an_error():
    with pytest.raises(ValueError, match="not an MFMA of gfx950"):
        archs.mfma_shape("v_mfma_f32_32x32x8_bf16_typo", "gfx950")
    with pytest.raises(ValueError, match="not an MFMA of gfx950"):
        archs.mfma_shape("v_mfma_f32_32x32x4_xf32", "gfx950")  # removed on CDNA4
