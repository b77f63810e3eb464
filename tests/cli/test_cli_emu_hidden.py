"""`ingot emu` fills a kernel's code object V5 hidden arguments from --grid, --block and --lds, as the HSA
runtime does, in a --kernarg blob and with --arg; --keep-hidden leaves the caller's bytes. The kernel
(tests/cli/kernels/hidden_args.s) copies its hidden-argument bytes to `out`; the expected bytes are
written here from LLVM AMDGPUUsage's V5 table (block counts in work-groups, group sizes, remainders 0,
grid_dims the dispatch's dimensionality, the dynamic LDS size, null pointers), not from the emulator."""
import struct
from pathlib import Path

import pytest

from conftest import run
from test_cli_emu_disasm import assemble

KERNEL = Path(__file__).with_name("kernels") / "hidden_args.s"


@pytest.fixture()
def emu_cli(cli):
    if "not available" in run(cli, "emu", "--help").stdout:
        pytest.skip("this ingot was built without the emulator")
    return cli


def expected(grid, block, lds, gap=b"\xee\xee"):
    return (struct.pack("<3I", *grid) + struct.pack("<3H", *block) + struct.pack("<3H", 0, 0, 0) +
            struct.pack("<H", 2 if grid[1] * block[1] > 1 and grid[2] * block[2] == 1 else 1) + gap +
            struct.pack("<I", lds) + struct.pack("<Q", 0))


def test_emu_fills_hidden_arguments_in_a_raw_blob(emu_cli, tmp_path):
    co = assemble("gfx950", tmp_path / "hidden_args.co", KERNEL)
    blob = tmp_path / "args.bin"
    blob.write_bytes(b"\xee" * 48)
    common = [str(co), "--grid", "3,2", "--block", "64,2", "--kernarg", str(blob), "--wait-states", "strict"]
    filled = run(emu_cli, "emu", *common, "--lds", "256", "--buffer", f"0=out:40:{tmp_path / 'out.bin'}")
    assert filled.returncode == 0, filled.stderr
    assert (tmp_path / "out.bin").read_bytes() == expected((3, 2, 1), (64, 2, 1), 256)

    kept = run(emu_cli, "emu", *common, "--keep-hidden", "--buffer", f"0=out:40:{tmp_path / 'kept.bin'}")
    assert kept.returncode == 0, kept.stderr
    assert (tmp_path / "kept.bin").read_bytes() == b"\xee" * 40


def test_emu_fills_hidden_arguments_with_named_args_and_lds_zero(emu_cli, tmp_path):
    co = assemble("gfx942", tmp_path / "hidden_args.co", KERNEL)
    result = run(emu_cli, "emu", str(co), "--grid", "5", "--block", "128", "--lds", "0",
                 "--arg", f"out=out:40:{tmp_path / 'out.bin'}", "--wait-states", "strict")
    assert result.returncode == 0, result.stderr
    # With --arg the unnamed gap is zero (pack_raw_kernargs starts from a zeroed segment).
    assert (tmp_path / "out.bin").read_bytes() == expected((5, 1, 1), (128, 1, 1), 0, gap=b"\0\0")
    bad = run(emu_cli, "emu", str(co), "--grid", "1", "--block", "64", "--lds", "-1",
              "--arg", f"out=out:40:{tmp_path / 'x.bin'}")
    assert bad.returncode == 2 and "--lds expects a byte count" in bad.stderr
