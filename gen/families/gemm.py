"""gemm: C[M,N] = alpha * A[M,K] . B[N,K]^T (+ bias[N]), 16-bit inputs, fp32 accumulation.

A is bf16 or f16 [M,K] (row stride lda), B the same dtype [N,K] (row stride ldb, a Linear layer's weight),
C is bf16, f16 or f32 [M,N] (row stride ldc), rounded to nearest even from the fp32 result. bias (optional,
`has_bias` variants) is bias[N] in C's dtype, added after the alpha scaling. The algorithm is documented at
the top of asm/gemm/gemm.s.j2.

Two kinds of variant share the template:
- prefill tiles (ks = 1): 4 waves in a 2x2 grid over a BM x BN output tile (gfx942's 256x256: 8 waves in
  2x4; gfx950's 256x256x64: 4 waves of 128x128, accumulators in AGPRs);
- decode tiles (ks = 4, BM = 32): the 4 waves split each K slab in 4 K-slices over the same 32 x BN tile and
  are reduced through LDS in fixed wave order (deterministic), so a workgroup streams 4x the K per
  iteration (bytes in flight, what a memory-bound M <= 32 problem needs) with a small output tile (many
  workgroups for the CUs). They accept any M (more M tiles in the grid); the cost model decides when
  they pay.
- Decode tiles pipeline two K slabs ahead of the one being multiplied: global -> two register sets
  (buffer_load_dwordx4, waited for by count: vmcnt(a_chunks + b_chunks) leaves the newer slab in flight,
  vmcnt(0) only when no later slab was issued) -> LDS (one buffer on gfx942, a double buffer on gfx950)
  -> MFMA. Bytes in flight per workgroup (= per CU: each decode tile's LDS allows one workgroup per CU on
  either arch) = 2 stages * (min(M,32) + BN) rows * BK * 2 bytes: at M = 1, 66 KiB for 32x32x512 (gfx950),
  65 KiB for 32x64x256, 33 KiB for 32x32x256 (gfx942); at M = 32, 128 / 96 / 64 KiB; half that before
  (one slab). The cost model's in_flight term counts both stages. gfx942's 32x32x256 has the VGPRs for
  a third stage and takes it (DECODE_REG_STAGES: slabs i+1..i+3 in flight while slab i is multiplied);
  its cost still counts two, which keeps the pinned picks (a third would only raise its rank).
- Prefill tiles pipeline the same way (two register sets; an LDS double buffer where two slabs fit)
  wherever that keeps as many workgroups resident per CU (_plan): on gfx942 the 128x128 and 256x256 tiles
  (one LDS buffer), on gfx950 the 128x128 tile (REGISTER_STAGED). In the timing model the next slab's
  loads then overlap a whole slab's LDS and MFMA phases.
- gfx950's other prefill tiles load each slab straight into LDS (`buffer_load_dwordx4 ... lds`,
  LDS_DMA_ARCHS) into a ring of three unpadded, XOR-swizzled LDS slabs (two for 256x256x64, whose 64 KiB
  slabs do not fit three times): slab i is multiplied while the next ones land. No slab data passes
  through VGPRs and no ds_write is issued. The LDS still takes the slab's bytes (the timing model charges
  them when they arrive), so the 256x256 tile's LDS time is cut by its 4-wave form instead: per K step a
  wave of 128x128 outputs reads 256 operand rows for 16 MFMAs where 8 waves of 128x64 read 192 for 8.
- Decode tiles also split K across workgroups (grid z = S splits; gen/families/gemm_splitk.py has the rule,
  asm/common/splitk.s.j2 the deterministic reduction through a loader-allocated workspace). S is chosen per
  call by a manifest expression, not per variant: the right S depends on M, N, K and the device's `cus`
  together, so variants per S would multiply the pack and still miss most calls. S = 1 (the rule's answer
  for large M or few slabs) skips the workspace entirely. The variant ids did not change.

Selection cost (`_cost`): a roofline over the device's `cus`, in nanoseconds, with the numbers of
gen/archs.py ROOFLINE (isa-notes.md "Hardware numbers": MI300X 5.3 TB/s, 1307 dense 16-bit TFLOP/s over 304
CUs; MI355X 8 TB/s, 2517 TFLOP/s over 256 CUs; MI308X = gfx942 with its own `cus`):
  tiles    = ceil(M/BM) * ceil(N/BN);   S, T = splits and slabs per split (1 and ceil(K/BK) without split-K;
                                        the budgeted split of gemm_splitk.budgeted_splits, which ranks the
                                        tiles: the launched S may be larger, gemm_splitk.requested_splits)
  wgs      = tiles * S                                        workgroups
  rounds   = ceil(wgs / cus)                                 wave quantization
  bytes    = tiles * (min(BM,M)*Kp + min(BN,N)*Kp) * 2 + M*N*out_bytes   (each tile streams its A and B panels;
             Kp = K rounded up to BK; rows past M/N are masked and not fetched)
             + (S > 1) * S * round_up(M,4) * N * 8           fp32 partial sums, written once and read once
  flops    = rounds * 2*BM*BN*T*BK                           per CU, padded tiles included
  cu_rate  = min(64 B/clk, in_flight / latency)             in_flight = stages*(min(BM,M)+min(BN,N))*BK*2 bytes
  mem_ns   = bytes / min(HBM, min(wgs,cus) * cu_rate)
  cost     = max(mem_ns, flops / per-CU peak) + rounds * launch_ns
             + (S > 1) * (latency + S * BM*BN*4 / CU rate)    the last workgroup's atomic and reduction
64 B/clk per CU is the L2->CU path; latency (1000 ns) and launch_ns (1000 ns per round) are ASSUMED, not
measured (no GPU here): they only rank tiles, they do not claim a GPU time."""

