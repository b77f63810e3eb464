"""`ingot emu` on a hand-written kernel (tests/cli/kernels/scale_add.s, assembled here with the
generator's toolchain via `python -m gen asm`) and `ingot disasm` on a file and on a pack kernel.

Expected values are computed in Python from the kernel's documented semantics (see the .s file), not
from the emulator; the disassembly is compared with the mnemonics of the source we assembled."""
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import run

REPO = Path(__file__).resolve().parents[2]
KERNEL_SOURCE = Path(__file__).with_name("kernels") / "scale_add.s"


def assemble(arch: str, out: Path, source: Path = KERNEL_SOURCE) -> Path:
    result = subprocess.run([sys.executable, "-m", "gen", "asm", str(source), "--arch", arch, "-o", str(out)],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    if result.returncode != 0 and "triton" in result.stderr.lower():
        pytest.skip("the generator's toolchain (triton) is not available: " + result.stderr.strip()[:200])
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture()
def emu_cli(cli):
    if "not available" in run(cli, "emu", "--help").stdout:
        pytest.skip("this ingot was built without the emulator")
    return cli


@pytest.mark.parametrize("arch", ["gfx942", "gfx950"])
def test_emu_runs_a_hand_written_kernel(emu_cli, tmp_path, arch):
    co = assemble(arch, tmp_path / "scale_add.co")
    a = [float(i) - 20.0 for i in range(64)]
    acc = [0.25 * i for i in range(64)]
    (tmp_path / "a.bin").write_bytes(struct.pack("<64f", *a))
    (tmp_path / "acc.bin").write_bytes(struct.pack("<64f", *acc))
    count, scale, tag = 37, -1.5, 0x0123456789ABCDEF
    result = run(emu_cli, "emu", str(co), "--kernel", "scale_add", "--grid", "1", "--block", "64,1,1",
                 "--arg", f"a=@{tmp_path / 'a.bin'}", "--arg", f"acc=inout:{tmp_path / 'acc.bin'}",
                 "--arg", f"out=out:264:{tmp_path / 'out.bin'}", "--arg", f"scale=f32:{scale}",
                 "--arg", f"count=i32:{count}", "--arg", f"tag=u64:{tag:#x}")
    assert result.returncode == 0, result.stderr
    assert f"scale_add ({arch})" in result.stdout
    assert "instructions" not in result.stdout  # no profile unless asked
    out = (tmp_path / "out.bin").read_bytes()
    got = struct.unpack("<64f", out[:256])
    # Small integers and quarters: every f32 step is exact, so equality is the right test.
    assert list(got) == [a[i] * scale + acc[i] if i < count else 0.0 for i in range(64)]
    assert struct.unpack("<Q", out[256:264])[0] == tag
    assert list(struct.unpack("<64f", (tmp_path / "acc.bin").read_bytes())) == [
        acc[i] + 1.0 if i < count else acc[i] for i in range(64)]


def test_emu_profile_and_argument_errors(emu_cli, tmp_path):
    co = assemble("gfx942", tmp_path / "scale_add.co")
    (tmp_path / "a.bin").write_bytes(bytes(256))
    full = ["--grid", "1", "--block", "64", "--arg", f"a=@{tmp_path / 'a.bin'}", "--arg", f"acc=@{tmp_path / 'a.bin'}",
            "--arg", f"out=out:264:{tmp_path / 'o.bin'}", "--arg", "scale=f32:1", "--arg", "count=i32:64",
            "--arg", "tag=u64:0"]
    profiled = run(emu_cli, "emu", str(co), *full, "--profile")
    assert profiled.returncode == 0, profiled.stderr
    assert "mfma busy cycles" in profiled.stdout and "occupancy" in profiled.stdout

    missing = run(emu_cli, "emu", str(co), *full[:-2])
    assert missing.returncode == 2 and "'tag'" in missing.stderr
    wrong_width = run(emu_cli, "emu", str(co), *full, "--arg", "count=i64:3")
    assert wrong_width.returncode == 2 and "4 bytes" in wrong_width.stderr
    unknown = run(emu_cli, "emu", str(co), *full, "--arg", "nope=i32:1")
    assert unknown.returncode == 2 and "nope" in unknown.stderr
    no_grid = run(emu_cli, "emu", str(co), *full[2:])
    assert no_grid.returncode == 2 and "--grid" in no_grid.stderr
    bad_kernel = run(emu_cli, "emu", str(co), *full, "--kernel", "other")
    assert bad_kernel.returncode == 1 and "other" in bad_kernel.stderr
    no_file = run(emu_cli, "emu", str(tmp_path / "absent.co"), *full)
    assert no_file.returncode == 1 and "absent.co" in no_file.stderr


def source_mnemonics() -> list:
    body = KERNEL_SOURCE.read_text().split("scale_add:\n", 1)[1].split(".Lend_scale_add:", 1)[0]
    lines = [line.split("//")[0].strip() for line in body.splitlines()]
    return [line.split()[0] for line in lines if line and not line.endswith(":")]


def test_disasm_a_file(cli, tmp_path):
    if "not available" in run(cli, "disasm", "--help").stdout:
        pytest.skip("this ingot was built without the emulator's ISA tables")
    co = assemble("gfx942", tmp_path / "scale_add.co")
    result = run(cli, "disasm", str(co))
    assert result.returncode == 0, result.stderr
    listing = [line.split()[0] for line in result.stdout.splitlines() if line and not line.startswith(";")]
    expected = source_mnemonics()
    assert len(listing) == len(expected)
    for got, want in zip(listing, expected):
        assert got == want or re.fullmatch(re.escape(want) + r"_e(32|64)", got), (got, want)


def test_disasm_a_pack_kernel(cli, pack_dir):
    if "not available" in run(cli, "disasm", "--help").stdout:
        pytest.skip("this ingot was built without the emulator's ISA tables")
    kernel = __import__("json").loads((pack_dir / "manifest.json").read_text())["kernels"][0]
    result = run(cli, "disasm", kernel["id"], "--pack", str(pack_dir))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"; {kernel['id']} ({kernel['arch']})")
    assert "s_endpgm" in result.stdout
    missing = run(cli, "disasm", "no_such_kernel", "--pack", str(pack_dir))
    assert missing.returncode == 1 and "no_such_kernel" in missing.stderr
