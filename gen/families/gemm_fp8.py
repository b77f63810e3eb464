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
The output is rounded to bf16 (RNE). Algorithm and layouts: asm/gemm_fp8/ (gemm_fp8.s.j2 picks the body).

Variants (`ks`):
- ks = 1, prefill tiles (TILES): 4 waves in a 2x2 (1x4) grid, 128-K slabs through a swizzled LDS buffer;
  gfx950 block128 tiles load them straight into an LDS ring (RING_SLABS), and its 128x256 tile keeps
  its MFMA operands in AGPRs (AGPR_TILES).
- ks = 4, decode tiles (DECODE_TILES, BM = 16 or 32): the 4 waves are K-slices of one tile, each streaming its
  own 128-K blocks from global memory straight into MFMA operand registers (2 to 4 operand sets), reduced
  through LDS in wave order; split-K across workgroups on top (gen/families/gemm_splitk.py chooses S per
  call from M, N, K and the device's CUs; asm/common/splitk.s.j2 reduces the S partial tiles in split
  order through the loader-provided workspace). Block128 scales are applied per 128-K block to each
  slice's partial before any cross-slice or cross-split sum.

MFMA per arch (gen/archs.py FP8_MFMA): gfx942 v_mfma_f32_32x32x16_fp8_fp8 (8 passes per 16 K); gfx950 its own
v_mfma_f32_32x32x64_f8f6f4 with cbsz = blgp = 0 (both operands FP8 e4m3) at 16 passes per 64 K: twice the
K per pass of the gfx942-compatible opcode, which gfx950 keeps for binary compatibility only. The 16-row
decode tiles use the 16x16 shapes (FP8_MFMA_16X16: v_mfma_f32_16x16x32_fp8_fp8, v_mfma_f32_16x16x128_f8f6f4).