from gen.arch_facts import ARCH_FACTS
from gen.archs import DTYPE_BYTES, LDS_BANKS, MAX_ARCH_VGPRS, MFMA_32X32, ROOFLINE, WAVE_SIZE, arch_info
from gen.families import gemm_splitk as splitk
from gen.families.gemm_common import VgprAllocator, align, roofline_cost, shape_constraints, shape_kernargs
from gen.spec import Constraint, FamilySpec, KernArg

THREADS = 256                    # 4 waves, every tile but the 256x256 one
BIG_TILE_THREADS = 512           # 8 waves in a 2x4 grid: 128x64 outputs (128 accumulator VGPRs) per wave
CHUNK_ELEMS = 8                  # one buffer_load_dwordx4 = 8 16-bit elements along K
IN_BYTES = 2
LDS_ROW_PAD_BYTES = 16           # pitch = BK*2 + 16: 16-byte aligned rows, an odd number of 16-byte slots
CHUNK_BYTES = 16                 # every LDS access of a slab is one 16-byte chunk per lane (b128)
MAX_COL_BLOCKS = 2               # the template keeps one 64-bit column mask per 32-column block in s44..s47
WIDE_COL_BLOCKS = 4              # ... or, for the 128-column wave tiles, in s64..s71
# Direct-to-LDS prefill (`buffer_load_dwordx4 ... offen lds`): gfx950 has the 16-byte form (isa-notes.md
# "Direct-to-LDS"; gfx942 stops at one dword, too narrow to pay), so its prefill tiles skip the VGPR round
# trip and the ds_write of every slab. Each instruction writes the wave's 64 lanes x 16 bytes = 1 KiB
# contiguously at M0 (bytes) + lane*16; the slab layout is unpadded, XOR-swizzled for conflict-free reads.
LDS_DMA_ARCHS = ("gfx950",)
LDS_DMA_BYTES = 16 * WAVE_SIZE   # one wave's direct-to-LDS instruction
DECODE_REG_STAGES = 3            # register stages of a split-K decode tile where they fit (_plan)
VMCNT_MAX = 63                   # gfx9 s_waitcnt vmcnt: 6 bits
RING_SLABS = 3                   # slab i is multiplied while slabs i+1 and i+2 land in the other two
# gfx950 prefill tiles that keep the register-staged pipeline: 128x128's (two slabs in flight through
# registers, an LDS double buffer of 66 KiB, two workgroups per CU) beats its direct-to-LDS forms in the
# timing model: with three ring slabs (96 KiB) one workgroup fits a CU, with two only one slab is in
# flight (ingot_gemm_table, modeled us, register-staged / two ring slabs: M=512 N=K=8192 63.9 / 67.3,
# M=512 N=7168 K=18432 134.9 / 150.9, M=4096 N=1536 K=7168 75.0 / 74.8).
REGISTER_STAGED = {(128, 128)}

