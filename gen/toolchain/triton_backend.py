"""Backend over the LLVM MC + LLD bundled in the `triton` wheel (no ROCm needed).

The wheel's assembler prints diagnostics to the process's stderr and returns empty bytes instead of
raising, so each call runs with fd 2 redirected to a temp file that is then parsed."""

import contextlib
import os
import tempfile
from collections.abc import Iterator

from gen.archs import arch_info
from gen.toolchain.backend import Backend
from gen.toolchain.diagnostics import parse_mc_errors
from gen.toolchain.errors import AssemblyError, ToolchainUnavailable

_UNKNOWN_CPU = "is not a recognized processor"


@contextlib.contextmanager
def _captured_stderr() -> Iterator[list[str]]:
    """Redirect file descriptor 2 (C++ writes bypass sys.stderr) and hand back what was written."""
    captured: list[str] = []
    with tempfile.TemporaryFile() as sink:
        saved = os.dup(2)
        try:
            os.dup2(sink.fileno(), 2)
            yield captured
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            captured.append(sink.read().decode("utf-8", "replace"))


class TritonBackend(Backend):
    name = "triton-llvm"

    def __init__(self) -> None:
        try:
            import triton
            import triton._C.libtriton as libtriton
            from triton._C.libtriton import amd, llvm
        except ImportError as exc:
            raise ToolchainUnavailable(
                f"the triton wheel is not importable ({exc}); run ./setup.sh to create .venv") from exc
        for needed in ("assemble_amdgcn", "link_hsaco"):
            if not hasattr(amd, needed):
                raise ToolchainUnavailable(f"triton {triton.__version__} lacks amd.{needed}")
        llvm.init_targets()
        self._amd = amd
        self._triton_version = triton.__version__
        self._lib_path = getattr(libtriton, "__file__", "") or ""

    def version(self) -> str:
        return f"triton {self._triton_version}"

    def identity(self) -> str:
        try:
            st = os.stat(self._lib_path)
            lib = f"{st.st_size}"
        except OSError:
            lib = "?"
        return f"{self.name} {self._triton_version} libtriton-size={lib}"

    def assemble(self, source: str, arch: str, features: str = "") -> bytes:
        arch_info(arch)
        with _captured_stderr() as err:
            obj = self._amd.assemble_amdgcn(source, arch, features)
        text = err[0]
        if _UNKNOWN_CPU in text:
            raise AssemblyError(f"this LLVM does not know {arch}: {text.strip().splitlines()[0]}")
        if "error:" in text or not obj:
            diags = parse_mc_errors(text, source)
            raise AssemblyError(f"assembly for {arch} failed", diags)
        return bytes(obj)

    def link(self, obj: bytes, arch: str) -> bytes:
        with tempfile.TemporaryDirectory(prefix="ingot-link-") as tmp:
            src = os.path.join(tmp, "in.o")
            dst = os.path.join(tmp, "out.co")
            with open(src, "wb") as f:
                f.write(obj)
            with _captured_stderr() as err:
                try:
                    self._amd.link_hsaco(src, dst)
                except Exception as exc:  # the binding raises RuntimeError on some failures
                    raise AssemblyError(f"link for {arch} failed: {exc}") from exc
            if "error:" in err[0] or not os.path.exists(dst):
                raise AssemblyError(f"link for {arch} failed: {err[0].strip()}")
            with open(dst, "rb") as f:
                return f.read()
