"""Compile a Triton kernel for gfx942/gfx950 without a GPU (Triton's AMD backend through triton.compile) and
run the code object through `ingot emu --kernarg` (the raw-launch path a kernel that no one here wrote
takes): the kernarg segment is built from the code object's own metadata, buffers are files."""
import os
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from gen.readback import read_code_object


@dataclass
class In:            # an input buffer
    data: bytes


@dataclass
class Out:           # an output buffer of `size` zero bytes, read back after the run
    size: int


@dataclass
class InOut:         # a buffer read and written by the kernel
    data: bytes


@dataclass
class Compiled:
    arch: str
    name: str
    hsaco: bytes
    dynamic_lds: int  # LDS bytes Triton asks for beyond the code object's static group segment
    num_warps: int
    args: list        # the metadata's .args entries
    kernarg_bytes: int  # the segment: the metadata's kernarg_segment_size (hidden arguments included)
    assembly: str     # Triton's AMDGCN text, to check which instructions the kernel exercises


def compile_kernel(fn, signature: dict, arch: str, constexprs: dict | None = None, multiples_of_16=(),
                   **options) -> Compiled:
    """`multiples_of_16` names integer arguments the caller promises to pass as multiples of 16 (Triton's
    launcher specialises such values the same way), so that row strides allow wide loads."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    constexprs = constexprs or {}
    full = dict(signature, **{name: "constexpr" for name in constexprs})
    # Pointer arguments are 16-byte aligned (emulator allocations are 4 KiB aligned), the fact Triton's own
    # launcher passes for aligned tensors: without it every load is split into 2-byte pieces.
    aligned = {(fn.arg_names.index(name),): [["tt.divisibility", 16]]
               for name, kind in signature.items() if kind.startswith("*") or name in multiples_of_16}
    source = ASTSource(fn=fn, signature=full, constexprs=constexprs, attrs=aligned)
    kernel = triton.compile(source, target=GPUTarget("hip", arch, 64), options=options)
    hsaco = kernel.asm["hsaco"]
    name = kernel.metadata.name
    info = read_code_object(hsaco, name, arch)
    dynamic_lds = max(0, kernel.metadata.shared - info.kernel[".group_segment_fixed_size"])
    return Compiled(arch, name, hsaco, dynamic_lds, kernel.metadata.num_warps, info.kernel[".args"],
                    info.kernel[".kernarg_segment_size"], kernel.asm["amdgcn"])


_SCALARS = {"i32": "<i", "u32": "<I", "i64": "<q", "fp32": "<f"}


def run(cli: Path, kernel: Compiled, grid, args: list) -> list:
    """Runs `kernel` on `grid` with `args` (in signature order: In/Out/InOut buffers, or (type, value)
    scalars); Triton's trailing scratch pointers stay null. Returns the bytes of every Out/InOut, in order.
    Fails (AssertionError with the CLI's message) when the emulator refuses or faults, the strict
    wait-state checker included."""
    assert len(args) <= len(kernel.args), (len(args), len(kernel.args))
    blob = bytearray(max([kernel.kernarg_bytes] + [a[".offset"] + a[".size"] for a in kernel.args]))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        command = [str(cli), "emu", str(tmp / "k.hsaco"), "--grid", ",".join(map(str, grid)),
                   "--block", str(64 * kernel.num_warps), "--lds", str(kernel.dynamic_lds),
                   "--wait-states", "strict", "--kernarg", str(tmp / "args.bin")]
        outputs = []
        for index, (arg, meta) in enumerate(zip(args, kernel.args)):
            offset = meta[".offset"]
            if isinstance(arg, tuple):
                kind, value = arg
                struct.pack_into(_SCALARS[kind], blob, offset, value)
                continue
            path = tmp / f"arg{index}.bin"
            if isinstance(arg, Out):
                command += ["--buffer", f"{offset}=out:{arg.size}:{path}"]
            else:
                path.write_bytes(arg.data)
                command += ["--buffer", f"{offset}={'inout:' if isinstance(arg, InOut) else '@'}{path}"]
            if not isinstance(arg, In):
                outputs.append(path)
        (tmp / "k.hsaco").write_bytes(kernel.hsaco)
        (tmp / "args.bin").write_bytes(bytes(blob))
        env = dict(os.environ, INGOT_EMU_TIMEOUT=os.environ.get("INGOT_EMU_TIMEOUT", "120"))
        result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
        assert result.returncode == 0, f"{kernel.name} ({kernel.arch}): {result.stderr.strip()}"
        return [path.read_bytes() for path in outputs]