# (bm, bn, bk, ks) per arch. Prefill tiles use a 2x2 wave grid (ks = 1), gfx942's 256x256 one 8 waves in
# 2x4 (128x64 outputs and 128 accumulator VGPRs per wave: with 4 waves its 256 accumulators alone would
# fill the VGPRs; 256x128 with BK 64 needs 312 VGPRs, more than 256, and is not declared); gfx950's
# 256x256 has BK 64 and 4 waves of 128x128 with the 256 accumulators in AGPRs (_threads); decode tiles split K
# over the 4 waves (ks = 4) and stream deeper K slabs (twice the bytes in flight per CU of the prefill tiles
# at M = 1); gfx950's 160 KiB LDS takes the 32x32 tile's 512-deep slab (66 KiB), which gfx942's 64 KiB cannot.
TILES = {
    "gfx942": [(64, 64, 64, 1), (128, 64, 64, 1), (64, 128, 64, 1), (128, 128, 64, 1), (256, 128, 32, 1),
               (32, 32, 256, 4), (32, 64, 256, 4), (256, 256, 32, 1)],
    "gfx950": [(64, 64, 64, 1), (128, 64, 64, 1), (64, 128, 64, 1), (128, 128, 64, 1), (256, 128, 32, 1),
               (32, 32, 512, 4), (32, 64, 256, 4), (256, 256, 64, 1)],
}
DTYPES = ["bf16", "f16"]
OUTS = ["bf16", "f16", "f32"]


def _space(arch: str) -> dict[str, list]:
    tiles = TILES[arch]
    # arch: one value per arch, so that the split-K rule (a function of params) can take its ROOFLINE numbers
    return {"arch": [arch], "dtype": DTYPES, "out": OUTS, "has_bias": [False, True],
            "bm": sorted({t[0] for t in tiles}), "bn": sorted({t[1] for t in tiles}),
            "bk": sorted({t[2] for t in tiles}), "ks": sorted({t[3] for t in tiles})}


