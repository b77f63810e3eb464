"""gemm_fp8: C[M,N] (bf16, row stride ldc) = dequant(A[M,K] fp8) . dequant(B[N,K] fp8)^T, fp32 accumulate.

A is fp8 [M,K] (row stride lda bytes = elements), B fp8 [N,K] (row stride ldb, a Linear layer's weight).
The FP8 format follows the arch (isa-notes.md "FP8"): gfx942 reads the bytes as FNUZ e4m3fnuz (bias 8,
max 240), gfx950 as OCP e4m3fn (bias 7, max 448). The same bytes mean different numbers on the two chips,
so the manifest says which (`fp8_format`, a param and a match key) and callers/references must agree.

Scaling (the `scaling` param and match key):
- "block128" (DeepSeek-V3 a8w8): A_scale fp32 [M, ceil(K/128)] (row stride ceil(K/128)), B_scale fp32
  [N/128, ceil(K/128)]. Each 128-wide K block's MFMA partial sums (fp32) are scaled by
  A_scale[m,kb] * B_scale[n/128,kb] and added to the fp32 result; N and K must be multiples of 128.
- "per_token": A_scale fp32 [M], B_scale fp32 [N], applied once in the epilogue: C = (acc * a[m]) * b[n].
The output is rounded to bf16 (RNE). Algorithm and layouts: the top of asm/gemm_fp8/gemm_fp8.s.j2.

MFMA per arch (gen/archs.py FP8_MFMA): gfx942 v_mfma_f32_32x32x16_fp8_fp8 (8 passes per 16 K); gfx950 its own
v_mfma_f32_32x32x64_f8f6f4 with cbsz = blgp = 0 (both operands FP8 e4m3) at 16 passes per 64 K: twice the
K per pass of the gfx942-compatible opcode, which gfx950 keeps for binary compatibility only.

Selection cost (`_cost`, nanoseconds), the roofline of gen/families/gemm.py with FP8 numbers:
  wgs      = ceil(M/BM) * ceil(N/BN);  rounds = ceil(wgs / cus)
  bytes    = wgs * (min(BM,M) + min(BN,N)) * Kp            fp8 A and B panels (Kp = K rounded up to 128)
             + M*N*2                                          bf16 C
             + scale bytes (block128: wgs * (min(BM,M)+1) * Kp/128 * 4; per_token: (M + N) * 4)
  flops    = rounds * 2*BM*BN*Kp                              per CU, padded tiles included
  cu_rate  = min(64 B/clk, in_flight / latency);  in_flight = (min(BM,M)+min(BN,N)) * 128 bytes
  mem_ns   = bytes / min(HBM, min(wgs,cus) * cu_rate)
  cost     = max(mem_ns, flops / FP8 per-CU peak) + rounds * launch_ns
with HBM, per-CU L2 rate, latency and launch from gen/archs.py ROOFLINE and the dense FP8 peaks of
isa-notes.md "Hardware numbers" (MI300X 2615 TFLOP/s over 304 CUs, MI355X 5033 TFLOP/s over 256 CUs)."""

from gen.archs import (FP8_FLOPS_PER_NS_PER_CU, FP8_FORMAT, FP8_MFMA, LDS_BANKS, MAX_ARCH_VGPRS, ROOFLINE,
                       WAVE_SIZE, arch_info)
from gen.families.gemm_common import VgprAllocator, roofline_cost, shape_constraints, shape_kernargs, workgroups
from gen.spec import Constraint, FamilySpec, KernArg

THREADS = 256                    # 4 waves: a 2x2 grid of wave tiles, or 1x4 for the 32-row decode tile
BK = 128                         # one K slab per iteration = one scale block of block128
CHUNK_ELEMS = 16                 # one buffer_load_dwordx4 = 16 fp8 along K
FP8_BYTES = 1
OUT_BYTES = 2                    # bf16
F32_BYTES = 4
SCALE_BLOCK = 128                # DeepSeek-V3's block: K and N blocks of 128
LDS_READ_BYTES = 16              # every operand read is one ds_read_b128 (one 16-byte k chunk)
LDS_BANK_BYTES = 4
MAX_COL_BLOCKS = 2               # the template keeps one 64-bit column mask per 32-column block

SCALINGS = ["block128", "per_token"]
# (bm, bn). The 32 x 128 tile is for decode (M <= 32): its 4 waves sit side by side along N (1x4), so a
# small M wastes at most one 32-row MFMA block while the workgroup still streams 128 rows of B.
TILES = [(32, 128), (64, 64), (128, 64), (64, 128), (128, 128)]


def _space(arch: str) -> dict[str, list]:
    # fp8_format has one value per arch: a param so that the match (a function of params) can carry it
    return {"fp8_format": [FP8_FORMAT[arch]], "scaling": SCALINGS,
            "bm": sorted({t[0] for t in TILES}), "bn": sorted({t[1] for t in TILES})}


