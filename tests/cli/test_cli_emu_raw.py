"""`ingot emu --kernarg FILE --buffer OFFSET=...` (a whole raw kernarg blob, as AMD's kernels take theirs),
`--wait-states` and `--max-instructions`, on the hand-written kernel of test_cli_emu_disasm.py
(tests/cli/kernels/scale_add.s: a @0, acc @8, out @16 pointers, scale f32 @24, count i32 @28, tag u64 @32;
a 40-byte segment). Expected values come from the kernel's documented semantics, computed here."""
import struct

import pytest

from conftest import run
from test_cli_emu_disasm import assemble


@pytest.fixture()
def emu_cli(cli):
    if "not available" in run(cli, "emu", "--help").stdout:
        pytest.skip("this ingot was built without the emulator")
    return cli


def test_emu_takes_a_raw_kernarg_blob_with_buffers_at_offsets(emu_cli, tmp_path):
    co = assemble("gfx942", tmp_path / "scale_add.co")
    a = [float(i) - 20.0 for i in range(64)]
    acc = [0.5 * i for i in range(64)]
    (tmp_path / "a.bin").write_bytes(struct.pack("<64f", *a))
    (tmp_path / "acc.bin").write_bytes(struct.pack("<64f", *acc))
    scale, count, tag = 2.0, 50, 0x1122334455667788
    # The pointer slots hold garbage that --buffer overwrites; the scalars are the blob's own bytes.
    blob = b"\xee" * 24 + struct.pack("<fiQ", scale, count, tag)
    (tmp_path / "args.bin").write_bytes(blob)
    result = run(emu_cli, "emu", str(co), "--grid", "1", "--block", "64", "--kernarg", str(tmp_path / "args.bin"),
                 "--buffer", f"0=@{tmp_path / 'a.bin'}", "--buffer", f"8=inout:{tmp_path / 'acc.bin'}",
                 "--buffer", f"16=out:264:{tmp_path / 'out.bin'}", "--wait-states", "strict",
                 "--max-instructions", "100000")
    assert result.returncode == 0, result.stderr
    out = (tmp_path / "out.bin").read_bytes()
    assert list(struct.unpack("<64f", out[:256])) == [a[i] * scale + acc[i] if i < count else 0.0 for i in range(64)]
    assert struct.unpack("<Q", out[256:264])[0] == tag

    short = tmp_path / "short.bin"
    short.write_bytes(blob[:32])
    wrong_size = run(emu_cli, "emu", str(co), "--grid", "1", "--block", "64", "--kernarg", str(short))
    assert wrong_size.returncode == 2 and "32 bytes; the kernarg segment is 40" in wrong_size.stderr
    mixed = run(emu_cli, "emu", str(co), "--grid", "1", "--block", "64", "--kernarg", str(tmp_path / "args.bin"),
                "--arg", "count=i32:1")
    assert mixed.returncode == 2 and "--buffer OFFSET" in mixed.stderr
    bad_mode = run(emu_cli, "emu", str(co), "--grid", "1", "--block", "64", "--kernarg", str(tmp_path / "args.bin"),
                   "--wait-states", "loud")
    assert bad_mode.returncode == 2 and "strict, error, warn or off" in bad_mode.stderr
