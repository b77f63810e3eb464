"""fmha_fwd: O = softmax(scale * Q.K^T + mask) . V per (batch, query head), BSHD layout (issue 11).

Q [B, Sq, Hq, Dqk], K [B, Sk, Hkv, Dqk], V [B, Sk, Hkv, Dv], O [B, Sq, Hq, Dv], bf16 or f16 (O in the same
type), or fp8 e4m3 (FNUZ on gfx942, OCP on gfx950: `fp8_format`) with fp32 descales Q_descale / K_descale /
V_descale and O in bf16 (fp8 at head dims 64/64, 128/128, 192/128), strides in elements; query head h reads KV head h / (Hq / Hkv). Optional LSE, fp32 [B, Hq, Sq]: the
kernel writes it when the `LSE` buffer's address is not 0 (one kernel serves both: no variant doubling).
Varlen, in the same kernels: when `cu_seqlens_q` is not 0, Q/O are packed [total_q, Hq, D] and K/V
[total_k, Hkv, D] (batch strides unused), sequence b is rows [cu_seqlens_q[b], cu_seqlens_q[b+1]) and
[cu_seqlens_k[b], cu_seqlens_k[b+1]) (int32 [B+1] each), Sq / Sk are the longest lengths (they size the
grid) and LSE is [Hq, total_q]. Zero-length sequences are allowed.
Masks: key j is visible to query i when j <= i + Sk - Sq + window_right (window_right >= 0) and
j >= i + Sk - Sq - window_left (window_left >= 0), -1 meaning unbounded: causal (bottom-right) is (-1, 0).
`mask = "none"` variants accept only (-1, -1); `mask = "window"` variants take any (left, right) through
their kernargs (causal included) and skip the KV tiles outside the band of their Q tile.

The algorithm, register layouts and LDS layout are documented at the top of asm/fmha_fwd/fmha_fwd.s.j2.
Variants: arch x dtype x head dims x mask x Q tile (waves * 32 query rows: 128 for long sequences, 64 for
short Sq). At head dims 256/256, Q (64 VGPRs) plus O (128) plus the staging and operand registers exceed
the 256 arch VGPRs: O^T lives in AGPRs there (MFMA C/D; the descriptor allocates accum_offset + 128).

Grid: (Hq, ceil(Sq/BQ), B); window kernels under a one-sided mask (causal) whose triangle dominates run a
pair of Q tiles per workgroup, head and tail of the triangle (Q_TILE_PAIRS), over ceil(ceil(Sq/BQ)/2) rows.

Selection cost (`_cost`, nanoseconds, modeled, not a GPU time): workgroups = grid rows * Hq * B; a CU
holds `slots` workgroups at once (the fewer of what its VGPRs allow, 512 / allocation waves per SIMD, and
what its LDS allows); rounds = ceil(workgroups / (cus * slots)); each round the busiest CU runs
min(slots, ceil(workgroups / cus)) workgroups of 2 * BQ * Sk * (Dqk + Dv) flops (padding rows of the last Q
tile included, which is what the small tile saves; halved for windowed kernels with a right bound, a
causal-like band, unless the workgroup runs a pair of tiles) at the arch's dense 16-bit peak per CU, at half
that rate when fewer than 2 waves share a SIMD (nothing covers a wave's LDS-staging phase: 47-60% MFMA-busy
at one wave per SIMD in bench/fmha_table's CU model); plus the ASSUMED launch_ns per round (gen/archs.py
ROOFLINE)."""

import math
import struct

from gen.archs import (FP8_FLOPS_PER_NS_PER_CU, FP8_FORMAT, FP8_MFMA, LDS_BANKS, MAX_ARCH_VGPRS, MFMA_32X32,
                        ROOFLINE, WAVE_SIZE, arch_info)
from gen.families.gemm_common import VgprAllocator
from gen.spec import Constraint, FamilySpec, KernArg

