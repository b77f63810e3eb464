import os
import subprocess
import sys

from gen.paths import SOURCE_ROOT
from gen.probe import probe, probe_source


def _run(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=str(SOURCE_ROOT))
    return subprocess.run([sys.executable, "-m", "gen", *args], input=stdin, capture_output=True, text=True,
                          cwd=SOURCE_ROOT, env=env)


def test_probe_succeeds_for_both_archs():
    for arch in ("gfx942", "gfx950"):
        ok, message = probe(arch)
        assert ok, message


def test_probe_names_an_unknown_arch():
    ok, message = probe("gfx999")
    assert not ok and "gfx999" in message
    proc = _run("probe", "--arch", "gfx999")
    assert proc.returncode == 1 and "unknown arch" in proc.stderr


def test_probe_explains_a_missing_backend(monkeypatch):
    monkeypatch.setenv("INGOT_ASM_BACKEND", "nonsense")
    ok, message = probe("gfx942", None)
    assert not ok and "setup.sh" in message


def test_asm_verb_builds_a_file_and_names_bad_lines(tmp_path):
    good = tmp_path / "k.s"
    good.write_text(probe_source("gfx950"))
    out = tmp_path / "k.co"
    proc = _run("asm", str(good), "--arch", "gfx950", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:4] == b"\x7fELF"
    bad = tmp_path / "bad.s"
    bad.write_text(probe_source("gfx950").replace("  s_endpgm", "  s_endpgm\n  v_wrong v0"))
    proc = _run("asm", str(bad), "--arch", "gfx950", "-o", str(tmp_path / "bad.co"))
    line = probe_source("gfx950").split("\n").index("  s_endpgm") + 2
    assert proc.returncode == 1 and f"bad.s:{line}: error: invalid instruction" in proc.stderr


def test_build_list_prints_variants_without_building(tmp_path):
    proc = _run("build", "--list", "--arch", "gfx950", "--family", "gemm", "--filter", "*abf16_cf32_bias0_m64_n64*")
    assert proc.returncode == 0
    assert proc.stdout.split("\n")[0].split("\t") == ["gfx950", "gemm", "gemm_gfx950_abf16_cf32_bias0_m64_n64_k64_ks1"]
    assert len(proc.stdout.strip().split("\n")) == 1
    proc = _run("build", "--list", "--arch", "gfx942", "--filter", "gemm_gfx942_af16_cbf16_bias1_m32_*")
    assert proc.stdout.split("\n")[0].split("\t") == ["gfx942", "gemm", "gemm_gfx942_af16_cbf16_bias1_m32_n32_k256_ks4"]
    assert len(proc.stdout.strip().split("\n")) == 2


def test_build_refuses_a_work_dir_inside_the_pack(tmp_path):
    proc = _run("build", "--out", str(tmp_path / "p"), "--work", str(tmp_path / "p" / "w"))
    assert proc.returncode == 2 and "must not be inside" in proc.stderr


def test_rocm_backend_reports_an_llvm_too_old_for_the_arch(monkeypatch):
    import re
    import shutil
    mc = shutil.which("llvm-mc")
    if mc is None:
        import pytest
        pytest.skip("no llvm-mc on PATH")
    version = subprocess.run([mc, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"LLVM version (\d+)", version)
    if not m or int(m.group(1)) >= 17:
        import pytest
        pytest.skip("the llvm-mc on PATH is new enough for gfx942")
    monkeypatch.setenv("INGOT_ASM_BACKEND", "rocm")
    ok, message = probe("gfx942")
    assert not ok and "too old for gfx942" in message and "LLVM >= 17" in message