def _valid(arch: str, p: dict) -> str | None:
    if p["fp8_format"] != FP8_FORMAT[arch]:
        return f"{arch} reads fp8 as {FP8_FORMAT[arch]}"
    if (p["bm"], p["bn"]) not in TILES:
        return f"tile {p['bm']}x{p['bn']} is not declared"
    if p["scaling"] == "block128" and SCALE_BLOCK % p["bn"]:
        return "block128 tiles must not straddle a 128-column B scale block (BN divides 128)"
    plan = _plan(arch, p)
    if plan["blocks_n"] > MAX_COL_BLOCKS:
        return f"a wave may own at most {MAX_COL_BLOCKS} 32-column blocks"
    if plan["lds_bytes"] > arch_info(arch).lds_bytes:
        return "tiles do not fit in LDS"
    if plan["next_free_vgpr"] > MAX_ARCH_VGPRS:
        return "register plan exceeds 256 VGPRs"
    return None


def _swizzle_shift(arch: str) -> int:
    """LDS layout: rows of BK = 128 bytes, unpadded; k chunk q (16 bytes) of row r sits at chunk slot
    q ^ ((r >> shift) & 7). Banks span banks*4 bytes = 2**shift rows (gfx942: 32 banks, one row;
    gfx950: 64 banks, two rows). An operand ds_read_b128 has lanes l = 0..31 on rows l at one logical
    chunk, and a phase serves banks/4 consecutive lanes (8 on gfx942, 16 on gfx950): rows with equal
    r mod 2**shift share a bank range, and the 8 of them in a phase get the 8 slots (r >> shift) & 7, so
    the phase covers every bank once. The gfx942 ds_read_b128 lane groups that AMD's CK-Tile notes give
    ({0-3, 20-23}, {4-7, 16-19}, {8-11, 28-31}, {12-15, 24-27}, then +32) are also 8 rows with distinct
    r & 7, so the layout is conflict-free under that grouping too
    (tests/gemm_fp8/test_gemm_fp8_lds_layout.py).
    The slab's ds_write_b128 phases are whole rows (8 or 16 lanes = 1 or 2 consecutive rows),
    conflict-free under any chunk permutation within a row."""
    rows_per_bank_sweep = LDS_BANKS[arch] * LDS_BANK_BYTES // (BK * FP8_BYTES)
    return rows_per_bank_sweep.bit_length() - 1


def _plan(arch: str, p: dict) -> dict:
    """Register and LDS allocation. Fixed VGPRs v0..v19 are named in the template; tile-sized ranges live
    above, each 4-aligned (gfx90a+ wants even-aligned VGPR tuples)."""
    mfma = FP8_MFMA[arch]
    bm, bn = p["bm"], p["bn"]
    block = p["scaling"] == "block128"
    chunks_per_row = BK // CHUNK_ELEMS
    a_chunks = bm * BK // (THREADS * CHUNK_ELEMS)
    b_chunks = bn * BK // (THREADS * CHUNK_ELEMS)
    waves_m, waves_n = (2, 2) if bm >= 2 * mfma.m else (1, 4)
    wave_m, wave_n = bm // waves_m, bn // waves_n
    blocks_m, blocks_n = wave_m // mfma.m, wave_n // mfma.n
    k_steps = BK // mfma.k
    pitch = BK * FP8_BYTES
    acc_regs = blocks_m * blocks_n * mfma.acc_regs
    # A lane's operand bytes of one 32-row block for the whole slab: half of the slab's K (the other half
    # is the other 32 lanes'), read as 16-byte chunks 2*i + lane/32, i = 0..3. Chunk read i fills the
    # operand registers of the next 16 bytes' worth of k-steps: gfx950 (32 bytes per step)
    # needs 2 reads per step, the natural f8f6f4 layout (numerics room's mfma_k_of_element); gfx942 (8
    # bytes per step) takes 2 steps per read, which permutes K identically for A and B (k-step 2i+t, lane
    # half h, byte e <- k = 32i + 16h + 8t + e): the dot product over the slab is unchanged.
    lane_bytes = BK * FP8_BYTES // 2
    assert k_steps * mfma.operand_regs * 4 == lane_bytes
    reads_per_block = lane_bytes // LDS_READ_BYTES

    vgprs = VgprAllocator(20)
    take = vgprs.take
    a_base_off = take(a_chunks)
    b_base_off = take(b_chunks)
    a_addr = take(a_chunks)
    b_addr = take(b_chunks)
    a_data = take(4 * a_chunks)
    b_data = take(4 * b_chunks)
    a_frag = take(k_steps * blocks_m * mfma.operand_regs)   # [block][k-step][regs]
    b_frag = take(k_steps * blocks_n * mfma.operand_regs)
    acc = take(acc_regs)
    part = take(acc_regs) if block else 0          # one 128-K block's partial sums (block128)
    a_scale = take(blocks_m * mfma.acc_regs)       # A scale of each accumulator row this lane owns
    b_scale = take(blocks_n) if not block else 0   # per_token: B scale of this lane's columns
    cvt = take(2)                                  # bf16 conversion temporaries
    next_free_vgpr = vgprs.next_free()
    return {
        "mfma": mfma, "threads": THREADS, "waves": THREADS // WAVE_SIZE, "bk": BK,
        "chunks_per_row": chunks_per_row, "rows_per_pass": THREADS // chunks_per_row,
        "a_chunks": a_chunks, "b_chunks": b_chunks,
        "waves_m": waves_m, "waves_n": waves_n, "wave_m": wave_m, "wave_n": wave_n, "blocks_m": blocks_m, "blocks_n": blocks_n,
        "k_steps": k_steps, "pitch": pitch, "lds_b_base": bm * pitch, "lds_bytes": (bm + bn) * pitch,
        "reads_per_block": reads_per_block, "read_regs": LDS_READ_BYTES // 4,
        "swizzle_shift": _swizzle_shift(arch),
        "v_a_base_off": a_base_off, "v_b_base_off": b_base_off, "v_a_addr": a_addr, "v_b_addr": b_addr,
        "v_a_data": a_data, "v_b_data": b_data, "v_a_frag": a_frag, "v_b_frag": b_frag, "v_acc": acc,
        "v_part": part, "v_a_scale": a_scale, "v_b_scale": b_scale, "v_cvt": cvt,
        "next_free_vgpr": next_free_vgpr, "next_free_sgpr": 72,
        "workgroup_ids": "xy",
    }


