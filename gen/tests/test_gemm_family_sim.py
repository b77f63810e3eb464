"""Run rendered `gemm` kernels on the small interpreter in asm_sim.py against a plain triple loop: both input
dtypes, the three output dtypes, bias and alpha, prefill and K-slice decode tiles, with M, N and K tails and
padded strides. A stopgap until the emulator runs the pack (then this file and asm_sim.py go).

Inputs are multiples of 1/8 in [-2, 2] and alpha is 0.5: every product, partial sum and the scaled, biased
result is exact in fp32 whatever the summation order, so the only rounding is the final conversion to C's
dtype, which the test does its own way (frexp + round-half-even), not the kernel's bit trick."""

import functools
import math
import random
import struct

import pytest

from gen.archs import DTYPE_BYTES
from gen.context import build_context
from gen.families import gemm
from gen.render import render
from gen.spec import expand
from gen.tests.asm_sim import Memory, run_kernel

VARIANTS, _ = expand(gemm.SPEC, ["gfx942", "gfx950"])
SENTINEL16 = 0x7E5A   # NaN patterns: must survive wherever the kernel may not write
SENTINEL32 = 0x7FC0DEAD
ALPHA = 0.5


def _round_significant(x: float, bits: int) -> float:
    """x rounded to `bits` significant bits, ties to even (no subnormals or overflow in these tests)."""
    if x == 0.0:
        return 0.0
    mantissa, exponent = math.frexp(x)          # x = mantissa * 2**exponent, 0.5 <= |mantissa| < 1
    return math.ldexp(round(mantissa * 2**bits), exponent - bits)


def _encode(value: float, dtype: str) -> int:
    if dtype == "f32":
        return struct.unpack("<I", struct.pack("<f", value))[0]
    if dtype == "f16":
        return struct.unpack("<H", struct.pack("<e", _round_significant(value, 11)))[0]
    return struct.unpack("<I", struct.pack("<f", _round_significant(value, 8)))[0] >> 16


def _eval(expr, env):
    if isinstance(expr, (int, float)):
        return expr
    if isinstance(expr, str):
        return env[expr]
    op, *args = expr
    vals = [_eval(a, env) for a in args]
    return {"ceil_div": lambda a, b: -(-a // b), "mul": lambda a, b: a * b}[op](*vals)


@functools.lru_cache(maxsize=None)
def _text(vid):
    v = next(x for x in VARIANTS if x.id == vid)
    return render(gemm.SPEC.template, build_context(gemm.SPEC, v)).text


def _find(arch, dtype, out, has_bias, bm, bn, ks):
    return next(v for v in VARIANTS if v.arch == arch and v.params["dtype"] == dtype and v.params["out"] == out
                and v.params["has_bias"] == has_bias and v.params["bm"] == bm and v.params["bn"] == bn
                and v.params["ks"] == ks)


def _run(variant, M, N, K, lda, ldb, ldc, seed=1):
    p = variant.params
    rng = random.Random(seed)
    a = [[rng.randint(-16, 16) / 8 for _ in range(lda)] for _ in range(M)]
    b = [[rng.randint(-16, 16) / 8 for _ in range(ldb)] for _ in range(N)]
    bias = [rng.randint(-16, 16) / 8 for _ in range(N)]
    in_code = (lambda x: _encode(x, "f16")) if p["dtype"] == "f16" else (lambda x: _encode(x, "bf16"))
    ob = DTYPE_BYTES[p["out"]]
    a_base = 0x1000
    b_base = a_base + M * lda * 2 + 0x100
    bias_base = b_base + N * ldb * 2 + 0x100
    c_base = bias_base + N * ob + 0x100
    c_end = c_base + M * ldc * ob
    mem = Memory(c_end + 0x100)
    for m in range(M):
        for k in range(lda):
            mem.write16(a_base + 2 * (m * lda + k), in_code(a[m][k]))
    for n in range(N):
        for k in range(ldb):
            mem.write16(b_base + 2 * (n * ldb + k), in_code(b[n][k]))
    for n in range(N):
        code = _encode(bias[n], p["out"])
        (mem.write32 if ob == 4 else mem.write16)(bias_base + ob * n, code)
    sentinel, write, read = ((SENTINEL32, mem.write32, mem.read32) if ob == 4
                             else (SENTINEL16, mem.write16, mem.read16))
    for addr in range(c_base - 0x100, c_end + 0x100, ob):
        write(addr, sentinel)

    layout = gemm.SPEC.kernarg_layout(p)
    env = {"A": a_base, "B": b_base, "C": c_base, "bias": bias_base, "M": M, "N": N, "K": K,
           "lda": lda, "ldb": ldb, "ldc": ldc, "alpha": ALPHA}
    kernarg = bytearray(layout.size)
    for arg in layout.args:
        fmt = {"ptr": "<Q", "i32": "<i", "f32": "<f"}[arg.type]
        struct.pack_into(fmt, kernarg, arg.offset, _eval(arg.value, env))
    grid = [_eval(g, env) for g in gemm.SPEC.grid(p)]
    plan = gemm._plan(variant.arch, p)
    run_kernel(_text(variant.id), (grid[0], grid[1]), plan["threads"], bytes(kernarg), mem, plan["lds_bytes"])

    for addr in list(range(c_base - 0x100, c_base, ob)) + list(range(c_end, c_end + 0x100, ob)):
        assert read(addr) == sentinel, f"write outside C at {addr - c_base:+d}"
    for m in range(M):
        for n in range(ldc):
            got = read(c_base + ob * (m * ldc + n))
            if n >= N:
                assert got == sentinel, f"padding C[{m}][{n}] was written"
                continue
            exact = ALPHA * sum(a[m][k] * b[n][k] for k in range(K)) + (bias[n] if p["has_bias"] else 0.0)
            assert got == _encode(exact, p["out"]), f"C[{m}][{n}]: got {got:#x}, want {exact}"


CASES = [
    # (arch, dtype, out, has_bias, bm, bn, ks, M, N, K, lda, ldb, ldc)
    ("gfx942", "bf16", "bf16", True, 64, 64, 1, 37, 70, 72, 80, 72, 75),
    ("gfx942", "f16", "f32", False, 64, 64, 1, 5, 40, 136, 136, 144, 41),
    ("gfx942", "f16", "f16", True, 32, 64, 4, 3, 70, 264, 264, 272, 71),
    ("gfx942", "bf16", "f32", True, 32, 32, 4, 17, 33, 520, 528, 520, 40),
    ("gfx950", "bf16", "bf16", False, 64, 64, 1, 37, 70, 72, 80, 72, 75),
    ("gfx950", "f16", "bf16", True, 32, 64, 4, 1, 65, 264, 264, 264, 66),
    ("gfx950", "f16", "f16", False, 32, 32, 4, 9, 31, 1032, 1040, 1032, 31),
    # four slabs through the two LDS buffers of a gfx950 decode tile (each buffer written twice)
    ("gfx950", "bf16", "f32", False, 32, 64, 4, 5, 70, 1000, 1000, 1008, 70),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: "_".join(str(x) for x in c[:7]))
def test_kernel_matches_the_triple_loop_with_tails(case):
    arch, dtype, out, has_bias, bm, bn, ks, M, N, K, lda, ldb, ldc = case
    _run(_find(arch, dtype, out, has_bias, bm, bn, ks), M, N, K, lda, ldb, ldc)


def test_k_zero_gives_the_bias_alone():
    _run(_find("gfx942", "bf16", "f32", True, 32, 32, 4), 2, 3, 0, 8, 8, 3)