Selection cost (`_cost`, nanoseconds), the roofline of gen/families/gemm.py with FP8 numbers (BK: the K a
workgroup has in flight per step, 128 for prefill tiles, 4 x 128 for decode tiles; decode tiles add the
split-K terms of gemm_splitk.cost_terms: S x the workgroups, partial-sum traffic, the last arrival's sum):
  wgs      = ceil(M/BM) * ceil(N/BN);  rounds = ceil(wgs / cus)
  bytes    = wgs * (min(BM,M) + min(BN,N)) * Kp            fp8 A and B panels (Kp = K rounded up to BK)
             + M*N*2                                          bf16 C
             + scale bytes (block128: wgs * (min(BM,M)+1) * Kp/128 * 4; per_token: (M + N) * 4)
  flops    = rounds * 2*BM*BN*Kp                              per CU, padded tiles included
  cu_rate  = min(64 B/clk, in_flight / latency);  in_flight = (min(BM,M)+min(BN,N)) * BK bytes
             (decode tiles with one row of tiles, M <= BM: x (sets-1), the blocks each K-slice keeps in
             flight, and A's rows counted once, not once per N tile: the tiles share them, L2 hits)
  mem_ns   = bytes / min(HBM, min(wgs,cus) * cu_rate)
             (decode tiles: at least rounds * (a workgroup's own (min(BM,M)+min(BN,N)) * its K bytes at the
             CU's 64 B/clk + latency): where both grids reach the HBM rate, the timing model still puts
             the few wide workgroups over the floor (gfx942, M = 16, 4096 x 4096: 16x64 6.03 us modeled,
             16x32 5.00 us), which the bytes alone rank the other way)
  cost     = max(mem_ns, flops / FP8 per-CU peak) + rounds * launch_ns
with HBM, per-CU L2 rate, latency and launch from gen/archs.py ROOFLINE and the dense FP8 peaks of
isa-notes.md "Hardware numbers" (MI300X 2615 TFLOP/s over 304 CUs, MI355X 5033 TFLOP/s over 256 CUs)."""

from gen.archs import (FP8_FLOPS_PER_NS_PER_CU, FP8_FORMAT, FP8_MFMA, FP8_MFMA_16X16, LDS_BANKS, MAX_ARCH_VGPRS,
                       ROOFLINE, WAVE_SIZE, arch_info)
from gen.families import gemm_splitk as splitk
from gen.families.gemm import LDS_DMA_ARCHS, LDS_DMA_BYTES
from gen.families.gemm_common import (VgprAllocator, align, roofline_cost, shape_constraints, shape_kernargs,
                                      workgroups)
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
MAX_COL_BLOCKS = 2               # the template keeps one 64-bit column mask per MFMA block column...
MAX_COL_BLOCKS_16_ROW_DECODE = 4  # ...and has two more pairs free in a 16-row decode tile (fp8_parts.s.j2)
VGPR_FILE_PER_LANE = 512         # gfx90a+ unified VGPR/AGPR file per SIMD lane: waves/SIMD = 512 // VGPRs
VGPR_GRANULE = 8                 # VGPRs are allocated in blocks of 8 (rsrc1's VGPR field, isa-notes.md)

# Direct-to-LDS block128 prefill (gfx950, the 16-byte `buffer_load_dwordx4 ... lds` of gen/families/gemm.py
# LDS_DMA_ARCHS): the slab's operands and its A-scale column go straight from memory into a ring of
# RING_SLABS LDS slabs, with no data VGPRs and no ds_write. Without the 32 data VGPRs the 128x128 tile
# fits the 256 VGPRs (its partial sums and A scales need 96 more than per_token's), and two ring slabs
# (66 KiB) keep two workgroups resident per CU (two waves per SIMD).
RING_SLABS = 2
SCALINGS = ["block128", "per_token"]
# Prefill tiles (bm, bn), ks = 1: 4 waves in a 2x2 grid (1x4 for 32 x 128), one 128-K slab through LDS
# per iteration.
TILES = [(32, 128), (64, 64), (128, 64), (64, 128), (128, 128), (128, 256)]
# gfx950 block128 tiles whose MFMA operands live in AGPRs (AGPR_TILES): 4 waves of 64x128 outputs, whose
# 128 accumulators, partial sums of three 32x32 blocks and A scales fill the VGPRs; the operands of two
# slabs (2 x 96 AGPRs) let the next slab's reads run under this slab's MFMAs in the wave (one wave per
# SIMD). Per slab their LDS takes 48 KiB of direct writes and 96 KiB of reads (576 cycles at gfx950's 256
# B/clk) for 1024 MFMA cycles per SIMD, where 128x128 takes 384 for 512. Each wave's 128 columns share one
# B-scale block. The selection ranks it by its whole slab in flight like every prefill tile (the timing
# model puts it ahead of 128x128 on each pick that moved when it stopped counting half:
# asm/gemm/PERFORMANCE.md).
AGPR_TILES = {(128, 256)}
# a block's partials are scaled two blocks after its MFMAs (enough instructions between for the MFMA
# result's wait states without s_nop), so three blocks' partials are live
AGPR_PART_SLOTS = 3
# Their operand ring holds 3 slabs and their A-scale columns a separate ring of AGPR_SCALE_SLABS (148 KiB in
# all): slab i's operands are read during slab i-1 and its scales at the top of slab i, so slab i's
# operand slab takes slab i+3's loads while its scale column is still read. Slabs i+2 and i+3 load during
# slab i (the timing model: with one slab ahead, the wait for slab i+1's loads held 4096 x 8192 x 8192 at
# 156.6 us modeled, the loads' latency exposed every slab).
AGPR_RING_SLABS = 3
AGPR_SCALE_SLABS = 4
# Decode tiles (bm, bn), ks = DECODE_KS: the 4 waves are K-slices of one 32 x BN tile. Wave w streams the
# 128-K blocks kb = w, w + 4, ... straight from global memory into MFMA operand registers (2 to 4 operand
# sets: blocks i+1 .. i+sets-1 are in flight while block i's MFMAs run), so no LDS staging and no barrier
# in the K loop (no operand is shared between waves); their fp32 tiles are reduced through LDS in wave
# order at the end. A workgroup thus keeps 4 x (sets-1) blocks of B (BN x 128 bytes each) in flight with a
# small output tile (many workgroups for the CUs at M <= 32). A 32 x 128 decode tile would need more than
# 256 VGPRs. The 16-row tile (M <= 16) uses the 16x16 FP8 MFMA: 4 lanes per row, so each 16-byte load
# instruction reads whole 64-byte segments of 16 rows (the 32-row tiles read 32 bytes of each of 32 rows
# per instruction).
DECODE_TILES = [(16, 32), (16, 64), (32, 32), (32, 64)]
DECODE_KS = 4
# Operand sets of a decode wave: block i's MFMAs run while blocks i+1 .. i+sets-1 are in flight. Two sets
# keep one block per wave (4 per workgroup) in flight, too few bytes for a workgroup alone on its CU to
# reach its share of the L2 at the memory latency (timing model: an M=16 tile streams 10 KiB per block and
# wave, ~40 KiB in flight against ~57 KiB that 64 B/clk x ~900 cycles asks for); a tile takes as many
# sets as the VGPRs and the vmcnt field allow (_decode_sets).
MAX_DECODE_SETS = 4
VMCNT_MAX = 63                   # gfx9 s_waitcnt vmcnt: 6 bits


def _space(arch: str) -> dict[str, list]:
    # fp8_format has one value per arch: a param so that the match (a function of params) can carry it
    return {"fp8_format": [FP8_FORMAT[arch]], "scaling": SCALINGS,
            "bm": sorted({t[0] for t in TILES + DECODE_TILES}), "bn": sorted({t[1] for t in TILES + DECODE_TILES}),
            "ks": [1, DECODE_KS]}


def _valid(arch: str, p: dict) -> str | None:
    if p["fp8_format"] != FP8_FORMAT[arch]:
        return f"{arch} reads fp8 as {FP8_FORMAT[arch]}"
    if (p["bm"], p["bn"]) not in (TILES if p["ks"] == 1 else DECODE_TILES):
        return f"tile {p['bm']}x{p['bn']} ks{p['ks']} is not declared"
    plan = _plan(arch, p)
    if p["ks"] == 1 and (p["bm"], p["bn"]) in AGPR_TILES and not plan["dma"]:
        return "the AGPR-operand tile is direct-to-LDS block128 (gfx950) only"
    if p["scaling"] == "block128" and SCALE_BLOCK % (plan["wave_n"] if plan.get("agpr") else p["bn"]):
        return "block128 tiles must not straddle a 128-column B scale block (BN divides 128)"
    wide = (p["ks"] > 1 and plan["mfma"].m == 16) or plan.get("agpr")
    col_blocks = MAX_COL_BLOCKS_16_ROW_DECODE if wide else MAX_COL_BLOCKS
    if plan["blocks_n"] > col_blocks:
        return f"a wave may own at most {col_blocks} MFMA block columns"
    if plan["lds_bytes"] > arch_info(arch).lds_bytes:
        return "tiles do not fit in LDS"
    if plan["next_free_vgpr"] > MAX_ARCH_VGPRS:
        return "register plan exceeds 256 VGPRs"
    return None


def _take_if_free(vgprs: VgprAllocator, count: int) -> int:
    """Takes `count` more VGPRs only when that costs no occupancy (waves per SIMD); else 0 (not taken).
    Used for loop-invariant copies that only save instructions."""
    trial = VgprAllocator(vgprs.next_free())
    trial.take(count)
    if _waves_per_simd(trial.next_free()) < _waves_per_simd(vgprs.next_free()):
        return 0
    return vgprs.take(count)


def _waves_per_simd(vgprs: int) -> int:
    # gfx90a+ (CDNA3, CDNA4): one SIMD's unified register file holds VGPR_FILE_PER_LANE registers per lane,
    # handed out in granules of VGPR_GRANULE
    return VGPR_FILE_PER_LANE // align(max(vgprs, 1), VGPR_GRANULE)


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
    return _plan_prefill(arch, p) if p["ks"] == 1 else _plan_decode(arch, p)


def _plan_prefill(arch: str, p: dict) -> dict:
    """Register and LDS allocation. Fixed VGPRs v0..v19 are named in the template; tile-sized ranges live
    above, each 4-aligned (gfx90a+ wants even-aligned VGPR tuples)."""
    mfma = FP8_MFMA[arch]
    bm, bn = p["bm"], p["bn"]
    block = p["scaling"] == "block128"
    # per_token keeps the register-staged slab: its K tail (K a multiple of 16) would need k-masked loads
    dma = block and arch in LDS_DMA_ARCHS
    agpr = dma and (bm, bn) in AGPR_TILES
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
    # per_token: the k-masked offsets of a K-tail slab (block128 slabs lie wholly inside K: none needed)
    a_addr = take(a_chunks) if not block else 0
    b_addr = take(b_chunks) if not block else 0
    a_data = take(4 * a_chunks) if not dma else 0
    b_data = take(4 * b_chunks) if not dma else 0
    a_frag_regs = k_steps * blocks_m * mfma.operand_regs   # [block][k-step][regs]
    b_frag_regs = k_steps * blocks_n * mfma.operand_regs
    # agpr: two operand sets in AGPRs, set s at a[s * set_regs], A then B
    a_frag = take(a_frag_regs) if not agpr else 0
    b_frag = take(b_frag_regs) if not agpr else a_frag_regs
    acc = take(acc_regs)
    # one 128-K block's partial sums (block128); agpr: of AGPR_PART_SLOTS 32x32 blocks at a time
    part = take(AGPR_PART_SLOTS * mfma.acc_regs if agpr else acc_regs) if block else 0
    a_scale = take(blocks_m * mfma.acc_regs)       # A scale of each accumulator row this lane owns
    b_scale = take(blocks_n) if not block else 0   # per_token: B scale of this lane's columns
    cvt = take(2)                                  # bf16 conversion temporaries
    # the XOR-swizzled LDS addresses of chunk reads 1..3 of A and B, computed once (one LDS buffer only:
    # a ring slab's addresses move every slab)
    lds_xor = _take_if_free(vgprs, 2 * (reads_per_block - 1)) if not dma else 0
    next_free_vgpr = vgprs.next_free()
    # LDS slab: A rows, B rows ([row][128 bytes], swizzled), then block128's scale column (one fp32 per thread)
    scale_column_bytes = THREADS * F32_BYTES if block else 0
    # agpr: the scale columns are a ring of their own after the operand slabs
    slab_bytes = (bm + bn) * pitch + (0 if agpr else scale_column_bytes)
    ring_slabs = AGPR_RING_SLABS if agpr else RING_SLABS if dma else 1
    scale_slabs = AGPR_SCALE_SLABS if agpr else 0
    agpr_set_regs = a_frag_regs + b_frag_regs if agpr else 0
    return {
        "mfma": mfma, "threads": THREADS, "waves": THREADS // WAVE_SIZE, "bk": BK,
        "dma": dma, "agpr": agpr, "agpr_set_regs": agpr_set_regs, "agpr_count": 2 * agpr_set_regs,
        "part_slots": AGPR_PART_SLOTS if agpr else 0,
        "ring_slabs": ring_slabs, "slab_bytes": slab_bytes, "dma_bytes": LDS_DMA_BYTES,
        "scale_slabs": scale_slabs, "scale_column_bytes": scale_column_bytes,
        "chunk_bytes": CHUNK_ELEMS * FP8_BYTES,
        "chunks_per_row": chunks_per_row, "rows_per_pass": THREADS // chunks_per_row,
        "a_chunks": a_chunks, "b_chunks": b_chunks,
        "waves_m": waves_m, "waves_n": waves_n, "wave_m": wave_m, "wave_n": wave_n, "blocks_m": blocks_m, "blocks_n": blocks_n,
        "k_steps": k_steps, "pitch": pitch, "lds_b_base": bm * pitch,
        # block128: the slab's scale column (one fp32 per thread; threads past the tile write unread slots)
        # (agpr: the first of the scale ring's columns, after the operand slabs)
        "lds_scale_base": ring_slabs * slab_bytes if agpr else (bm + bn) * pitch,
        "lds_bytes": ring_slabs * slab_bytes + scale_slabs * scale_column_bytes,
        "reads_per_block": reads_per_block, "read_regs": LDS_READ_BYTES // 4,
        "swizzle_shift": _swizzle_shift(arch),
        "v_a_base_off": a_base_off, "v_b_base_off": b_base_off, "v_a_addr": a_addr, "v_b_addr": b_addr,
        "v_a_data": a_data, "v_b_data": b_data, "v_a_frag": a_frag, "v_b_frag": b_frag, "v_acc": acc,
        "v_part": part, "v_a_scale": a_scale, "v_b_scale": b_scale, "v_cvt": cvt, "v_as_rows": 0,
        # agpr: column masks of blocks 2, 3 in s54, s74 (fp8_parts col_masks)
        "v_lds_xor": lds_xor, "next_free_vgpr": next_free_vgpr, "next_free_sgpr": 76 if agpr else 72,
        "workgroup_ids": "xy", "splitk": False,
    }


def _plan_decode(arch: str, p: dict) -> dict:
    """Register and LDS allocation of a K-slice decode tile (asm/gemm_fp8/gemm_fp8_decode.s.j2). Fixed VGPRs
    v0..v17 are named in the templates. 32-row tiles (32x32 MFMA): per 128-K block a lane holds 64 bytes
    of its row as 4 16-byte loads at k = 16*(l/32) + 32*i, the same registers in the same order as the
    prefill tiles' LDS reads. 16-row tiles (16x16 MFMA): 32 bytes as 2 loads at k = 16*(l/16) + 64*i; on
    gfx950 that is the f8f6f4 operand's own layout (pieces at 16g and 64 + 16g), on gfx942 the 4 k-steps
    take 8 bytes each in register order, a permutation of K that is the same for A and B."""
    mfma = FP8_MFMA_16X16[arch] if p["bm"] == FP8_MFMA_16X16[arch].m else FP8_MFMA[arch]
    bm, bn, ks = p["bm"], p["bn"], p["ks"]
    block = p["scaling"] == "block128"
    blocks_m, blocks_n = bm // mfma.m, bn // mfma.n
    k_steps = BK // mfma.k
    block_regs = k_steps * mfma.operand_regs            # one MFMA block's operands of one 128-K block
    lane_groups = WAVE_SIZE // mfma.m                   # lanes sharing a row: each holds 128/groups bytes
    load_bytes = CHUNK_ELEMS * FP8_BYTES                # one buffer_load_dwordx4
    chunk_reads = BK * FP8_BYTES // lane_groups // load_bytes   # loads per lane and block
    assert block_regs == chunk_reads * load_bytes // 4
    acc_regs = blocks_m * blocks_n * mfma.acc_regs
    set_regs = (blocks_m + blocks_n) * block_regs       # one operand set: A block(s), then B blocks
    a_scale_regs = blocks_m * mfma.acc_regs

    loads_per_block = (blocks_m + blocks_n) * chunk_reads + (a_scale_regs if block else 0)

    def allocate(sets: int) -> tuple[VgprAllocator, dict]:
        vgprs = VgprAllocator(18)
        take = vgprs.take
        regs = {"a_base_off": take(blocks_m), "b_base_off": take(blocks_n),
                "k_addr": take(chunk_reads),                # this block's load offsets (masked per chunk)
                "frag": take(sets * set_regs),              # block i+j lands in set (i+j) % sets during block i
                "acc": take(acc_regs), "part": take(acc_regs) if block else 0,
                # block128: one set of A scales per operand set
                "a_scale": take(sets * a_scale_regs if block else a_scale_regs),
                "b_scale": take(blocks_n) if not block else 0, "cvt": take(2)}
        regs["as_rows"] = _take_if_free(vgprs, a_scale_regs) if block else 0
        return vgprs, regs

    sets = _decode_sets(lambda d: allocate(d)[0].next_free(), loads_per_block)
    vgprs, v = allocate(sets)
    frag = v["frag"]
    return {
        "mfma": mfma, "threads": THREADS, "waves": THREADS // WAVE_SIZE, "ks": ks, "k_block": BK, "sets": sets,
        "blocks_m": blocks_m, "blocks_n": blocks_n, "k_steps": k_steps, "block_regs": block_regs,
        "chunk_reads": chunk_reads, "chunk_bytes": load_bytes, "set_regs": set_regs,
        # load i of lane group g reads k = 16g + chunk_stride*i: one instruction covers chunk_stride
        # contiguous bytes of each row
        "lane_groups": lane_groups, "chunk_stride": lane_groups * load_bytes,
        "loads_per_block": loads_per_block, "red_quads": acc_regs // 4,
        # waves 1..ks-1 park their accumulators: [wave-1][quad][lane][16 bytes]
        "lds_bytes": (ks - 1) * acc_regs * WAVE_SIZE * F32_BYTES,
        **{"v_" + name: first for name, first in v.items()},
        # the operand sets are dead once the K loop ends: the reductions read partial sums back into them
        # (v_red, sum_slots partial tiles at a time), and the split-K workspace offsets (one per
        # accumulator quad) take their last registers
        "v_red": frag, "sum_slots": splitk.sum_slots(sets * set_regs - acc_regs // 4, acc_regs // 4),
        "v_part_offsets": frag + sets * set_regs - acc_regs // 4, "splitk": True,
        "partial_tile_bytes": bm * bn * F32_BYTES,
        "counter_region_align": splitk.COUNTER_REGION_ALIGN,
        "next_free_vgpr": vgprs.next_free(), "next_free_sgpr": 92,
        "workgroup_ids": "xyz",
    }


def _decode_sets(vgprs_with_sets, loads_per_block: int) -> int:
    """The most operand sets (2 .. MAX_DECODE_SETS) whose registers fit and whose deepest wait (all but
    the newest sets-1 blocks' loads landed) fits vmcnt."""
    fits = [d for d in range(2, MAX_DECODE_SETS + 1)
            if vgprs_with_sets(d) <= MAX_ARCH_VGPRS and (d - 1) * loads_per_block <= VMCNT_MAX]
    return max(fits, default=2)


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
    rules = shape_constraints(FP8_BYTES, OUT_BYTES, k_rules, "bytes", "bf16 elements")
    # The kernels apply no alpha (and no bias: see match): a call that asks for one must get "no kernel",
    # never a kernel that silently drops it.
    rules.append(Constraint("alpha_is_one", ["eq", "alpha", 1],
                            "fp8 GEMM applies no alpha: fold it into A_scale or B_scale"))
    if p["ks"] > 1:
        rules.append(splitk.workspace_constraint(*_split_args(p)))
    return rules


def _arch(p: dict) -> str:
    return next(arch for arch, fmt in FP8_FORMAT.items() if fmt == p["fp8_format"])


def _decode_in_flight(arch: str, p: dict) -> list:
    """A decode tile's 4 K-slices keep 4 blocks of 128 K in flight per workgroup (its K step is 512); with
    one row of tiles (M <= BM) the sets-1 blocks each slice keeps count."""
    rows = ["add", ["min", p["bm"], "M"], ["min", p["bn"], "N"]]
    blocks = ["if", ["le", "M", p["bm"]], _plan(arch, p)["sets"] - 1, 1]
    return ["mul", rows, blocks, BK * p["ks"] * FP8_BYTES]


def _split_args(p: dict) -> tuple:
    """gen/families/gemm_splitk.py's view of a decode tile: a K slab is its ks blocks of 128 (all waves); the
    arch's numbers come from fp8_format (one per arch)."""
    arch = _arch(p)
    return p["bm"], p["bn"], BK * p["ks"], FP8_BYTES, OUT_BYTES, ROOFLINE[arch], _decode_in_flight(arch, p)


def _cost(arch: str, p: dict) -> list:
    """The roofline of the module docstring, as a manifest expression (nanoseconds)."""
    bm, bn = p["bm"], p["bn"]
    if p["scaling"] == "block128":
        scale_bytes = ["mul", workgroups(bm, bn), ["add", ["min", bm, "M"], 1], ["ceil_div", "K", SCALE_BLOCK],
                       F32_BYTES]
    else:
        scale_bytes = ["mul", ["add", "M", "N"], F32_BYTES]
    split = splitk.cost_terms(*_split_args(p)) if p["ks"] > 1 else None
    # decode tiles: the blocks in flight of _decode_in_flight; with one row of tiles its N tiles share A
    decode = p["ks"] > 1
    in_flight = _decode_in_flight(arch, p) if decode else None
    return roofline_cost(ROOFLINE[arch], bm, bn, BK * p["ks"], FP8_BYTES, OUT_BYTES,
                         FP8_FLOPS_PER_NS_PER_CU[arch], [scale_bytes], split=split, in_flight_bytes=in_flight,
                         a_once=decode, own_stream=decode)


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
        *(splitk.kernargs(*_split_args(p)) if p["ks"] > 1 else []),
    ]


def _grid(p: dict) -> list:
    return splitk.grid(p["bm"], p["bn"], _split_args(p) if p["ks"] > 1 else None)


def _workspace(p: dict):
    return splitk.workspace_bytes(*_split_args(p)) if p["ks"] > 1 else 0


SPEC = FamilySpec(
    name="gemm_fp8",
    op="gemm",
    template="gemm_fp8/gemm_fp8.s.j2",
    archs=("gfx942", "gfx950"),
    space=_space,
    valid=_valid,
    name_keys=[("scaling", "s"), ("bm", "m"), ("bn", "n"), ("ks", "ks")],
    kernargs=_kernargs,
    workgroup=lambda p: [THREADS, 1, 1],
    grid=_grid,
    dynamic_lds=lambda p: 0,
    match=lambda p: {"dtype_a": "fp8", "dtype_b": "fp8", "dtype_c": "bf16", "scaling": p["scaling"],
                     "fp8_format": p["fp8_format"], "has_bias": False},
    constraints=_constraints,
    cost=_cost,
    plan=_plan,
    extra={"read_only": ["A", "B", "A_scale", "B_scale"], "write_only": ["C"]},
    workspace=_workspace,
)
