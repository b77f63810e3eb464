"""Outside oracles: kernels that Triton's AMD backend compiles (at test time, with the pinned triton wheel,
for gfx942 and gfx950) run on the emulator through `ingot emu --kernarg`, under the strict wait-state
checker, and are compared with plain-Python references written here. The instruction selection, register
allocation, scheduling, s_waitcnt and s_nop placement are LLVM's and Triton's, not this project's: a
kernel passes only if the emulator runs code it was not written against as the hardware would.

Inputs are chosen so the references are exact where the arithmetic allows (small multiples of 1/4 in the
matmuls, whose f32 sums are exact), else a tolerance is stated per case. The cases that are there for
particular instructions also check that the compiled code contains them (e.g. the MFMA shape), so a
compiler change that silently avoids them fails here instead of passing vacuously."""
import math
import operator
import os
import random
import re
import struct
from pathlib import Path

import pytest

pytest.importorskip("triton", reason="the pinned triton wheel is not installed (requirements.txt)")

import triton_kernels as K  # noqa: E402
from triton_launch import In, InOut, Out, compile_kernel, run  # noqa: E402


@pytest.fixture(scope="module")
def cli() -> Path:
    path = os.environ.get("INGOT_CLI")
    if not path:
        pytest.skip("INGOT_CLI is not set (run through ctest: emu_exec.triton_outside_pytest)")
    return Path(path)


def f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


def bf16_bytes(values) -> bytes:
    # The inputs are exact in bf16, so truncating the f32 bits is the conversion.
    return b"".join(struct.pack("<H", struct.unpack("<I", struct.pack("<f", v))[0] >> 16) for v in values)


def e4m3_codes(bias: int) -> dict:
    """value -> code for E4M3 values: OCP E4M3FN (bias 7, gfx950) or FNUZ (bias 8, gfx942). Magnitude code
    0x7f (NaN in E4M3FN) is left out; zero maps to 0x00 (0x80 is NaN in FNUZ)."""
    codes = {}
    for code in range(0x7f):
        exp, mant = code >> 3, code & 7
        value = (mant / 8) * 2.0 ** (1 - bias) if exp == 0 else (1 + mant / 8) * 2.0 ** (exp - bias)
        codes.setdefault(value, code)
        codes.setdefault(-value, code | 0x80)
    return codes


def unpack(fmt: str, data: bytes) -> list:
    return list(struct.unpack(f"<{len(data) // struct.calcsize(fmt)}{fmt}", data))


def matmul_reference(a, b, m, n, k):
    columns = [b[j::n] for j in range(n)]
    return [sum(map(operator.mul, a[i * k:(i + 1) * k], columns[j])) for i in range(m) for j in range(n)]


def instructions(kernel, pattern: str) -> set:
    return set(re.findall(pattern, kernel.assembly))


ARCHS = ["gfx942", "gfx950"]


@pytest.mark.parametrize("arch", ARCHS)
def test_grid_size_from_hidden_arguments(cli, arch):
    # tl.num_programs reads hidden_block_count_{x,y,z}: Emulator::launch fills them in a raw kernarg blob.
    kernel = compile_kernel(K.grid_info, {"out": "*i32"}, arch, num_warps=1)
    assert any(a[".value_kind"] == "hidden_block_count_x" for a in kernel.args)
    grid = (3, 2, 2)
    out, = run(cli, kernel, grid, [Out(12 * 16)])
    assert unpack("i", out) == [v for pid in range(12) for v in (3, 2, 2, pid)]


MATMULS = [  # arch, MFMA M/N (matrix_instr_nonkdim), the MFMA Triton must select
    ("gfx942", 32, "v_mfma_f32_32x32x8_bf16"), ("gfx942", 16, "v_mfma_f32_16x16x16_bf16"),
    ("gfx950", 32, "v_mfma_f32_32x32x16_bf16"), ("gfx950", 16, "v_mfma_f32_16x16x32_bf16"),
]


BF16_MATMUL_ARGS = {"a": "*bf16", "b": "*bf16", "c": "*fp32", "M": "i32", "N": "i32", "K": "i32"}


def check_bf16_matmul(cli, kernel, m, n, k, grid, seed):
    # Multiples of 1/4 in [-2, 2]: exact in bf16, and every f32 partial sum is exact.
    rnd = random.Random(seed)
    a = [rnd.randint(-8, 8) / 4 for _ in range(m * k)]
    b = [rnd.randint(-8, 8) / 4 for _ in range(k * n)]
    c, = run(cli, kernel, grid, [In(bf16_bytes(a)), In(bf16_bytes(b)), Out(m * n * 4), ("i32", m), ("i32", n),
                                 ("i32", k)])
    assert unpack("f", c) == matmul_reference(a, b, m, n, k)


