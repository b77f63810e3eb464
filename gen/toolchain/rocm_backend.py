"""Backend over ROCm's llvm-mc and ld.lld executables."""

import os
import re
import shutil
import subprocess
import tempfile

from gen.archs import arch_info
from gen.toolchain.backend import Backend
from gen.toolchain.diagnostics import parse_mc_errors
from gen.toolchain.errors import AssemblyError, ToolchainUnavailable

_VERSION = re.compile(r"LLVM version (\d+)\.(\d+)\.(\d+)")


def find_rocm_llvm_bin(allow_path: bool) -> str | None:
    """ROCm's own LLVM first; the PATH one only when asked for (Debian's is too old for gfx942)."""
    roots = [os.environ.get("ROCM_PATH", ""), "/opt/rocm"]
    for root in roots:
        if root and os.access(os.path.join(root, "llvm", "bin", "llvm-mc"), os.X_OK):
            return os.path.join(root, "llvm", "bin")
    if allow_path:
        mc = shutil.which("llvm-mc")
        if mc:
            return os.path.dirname(mc)
    return None


class RocmBackend(Backend):
    name = "rocm-llvm"

    def __init__(self, allow_path: bool = True) -> None:
        bindir = find_rocm_llvm_bin(allow_path)
        if bindir is None:
            raise ToolchainUnavailable("no ROCm llvm-mc found ($ROCM_PATH/llvm/bin, /opt/rocm/llvm/bin, PATH)")
        self._mc = os.path.join(bindir, "llvm-mc")
        lld = os.path.join(bindir, "ld.lld")
        self._lld = lld if os.access(lld, os.X_OK) else shutil.which("ld.lld")
        if not self._lld:
            raise ToolchainUnavailable(f"llvm-mc found in {bindir} but no ld.lld")
        out = subprocess.run([self._mc, "--version"], capture_output=True, text=True).stdout
        m = _VERSION.search(out)
        self._major = int(m.group(1)) if m else 0
        self._version = m.group(0) if m else out.strip().splitlines()[0] if out.strip() else "unknown"

    def version(self) -> str:
        return self._version

    def identity(self) -> str:
        return f"{self.name} {self._version} {self._mc}"

    def assemble(self, source: str, arch: str, features: str = "") -> bytes:
        info = arch_info(arch)
        if self._major and self._major < info.min_llvm:
            raise AssemblyError(f"{self._version} at {self._mc} is too old for {arch} "
                                f"(needs LLVM >= {info.min_llvm}); install ROCm or use INGOT_ASM_BACKEND=triton")
        with tempfile.TemporaryDirectory(prefix="ingot-mc-") as tmp:
            src = os.path.join(tmp, "kernel.s")
            obj = os.path.join(tmp, "kernel.o")
            with open(src, "w") as f:
                f.write(source)
            mattr = [f"-mattr={features}"] if features else []
            proc = subprocess.run([self._mc, "-triple=amdgcn-amd-amdhsa", f"-mcpu={arch}", *mattr, "-filetype=obj",
                                   "-o", obj, src], capture_output=True, text=True)
            if proc.returncode != 0 or "error:" in proc.stderr:
                raise AssemblyError(f"assembly for {arch} failed", parse_mc_errors(proc.stderr, source))
            with open(obj, "rb") as f:
                return f.read()

    def link(self, obj: bytes, arch: str) -> bytes:
        with tempfile.TemporaryDirectory(prefix="ingot-lld-") as tmp:
            src = os.path.join(tmp, "in.o")
            dst = os.path.join(tmp, "out.co")
            with open(src, "wb") as f:
                f.write(obj)
            proc = subprocess.run([self._lld, "-shared", "--no-undefined", "-o", dst, src],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise AssemblyError(f"link for {arch} failed: {proc.stderr.strip()}")
            with open(dst, "rb") as f:
                return f.read()
