"""Small Triton kernels written for this test (no one's production code): Triton's AMD backend compiles
them, and the emulator runs code that its own authors did not write or schedule. Each kernel is the
plainest Triton for its pattern; the shapes are chosen in test_triton_outside.py."""
import triton
import triton.language as tl


@triton.jit
def grid_info(out):
    # tl.num_programs reads the code object V5 hidden block counts from the kernarg segment.
    pid = tl.program_id(0) + tl.num_programs(0) * (tl.program_id(1) + tl.num_programs(1) * tl.program_id(2))
    tl.store(out + pid * 4 + 0, tl.num_programs(0))
    tl.store(out + pid * 4 + 1, tl.num_programs(1))
    tl.store(out + pid * 4 + 2, tl.num_programs(2))
    tl.store(out + pid * 4 + 3, pid)


@triton.jit
def matmul(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # C[M, N] (f32, or i32 for int8 inputs) = A[M, K] . B[K, N], row-major; M and N tails masked (the rows
    # and columns a masked load leaves undefined reach only masked-out C), K a multiple of BK. With M, N, K
    # known multiples of 16 the loads are 16 bytes wide, the form Triton's ping-pong schedule and async
    # (direct-to-LDS) copies apply to.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=c.dtype.element_ty)
    for k0 in range(0, K, BK):
        ka = k0 + rk
        x = tl.load(a + rm[:, None] * K + ka[None, :], mask=rm[:, None] < M)
        y = tl.load(b + ka[:, None] * N + rn[None, :], mask=rn[None, :] < N)
        acc += tl.dot(x, y, out_dtype=c.dtype.element_ty)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_mxfp4(a, a_scale, b, b_scale, c, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    # One tile: C[M, N] = (A * 2^sa) . (B * 2^sb); A[M, K/2] and B[N, K/2] hold two e2m1 codes per byte (low
    # nibble first), the E8M0 scales one per 32 k.
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk2 = tl.arange(0, K // 2)
    rs = tl.arange(0, K // 32)
    x = tl.load(a + rm[:, None] * (K // 2) + rk2[None, :])
    y = tl.load(b + rn[:, None] * (K // 2) + rk2[None, :])
    xs = tl.load(a_scale + rm[:, None] * (K // 32) + rs[None, :])
    ys = tl.load(b_scale + rn[:, None] * (K // 32) + rs[None, :])
    acc = tl.dot_scaled(x, xs, "e2m1", y.T, ys, "e2m1")
    tl.store(c + rm[:, None] * N + rn[None, :], acc)


@triton.jit
def attention_fwd(q, k, v, o, SEQ, D: tl.constexpr, BQ: tl.constexpr, BKV: tl.constexpr):
    # One head: O = softmax(Q K^T / sqrt(D)) V, online softmax over KV blocks, f16 inputs, f32 output.
    rq = tl.program_id(0) * BQ + tl.arange(0, BQ)
    rd = tl.arange(0, D)
    qt = tl.load(q + rq[:, None] * D + rd[None, :], mask=rq[:, None] < SEQ, other=0.0)
    m = tl.full((BQ,), float("-inf"), tl.float32)
    l = tl.zeros((BQ,), tl.float32)
    acc = tl.zeros((BQ, D), tl.float32)
    scale = 1.0 / tl.sqrt(D * 1.0)
    for start in range(0, SEQ, BKV):
        rk = start + tl.arange(0, BKV)
        kt = tl.load(k + rk[:, None] * D + rd[None, :], mask=rk[:, None] < SEQ, other=0.0)
        vt = tl.load(v + rk[:, None] * D + rd[None, :], mask=rk[:, None] < SEQ, other=0.0)
        s = tl.dot(qt, tl.trans(kt)) * scale
        s = tl.where(rk[None, :] < SEQ, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m - m_new)
        l = l * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), vt)
        m = m_new
    tl.store(o + rq[:, None] * D + rd[None, :], acc / l[:, None], mask=rq[:, None] < SEQ)


@triton.jit
def layernorm_gelu(x, w, y, N, EPS: tl.constexpr, BLOCK: tl.constexpr):
    # One row per program: y = gelu_tanh(layernorm(x) * w).
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    v = tl.load(x + row * N + cols, mask=mask, other=0.0)
    mean = tl.sum(v, 0) / N
    d = tl.where(mask, v - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(d * d, 0) / N + EPS)
    h = d * rstd * tl.load(w + cols, mask=mask, other=0.0)
    inner = 0.7978845608028654 * (h + 0.044715 * h * h * h)
    t = 2.0 / (1.0 + tl.exp(-2.0 * inner)) - 1.0  # tanh
    tl.store(y + row * N + cols, 0.5 * h * (1.0 + t), mask=mask)


@triton.jit
def quantize_rows(x, q, scale, N, BLOCK: tl.constexpr):
    # Per-row symmetric int8: scale = max|x| / 127, q = round-half-away(x / scale) clamped to [-127, 127].
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    v = tl.load(x + row * N + cols, mask=mask, other=0.0)
    s = tl.max(tl.abs(v), 0) / 127.0
    r = v / s
    r = tl.where(r >= 0, tl.floor(r + 0.5), tl.ceil(r - 0.5))
    tl.store(q + row * N + cols, tl.minimum(tl.maximum(r, -127.0), 127.0).to(tl.int8), mask=mask)
    tl.store(scale + row, s)


@triton.jit
def scan_and_sort(x, prefix, ordered, BLOCK: tl.constexpr):
    # One block: inclusive prefix sum and ascending sort of BLOCK int32 values.
    cols = tl.arange(0, BLOCK)
    v = tl.load(x + cols)
    tl.store(prefix + cols, tl.cumsum(v, 0))
    tl.store(ordered + cols, tl.sort(v, 0))


@triton.jit
def bucket_sum(keys, vals, sums, counts, N, BLOCK: tl.constexpr):
    # Histogram by key with atomics from every program: sums[key] += val, counts[key] += 1.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    key = tl.load(keys + offs, mask=mask, other=0)
    tl.atomic_add(sums + key, tl.load(vals + offs, mask=mask, other=0), mask=mask)
    tl.atomic_add(counts + key, 1, mask=mask)


@triton.jit
def flag_handoff(flag, data, out, N, BLOCK: tl.constexpr):
    # Program 0 waits until the last program has written data and raised the flag, then copies data to
    # out. Dispatched in index order, program 0 is resident first: a run-to-completion scheduler hangs.
    pid = tl.program_id(0)
    last = tl.num_programs(0) - 1
    cols = tl.arange(0, BLOCK)
    if pid == last:
        tl.store(data + cols, cols * 3 + 1, mask=cols < N)
        tl.atomic_xchg(flag, 1, sem="release")
    if pid == 0:
        while tl.atomic_add(flag, 0, sem="acquire") == 0:
            pass
        tl.store(out + cols, tl.load(data + cols, mask=cols < N), mask=cols < N)
