"""Read-back of built code objects, checked against the code object v5 facts in isa-notes.md rather than
against what the generator meant to write."""

import json
import struct

import pytest

from gen.families import FAMILIES
from gen.readback import ReadbackError, read_code_object

EM_AMDGPU = 224
ELFOSABI_AMDGPU_HSA = 64
ABI_VERSION_V5 = 3
MACH = {"gfx942": 0x4C, "gfx950": 0x4F}


@pytest.fixture
def manifest(built_pack):
    out, _, _ = built_pack
    return json.loads((out / "manifest.json").read_text())


def test_elf_header_identifies_amdgpu_v5_and_arch(built_pack, manifest):
    out, _, _ = built_pack
    for k in manifest["kernels"]:
        data = (out / k["file"]).read_bytes()
        assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1
        assert data[7] == ELFOSABI_AMDGPU_HSA and data[8] == ABI_VERSION_V5
        e_machine, = struct.unpack_from("<H", data, 18)
        e_flags, = struct.unpack_from("<I", data, 48)
        assert e_machine == EM_AMDGPU
        assert e_flags & 0xFF == MACH[k["arch"]]


def test_descriptor_fields_match_the_spec(built_pack, manifest):
    out, _, _ = built_pack
    for k in manifest["kernels"]:
        data = (out / k["file"]).read_bytes()
        info = read_code_object(data, k["symbol"], k["arch"])
        kd = info.descriptor
        group, private, kernarg = struct.unpack_from("<III", kd, 0)
        rsrc2, = struct.unpack_from("<I", kd, 52)
        props, = struct.unpack_from("<H", kd, 56)
        plan = FAMILIES[k["family"]].plan(k["arch"], k["params"])
        assert group == plan["lds_bytes"] == k["resources"]["lds"]
        assert private == 0 == k["resources"]["scratch"]
        assert kernarg == k["kernarg"]["size"]
        assert (rsrc2 >> 1) & 0x1F == 2          # USER_SGPR_COUNT: only the kernarg pointer
        assert (rsrc2 >> 7) & 1 and (rsrc2 >> 8) & 1 and not (rsrc2 >> 9) & 1   # workgroup id x, y
        assert (rsrc2 >> 11) & 3 == 0            # only work-item id x
        assert props & (1 << 3)                  # kernarg segment pointer
        assert k["resources"]["vgpr"] <= 256 and k["resources"]["accum_offset"] >= k["resources"]["vgpr"]


def test_metadata_args_agree_with_manifest_layout(built_pack, manifest):
    out, _, _ = built_pack
    for k in manifest["kernels"]:
        info = read_code_object((out / k["file"]).read_bytes(), k["symbol"], k["arch"])
        md_args = [(a[".name"], a[".offset"], a[".size"]) for a in info.kernel[".args"]]
        assert md_args == [(a["name"], a["offset"], a["size"]) for a in k["kernarg"]["args"]]
        assert info.kernel[".kernarg_segment_size"] == k["kernarg"]["size"]
        assert info.metadata["amdhsa.target"] == f"amdgcn-amd-amdhsa--{k['arch']}"


def test_bad_inputs_raise_readback_errors(built_pack, manifest):
    out, _, _ = built_pack
    k = manifest["kernels"][0]
    data = (out / k["file"]).read_bytes()
    with pytest.raises(ReadbackError, match="not an ELF"):
        read_code_object(b"garbage", k["symbol"], k["arch"])
    other = "gfx950" if k["arch"] == "gfx942" else "gfx942"
    with pytest.raises(ReadbackError, match="mach"):
        read_code_object(data, k["symbol"], other)
    with pytest.raises(ReadbackError, match="kernels named"):
        read_code_object(data, "no_such_kernel", k["arch"])
