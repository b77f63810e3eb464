"""assemble_kernel.py's `;@xnack on|off|any` key: the linked code object's ELF e_flags carry that XNACK mode
(AMDGPUUsage, EF_AMDGPU_FEATURE_XNACK_*_V4: mask 0x300, any 0x100, off 0x200, on 0x300), and the metadata
names it in amdhsa.target. The expected XNACK values are AMDGPUUsage's, written here."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import assemble_kernel  # noqa: E402

E_FLAGS = 48  # ELF64 header offset of e_flags


def e_flags(data):
    return int.from_bytes(data[E_FLAGS:E_FLAGS + 4], "little")


def test_unknown_mode_is_refused():
    with pytest.raises(assemble_kernel.VariantError, match="xnack"):
        assemble_kernel.xnack_mode({"xnack": "maybe"})
    assert assemble_kernel.xnack_mode({}) == "any"


def test_metadata_names_the_mode():
    assert "amdhsa.target: amdgcn-amd-amdhsa--gfx950:xnack-\n" in assemble_kernel.wrap("", "k", "gfx950", {"xnack": "off"})
    assert "amdhsa.target: amdgcn-amd-amdhsa--gfx942\n" in assemble_kernel.wrap("", "k", "gfx942", {})


@pytest.mark.parametrize("mode, xnack_bits", [("off", 0x200), ("on", 0x300), ("any", 0x100)])
@pytest.mark.parametrize("arch, mach", [("gfx942", 0x4C), ("gfx950", 0x4F)])
def test_code_object_e_flags_carry_the_mode(tmp_path, arch, mach, mode, xnack_bits):
    kernel = tmp_path / "k.s"
    kernel.write_text(f";@xnack {mode}\n  s_endpgm\n")
    out = tmp_path / "k.co"
    env = dict(os.environ, PYTHONPATH=ROOT)
    subprocess.run([sys.executable, os.path.join(HERE, "assemble_kernel.py"), str(kernel), arch, str(out)],
                   check=True, env=env)
    flags = e_flags(out.read_bytes())
    assert flags & 0xFF == mach  # EF_AMDGPU_MACH_AMDGCN_GFX942 / _GFX950
    assert flags & 0x300 == xnack_bits
