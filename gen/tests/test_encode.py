"""encode against LLVM's own MC test vectors (llvm/test/MC/AMDGPU): an oracle none of us wrote."""

import os
import subprocess
import sys

import pytest

from gen.paths import SOURCE_ROOT
from gen.toolchain import AssemblyError, encode_lines

# (arch, line, encoding bytes as printed in the LLVM test file)
KNOWN = [
    # SOPP s_endpgm = 0xbf810000 (little endian in memory)
    ("gfx942", "s_endpgm", [0x00, 0x00, 0x81, 0xBF]),
    ("gfx950", "s_endpgm", [0x00, 0x00, 0x81, 0xBF]),
    # llvm/test/MC/AMDGPU/mai-gfx940.s
    ("gfx942", "v_mfma_f32_32x32x8_bf16 v[0:15], v[2:3], v[4:5], v[18:33]",
     [0x00, 0x00, 0xE0, 0xD3, 0x02, 0x09, 0x4A, 0x04]),
    # llvm/test/MC/AMDGPU/mai-gfx950.s
    ("gfx950", "v_mfma_f32_32x32x16_bf16 v[0:15], v[0:3], v[0:3], v[0:15]",
     [0x00, 0x00, 0xB7, 0xD3, 0x00, 0x01, 0x02, 0x04]),
]


@pytest.mark.parametrize("arch,line,expected", KNOWN)
def test_known_encodings(arch, line, expected):
    assert encode_lines([line], arch) == [bytes(expected)]


def test_gfx950_only_instruction_is_an_error_on_gfx942():
    [result] = encode_lines(["v_mfma_f32_32x32x16_bf16 v[0:15], v[0:3], v[0:3], v[0:15]"], "gfx942")
    assert isinstance(result, AssemblyError)


def test_errors_are_isolated_in_a_large_batch():
    lines = [f"v_add_u32 v{i % 100}, v1, v2" for i in range(2000)]
    lines[7] = "v_not_an_op v1"
    lines[1500] = "v_add_f32 v1, v2"
    results = encode_lines(lines, "gfx942")
    assert len(results) == 2000
    assert isinstance(results[7], AssemblyError) and "invalid instruction" in results[7].summary
    assert isinstance(results[1500], AssemblyError) and "operands" in results[1500].summary
    good = [r for i, r in enumerate(results) if i not in (7, 1500)]
    assert all(isinstance(r, bytes) and len(r) in (4, 8) for r in good)
    # same instruction, same bytes, whichever batch it was assembled in
    assert results[0] == results[100] == results[1900]


def test_blank_line_encodes_to_nothing():
    assert encode_lines(["", "s_endpgm"], "gfx942") == [b"", bytes([0x00, 0x00, 0x81, 0xBF])]


def test_encode_verb_prints_hex_or_error_per_line():
    env = dict(os.environ, PYTHONPATH=str(SOURCE_ROOT))
    proc = subprocess.run([sys.executable, "-m", "gen", "encode", "--arch", "gfx942"],
                          input="s_endpgm\nbogus v1\n", capture_output=True, text=True, cwd=SOURCE_ROOT, env=env)
    assert proc.returncode == 0, proc.stderr
    rows = proc.stdout.splitlines()
    assert rows[0] == "000081bf\ts_endpgm"
    assert rows[1].startswith("error\tbogus v1\t") and "invalid instruction" in rows[1]
