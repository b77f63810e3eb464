"""`ingot run` (one op call checked against the CPU reference) and `ingot list --summary`.

The PASS/FAIL verdict comes from the CPU references in tests/reference, compiled into the CLI; these
tests check the verb's contract around it: exit codes, the kernel it names is a pack entry of the right
family and arch, a wrong result is caught (a planted launch-grid fault), illegal shapes print the rule."""
import collections
import json
from pathlib import Path

import pytest

from conftest import run


def manifest(pack: Path) -> dict:
    return json.loads((pack / "manifest.json").read_text())


def fields(stdout: str) -> dict:
    out = {}
    for line in stdout.splitlines():
        key, sep, value = line.partition(":")
        if sep and key and " " not in key.strip():
            out.setdefault(key.strip(), value.strip())
    return out


def require_fp8(pack: Path, needed: bool = True) -> None:
    """An older or partial pack may lack the gemm_fp8 family: its cases skip (CI builds the full pack)."""
    if needed and not any(k["family"] == "gemm_fp8" for k in manifest(pack)["kernels"]):
        pytest.skip("this pack has no gemm_fp8 kernels")


def kernel_entry(pack: Path, kernel_id: str) -> dict:
    return next(k for k in manifest(pack)["kernels"] if k["id"] == kernel_id)


@pytest.mark.parametrize("args, arch, match", [
    (["--m", "33", "--n", "70", "--k", "72", "--dtype", "bf16", "--out", "bf16", "--bias", "--alpha", "0.5",
      "--ldc", "80"], "gfx942", {"dtype_a": "bf16", "dtype_c": "bf16", "has_bias": True}),
    (["--M", "5", "--N", "40", "--K", "264", "--dtype", "f16", "--out", "f16"], "gfx950",
     {"dtype_a": "f16", "dtype_c": "f16", "has_bias": False}),
    (["--m", "17", "--n", "64", "--k", "32"], "gfx942", {"dtype_a": "bf16", "dtype_c": "f32"}),
    (["--m", "40", "--n", "256", "--k", "384", "--dtype", "fp8"], "gfx942",
     {"dtype_a": "fp8", "scaling": "block128", "fp8_format": "e4m3fnuz"}),
    (["--m", "20", "--n", "72", "--k", "112", "--dtype", "fp8", "--scaling", "per-token"], "gfx950",
     {"dtype_a": "fp8", "scaling": "per_token", "fp8_format": "e4m3fn"}),
])
def test_run_gemm_passes_on_the_emulator(cli, pack_dir, args, arch, match):
    require_fp8(pack_dir, "fp8" in args)
    result = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--arch", arch, *args)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert out.rstrip().splitlines()[-1] == "PASS"
    f = fields(out)
    entry = kernel_entry(pack_dir, f["kernel"])
    assert entry["arch"] == arch and entry["op"] == "gemm"
    for key, value in match.items():
        assert entry["match"].get(key, value) == value, (key, entry["match"])
    assert float(out.split("max abs error:")[1].split()[0]) >= 0
    assert "why:" in out
    assert "instructions" not in out  # no profile unless asked


def test_run_profile_only_when_asked(cli, pack_dir):
    result = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--m", "8", "--n", "32", "--k", "64",
                 "--profile")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "mfma busy cycles" in result.stdout and "occupancy" in result.stdout


def test_run_timing_prints_a_modeled_time(cli, pack_dir):
    """--timing: the profile gains the timing mode's line, which calls itself modeled; off without it."""
    args = ["run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--m", "8", "--n", "32", "--k", "64"]
    timed = run(cli, *args, "--timing")
    assert timed.returncode == 0, timed.stdout + timed.stderr
    line = timing_line(timed.stdout)
    assert float(line.split("modeled time")[1].split()[0]) > 0 and "bound by" in line
    assert "modeled" not in run(cli, *args, "--profile").stdout


def timing_line(stdout: str) -> str:
    return next(l for l in stdout.splitlines() if "modeled time" in l)


def traced_and_launched(stdout: str) -> tuple[int, int]:
    """(workgroups the timing mode traced, workgroups the launch ran), from the profile's lines."""
    traced = int(timing_line(stdout).split(" traced workgroup")[0].split()[-1])
    launched = next(int(l.split("workgroups")[1].split(",")[0]) for l in stdout.splitlines()
                    if l.strip().startswith("workgroups "))
    return traced, launched


def test_run_timing_workgroups_chooses_what_is_traced(cli, pack_dir):
    """--timing-workgroups: planes (the default: the first workgroup of each z plane, so a split-K launch's
    splits), first (workgroup 0), all, or a list of linear indices (0 always; past the grid ignored)."""
    # M=1, N=256, K=2048 bf16: a split-K decode launch (several z planes) of a few tiles.
    args = ["run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--m", "1", "--n", "256", "--k", "2048",
            "--timing"]

    def traced(*extra: str) -> tuple[int, int]:
        result = run(cli, *args, *extra)
        assert result.returncode == 0, result.stdout + result.stderr
        return traced_and_launched(result.stdout)

    planes, launched = traced()
    assert traced("--timing-workgroups", "planes") == (planes, launched)
    assert 1 < planes < launched, "the shape should be a split-K launch of several tiles"
    assert traced("--timing-workgroups", "first") == (1, launched)
    assert traced("--timing-workgroups", "all") == (launched, launched)
    assert traced("--timing-workgroups", f"2,0,{launched - 1},{launched + 5}") == (3, launched)


