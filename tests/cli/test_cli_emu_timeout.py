"""`ingot emu --timeout` (and INGOT_EMU_TIMEOUT) on a kernel that never ends
(tests/cli/kernels/spin_forever.s): the launch stops after about the budget with exit 1 and a message
naming the kernel, the wave and its PC; a malformed budget is a usage error."""
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import run

REPO = Path(__file__).resolve().parents[2]
KERNEL_SOURCE = Path(__file__).with_name("kernels") / "spin_forever.s"


@pytest.fixture()
def spin_forever(cli, tmp_path):
    if "not available" in run(cli, "emu", "--help").stdout:
        pytest.skip("this ingot was built without the emulator")
    out = tmp_path / "spin_forever.co"
    result = subprocess.run([sys.executable, "-m", "gen", "asm", str(KERNEL_SOURCE), "--arch", "gfx942", "-o", str(out)],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return out


LAUNCH = ["--grid", "2", "--block", "64", "--arg", "count=i32:1"]


def test_timeout_stops_a_runaway_kernel_naming_wave_and_pc(cli, spin_forever):
    start = time.monotonic()
    result = run(cli, "emu", str(spin_forever), *LAUNCH, "--timeout", "0.5")
    elapsed = time.monotonic() - start
    assert result.returncode == 1, result.stderr
    assert "kernel spin_forever, workgroup (0,0,0), wave 0, pc 0x" in result.stderr
    assert "wall-clock budget of 0.5 s" in result.stderr
    assert elapsed < 30, f"took {elapsed:.1f} s for a 0.5 s budget"


def test_the_environment_sets_the_budget_and_the_option_wins(cli, spin_forever):
    from_env = run(cli, "emu", str(spin_forever), *LAUNCH, env_extra={"INGOT_EMU_TIMEOUT": "0.3"})
    assert from_env.returncode == 1 and "wall-clock budget of 0.3 s" in from_env.stderr
    option = run(cli, "emu", str(spin_forever), *LAUNCH, "--timeout", "0.4", env_extra={"INGOT_EMU_TIMEOUT": "0.3"})
    assert option.returncode == 1 and "wall-clock budget of 0.4 s" in option.stderr


@pytest.mark.parametrize("bad", ["0", "-2", "abc", "1e9"])
def test_a_malformed_timeout_is_a_usage_error(cli, spin_forever, bad):
    result = run(cli, "emu", str(spin_forever), *LAUNCH, "--timeout", bad)
    assert result.returncode == 2, result.stderr
    assert "--timeout" in result.stderr and bad in result.stderr
