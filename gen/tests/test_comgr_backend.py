"""The comgr assembler backend (INGOT_ASM_BACKEND=comgr) on the comgr setup.sh installs (Debian's
libamd-comgr2): instruction bytes against their published encodings (AMD's Vega/CDNA ISA guides: SOP1
S_MOV_B32, VOP1 V_MOV_B32, SOPP S_ENDPGM), a linked kernel, diagnostics, and a clear refusal for an arch
this comgr does not list (Debian's comgr 2.4 predates gfx942 and gfx950)."""
import struct

import pytest

from gen.toolchain import get_backend
from gen.toolchain.comgr_backend import ComgrBackend
from gen.toolchain.elf_text import text_and_symbols
from gen.toolchain.errors import AssemblyError, ToolchainUnavailable

# (line, its 32-bit encoding): s_mov_b32 s0, s1 = SOP1 0xBE800001; v_mov_b32 v0, v1 = VOP1 0x7E000301
# (src0 = 0x101, VGPR 1); s_endpgm = SOPP opcode 1, 0xBF810000. The same on every GFX9 and CDNA part.
ENCODINGS = [("s_mov_b32 s0, s1", 0xBE800001), ("v_mov_b32 v0, v1", 0x7E000301), ("s_endpgm", 0xBF810000)]

KERNEL = """.amdgcn_target "amdgcn-amd-amdhsa--{arch}"
.text
.globl tiny
.p2align 8
.type tiny,@function
tiny:
  s_endpgm
.Lend_tiny:
.size tiny, .Lend_tiny-tiny
.rodata
.p2align 6
.amdhsa_kernel tiny
  .amdhsa_next_free_vgpr 1
  .amdhsa_next_free_sgpr 1
  .amdhsa_accum_offset 4
.end_amdhsa_kernel
"""


@pytest.fixture(scope="module")
def comgr() -> ComgrBackend:
    try:
        return ComgrBackend()
    except ToolchainUnavailable as exc:
        pytest.fail(f"{exc} (setup.sh installs libamd-comgr2)")


def known_arch(comgr: ComgrBackend) -> str:
    """A CDNA arch this comgr assembles for: the pack's when it knows them, else gfx90a (CDNA2)."""
    for arch in ("gfx942", "gfx950", "gfx90a"):
        if comgr.knows(arch):
            return arch
    pytest.fail(f"{comgr.version()} knows none of gfx942, gfx950, gfx90a")


def test_chosen_by_the_environment(monkeypatch, comgr):
    monkeypatch.setenv("INGOT_ASM_BACKEND", "comgr")
    assert get_backend().name == "comgr"


def test_instructions_assemble_to_their_published_encodings(comgr):
    arch = known_arch(comgr)
    source = ".text\n" + "\n".join(line for line, _ in ENCODINGS) + "\n"
    text, _ = text_and_symbols(comgr.assemble(source, arch))
    assert list(struct.unpack(f"<{len(ENCODINGS)}I", text)) == [word for _, word in ENCODINGS]


def test_links_a_kernel_into_a_loadable_code_object(comgr):
    arch = known_arch(comgr)
    executable = comgr.link(comgr.assemble(KERNEL.format(arch=arch), arch), arch)
    assert executable[:4] == b"\x7fELF"
    e_type, e_machine = struct.unpack_from("<HH", executable, 16)
    assert (e_type, e_machine) == (3, 224)  # ET_DYN, EM_AMDGPU
    text, symbols = text_and_symbols(executable)
    assert "tiny" in symbols and struct.unpack("<I", text[:4])[0] == 0xBF810000


def test_assembly_errors_name_the_line(comgr):
    with pytest.raises(AssemblyError) as error:
        comgr.assemble(".text\ns_nop 0\nv_no_such_instruction v0\n", known_arch(comgr))
    assert [(d.line, d.text) for d in error.value.diagnostics] == [(3, "v_no_such_instruction v0")]


@pytest.mark.parametrize("arch", ["gfx942", "gfx950"])
def test_an_arch_it_does_not_list_is_refused_by_name(comgr, arch):
    if comgr.knows(arch):
        pytest.skip(f"{comgr.version()} knows {arch}: the encoding and link tests use it")
    with pytest.raises(ToolchainUnavailable, match=f"does not know {arch}"):
        comgr.assemble(".text\ns_endpgm\n", arch)


def test_without_comgr_the_backend_is_unavailable(monkeypatch):
    monkeypatch.setenv("INGOT_COMGR_LIBRARY", "/nonexistent/libamd_comgr.so.2")
    with pytest.raises(ToolchainUnavailable, match="/nonexistent/libamd_comgr.so.2"):
        ComgrBackend()