def _constraints(p: dict) -> list[Constraint]:
    if p["scaling"] == "block128":
        k_rules = [
            Constraint("n_multiple_of_128", ["eq", ["mod", "N", SCALE_BLOCK], 0],
                       "block128 scaling needs N to be a multiple of 128 (B scales are per 128x128 block)"),
            Constraint("k_multiple_of_128", ["eq", ["mod", "K", SCALE_BLOCK], 0],
                       "block128 scaling needs K to be a multiple of 128 (scales are per 128-wide K block)"),
        ]
    else:
        k_rules = [Constraint("k_multiple_of_16", ["eq", ["mod", "K", CHUNK_ELEMS], 0],
                              "fp8 GEMM needs K to be a multiple of 16 (16-byte loads along K)")]
    return shape_constraints(FP8_BYTES, OUT_BYTES, k_rules, "bytes", "bf16 elements")


def _cost(arch: str, p: dict) -> list:
    """The roofline of the module docstring, as a manifest expression (nanoseconds)."""
    bm, bn = p["bm"], p["bn"]
    if p["scaling"] == "block128":
        scale_bytes = ["mul", workgroups(bm, bn), ["add", ["min", bm, "M"], 1], ["ceil_div", "K", SCALE_BLOCK],
                       F32_BYTES]
    else:
        scale_bytes = ["mul", ["add", "M", "N"], F32_BYTES]
    return roofline_cost(ROOFLINE[arch], bm, bn, BK, FP8_BYTES, OUT_BYTES, FP8_FLOPS_PER_NS_PER_CU[arch],
                         [scale_bytes])


def _kernargs(p: dict) -> list[KernArg]:
    return [
        KernArg("A", "ptr", "A"),
        KernArg("B", "ptr", "B"),
        KernArg("C", "ptr", "C"),
        KernArg("A_scale", "ptr", "A_scale"),
        KernArg("B_scale", "ptr", "B_scale"),
        *shape_kernargs(),
        # derived on the host so the kernel needs no integer division; for block128 it is also the row
        # stride of A_scale and B_scale (ceil(K/128))
        KernArg("k_tiles", "i32", ["ceil_div", "K", BK]),
    ]


SPEC = FamilySpec(
    name="gemm_fp8",
    op="gemm",
    template="gemm_fp8/gemm_fp8.s.j2",
    archs=("gfx942", "gfx950"),
    space=_space,
    valid=_valid,
    name_keys=[("scaling", "s"), ("bm", "m"), ("bn", "n")],
    kernargs=_kernargs,
    workgroup=lambda p: [THREADS, 1, 1],
    grid=lambda p: [["ceil_div", "N", p["bn"]], ["ceil_div", "M", p["bm"]], 1],
    dynamic_lds=lambda p: 0,
    match=lambda p: {"dtype_a": "fp8", "dtype_b": "fp8", "dtype_c": "bf16", "scaling": p["scaling"],
                     "fp8_format": p["fp8_format"]},
    constraints=_constraints,
    cost=_cost,
    plan=_plan,
    extra={"read_only": ["A", "B", "A_scale", "B_scale"], "write_only": ["C"]},
)
