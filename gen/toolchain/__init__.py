"""One assembler interface, three backends (ROCm's llvm-mc/ld.lld, the triton wheel's LLVM, ROCm's comgr).

`get_backend()` picks ROCm when it is installed, else triton; env INGOT_ASM_BACKEND=rocm|triton|comgr forces
one (comgr is never picked by itself: it only assembles for the archs its version lists)."""

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
    elif choice == "comgr":
        from gen.toolchain.comgr_backend import ComgrBackend
        backend = ComgrBackend()
    elif choice == "auto":
        backend = RocmBackend(allow_path=False) if find_rocm_llvm_bin(False) else TritonBackend()
    else:
        raise ToolchainUnavailable(f"INGOT_ASM_BACKEND={choice!r}: expected 'rocm', 'triton' or 'comgr'")
    _cached[choice] = backend
    return backend


def encode_lines(lines, arch, backend=None):
    from gen.toolchain.encode import encode_lines as _encode
    return _encode(lines, arch, backend)