@pytest.mark.parametrize("arch,nonk,mfma", MATMULS)
def test_bf16_matmul(cli, arch, nonk, mfma):
    # 40 x 72 x 96: tails in M and N, three K steps.
    kernel = compile_kernel(K.matmul, BF16_MATMUL_ARGS, arch, {"BM": 32, "BN": 32, "BK": 32}, num_warps=4,
                            matrix_instr_nonkdim=nonk)
    assert mfma in kernel.assembly
    check_bf16_matmul(cli, kernel, 40, 72, 96, (2, 3, 1), seed=nonk)


@pytest.mark.parametrize("arch,dtype,bias", [("gfx942", "fp8e4b8", 8), ("gfx950", "fp8e4nv", 7)])
def test_fp8_matmul(cli, arch, dtype, bias):
    m, n, k = 64, 64, 128
    kernel = compile_kernel(K.matmul, {"a": f"*{dtype}", "b": f"*{dtype}", "c": "*fp32", "M": "i32", "N": "i32",
                                       "K": "i32"}, arch, {"BM": 32, "BN": 32, "BK": 64}, num_warps=4)
    # gfx942: v_mfma_f32_*_fp8_fp8; gfx950: the f8f6f4 form with both formats FP8.
    assert instructions(kernel, r"v_mfma_f32_\w+_(fp8_fp8|f8f6f4)"), "no FP8 MFMA selected"
    codes = e4m3_codes(bias)
    rnd = random.Random(bias)
    a = [rnd.choice([-3, -1.5, -0.5, 0, 0.25, 1, 2, 3.5]) for _ in range(m * k)]
    b = [rnd.choice([-2, -0.75, 0, 0.5, 1, 1.25, 4]) for _ in range(k * n)]
    c, = run(cli, kernel, (2, 2, 1), [In(bytes(codes[v] for v in a)), In(bytes(codes[v] for v in b)),
                                      Out(m * n * 4), ("i32", m), ("i32", n), ("i32", k)])
    assert unpack("f", c) == matmul_reference(a, b, m, n, k)


@pytest.mark.parametrize("arch", ARCHS)
def test_int8_matmul(cli, arch):
    m, n, k = 48, 64, 128
    kernel = compile_kernel(K.matmul, {"a": "*i8", "b": "*i8", "c": "*i32", "M": "i32", "N": "i32", "K": "i32"},
                            arch, {"BM": 32, "BN": 32, "BK": 64}, num_warps=4)
    assert instructions(kernel, r"v_mfma_i32_\w+_i8"), "no int8 MFMA selected"
    rnd = random.Random(8)
    a = [rnd.randint(-128, 127) for _ in range(m * k)]
    b = [rnd.randint(-128, 127) for _ in range(k * n)]
    c, = run(cli, kernel, (2, 2, 1), [In(struct.pack(f"<{m * k}b", *a)), In(struct.pack(f"<{k * n}b", *b)),
                                      Out(m * n * 4), ("i32", m), ("i32", n), ("i32", k)])
    assert unpack("i", c) == matmul_reference(a, b, m, n, k)


def test_ping_pong_256x256_matmul_gfx942(cli):
    # Eight waves on one 256x256 tile under Triton's block ping-pong schedule: two wave groups alternate
    # between memory and MFMA phases, handing over with s_setprio around s_barrier.
    kernel = compile_kernel(K.matmul, BF16_MATMUL_ARGS, "gfx942", {"BM": 256, "BN": 256, "BK": 64},
                            multiples_of_16=("M", "N", "K"), num_warps=8, num_stages=2)
    assert "s_setprio" in kernel.assembly and "s_barrier" in kernel.assembly
    check_bf16_matmul(cli, kernel, 256, 256, 128, (1, 1, 1), seed=42)


def test_direct_to_lds_large_tile_matmul_gfx950(cli, monkeypatch):
    # Triton's async copies: global_load_lds_dwordx4 straight into LDS, 133 KiB of it (only gfx950's
    # 160 KiB holds it).
    monkeypatch.setenv("TRITON_HIP_USE_ASYNC_COPY", "1")
    kernel = compile_kernel(K.matmul, BF16_MATMUL_ARGS, "gfx950", {"BM": 256, "BN": 256, "BK": 64},
                            multiples_of_16=("M", "N", "K"), num_warps=8, num_stages=2)
    assert "global_load_lds_dwordx4" in kernel.assembly and kernel.dynamic_lds > 64 * 1024
    check_bf16_matmul(cli, kernel, 256, 256, 128, (1, 1, 1), seed=43)