HEAD_DIMS = [(64, 64), (128, 128), (192, 128), (256, 256)]
DTYPES = ["bf16", "f16", "fp8"]
ELEM_BYTES = {"bf16": 2, "f16": 2, "fp8": 1}
MASKS = ["none", "window"]
WAVES = [2, 4]                   # Q tile = 32 query rows per wave: 64 (short Sq) or 128 rows
ROWS_PER_WAVE = 32
KV_TILE = 32                     # keys per main-loop iteration (the M of one 32x32 S^T MFMA)
CHUNK_BYTES = 16                 # global loads and K reads are 16-byte chunks (8 elements)
D_BLOCK = 64                     # K/V staging maps 64-column blocks of a tile (8 chunks x 32 rows)
# gfx950 row-major V: row pitch = Dv*2 bytes + pad, 16 or 48 dwords mod 64 so that the 4 rows of a
# ds_read_b64_tr_b16 phase (16 dwords each) land on distinct banks
V_ROW_PAD_DWORDS = {64: 16, 128: 16, 256: 16}
VT_PITCH = KV_TILE * 2 + 8      # V^T row (one output column, 32 keys) + 8: an odd number of 8-byte slots
INT32_LIMIT = 2**31
# Head dims whose softmax takes the VALU cuts: P to 16 bits by truncation (_p_rounding; the rounding adds of a
# pack, 3 instructions per two values, were 16 of a wave's 69 VALU per KV tile on gfx942) and the rescale
# test on each lane half's max (the halves exchange only to rescale). The hd64 kernels are VALU-bound
# (bench/fmha_table README); the other head dims (and fmha_fwd_pp, which shares the softmax) keep their code.
VALU_LEAN_HEAD_DIMS = {(64, 64)}
LEAN_K_BATCH, LEAN_V_BATCH = 2, 1  # the compact register map's K / V operand batches (_lean_registers)
# hd192/128 kernels that take levers of VALU_LEAN_HEAD_DIMS (bench/fmha_table README "session 14 hd192"), per
# (arch, dtype): "softmax" (the lean softmax: lazy max, half-max test, truncated P), "fp8_v" (fp8 V's cheaper
# conversion), "chain" (counted S-result wait, per-step V^T reads, LDS reads first), "k_batch1" (the compact map
# with one K operand chunk where that adds a wave per SIMD), "fp8_v_rows" (gfx950: fp8 V to LDS as bf16 rows, read
# by ds_read_b64_tr_b16; fmha_fwd.s.j2 lds_writes), "s_addresses" (the tail's load addresses in the S registers
# where registers of their own would cost a wave, so the LDS reads can go first; _place_tail_load_addresses).
# Each set is what measured best on the model: gfx950 fp8 loses with "softmax" (1472 -> 1615 cycles per KV
# tile), gfx942 bf16 gains no wave from the compact map.
HD192_LEVERS = {("gfx942", "fp8"): {"fp8_v", "k_batch1", "softmax", "chain", "s_addresses"},
                ("gfx942", "bf16"): {"softmax", "chain"},
                ("gfx950", "fp8"): {"chain", "fp8_v_rows"}}
SIMD_VGPRS = 512                 # VGPRs (arch + accumulation) per lane of one SIMD: waves/SIMD = 512 / allocation
SIMDS_PER_CU = 4
LOG2E = 1.4426950408889634
# Window kernels pair Q tiles n-1-y and y in workgroup y (asm/fmha_fwd/fmha_fwd.s.j2 q_tiles_of_workgroup)
# when exactly one side of the band is bounded (causal: (-1, 0)) and the triangle dominates: the shortest
# Q tile sees fewer than half the keys of the longest (right bound: Sk - Sq + right keys against Sk; left
# bound: left against min(Sk, Sq + left)). Each pair then sees about as many keys as the longest tile.
# Two-sided and unbounded bands do about the same work per tile, and so does a short chunk of queries over
# a long context (Sq << Sk, chunked prefill), where pairs would only halve the workgroups and double the
# longest one: no pairs there.
Q_TILE_PAIRS = ["or",
                ["and", ["lt", "window_left", 0], ["ge", "window_right", 0],
                 ["lt", ["mul", 2, ["add", ["sub", "Sk", "Sq"], "window_right"]], "Sk"]],
                ["and", ["ge", "window_left", 0], ["lt", "window_right", 0],
                 ["lt", ["mul", 2, "window_left"], ["min", "Sk", ["add", "Sq", "window_left"]]]]]


def _levers(arch: str, p: dict) -> set:
    """The levers this kernel takes: every one at VALU_LEAN_HEAD_DIMS, HD192_LEVERS' at 192/128."""
    if (p["dqk"], p["dv"]) in VALU_LEAN_HEAD_DIMS:
        return {"softmax", "fp8_v", "chain"}
    if (p["dqk"], p["dv"]) == (192, 128):
        return HD192_LEVERS.get((arch, p["dtype"]), set())
    return set()