def test_run_timing_workgroups_usage_errors(cli, pack_dir):
    base = ["run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--m", "8", "--n", "32", "--k", "64"]
    for value in ["1,x", "-1", "", "0,,2", "some"]:
        result = run(cli, *base, "--timing", "--timing-workgroups", value)
        assert result.returncode == 2 and "--timing-workgroups takes" in result.stderr, (value, result.stderr)
    without = run(cli, *base, "--timing-workgroups", "all")
    assert without.returncode == 2 and "give --timing too" in without.stderr


def test_run_illegal_shape_prints_the_rule(cli, pack_dir):
    require_fp8(pack_dir)
    result = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--m", "20", "--n", "100", "--k", "256",
                 "--dtype", "fp8")
    assert result.returncode == 1
    assert "multiple of 128" in result.stderr
    bad_k = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--m", "4", "--n", "32", "--k", "12")
    assert bad_k.returncode == 1 and "no kernel" in bad_k.stderr


def test_run_usage_errors(cli, pack_dir):
    base = ["run", "gemm", "--pack", str(pack_dir), "--device", "emu"]
    assert run(cli, *base, "--m", "4", "--n", "32").returncode == 2  # no K
    assert run(cli, *base, "--m", "4", "--n", "32", "--k", "64", "--dtype", "f64").returncode == 2
    assert run(cli, *base, "--m", "4", "--n", "32", "--k", "64", "--frobnicate", "1").returncode == 2
    assert run(cli, *base, "--m", "4", "--n", "128", "--k", "128", "--dtype", "fp8", "--scaling", "rowwise").returncode == 2
    assert run(cli, "run", "fmha_fwd", "--pack", str(pack_dir), "--device", "emu").returncode == 2  # no --heads-q ...


def test_run_input_problems_are_clear_usage_errors(cli, pack_dir):
    """Sizes whose products overflow int64, K=0 and a dtype the pack lacks: exit 2 with a message that
    says what; the dtype message lists the types the pack's gemm kernels really take (read from its manifest)."""
    base = ["run", "gemm", "--pack", str(pack_dir), "--device", "emu"]
    huge = str(1 << 40)
    overflow = run(cli, *base, "--m", huge, "--n", "32", "--k", "64", "--lda", huge)
    assert overflow.returncode == 2 and "M*lda" in overflow.stderr, overflow.stderr
    empty = run(cli, *base, "--m", "4", "--n", "32", "--k", "0")
    assert empty.returncode == 2 and "K >= 1" in empty.stderr and "empty product" in empty.stderr, empty.stderr
    in_pack = sorted({k["match"]["dtype_a"] for k in manifest(pack_dir)["kernels"]
                      if k["op"] == "gemm" and "dtype_a" in k["match"]})
    bad_dtype = run(cli, *base, "--m", "4", "--n", "32", "--k", "64", "--dtype", "int8")
    assert bad_dtype.returncode == 2, bad_dtype.stderr
    assert "int8" in bad_dtype.stderr and "take " + ", ".join(in_pack) in bad_dtype.stderr, bad_dtype.stderr


def test_run_catches_a_wrong_result(cli, pack_copy):
    """A planted fault the pack checks cannot see (the launch grid covers one tile of C): FAIL, exit 1."""
    shape = ["--m", "100", "--n", "96", "--k", "64"]
    first = run(cli, "run", "gemm", "--pack", str(pack_copy), "--device", "emu", *shape)
    assert first.returncode == 0, first.stdout + first.stderr
    chosen = fields(first.stdout)["kernel"]
    m = manifest(pack_copy)
    m["kernels"] = [k for k in m["kernels"] if k["id"] == chosen]
    m["kernels"][0]["launch"]["grid"] = [1, 1, 1]
    (pack_copy / "manifest.json").write_text(json.dumps(m))
    result = run(cli, "run", "gemm", "--pack", str(pack_copy), "--device", "emu", *shape)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.rstrip().splitlines()[-1] == "FAIL"
    assert "outside tolerance" in result.stdout


def test_list_summary_counts_per_family_and_arch(cli, pack_dir):
    result = run(cli, "list", "--pack", str(pack_dir), "--summary")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["FAMILY", "OP", "ARCH", "KERNELS"]
    kernels = manifest(pack_dir)["kernels"]
    expected = collections.Counter((k["family"], k["op"], k["arch"]) for k in kernels)
    rows = {(r[0], r[1], r[2]): int(r[3]) for r in (line.split() for line in lines[1:-1])}
    assert rows == dict(expected)
    assert lines[-1] == f"total: {len(kernels)} kernels"
