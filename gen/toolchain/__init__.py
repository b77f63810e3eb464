"""One assembler interface, two backends (ROCm's llvm-mc/ld.lld, or the triton wheel's LLVM).

`get_backend()` picks ROCm when it is installed, else triton; env INGOT_ASM_BACKEND=rocm|triton forces one."""

import os

from gen.toolchain.backend import Backend
from gen.toolchain.errors import AssemblyError, Diagnostic, ToolchainUnavailable

__all__ = ["Backend", "AssemblyError", "Diagnostic", "ToolchainUnavailable", "get_backend", "encode_lines"]

_cached: dict[str, Backend] = {}


def get_backend(choice: str | None = None) -> Backend:
    choice = (choice or os.environ.get("INGOT_ASM_BACKEND", "") or "auto").lower()
    if choice in _cached:
        return _cached[choice]
    from gen.toolchain.rocm_backend import RocmBackend, find_rocm_llvm_bin
    from gen.toolchain.triton_backend import TritonBackend
    if choice in ("rocm", "rocm-llvm"):
        backend: Backend = RocmBackend(allow_path=True)
    elif choice in ("triton", "triton-llvm"):
        backend = TritonBackend()
    elif choice == "auto":
        backend = RocmBackend(allow_path=False) if find_rocm_llvm_bin(False) else TritonBackend()
    else:
        raise ToolchainUnavailable(f"INGOT_ASM_BACKEND={choice!r}: expected 'rocm' or 'triton'")
    _cached[choice] = backend
    return backend


def encode_lines(lines, arch, backend=None):
    from gen.toolchain.encode import encode_lines as _encode
    return _encode(lines, arch, backend)