def _q_tile_rows(p: dict) -> list:
    """Grid rows (y) per (batch, head): one per Q tile, or one per pair under Q_TILE_PAIRS."""
    tiles = ["ceil_div", "Sq", p["waves"] * ROWS_PER_WAVE]
    if p["mask"] != "window":
        return tiles
    return ["if", Q_TILE_PAIRS, ["ceil_div", tiles, 2], tiles]


def _space(arch: str) -> dict[str, list]:
    return {"dtype": DTYPES, "dqk": sorted({d[0] for d in HEAD_DIMS}), "dv": sorted({d[1] for d in HEAD_DIMS}),
            "mask": MASKS, "waves": WAVES,
            # how the arch reads an fp8 byte (one value per arch; a param so that the match can carry it)
            "fp8_format": [FP8_FORMAT[arch]]}


def _valid(arch: str, p: dict) -> str | None:
    if (p["dqk"], p["dv"]) not in HEAD_DIMS:
        return f"head dims {p['dqk']}/{p['dv']} are not declared"
    if (p["dqk"], p["dv"]) == (256, 256) and p["dtype"] == "fp8":
        return "fp8 variants are declared at head dims 64/64, 128/128 and 192/128"
    threads = p["waves"] * WAVE_SIZE
    if KV_TILE * p["dv"] * ELEM_BYTES[p["dtype"]] // CHUNK_BYTES < threads:
        return f"the V tile has fewer 16-byte chunks than the {threads} threads that stage it"
    plan = _plan(arch, p)
    if plan["next_free_vgpr"] > MAX_ARCH_VGPRS:
        return f"register plan needs {plan['next_free_vgpr']} VGPRs, more than {MAX_ARCH_VGPRS}"
    if plan["lds_bytes"] > arch_info(arch).lds_bytes:
        return "K and V^T tiles do not fit in LDS"
    return None