def _valid(arch: str, p: dict) -> str | None:
    if (p["bm"], p["bn"], p["bk"], p["ks"]) not in TILES[arch]:
        return f"tile {p['bm']}x{p['bn']}x{p['bk']} ks{p['ks']} is not declared for {arch}"
    mfma = MFMA_32X32[(arch, p["dtype"])]
    if (p["bk"] // p["ks"]) % mfma.k:
        return f"each wave's K slice must be a multiple of the MFMA K ({mfma.k})"
    if (p["bk"] // p["ks"] // mfma.k) % (CHUNK_BYTES // (mfma.k_per_lane * IN_BYTES)):
        return "each wave's K slice must be whole 16-byte operand reads"
    threads = _threads(p)
    if (p["bm"] * p["bk"]) % (threads * CHUNK_ELEMS) or (p["bn"] * p["bk"]) % (threads * CHUNK_ELEMS):
        return "each thread must load whole 16-byte chunks of the A and B tiles"
    plan = _plan(arch, p)
    if plan["dma"] and (plan["phase_lanes"] % plan["chunks_per_row"] or 32 % plan["phase_lanes"]
                        or plan["rows_per_pass"] % plan["phase_lanes"] or plan["threads"] * CHUNK_BYTES % LDS_DMA_BYTES):
        return "the direct-to-LDS swizzle must repeat within an MFMA block and a loader pass"
    if plan["dma"] and (plan["frag_batches"] != 1 or plan["k_steps"] // plan["steps_per_read"] < 2):
        # the next slab's first read group lands while this slab's last group multiplies
        return "the direct-to-LDS loop needs one operand batch of at least two read groups"
    if plan["phase_rows"] > 1 and plan["chunks_per_row"] ** 2 % plan["phase_lanes"]:
        return "rows of a write phase would not land on distinct LDS banks"
    if plan["blocks_n"] > (WIDE_COL_BLOCKS if plan["acc_agprs"] else MAX_COL_BLOCKS):
        return "a wave owns too many 32-column blocks for its column masks"
    if plan["lds_bytes"] > arch_info(arch).lds_bytes:
        return "tiles do not fit in LDS"
    if (plan["k_steps"] // plan["steps_per_read"]) % plan["frag_batches"]:
        return "operand read batches must split the slab's reads evenly"
    if plan["next_free_vgpr"] > MAX_ARCH_VGPRS:
        return "register plan exceeds 256 VGPRs"
    return None


def _threads(p: dict) -> int:
    """256x256 with BK 64 (gfx950's, direct-to-LDS) keeps 4 waves of 128x128 outputs, accumulators in AGPRs:
    per K step the tile's 64 MFMAs read 4 x 256 operand rows, where 8 waves of 128x64 read 8 x 192 rows:
    the LDS read bytes per MFMA fall by a third (LDS time was the 256x256 tile's bound)."""
    if p["bm"] * p["bn"] >= 256 * 256:
        return THREADS if p["bk"] == 64 else BIG_TILE_THREADS
    return THREADS


def _workgroups_per_cu(arch: str, plan: dict) -> int:
    """Resident workgroups per CU that a plan's VGPRs and LDS allow (the emulator's occupancy rule,
    emu/exec/src/profile.cc, from the arch table; the GEMM tiles never reach the SGPR limit)."""
    facts = ARCH_FACTS[arch]
    vgprs = align(plan["next_free_vgpr"], facts["vgpr_alloc_granule"])
    waves_per_simd = min(facts["max_waves_per_simd"], facts["max_vgprs"] // vgprs)
    by_vgprs = waves_per_simd * facts["simds_per_cu"] // plan["waves"]
    return min(by_vgprs, facts["lds_bytes"] // align(plan["lds_bytes"], facts["lds_alloc_granule"]))


def _plan(arch: str, p: dict) -> dict:
    """Register and LDS allocation. Decode tiles always pipeline two slabs ahead (the bytes in flight a
    memory-bound problem needs); prefill tiles do where that keeps as many workgroups resident per CU (the
    timing model: the next slab's loads then overlap a whole slab of MFMAs instead of the LDS phases)."""
    if p["ks"] > 1:
        return _plan_with(arch, p, pipelined=True)
    if arch in LDS_DMA_ARCHS and (p["bm"], p["bn"]) not in REGISTER_STAGED:
        ring = _plan_with(arch, p, pipelined=True, ring_slabs=RING_SLABS)
        if ring["lds_bytes"] <= arch_info(arch).lds_bytes:
            return ring
        return _plan_with(arch, p, pipelined=True, ring_slabs=2)
    pipelined = _plan_with(arch, p, pipelined=True)
    single = _plan_with(arch, p, pipelined=False)
    fits = pipelined["next_free_vgpr"] <= MAX_ARCH_VGPRS and pipelined["lds_bytes"] <= arch_info(arch).lds_bytes
    keeps = fits and _workgroups_per_cu(arch, pipelined) >= _workgroups_per_cu(arch, single)
    return pipelined if keeps else single


def _plan_with(arch: str, p: dict, pipelined: bool, ring_slabs: int = 0) -> dict:
    """Register and LDS allocation. Fixed VGPRs v0..v15 are named in the template; everything sized by the
    tile lives above, each range 4-aligned (gfx90a+ wants even-aligned VGPR tuples). `ring_slabs` > 0: the
    slabs go straight to a ring of that many LDS slabs (no data registers, no ds_write; _swizzle_shift)."""
    dma = ring_slabs > 0
    mfma = MFMA_32X32[(arch, p["dtype"])]
    bm, bn, bk, ks = p["bm"], p["bn"], p["bk"], p["ks"]
    chunks_per_row = bk // CHUNK_ELEMS
    threads = _threads(p)
    a_chunks = bm * bk // (threads * CHUNK_ELEMS)
    b_chunks = bn * bk // (threads * CHUNK_ELEMS)
    waves_m, waves_n = (1, 1) if ks > 1 else (2, threads // WAVE_SIZE // 2)
    wave_m, wave_n = bm // waves_m, bn // waves_n
    blocks_m, blocks_n = wave_m // mfma.m, wave_n // mfma.n
    k_steps = bk // ks // mfma.k
    pitch = bk * IN_BYTES + (0 if dma else LDS_ROW_PAD_BYTES)
    # Bank-conflict-free LDS (the emulator's model: phases of banks/4 lanes for b128, lanes of a phase on
    # distinct banks). Every access is a 16-byte chunk; a row is an odd number of 16-byte slots.
    #  - Operand reads: the lanes of a phase read one chunk column of consecutive rows, and an odd row pitch
    #    puts those rows on distinct slots. gfx942's 32x32x8 operand is only 8 bytes a lane, so one
    #    ds_read_b128 fetches the operands of two MFMA steps (steps_per_read): the slab's K order is
    #    permuted identically for A and B (lane half h of step 2g+s holds k = 16g + 8h + 4s + 0..3), which
    #    leaves the dot products unchanged.
    #  - Slab writes: a phase of lanes writes consecutive chunks of one row when a row has at least a
    #    phase's worth of chunks; otherwise the phase spans phase_rows rows, and the loader maps those to
    #    rows chunks_per_row apart, which an odd pitch of chunks_per_row + 1 slots puts on consecutive slots.
    phase_lanes = LDS_BANKS[arch] * 4 // CHUNK_BYTES
    phase_rows = 1 if dma else max(1, phase_lanes // chunks_per_row)
    steps_per_read = CHUNK_BYTES // (mfma.k_per_lane * IN_BYTES)
    acc_regs = blocks_m * blocks_n * mfma.acc_regs

    # Pipelined tiles keep two slabs in flight ahead of the one being multiplied (two register stages);
    # where their operand fragments would then overflow the VGPRs, a slab's operands are read and
    # multiplied in two batches. Split-K decode tiles take a third stage where it fits without batches:
    # a decode workgroup is mostly alone on its CU, and with two stages only one slab is in flight while
    # it waits for the next.
    base_stages = 0 if dma else 2 if pipelined else 1
    plans = [(base_stages, 1), (base_stages, 2)]
    if base_stages == 2 and ks > 1:
        plans.insert(0, (DECODE_REG_STAGES, 1))
    for reg_stages, frag_batches in plans:
        vgprs = VgprAllocator(16)
        take = vgprs.take
        a_base_off = take(a_chunks)
        b_base_off = take(b_chunks)
        a_addr = take(a_chunks)
        b_addr = take(b_chunks)
        a_data_sets = [take(4 * a_chunks) for _ in range(reg_stages)]
        b_data_sets = [take(4 * b_chunks) for _ in range(reg_stages)]
        a_frag = take(k_steps // frag_batches * blocks_m * mfma.operand_regs)
        b_frag = take(k_steps // frag_batches * blocks_n * mfma.operand_regs)
        # accumulators beyond half the arch VGPRs (the 128x128 wave tile's 256) go to the AGPRs (a0..)
        acc_agprs = dma and acc_regs > MAX_ARCH_VGPRS // 2
        acc = 0 if acc_agprs else take(acc_regs)
        acc_read = take(1) if acc_agprs else 0      # the epilogue reads one accumulator at a time
        bias = take(blocks_n)
        cvt = take(2)                                # output conversion temporaries
        # dma: each lane's swizzled A / B operand read address in slab 0, and the read group's XOR of it
        read_base = take(2) if dma else 0
        group_addr = take(2) if dma else 0
        # split-K: one masked workspace offset per accumulator quad (lane*16 + quad*1024, or out of range)
        part = take(acc_regs // 4) if ks > 1 else 0
        if vgprs.next_free() <= MAX_ARCH_VGPRS and (reg_stages - 1) * (a_chunks + b_chunks) <= VMCNT_MAX:
            break
    next_free_vgpr = vgprs.next_free()
    slab_bytes = (bm + bn) * pitch
    # Pipelined tiles double-buffer the slab when two fit in LDS (gfx950's 160 KiB; not gfx942's 64 KiB at
    # BK = 256): slab i+1 is written to the other buffer while no wave can still be reading it, so each
    # K slab needs one barrier instead of two. Trade-off for decode (not in the cost model): on gfx950 it
    # doubles the tile's LDS (m32_n32_k512: 65 -> 130 KiB), so one workgroup fits a CU instead of the two
    # the VGPRs allow, halving the bytes in flight per CU; measure on hardware before trusting it for decode.
    stages = 2 if pipelined and 2 * slab_bytes <= arch_info(arch).lds_bytes else 1
    if dma:
        # with two (256x256x64, where three 64 KiB slabs do not fit), slab i+2 loads while slab i+1 runs
        stages = ring_slabs
    # K-slice reduction: waves 1..ks-1 park their accumulators in LDS, [wave-1][quad][lane][4 dwords]
    red_bytes = (ks - 1) * acc_regs * WAVE_SIZE * 4
    return {
        "mfma": mfma, "threads": threads, "waves": threads // WAVE_SIZE, "ks": ks, "waves_n": waves_n,
        "chunks_per_row": chunks_per_row, "rows_per_pass": threads // chunks_per_row,
        "a_chunks": a_chunks, "b_chunks": b_chunks,
        "wave_m": wave_m, "wave_n": wave_n, "blocks_m": blocks_m, "blocks_n": blocks_n,
        "k_steps": k_steps, "wave_k_bytes": bk // ks * IN_BYTES, "pitch": pitch, "lds_b_base": bm * pitch,
        "lds_bytes": max(stages * slab_bytes, red_bytes), "stages": stages, "slab_bytes": slab_bytes, "red_quads": acc_regs // 4,
        "chunk_bytes": CHUNK_BYTES, "steps_per_read": steps_per_read, "phase_rows": phase_rows,
        "phase_lanes": phase_lanes,
        "out_bytes": DTYPE_BYTES[p["out"]], "out_shift": DTYPE_BYTES[p["out"]].bit_length() - 1,
        "v_a_base_off": a_base_off, "v_b_base_off": b_base_off, "v_a_addr": a_addr, "v_b_addr": b_addr,
        "v_a_data_sets": a_data_sets, "v_b_data_sets": b_data_sets, "reg_stages": reg_stages,
        "frag_batches": frag_batches, "v_a_frag": a_frag, "v_b_frag": b_frag, "v_acc": acc,
        "v_bias": bias, "v_cvt": cvt, "v_part": part,
        "acc_agprs": acc_agprs, "agpr_count": acc_regs if acc_agprs else 0, "v_acc_read": acc_read,
        "s_col_mask": 64 if acc_agprs else 44,
        "dma": dma, "v_read_base": read_base, "v_group_addr": group_addr, "dma_bytes": LDS_DMA_BYTES,
        "swizzle_shift": _swizzle_shift(phase_lanes, chunks_per_row) if dma else 0,
        # after the K loop the slab registers and operand fragments are dead: the K-slice and split-K
        # reductions read partial sums back into them (v_red), sum_slots partial tiles at a time
        "v_red": a_data_sets[0] if ks > 1 else 0,
        "sum_slots": splitk.sum_slots(acc - a_data_sets[0], acc_regs // 4) if ks > 1 else 0,
        "splitk": ks > 1, "partial_tile_bytes": bm * bn * splitk.F32_BYTES,
        "counter_region_align": splitk.COUNTER_REGION_ALIGN,
        "next_free_vgpr": next_free_vgpr, "next_free_sgpr": 80 if ks > 1 else 72 if acc_agprs else 64,
        "workgroup_ids": "xyz" if ks > 1 else "xy",
    }


def _swizzle_shift(phase_lanes: int, chunks_per_row: int) -> int:
    """The direct-to-LDS slab layout is unpadded ([row][BK] bf16), so a read phase (phase_lanes lanes: 16
    consecutive rows of one 16-byte chunk column c) would hit one bank group. Chunk c of row r is stored in
    slot c ^ swz(r), swz(r) = (r >> shift) % chunks_per_row, shift = log2(phase_lanes / chunks_per_row):
    a phase's rows then cover phase_lanes / chunks_per_row row offsets within a bank cycle times
    chunks_per_row distinct swizzles = phase_lanes distinct slots. swz has period phase_lanes rows, which
    divides 32 (the MFMA block) and every loader pass, so it is one value per lane for all its chunks and
    operand blocks. Writes need nothing: each instruction fills 1 KiB contiguously."""
    return (phase_lanes // chunks_per_row).bit_length() - 1


def _decode_in_flight(p: dict) -> list:
    """Bytes a decode workgroup keeps in flight: two register stages of its rows (gfx942's 32x32x256 has a
    third, counted as two: the module docstring)."""
    return ["mul", ["add", ["min", p["bm"], "M"], ["min", p["bn"], "N"]], 2 * p["bk"] * IN_BYTES]


def _split_args(p: dict) -> tuple:
    return p["bm"], p["bn"], p["bk"], IN_BYTES, DTYPE_BYTES[p["out"]], ROOFLINE[p["arch"]], _decode_in_flight(p)


def _constraints(p: dict) -> list[Constraint]:
    k_rules = [Constraint("k_multiple_of_8", ["eq", ["mod", "K", CHUNK_ELEMS], 0], "K must be a multiple of 8")]
    rules = shape_constraints(IN_BYTES, DTYPE_BYTES[p["out"]], k_rules, "elements", "elements")
    if p["ks"] > 1:
        rules.append(splitk.workspace_constraint(*_split_args(p)))
        # decode tiles leave rows past M (N) unmasked: their offsets must not wrap past 2^32 into range
        rules.append(Constraint("decode_rows_fit_32bit",
                                ["and", ["lt", ["mul", ["round_up", "M", p["bm"]], "lda", IN_BYTES], 2**32],
                                 ["lt", ["mul", ["round_up", "N", p["bn"]], "ldb", IN_BYTES], 2**32]],
                                "decode tiles: the tile's last rows of A and B must lie within 4 GiB "
                                "(round_up(M, BM) * lda and round_up(N, BN) * ldb): rows past the matrix "
                                "read 0 by their 32-bit offsets"))
    return rules


def _cost(arch: str, p: dict) -> list:
    """The roofline of the module docstring, as a manifest expression (nanoseconds)."""
    roof = ROOFLINE[arch]
    split = splitk.cost_terms(*_split_args(p)) if p["ks"] > 1 else None
    in_flight = None
    # Decode tiles: two register stages (three for gfx942's 32x32x256, counted as two: the module
    # docstring), two slabs in flight per workgroup. The pipelined prefill tiles
    # also keep two, but their cost keeps one slab: with two, the roofline would rank them above the
    # decode tiles at small M and move the pinned decode picks (a trade not evaluated).
    if p["ks"] > 1:
        in_flight = _decode_in_flight(p)
    elif p["bm"] * p["bn"] >= 256 * 256:
        # The 256x256 tile keeps the cost of its BK 32 slab (gfx942's, and gfx950's before its BK 64, 4-wave
        # form): ranked by its 64 KiB slab it would take the M = 512 and N = 1536 picks from 128x128, which
        # the timing model says is slower there (M = 512, N = K = 8192: 118.9 vs 63.9 us modeled: 64
        # workgroups leave 192 of 256 CUs idle). The roofline sees neither the L2 nor idle CUs.
        in_flight = ["mul", ["add", ["min", p["bm"], "M"], ["min", p["bn"], "N"]], 32 * IN_BYTES]
    return roofline_cost(roof, p["bm"], p["bn"], p["bk"], IN_BYTES, DTYPE_BYTES[p["out"]],
                         roof.flops_per_ns_per_cu, split=split, in_flight_bytes=in_flight)


def _kernargs(p: dict) -> list[KernArg]:
    args = [KernArg("A", "ptr", "A"), KernArg("B", "ptr", "B"), KernArg("C", "ptr", "C")]
    if p["has_bias"]:
        args.append(KernArg("bias", "ptr", "bias"))
    return args + [
        *shape_kernargs(),
        KernArg("alpha", "f32", "alpha"),
        # derived on the host so the kernel needs no integer division
        KernArg("k_tiles", "i32", ["ceil_div", "K", p["bk"]]),
        *(splitk.kernargs(*_split_args(p)) if p["ks"] > 1 else []),
    ]


def _grid(p: dict) -> list:
    return splitk.grid(p["bm"], p["bn"], _split_args(p) if p["ks"] > 1 else None)


def _workspace(p: dict):
    return splitk.workspace_bytes(*_split_args(p)) if p["ks"] > 1 else 0


SPEC = FamilySpec(
    name="gemm",
    op="gemm",
    template="gemm/gemm.s.j2",
    archs=("gfx942", "gfx950"),
    space=_space,
    valid=_valid,
    name_keys=[("dtype", "a"), ("out", "c"), ("has_bias", "bias"), ("bm", "m"), ("bn", "n"), ("bk", "k"),
               ("ks", "ks")],
    kernargs=_kernargs,
    workgroup=lambda p: [_threads(p), 1, 1],
    grid=_grid,
    dynamic_lds=lambda p: 0,
    match=lambda p: {"dtype_a": p["dtype"], "dtype_b": p["dtype"], "dtype_c": p["out"],
                     "has_bias": p["has_bias"]},
    constraints=_constraints,
    cost=_cost,
    plan=_plan,
    extra={"read_only": ["A", "B", "bias"], "write_only": ["C"]},
    workspace=_workspace,
)
