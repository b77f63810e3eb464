"""`gen probe`: can this machine build the pack for an arch? Assemble, link and read back a tiny kernel."""

from gen.archs import arch_info
from gen.readback import ReadbackError, read_code_object
from gen.toolchain import AssemblyError, ToolchainUnavailable, get_backend

_SYMBOL = "ingot_probe"


def probe_source(arch: str) -> str:
    return f""".amdgcn_target "{arch_info(arch).target_id}"
.amdhsa_code_object_version 5
.text
.globl {_SYMBOL}
.p2align 8
.type {_SYMBOL},@function
{_SYMBOL}:
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel {_SYMBOL}
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 8
  .amdhsa_accum_offset 4
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: {_SYMBOL}
    .symbol: {_SYMBOL}.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 64
    .sgpr_count: 8
    .vgpr_count: 4
    .max_flat_workgroup_size: 64
...
.end_amdgpu_metadata
"""


def probe(arch: str, backend_choice: str | None = None) -> tuple[bool, str]:
    """(ok, message). The message says what is missing and how to get it."""
    try:
        info = arch_info(arch)
    except ValueError as exc:
        return False, str(exc)
    try:
        backend = get_backend(backend_choice)
    except ToolchainUnavailable as exc:
        return False, f"no assembler for {arch}: {exc}. Run ./setup.sh (creates .venv with the triton wheel) " \
                      "or install ROCm (set ROCM_PATH)."
    try:
        co = backend.link(backend.assemble(probe_source(arch), arch), arch)
        read_code_object(co, _SYMBOL, arch)
    except AssemblyError as exc:
        return False, f"{backend.name} ({backend.version()}) cannot build for {arch}: {exc}. " \
                      f"{arch} needs LLVM >= {info.min_llvm}; run ./setup.sh or install a newer ROCm."
    except ReadbackError as exc:
        return False, f"{backend.name} ({backend.version()}) built a bad code object for {arch}: {exc}"
    return True, f"{arch}: ok with {backend.name} ({backend.version()})"