def _staging(d: int, threads: int) -> list[tuple[int, int]]:
    """(row, chunk column) of each 16-byte chunk thread 0 stages, per pass; thread t adds t%8 to the column
    and t/8 (mod 32) to the row. Chunk i = t + pass*threads of a 32-row tile with d columns covers row
    (i/8) % 32, chunk column i%8 + 8*(i/256): 64-column blocks of 8 chunks, 256 chunks each."""
    passes = KV_TILE * d // 8 // threads
    out = []
    for pas in range(passes):
        i = pas * threads
        out.append(((i // 8) % KV_TILE, 8 * (i // (8 * KV_TILE))))
    return out


def _v_staging(cpr: int, threads: int, key_group: int) -> list[tuple[int, int]]:
    """(key, chunk column) offsets of each pass of the V tile (cpr 16-byte chunks per key), which goes to
    LDS transposed (V^T rows are output columns, 2 bytes per key). Chunk i covers key
    i%g + g*((i/(g*cpr))%(32/g)), chunk column (i/g)%cpr, g = key_group: a wave's b16 writes then cover g
    keys (g/2 dwords) of 64/g column chunks, which the V^T pitch (18 dwords) spreads over distinct banks on
    both archs: 16-bit V (g = 16, 8 columns per chunk: chunks 8*18 dwords apart = 16 banks mod 32, four
    chunks = 0/16/32/48 mod 64) and fp8 V (g = 32, 16 columns per chunk: 32 keys fill a 32-bank phase, two
    chunks are 32 banks apart mod 64). 16-bit V's global loads still use every byte of the 64-byte row
    segments they touch. Thread t adds the same formula at i = t; the assertion checks the split is exact."""
    passes = KV_TILE * cpr // threads

    def place(i: int) -> tuple[int, int]:
        return i % key_group + key_group * ((i // (key_group * cpr)) % (KV_TILE // key_group)), (i // key_group) % cpr

    out = [place(pas * threads) for pas in range(passes)]
    for t in range(threads):
        for pas, (key0, col0) in enumerate(out):
            key_t, col_t = place(t)
            assert place(t + pas * threads) == (key0 + key_t, col0 + col_t), (cpr, threads, t, pas)
    return out


def _v_rows_staging(cpr: int, threads: int) -> list[tuple[int, int]]:
    """gfx950 row-major V (read back by ds_read_b64_tr_b16): chunk i covers key (i/cpr)%32, chunk column
    i%cpr, so a 16-lane b128 write phase is one 256-byte row (cpr = 16) or two rows (cpr = 8), which the
    template maps 2 rows apart (2 * 48 dwords = 32 banks mod 64). Thread t adds key t/cpr, column t%cpr."""
    return [((pas * threads // cpr) % KV_TILE, 0) for pas in range(KV_TILE * cpr // threads)]


def _plan(arch: str, p: dict, compact: bool = True) -> dict:
    """Register and LDS allocation. v0..v27 are the template's fixed registers. fp8: Q.K^T runs on the arch's
    fp8 MFMA, V is converted to bf16 (exact) on its way to LDS and P.V runs in bf16 like the 16-bit kernels.
    `compact`: take the compact map where it adds a wave per SIMD (fmha_fwd_pp, which borrows this plan for
    its staging at other wave counts, passes False)."""
    fp8 = p["dtype"] == "fp8"
    eb = ELEM_BYTES[p["dtype"]]
    mfma_qk = FP8_MFMA[arch] if fp8 else MFMA_32X32[(arch, p["dtype"])]
    mfma_pv = MFMA_32X32[(arch, "bf16" if fp8 else p["dtype"])]
    threads = p["waves"] * WAVE_SIZE
    dqk, dv = p["dqk"], p["dv"]
    groups = dqk * eb // 32                # 16-byte Q/K operand chunks per lane (two lane halves per 32 bytes)
    blocks = dv // ROWS_PER_WAVE           # 32-row blocks of O^T
    # byte column of chunk g for lane half 0, and the step to half 1: 16 bytes per half (each MFMA step's
    # k order permuted identically for K and Q), except gfx950's fp8 MFMA, whose lane half holds 32 bytes
    if mfma_qk.operand_regs == 8:
        chunk_cols = [64 * (g // 2) + 16 * (g % 2) for g in range(groups)]
        half_bytes = 32
    else:
        chunk_cols = [32 * g for g in range(groups)]
        half_bytes = 16
    # K staging covers 128-byte column blocks; a row that ends inside its last block (fp8 at 64 or 192
    # bytes) leaves the lanes past the row's end masked (chunk column >= k_row_chunks reads nothing)
    k_row_bytes = -(-dqk * eb // 128) * 128
    # gfx942 fp8 at VALU_LEAN_HEAD_DIMS: the 64-byte rows staged as they are, 4 chunks per row (the template's
    # own thread map), so that no lane loads and writes a block's empty half
    k_row_stage_chunks = 8
    if fp8 and arch == "gfx942" and (dqk, dv) in VALU_LEAN_HEAD_DIMS:
        k_row_bytes, k_row_stage_chunks = dqk * eb, dqk * eb // CHUNK_BYTES
    k_stage = _staging(k_row_bytes // 2, threads)
    cols_per_chunk = CHUNK_BYTES // eb     # V columns per 16-byte chunk
    # gfx950, 16-bit V: V stays row-major in LDS and ds_read_b64_tr_b16 reads it transposed (no V^T writes);
    # fp8 V too under "fp8_v_rows" (converted to bf16 rows, fmha_fwd.s.j2 lds_writes; not for fmha_fwd_pp's
    # borrowed plan, compact=False, which places its own rows)
    fp8_v_rows = fp8 and arch == "gfx950" and compact and "fp8_v_rows" in _levers(arch, p)
    v_transposed_read = arch == "gfx950" and (not fp8 or fp8_v_rows)
    if v_transposed_read:
        v_stage = _v_rows_staging(dv // cols_per_chunk, threads)
        v_pitch = dv * 2 + V_ROW_PAD_DWORDS[dv] * 4
        v_bytes = KV_TILE * v_pitch
    else:
        v_stage = _v_staging(dv // cols_per_chunk, threads, 32 if fp8 else 16)
        v_pitch = VT_PITCH
        v_bytes = dv * VT_PITCH
    # gfx950's fp8 MFMA takes two chunks per operand; fp8 V conversion borrows 8 K operand registers
    batches = ((4, 2), (2, 2), (2, 1)) if fp8 else ((4, 2), (2, 2), (2, 1), (1, 1))
    # O^T goes to the accumulation registers (AGPRs, MFMA C/D) only when the arch VGPRs cannot hold it:
    # rescaling O then costs a read and a write per register (head dims 256/256)
    # a batch of K operand chunks must divide the groups (fp8: 2 at 64/64, 6 at 192/128)
    options = [(o_agprs, kb, vb) for o_agprs in (False, True) for kb, vb in batches if groups % kb == 0]
    for o_agprs, k_batch, v_batch in options:
        plan = _registers(groups, blocks, k_stage, v_stage, o_agprs, k_batch, v_batch)
        if plan["next_free_vgpr"] <= MAX_ARCH_VGPRS:
            break
    # the compact map where it lets one more wave share each SIMD (16-bit head dims 64/64 at 4 waves: 160
    # -> 128 VGPRs, 3 -> 4 waves per SIMD; fp8 64/64 at 2 waves, 128/128 at 4; bench/fmha_table README)
    levers = _levers(arch, p)
    # one K operand chunk (4 registers) only where fp8 V's conversion needs no more scratch than that: gfx942's
    # high halves (fmha_fwd.s.j2 lds_writes borrows the K operand registers), or 16-bit V (none)
    one_chunk = "k_batch1" in levers and (not fp8 or (arch == "gfx942" and "fp8_v" in levers))
    lean_k_batches = [LEAN_K_BATCH] + ([1] if one_chunk else [])
    for lean_k_batch in lean_k_batches if compact else []:
        if groups % lean_k_batch:
            continue
        lean = _lean_registers(groups, blocks, k_stage, v_stage, lean_k_batch)
        if lean and _waves_per_simd(lean) > _waves_per_simd(plan):
            plan, o_agprs, k_batch, v_batch = lean, False, lean_k_batch, LEAN_V_BATCH
    if fp8_v_rows:
        # the row writes' second address (fmha_fwd.s.j2 lds_writes): lanes at chunk columns 4..7 write their
        # halves in the other order
        plan["v_vw_swap"] = plan["next_free_vgpr"]
        plan["next_free_vgpr"] += 1
    k_pitch = k_row_bytes + CHUNK_BYTES    # odd number of 16-byte slots per K row
    k_bytes = KV_TILE * k_pitch
    lds_bytes = k_bytes + v_bytes
    plan.update({
        "mfma_qk": mfma_qk, "mfma_pv": mfma_pv, "pv_f16_rtz": False, "fp8": fp8, "elem_bytes": eb, "chunk_cols": chunk_cols,
        "half_bytes": half_bytes, "cols_per_chunk": cols_per_chunk, "threads": threads, "groups": groups, "blocks": blocks, "k_batch": k_batch, "v_batch": v_batch,
        "k_stage": k_stage, "k_row_chunks": dqk * eb // CHUNK_BYTES, "k_row_stage_chunks": k_row_stage_chunks, "v_stage": v_stage, "k_pitch": k_pitch, "vt_pitch": v_pitch,
        "v_transposed_read": v_transposed_read, "fp8_v_row_halves": fp8_v_rows, "o_agprs": o_agprs,
        "lds_vt": k_bytes, "lds_bytes": lds_bytes, "bq": p["waves"] * ROWS_PER_WAVE, "kv_tile": KV_TILE,
        "lds_banks": LDS_BANKS[arch],
        # window kernels keep q_tile_pairs and the pair's second tile in s97 / s98
        "next_free_sgpr": 99 if p["mask"] == "window" else 97,
        "workgroup_ids": "xyz",
    })
    plan.update(_p_rounding(arch, p))
    plan["half_max_test"] = "softmax" in levers
    # the common tile's softmax without the row max (fmha_fwd.s.j2 softmax_lazy; fmha_fwd_pp keeps softmax)
    plan["lazy_max"] = "softmax" in levers
    # gfx950 fp8 V to bf16 in one instruction per two values (v_cvt_scalef32_pk_bf16_fp8) instead of four
    plan["fp8_v_direct"] = fp8 and arch == "gfx950" and "fp8_v" in levers
    # gfx942 fp8 there: V's bf16 values written from the high halves of the converted f32 (no v_perm)
    plan["fp8_v_high_halves"] = fp8 and arch == "gfx942" and "fp8_v" in levers
    # every kernel there (a wave's chain per KV tile; bench/fmha_table README "session 14 hd64"): the full tile's
    # wait for the S results counted against the instructions before it (no s_nop 7s), the second V^T block
    # read step by step, and the tile's LDS reads before the next tiles' load issue where the tail's load
    # addresses can have registers apart from the K operands without a wave less per SIMD
    lean_chain = "chain" in levers
    plan["s_wait_counted"] = lean_chain
    plan["pv_reads_per_step"] = lean_chain and plan["v_batch"] == 1
    plan["lds_reads_first"] = lean_chain and _place_tail_load_addresses(plan, len(k_stage), len(v_stage), arch == "gfx950" or "s_addresses" in levers)
    # gfx950 there: each wave's s_setprio rises with its progress through the KV tile, so a SIMD's arbiter serves
    # the wave nearest the next barrier first instead of the oldest (fmha_fwd.s.j2 PRIORITY_*; bench/fmha_table
    # README "session 16 hd64")
    plan["progress_priority"] = arch == "gfx950" and (dqk, dv) in VALU_LEAN_HEAD_DIMS
    return plan


def _f32_bits(x: float) -> str:
    return "0x%08x" % struct.unpack("<I", struct.pack("<f", x))[0]


def _p_rounding(arch: str, p: dict) -> dict:
    """How the softmax's P (fp32, at most about 2^8) becomes the 16-bit B operand of the P.V MFMAs. Where the
    arch has no one-instruction rounding convert (gfx942 bf16, and fp8 whose P.V runs in bf16) and for f16
    (v_cvt_pkrtz_f16_f32), at VALU_LEAN_HEAD_DIMS: truncate (one instruction per two values) P scaled by
    1 + d. Truncating x in [2^e, 2^(e+1)) loses a uniform fraction of one ulp, 2^(e-n) (n stored mantissa
    bits): relative to x, 2^-(n+1) * E[2^e / x] = 2^-(n+2) / ln 2 on average for log-uniform mantissas (P =
    exp2 of spread scores), so d = 2^-(n+2) / ln 2 makes the mean error 0, and the error lies in
    (d - 2^-n (1 + d), d]: |e| < 1.28 * 2^-(n+1) (round to nearest: 2^-(n+1)). The scale costs nothing per
    tile: it is exp2's offset log2(1 + d) (the reference max moves to m - log2(1 + d)); the row sum l, summed
    from the scaled fp32 P, is divided by 1 + d once in the epilogue (O and LSE)."""
    stored_bits = {"bf16": 7, "fp8": 7, "f16": 10}[p["dtype"]]   # fp8: P.V in bf16
    truncate = ("softmax" in _levers(arch, p)
                and (p["dtype"] == "f16" or arch != "gfx950"))   # gfx950 bf16: v_cvt_pk_bf16_f32 rounds
    if not truncate:
        return {"p_truncate": False}
    d = 2.0 ** -(stored_bits + 2) / math.log(2)
    return {"p_truncate": True, "p_scale": _f32_bits(1 + d), "p_offset": _f32_bits(math.log2(1 + d)),
            "p_offset_neg": _f32_bits(-math.log2(1 + d))}


def _registers(groups: int, blocks: int, k_stage: list, v_stage: list, o_agprs: bool, k_batch: int,
               v_batch: int) -> dict:
    """The tile-sized VGPR ranges above the template's fixed v0..v27, each aligned to 4."""
    vgprs = VgprAllocator(28)
    take = vgprs.take
    plan = {
        "v_q": take(4 * groups),
        "v_o": 0 if o_agprs else take(16 * blocks),
        "v_s": take(16),
        "v_p": take(8),
        "v_kf": take(4 * k_batch),
        "v_vf": take(8 * v_batch),
        "v_k_data": take(4 * len(k_stage)),
        "v_v_data": take(4 * len(v_stage)),
        "v_k_off": take(len(k_stage)),
        "v_v_off": take(len(v_stage)),
        "v_k_addr": take(len(k_stage)),    # per-tile masked load addresses (kept until the load issues)
        "v_v_addr": take(len(v_stage)),
        "v_vrow": take(1),                 # this thread's V key (the K key is v_krow)
        "compact": False,
    }
    plan["next_free_vgpr"] = vgprs.next_free()
    plan["agpr_count"] = 16 * blocks if o_agprs else 0
    return plan


def _lean_registers(groups: int, blocks: int, k_stage: list, v_stage: list, k_batch: int = LEAN_K_BATCH) -> dict | None:
    """The compact map: the single registers (V key, global offsets) packed right above v27 instead of
    4-aligned, K operand batch LEAN_K_BATCH and V batch LEAN_V_BATCH, and the tail tile's masked load
    addresses in the K operand registers: in fmha_fwd.s.j2's loop tile_loads issues its loads after the fp8 V
    conversion (lds_writes, which borrows those registers) and before the S MFMAs' K reads refill them. None
    where they do not fit there."""
    if len(k_stage) + len(v_stage) > 4 * k_batch:
        return None
    singles = 28 + 1 + len(k_stage) + len(v_stage)
    vgprs = VgprAllocator(singles)
    take = vgprs.take
    plan = {"compact": True, "v_vrow": 28, "v_k_off": 29, "v_v_off": 29 + len(k_stage),
            "v_q": take(4 * groups), "v_o": take(16 * blocks), "v_s": take(16), "v_p": take(8),
            "v_kf": take(4 * k_batch), "v_vf": take(8 * LEAN_V_BATCH),
            "v_k_data": take(4 * len(k_stage)), "v_v_data": take(4 * len(v_stage))}
    plan["v_k_addr"] = plan["v_kf"]
    plan["v_v_addr"] = plan["v_kf"] + len(k_stage)
    plan["next_free_vgpr"] = vgprs.next_free()
    plan["agpr_count"] = 0
    return plan


def _place_tail_load_addresses(plan: dict, k_count: int, v_count: int, s_registers: bool) -> bool:
    """Moves the tail tile's load addresses apart from the K operand registers where it can (the loop's K reads
    may then fill those before the loads issue) and says whether they are apart: the compact map keeps them
    there; they move to registers of their own above the map when that costs no wave per SIMD, else
    (`s_registers`) into the S registers (else the plan is left as it was). gfx950 and gfx942 fp8 hd192 ("s_addresses") only for the latter: gfx950's 16-bit
    w4 kernels gain (1709 -> 1664 cycles per KV tile at bf16), gfx942 fp8 hd192 w4 too (3549 -> 3508), gfx942's
    16-bit hd64 w4, MFMA-bound, lose (2322 -> 2486; bench/fmha_table README, session 14 hd64 and hd192)."""
    if plan["v_k_addr"] != plan["v_kf"]:
        return True
    waves, base = _waves_per_simd(plan), plan["next_free_vgpr"]
    moved = dict(plan, v_k_addr=base, v_v_addr=base + k_count, next_free_vgpr=base + k_count + v_count)
    if moved["next_free_vgpr"] <= MAX_ARCH_VGPRS and _waves_per_simd(moved) == waves:
        plan.update(moved)
        return True
    # else the S registers: between the barrier and the S MFMAs (where the loop's loads issue) they hold the
    # previous tile's fp32 P, already packed into v_p; this tile's first S MFMA rewrites them
    if not s_registers or k_count + v_count > 16:
        return False
    plan["v_k_addr"], plan["v_v_addr"] = plan["v_s"], plan["v_s"] + k_count
    return True


def _waves_per_simd(plan: dict) -> int:
    """Waves of this kernel one SIMD holds by registers: 512 / allocation (arch VGPRs 4-aligned plus the
    AGPRs, in granules of 8)."""
    unified = plan["next_free_vgpr"]
    if plan["agpr_count"]:
        unified = (unified + 3) // 4 * 4 + plan["agpr_count"]
    return min(8, SIMD_VGPRS // ((unified + 7) // 8 * 8))


def _span(s: str, stride: str, d: str, eb: int) -> list:
    return ["mul", ["add", ["mul", ["sub", s, 1], stride], d], eb]


def _constraints(p: dict) -> list[Constraint]:
    rules = [
        Constraint("dqk", ["eq", "Dqk", p["dqk"]], f"head_dim_qk must be {p['dqk']}"),
        Constraint("dv", ["eq", "Dv", p["dv"]], f"head_dim_v must be {p['dv']}"),
        Constraint("sq_positive", ["ge", "Sq", 1], "Sq must be at least 1"),
        Constraint("sk_positive", ["ge", "Sk", 1], "Sk must be at least 1"),
        Constraint("hkv_positive", ["ge", "Hkv", 1], "Hkv must be at least 1"),
        Constraint("gqa_group", ["eq", ["mod", "Hq", "Hkv"], 0], "Hq must be a multiple of Hkv"),
        Constraint("window_left", ["ge", "window_left", -1], "window_left must be -1 (unbounded) or >= 0"),
        Constraint("window_right", ["ge", "window_right", -1], "window_right must be -1 (unbounded) or >= 0"),
    ]
    if p["mask"] == "none":
        rules.append(Constraint("no_mask", ["and", ["eq", "window_left", -1], ["eq", "window_right", -1]],
                                "mask 'none' kernels take no causal or window mask"))
    for t, s, d in (("q", "Sq", "Dqk"), ("k", "Sk", "Dqk"), ("v", "Sk", "Dv"), ("o", "Sq", "Dv")):
        eb = 2 if t == "o" else ELEM_BYTES[p["dtype"]]
        rules.append(Constraint(f"{t}_fits_32bit", ["lt", _span(s, f"stride_{t}_s", d, eb), INT32_LIMIT],
                                f"one (batch, head) slice of {t.upper()} must span less than 2 GiB: "
                                "buffer offsets are 32-bit"))
        rules.append(Constraint(f"{t}_strides", ["and", ["ge", f"stride_{t}_s", 0], ["ge", f"stride_{t}_h", 0],
                                                 ["ge", f"stride_{t}_b", 0]],
                                f"{t.upper()} strides must not be negative"))
    return rules


def _cost(arch: str, p: dict) -> list:
    """The model of the module docstring, as a manifest expression (nanoseconds)."""
    roof = ROOFLINE[arch]
    plan = _plan(arch, p)
    bq, waves = p["waves"] * ROWS_PER_WAVE, p["waves"]
    slots = max(1, min(_waves_per_simd(plan) * SIMDS_PER_CU // waves, arch_info(arch).lds_bytes // plan["lds_bytes"]))
    wgs = ["mul", _q_tile_rows(p), "Hq", "B"]
    resident = ["min", slots, ["ceil_div", wgs, "cus"]]          # workgroups sharing the busiest CU
    rounds = ["ceil_div", wgs, ["mul", "cus", slots]]
    flops = ["mul", 2 * bq * (p["dqk"] + p["dv"]), ["round_up", "Sk", KV_TILE]]
    if p["mask"] == "window":
        # a pair of Q tiles sees about Sk keys (causal: Sk + BQ); an unpaired tile with a right bound about half
        flops = ["mul", flops, ["if", Q_TILE_PAIRS, 1.0, ["if", ["ge", "window_right", 0], 0.5, 1.0]]]
    # one wave per SIMD leaves its LDS-staging phase uncovered: about half the MFMA rate (ingot_fmha_table: 47-60%)
    efficiency = ["if", ["ge", ["mul", resident, waves], 2 * SIMDS_PER_CU], 1.0, 0.5]
    compute = ["div", ["mul", rounds, resident, flops, 1.0 / dense_rate(arch, p)], efficiency]
    return ["add", compute, ["mul", rounds, roof.launch_ns]]


def dense_rate(arch: str, p: dict) -> float:
    """Dense flops per ns per CU of the variant: 16-bit peak; fp8: Q.K^T at the fp8 rate, P.V in bf16."""
    peak = ROOFLINE[arch].flops_per_ns_per_cu
    if p["dtype"] != "fp8":
        return peak
    return peak * (p["dqk"] + p["dv"]) / (p["dqk"] * peak / FP8_FLOPS_PER_NS_PER_CU[arch] + p["dv"])


def _kernargs(p: dict) -> list[KernArg]:
    args = [KernArg(name, "ptr", name) for name in ("Q", "K", "V", "O", "LSE", "cu_seqlens_q", "cu_seqlens_k")]
    args += [KernArg("Sq", "i32", "Sq"), KernArg("Sk", "i32", "Sk"), KernArg("B", "i32", "B"),
             KernArg("group", "i32", ["div", "Hq", "Hkv"]), KernArg("Hq", "i32", "Hq")]
    for t in "qkvo":
        args += [KernArg(f"stride_{t}_{x}", "i32", f"stride_{t}_{x}") for x in "bsh"]
    # scale * log2(e): scores go straight to the exp2 domain with one multiply
    args.append(KernArg("scale_log2", "f32", ["mul", "scale", LOG2E]))
    if p["mask"] == "window":
        args += [KernArg("window_left", "i32", "window_left"), KernArg("window_right", "i32", "window_right"),
                 KernArg("q_tile_pairs", "i32", Q_TILE_PAIRS)]
    if p["dtype"] == "fp8":
        args += [KernArg(name, "ptr", name) for name in ("Q_descale", "K_descale", "V_descale")]
    return args


def _match(p: dict) -> dict:
    return {"dtype": p["dtype"], **({"fp8_format": p["fp8_format"]} if p["dtype"] == "fp8" else {})}


SPEC = FamilySpec(
    name="fmha_fwd",
    op="fmha_fwd",
    template="fmha_fwd/fmha_fwd.s.j2",
    archs=("gfx942", "gfx950"),
    space=_space,
    valid=_valid,
    name_keys=[("dtype", "t"), ("dqk", "d"), ("dv", "dv"), ("mask", "m"), ("waves", "w")],
    kernargs=_kernargs,
    workgroup=lambda p: [p["waves"] * WAVE_SIZE, 1, 1],
    grid=lambda p: ["Hq", _q_tile_rows(p), "B"],
    dynamic_lds=lambda p: 0,
    match=_match,
    constraints=_constraints,
    cost=_cost,
    plan=_plan,
    extra={"read_only": ["Q", "K", "V", "cu_seqlens_q", "cu_seqlens_k", "Q_descale", "K_descale", "V_descale"], "write_only": ["O", "LSE"]},
)
