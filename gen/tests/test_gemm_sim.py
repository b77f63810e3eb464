"""Run the rendered gemm kernels on the small interpreter in asm_sim.py against a plain triple loop, on
shapes with M, N and K tails and padded strides. Inputs are multiples of 1/8 in [-2, 2]: every product
and partial sum is exact in fp32, so the comparison is exact whatever the summation order."""

import functools
import random
import struct

import pytest

from gen.context import build_context
from gen.families import gemm_bf16
from gen.render import render
from gen.spec import expand
from gen.tests.asm_sim import Memory, run_kernel

VARIANTS, _ = expand(gemm_bf16.SPEC, ["gfx942", "gfx950"])
SENTINEL = 0x7FC0DEAD   # a NaN pattern: must survive wherever the kernel may not write


def _bf16_bits(value: float) -> int:
    return struct.unpack("<I", struct.pack("<f", value))[0] >> 16   # exact for multiples of 1/8 in [-2, 2]


def _eval(expr, env):
    if isinstance(expr, int):
        return expr
    if isinstance(expr, str):
        return env[expr]
    op, *args = expr
    vals = [_eval(a, env) for a in args]
    return {"ceil_div": lambda a, b: -(-a // b), "mul": lambda a, b: a * b}[op](*vals)


@functools.lru_cache(maxsize=None)
def _text(vid):
    v = next(x for x in VARIANTS if x.id == vid)
    return render(gemm_bf16.SPEC.template, build_context(gemm_bf16.SPEC, v)).text


def _run(variant, M, N, K, lda, ldb, ldc, seed=1):
    rng = random.Random(seed)
    a = [[rng.randint(-16, 16) / 8 for _ in range(lda)] for _ in range(M)]
    b = [[rng.randint(-16, 16) / 8 for _ in range(ldb)] for _ in range(N)]
    a_base, b_base = 0x1000, 0x1000 + M * lda * 2 + 0x100
    c_base = b_base + N * ldb * 2 + 0x100
    c_end = c_base + M * ldc * 4
    mem = Memory(c_end + 0x100)
    for m in range(M):
        for k in range(lda):
            struct.pack_into("<H", mem.data, a_base + 2 * (m * lda + k), _bf16_bits(a[m][k]))
    for n in range(N):
        for k in range(ldb):
            struct.pack_into("<H", mem.data, b_base + 2 * (n * ldb + k), _bf16_bits(b[n][k]))
    for addr in range(c_base - 0x100, c_end + 0x100, 4):
        mem.write32(addr, SENTINEL)

    p = variant.params
    layout = gemm_bf16.SPEC.kernarg_layout(p)
    env = {"A": a_base, "B": b_base, "C": c_base, "M": M, "N": N, "K": K, "lda": lda, "ldb": ldb, "ldc": ldc}
    kernarg = bytearray(layout.size)
    for arg in layout.args:
        fmt = "<Q" if arg.size == 8 else "<i"
        struct.pack_into(fmt, kernarg, arg.offset, _eval(arg.value, env))
    grid = [_eval(g, env) for g in gemm_bf16.SPEC.grid(p)]
    plan = gemm_bf16._plan(variant.arch, p)
    run_kernel(_text(variant.id), (grid[0], grid[1]), plan["threads"], bytes(kernarg), mem, plan["lds_bytes"])

    for addr in list(range(c_base - 0x100, c_base, 4)) + list(range(c_end, c_end + 0x100, 4)):
        assert mem.read32(addr) == SENTINEL, f"write outside C at {addr - c_base:+d}"
    for m in range(M):
        for n in range(ldc):
            got = mem.read32(c_base + 4 * (m * ldc + n))
            if n >= N:
                assert got == SENTINEL, f"padding C[{m}][{n}] was written"
                continue
            want = sum(a[m][k] * b[n][k] for k in range(K))
            assert struct.unpack("<f", struct.pack("<I", got))[0] == want, f"C[{m}][{n}]"


SMALL = [v for v in VARIANTS if v.params["bm"] == 64 and v.params["bn"] == 64]
LARGE = [v for v in VARIANTS if v.params["bm"] == 128 and v.params["bn"] == 128 and v.params["bk"] == 64]
MIXED = [v for v in VARIANTS if v.params["bm"] != v.params["bn"] and v.params["bk"] == 32]


@pytest.mark.parametrize("variant", SMALL, ids=lambda v: v.id)
def test_small_tiles_with_tails_in_m_n_k(variant):
    bk = variant.params["bk"]
    # two tiles in N (the second mostly tail), M tail, two K slabs (the second partial), padded strides
    _run(variant, M=61, N=70, K=bk + 8, lda=bk + 16, ldb=bk + 8, ldc=73)


@pytest.mark.parametrize("variant", SMALL[:1] + SMALL[2:3], ids=lambda v: v.id)
def test_tiny_problem_and_k_zero(variant):
    _run(variant, M=1, N=1, K=8, lda=8, ldb=8, ldc=1)
    _run(variant, M=3, N=5, K=0, lda=4, ldb=4, ldc=6)


@pytest.mark.parametrize("variant", LARGE + MIXED, ids=lambda v: v.id)
def test_large_and_rectangular_tiles(variant):
    p = variant.params
    _run(variant, M=p["bm"] - 5, N=p["bn"] - 9, K=p["bk"] + 24, lda=p["bk"] + 24, ldb=p["bk"] + 40,
         ldc=p["bn"])