def e2m1_value(code: int) -> float:
    magnitude = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0][code & 7]
    return -magnitude if code & 8 else magnitude


def test_mxfp4_dot_scaled_gfx950(cli):
    m, n, k = 32, 32, 128
    kernel = compile_kernel(K.matmul_mxfp4, {"a": "*u8", "a_scale": "*u8", "b": "*u8", "b_scale": "*u8", "c": "*fp32"},
                            "gfx950", {"M": m, "N": n, "K": k}, num_warps=4)
    assert instructions(kernel, r"v_mfma_scale_f32_\w+_f8f6f4"), "no scaled MFMA selected"
    rnd = random.Random(4)
    a_codes = [rnd.randrange(16) for _ in range(m * k)]
    b_codes = [rnd.randrange(16) for _ in range(n * k)]
    a_scales = [rnd.randint(124, 130) for _ in range(m * k // 32)]  # E8M0: 2^(s - 127)
    b_scales = [rnd.randint(124, 130) for _ in range(n * k // 32)]
    pack = lambda codes: bytes(codes[i] | codes[i + 1] << 4 for i in range(0, len(codes), 2))
    c, = run(cli, kernel, (1, 1, 1), [In(pack(a_codes)), In(bytes(a_scales)), In(pack(b_codes)), In(bytes(b_scales)),
                                      Out(m * n * 4)])
    a = [e2m1_value(a_codes[i]) * 2.0 ** (a_scales[i // 32] - 127) for i in range(m * k)]
    b = [e2m1_value(b_codes[i]) * 2.0 ** (b_scales[i // 32] - 127) for i in range(n * k)]
    expected = [sum(a[i * k + t] * b[j * k + t] for t in range(k)) for i in range(m) for j in range(n)]
    assert unpack("f", c) == expected  # powers of two times short mantissas: every partial sum is exact


def f16_bytes(values) -> bytes:
    return struct.pack(f"<{len(values)}e", *values)


@pytest.mark.parametrize("arch", ARCHS)
def test_attention_forward(cli, arch):
    seq, d = 80, 64  # a KV tail: 80 = 2.5 blocks of 32
    kernel = compile_kernel(K.attention_fwd, {"q": "*fp16", "k": "*fp16", "v": "*fp16", "o": "*fp32", "SEQ": "i32"},
                            arch, {"D": d, "BQ": 32, "BKV": 32}, num_warps=4)
    assert instructions(kernel, r"v_mfma_f32_\w+_f16") and instructions(kernel, r"v_exp_f32")
    rnd = random.Random(5)
    q, k, v = ([struct.unpack("<e", struct.pack("<e", rnd.uniform(-1, 1)))[0] for _ in range(seq * d)]
               for _ in range(3))
    o, = run(cli, kernel, (3, 1, 1), [In(f16_bytes(q)), In(f16_bytes(k)), In(f16_bytes(v)), Out(seq * d * 4),
                                      ("i32", seq)])
    got = unpack("f", o)
    for i in range(seq):
        scores = [sum(q[i * d + t] * k[j * d + t] for t in range(d)) / math.sqrt(d) for j in range(seq)]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        for t in range(d):
            want = sum(weights[j] * v[j * d + t] for j in range(seq)) / total
            # P is rounded to f16 before the PV product, as the kernel says.
            assert abs(got[i * d + t] - want) <= 2e-3, (i, t, got[i * d + t], want)


@pytest.mark.parametrize("arch", ARCHS)
def test_layernorm_gelu(cli, arch):
    rows, n = 6, 200
    kernel = compile_kernel(K.layernorm_gelu, {"x": "*fp32", "w": "*fp32", "y": "*fp32", "N": "i32"}, arch,
                            {"EPS": 1e-5, "BLOCK": 256}, num_warps=4)
    rnd = random.Random(6)
    x = [f32(rnd.gauss(0.5, 2.0)) for _ in range(rows * n)]
    w = [f32(rnd.uniform(0.5, 1.5)) for _ in range(n)]
    y, = run(cli, kernel, (rows, 1, 1), [In(struct.pack(f"<{rows * n}f", *x)), In(struct.pack(f"<{n}f", *w)),
                                         Out(rows * n * 4), ("i32", n)])
    got = unpack("f", y)
    for r in range(rows):
        row = x[r * n:(r + 1) * n]
        mean = sum(row) / n
        rstd = 1 / math.sqrt(sum((v - mean) ** 2 for v in row) / n + 1e-5)
        for c in range(n):
            h = (row[c] - mean) * rstd * w[c]
            want = 0.5 * h * (1 + math.tanh(0.7978845608028654 * (h + 0.044715 * h ** 3)))
            assert abs(got[r * n + c] - want) <= 1e-5 * max(1.0, abs(want)), (r, c, got[r * n + c], want)


@pytest.mark.parametrize("arch", ARCHS)
def test_row_quantizer(cli, arch):
    rows, n = 5, 96
    kernel = compile_kernel(K.quantize_rows, {"x": "*fp32", "q": "*i8", "scale": "*fp32", "N": "i32"}, arch,
                            {"BLOCK": 128}, num_warps=2)
    rnd = random.Random(7)
    x = [f32(rnd.uniform(-3, 3)) for _ in range(rows * n)]
    q, scale = run(cli, kernel, (rows, 1, 1), [In(struct.pack(f"<{rows * n}f", *x)), Out(rows * n), Out(rows * 4),
                                               ("i32", n)])
    got_q, got_scale = unpack("b", q), unpack("f", scale)
    for r in range(rows):
        s = f32(max(abs(v) for v in x[r * n:(r + 1) * n]) / 127.0)  # f32 division, correctly rounded
        assert got_scale[r] == s
        for c in range(n):
            ratio = f32(x[r * n + c] / s)
            want = max(-127, min(127, math.floor(ratio + 0.5) if ratio >= 0 else math.ceil(ratio - 0.5)))
            assert got_q[r * n + c] == want, (r, c)


@pytest.mark.parametrize("arch", ARCHS)
def test_prefix_sum_and_sort(cli, arch):
    block = 256
    kernel = compile_kernel(K.scan_and_sort, {"x": "*i32", "prefix": "*i32", "ordered": "*i32"}, arch,
                            {"BLOCK": block}, num_warps=4)
    rnd = random.Random(9)
    x = [rnd.randint(-1000, 1000) for _ in range(block)]
    prefix, ordered = run(cli, kernel, (1, 1, 1), [In(struct.pack(f"<{block}i", *x)), Out(block * 4), Out(block * 4)])
    assert unpack("i", prefix) == [sum(x[:i + 1]) for i in range(block)]
    assert unpack("i", ordered) == sorted(x)


@pytest.mark.parametrize("arch", ARCHS)
def test_atomic_bucket_sum(cli, arch):
    n, buckets, block = 1000, 13, 128
    kernel = compile_kernel(K.bucket_sum, {"keys": "*i32", "vals": "*i32", "sums": "*i32", "counts": "*i32",
                                           "N": "i32"}, arch, {"BLOCK": block}, num_warps=2)
    assert instructions(kernel, r"(global|buffer)_atomic_add\w*")
    rnd = random.Random(10)
    keys = [rnd.randrange(buckets) for _ in range(n)]
    vals = [rnd.randint(-50, 50) for _ in range(n)]
    sums, counts = run(cli, kernel, ((n + block - 1) // block, 1, 1),
                       [In(struct.pack(f"<{n}i", *keys)), In(struct.pack(f"<{n}i", *vals)), Out(buckets * 4),
                        Out(buckets * 4), ("i32", n)])
    assert unpack("i", sums) == [sum(v for key, v in zip(keys, vals) if key == b) for b in range(buckets)]
    assert unpack("i", counts) == [keys.count(b) for b in range(buckets)]


@pytest.mark.parametrize("arch", ARCHS)
def test_cross_workgroup_flag(cli, arch):
    # Program 0 spins on a flag only the last program sets: it needs the workgroups resident together.
    n, programs = 100, 6
    kernel = compile_kernel(K.flag_handoff, {"flag": "*i32", "data": "*i32", "out": "*i32", "N": "i32"}, arch,
                            {"BLOCK": 128}, num_warps=2)
    flag, data, out = run(cli, kernel, (programs, 1, 1), [InOut(bytes(4)), Out(n * 4), Out(n * 4), ("i32", n)])
    assert unpack("i", flag) == [1]
    assert unpack("i", out) == [3 * i + 1 for i in range(n)] == unpack("i", data)
