"""mla_decode: DeepSeek-V3 multi-head latent attention decode (absorbed form) over a paged latent cache.

Per batch entry b: S[H*Sq, L] = Q[H*Sq, 576] . KV[L, 576]^T, O[H*Sq, 512] = softmax(S) . KV[L, :512], one latent
KV head for all query heads. Layouts (vLLM's):
  Q     [B, Sq, H, 576]  bf16 or fp8 (q_scale)      pages [num_pages, page_size, 576] bf16 or fp8 (kv_scale)
  block_table int32 [B, max_pages_per_seq]           seq_lens int32 [B] (stay on the device)
  O     [B, Sq, H, 512]  bf16                        LSE fp32 [B, H, Sq] (natural log; optional: address 0)
Row r = t*H + h of batch entry b is query token t of head h: rows of one entry are contiguous in Q and O.
Query token t sees keys [0, L - Sq + t] (MTP, bottom-right causal); a row that sees no key gets O = 0 and
LSE = +inf.

Variants: `waves` (W) x `tiles` (T) x kv_dtype x q_dtype per arch. A workgroup owns 16*W*T rows (T 16-row
MFMA tiles per wave) of one batch entry and one KV split, so the row tiles serve any H*Sq: H*Sq = 16 (H=16,
or H=8 with Sq=2) fills a W=1 T=1 tile, 32 a W=2 tile (gfx942) ... and any other H from 1 to 128 runs
padded: the padding cost is the rows of the last tile beyond H*Sq, which the selection cost charges (it
prices ceil(H*Sq/(16WT)) tiles of 16WT rows, see _cost). A wave whose rows are all padding only helps load
the KV tiles; a partly padded wave computes all of its rows (H = 8 at Sq = 1 uses half of its MFMA rows).
T = 2 (a wave's two row tiles share every K and V operand read from LDS: half the LDS bytes per MFMA, and
one KV stream per 32W rows) holds O in all 256 AGPRs and Q twice in VGPRs; it fits 256 VGPRs on gfx942 W=2
and gfx950 W=4 for every dtype, and with fp8 KV and fp8 Q (the smallest staging) on gfx942 W=1 and gfx950
W=2: _valid rejects the rest.
  gfx942: W = 1, 2; v_mfma_f32_16x16x16_bf16; BK = 16 keys per KV tile; LDS = the KV tile
  (18.3 KiB; Q passes through it once into VGPRs).
  gfx950: W = 2, 4; v_mfma_f32_16x16x32_bf16 (double K per pass; the 16x16x16 shape runs at half rate
  there), P.V over pairs of 16-key blocks with V read by ds_read_b64_tr_b16 (transposed LDS reads);
  BK = 32; LDS = the KV tile (36.5 KiB of its 160 KiB).
fp8 KV (and fp8 Q) bytes are widened to bf16 on their way into LDS: e4m3 -> f32 is exact and 4 significant
bits fit bf16, so the MFMAs see exact values; kv_scale and q_scale fold into the softmax scale and kv_scale
into O. The fp8 encoding is the arch's (gfx942 e4m3fnuz, gfx950 e4m3fn: match key fp8_format).
fp8 Q with fp8 KV (_fp8_s): S = Q.K^T runs on the fp8 MFMA (FP8_MFMA_16X16: gfx942 v_mfma_f32_16x16x32_fp8_fp8,
gfx950 v_mfma_f32_16x16x128_f8f6f4 with both formats fp8), twice the bf16 rate, on the bytes as loaded: the
KV tile is also written to LDS unwidened (after the bf16 tile; Q passes through the same region once), rows
at the smallest pitch whose operand reads meet the fewest bank conflicts in the arch's ds_read_b128 phases
(_s_row_layout: gfx942 688 bytes with odd rows 16 bytes further, none, and none for the tile's stores either
(608, the reads' best uniform pitch, put two keys' stores on shared banks); gfx950 below). gfx950's 128-deep k-step covers the 576 dims in 5 steps: bytes 576..639 of every row are zeroed
once and no tile writes them, so the last step's second half adds 0 (10% of S's MFMA cycles). P.V stays bf16
(P in bf16, V the widened tile): an fp8 P (4 significant bits) was measured by an earlier attempt at about
2^-4 relative error in O, too coarse against the tolerance. LDS per workgroup: gfx942 18.5 + 10.75 KiB,
gfx950 36.5 + 20.5 KiB. With S's Q operands at half the registers, gfx942's two-tile fp8 x fp8 variants fit a
split S and P.V (`split_pv`): S runs for row tile 0, then for row tile 1 with tile 0's softmax between its
MFMAs (all K operands read once, two accumulators per tile); the V operands of the whole KV tile are made once
and kept, P.V runs for row tile 0 with row tile 1's softmax between its MFMAs, then for row tile 1 with the
next KV tile's V columns widened between its MFMAs (`early_widen`), and stored there too after a barrier (every
wave is done reading the tile by then: `split_stores`), with the loads of the tile after, a second barrier and the
next tile's K reads, so the loop top has no barrier; P.V's first two column groups are read and made under row
tile 1's S MFMAs and its last two under row tile 0's. Its W=2 variant (8 lanes a key, 8-byte loads) keeps the bf16
V tile key-pair interleaved (`pair_v`, _plan): lanes l and l ^ 8 hold the two keys of a pair and trade one raw
word a load by DPP, so each dword written holds one column of both keys and P.V reads its operands as they are
(ds_read2st64_b32), without the 64 v_perms a tile of the row-major tile; the first 4 loads are widened during
row tile 0's P.V.
gfx950's fp8 x fp8 variants keep the bf16 tile (P.V's alone) at the pitch whose transposed V reads meet no bank
twice (1184, _row_pitch). Its w4_t2 one, where the registers allow it without losing occupancy,
pipelines the KV tiles across the loop (`pipelined`): S of tile n+1 runs with tile n's softmax between its
MFMAs, into a second set of S accumulators; two fp8 copies and three bf16 tiles in LDS leave one barrier per tile.
gfx950's fp8 S rows (_s_row_layout) sit at pitch 672 with odd rows 16 bytes further: its 32-byte operand reads
meet one bank twice a phase at every uniform pitch, and no bank twice with the shift.
gfx942's two-tile variants that do not split P.V (bf16 S: bf16 Q or bf16 KV; `lag_s`) run row tile 1's S MFMAs
of the last 3 k-step groups after row tile 0's, with row tile 0's scaling and softmax between them (the K
operands of those groups stay in a third K buffer), and issue P.V's first V reads before row tile 1's softmax.
gfx950's non-pipelined variants with bf16 S read V into the K buffers (dead after S), which frees registers for
K two k-steps ahead on w4_t2 (`v_group`: V column blocks per batch, up to 4). gfx942's two-tile fp8 KV variant
with bf16 Q widens the next tile's first `early_loads` staged loads between its P.V MFMAs (the registers left
after the plan), and from P.V's last two column groups on (this wave's V reads done) stores the whole next tile
after a barrier, widening the rest through the raw V registers dead by then, then issues the loads of the tile
after and, after a second barrier, S's first K reads (`pv_tail_stores`): the loop top has no barrier.
gfx950's non-pipelined w4_t2 variants keep two KV tile buffers in LDS (`double_buffer`): tile n+1 is stored into
the buffer tile n is not read from between tile n's P.V MFMAs, so the loop top is one barrier. The pipelined one
stores tile n+2 between P.V(n)'s MFMAs (`pv_stores`). Both put store i after the first MFMA of V batch i: LDS
counts in order, so the next batch's lgkmcnt wait would otherwise wait for a store issued just before it.
The compute-bound variants (two row tiles, fp8 KV: `lean_softmax`) issue only the wait states a rule asks for:
none after the softmax's v_exp or before its SALU read of VCC, and MFMA-result waits that count the
instructions already between (one wave per SIMD issues one instruction per slot, an s_nop included).

Page sizes: any power of two from 1 to 2^20 (constraint); the gather is per key, so no page-size class is
needed: every lane fetches its own key's page id from block_table and forms a 64-bit address
pages + page_id * page_bytes + row * row_bytes (v_mad_u64_u32), so pools past 4 GiB work. A tile that starts
inside the page of the tile before (pages larger than BK) keeps that tile's page ids: block_table is read once
per page, not once per tile.

Split-KV by work (one rule for every variant, all host-side values): the KV sequence of every batch entry is
cut into chunks of `keys_per_split` keys; workgroup z of (b, row tile) takes chunk z. The host knows only
max_seq_len, so the grid's z covers it and a workgroup whose chunk starts past its own sequence ends at once
(a short sequence in a skewed batch costs one empty workgroup per unused chunk, the long one is spread over
many workgroups). The rule:
  wgs    = B * ceil(H*Sq / (16WT))                 workgroups without a split
  chunk  = CHUNK_KEYS * min(W*T, ceil(H*Sq/16)) * (2 / kv bytes)
                                                   keys whose KV bytes dwarf the workgroup's partials
                                                   (2 x 33 KiB per row tile with real rows per split: ~6%)
  by_len = ceil(max_seq_len / chunk)               a long sequence in a skewed batch is spread over
                                                   this many workgroups
  cover  = ceil(cus / wgs) if wgs * ceil(cus / wgs) <= cus * slots, else cus div wgs
                                                   splits that give every CU a workgroup, by the
                                                   device's CU count, when they all stay resident at once
                                                   (slots: the variant's workgroups per CU, _slots), so no
                                                   second, mostly idle round starts (MI300X, 64 workgroups:
                                                   5 splits on 304 CUs, 16 of them holding 2; was 4: 48
                                                   CUs idle)
  spread = min(cover, ceil(max_seq_len / MIN_CHUNK_KEYS))
                                                   chunks of at least MIN_CHUNK_KEYS keys
  fill   = ceil(FILL_WAVES * cus / wgs)            at most FILL_WAVES workgroups per CU
  S      = clamp(min(max(by_len, spread), fill), 1, MAX_SPLITS), or min(kv_splits, MAX_SPLITS) when the caller sets
           kv_splits > 0 (a fixed split for graph capture; the tests use it to split short sequences)
  keys_per_split = round_up(ceil(max_seq_len / S), BK);  grid z = ceil(max_seq_len / keys_per_split)
Every row tile of a split workgroup stores its unnormalised O (fp32), row max and row sum to the workspace
and arrives on its own counter; the last arriver combines the sequence's partials in split order 0..n-1 (never
arrival order: the same bits every run) with LSE weights, resets the counter and writes O and LSE
(publish_and_combine in asm/mla_decode/mla_decode.s.j2).
"""

from gen.archs import (B128_READ_PHASES, FP8_FLOPS_PER_NS_PER_CU, FP8_MFMA_16X16, LDS_BANKS, MAX_ARCH_VGPRS,
                        ROOFLINE, WAVE_SIZE, MfmaShape, arch_info)
from gen.spec import Constraint, FamilySpec, KernArg

KV_LORA_RANK = 512
ROPE_DIM = 64
DQK = KV_LORA_RANK + ROPE_DIM
DV = KV_LORA_RANK
ROWS_PER_WAVE = 16
MAX_V_GROUP = 4                 # gfx950 V column blocks per batch: 2 reads each, the next batch's in flight (lgkmcnt <= 15)
S_LAG_REREAD_GROUPS = 5         # gfx950 bf16 S, fp8 KV: row tile 1's last k-step groups under row tile 0's softmax
PITCH_SEARCH_BYTES = 256       # how far past a row's bytes an LDS row pitch is searched
MAX_SPLITS = 64
CHUNK_KEYS = 1024
MIN_CHUNK_KEYS = 256
FILL_WAVES = 4
SIMD_VGPRS = 512                # unified registers (arch VGPRs + AGPRs) per lane of one SIMD
SIMDS_PER_CU = 4
MAX_PAGE_SIZE = 2**20
# per row tile and split: 32 quads of O (fp32) [quad][lane][16 bytes] + 1 quad holding the row max [lane][4 bytes]
# and the row sum [lane][4 bytes] (half of it used)
PARTIAL_QUADS = DV // ROWS_PER_WAVE + 1
PARTIAL_BYTES = PARTIAL_QUADS * WAVE_SIZE * 16
COUNTER_REGION_ALIGN = 256
INT32_LIMIT = 2**31

MFMA = {
    "gfx942": MfmaShape("v_mfma_f32_16x16x16_bf16", 16, 16, 16, 2, 4, 4),
    "gfx950": MfmaShape("v_mfma_f32_16x16x32_bf16", 16, 16, 32, 4, 4, 4),
}
LDS_READ_BYTES = 16             # ds_read_b128: every S operand read is one or more of them
WAVES = {"gfx942": [1, 2], "gfx950": [2, 4]}
TILES = [1, 2]                  # 16-row tiles per wave: T tiles share every K and V operand read from LDS
TILE_STATE_REGS = 6             # per extra tile: row, token, head, causal limit, m, l
FP8_FORMAT = {"gfx942": "e4m3fnuz", "gfx950": "e4m3fn"}
DTYPES = ["bf16", "fp8"]


def _bk(arch: str, waves: int) -> int:
    """Keys per KV tile: 16 (one MFMA block) on gfx942; 32 on gfx950, whose P.V MFMA takes 32 keys."""
    return 16 if arch == "gfx942" else 32


def _space(arch: str) -> dict[str, list]:
    return {"fp8_format": [FP8_FORMAT[arch]], "waves": WAVES[arch], "tiles": TILES, "kv_dtype": DTYPES,
            "q_dtype": DTYPES}


def _valid(arch: str, p: dict) -> str | None:
    plan = _plan(arch, p)
    for loader in (plan["kv_loader"], plan["q_loader"]):
        if DQK % (plan["lanes_per_key"] * loader["elems"]):
            return "a row must split evenly over the lanes that load it"
    if plan["lds_bytes"] > arch_info(arch).lds_bytes:
        return "the KV tile does not fit in LDS"
    if plan["next_free_vgpr"] > MAX_ARCH_VGPRS:
        return "register plan exceeds 256 VGPRs"
    if plan["agpr_count"] > MAX_ARCH_VGPRS:
        return "O of the wave's row tiles exceeds 256 AGPRs"
    return None


def _row_loader(elem_bytes: int, lanes_per_key: int) -> dict:
    """How `lanes_per_key` lanes load one 576-element row: load i of lane part q covers chunk i*lanes + q, so
    one instruction reads lanes * load_bytes contiguous bytes of every row it touches (whole 64-byte
    segments: 4 x 16 or 8 x 8 or 8 x 16 bytes), and the chunk lands at the same chunk index in LDS, widened
    to bf16 (2 bytes per element)."""
    load_bytes = 16 if elem_bytes == 2 or DQK % (lanes_per_key * 16) == 0 else 8
    elems = load_bytes // elem_bytes
    return {"load_bytes": load_bytes, "elems": elems, "loads": DQK // (lanes_per_key * elems),
            "regs": load_bytes // 4, "lds_bytes": elems * 2, "fp8": elem_bytes == 1}


def _fp8_s(p: dict) -> bool:
    """S = Q.K^T on the fp8 MFMA: both operands fp8 (bf16 Q with fp8 KV still widens KV to bf16)."""
    return p["kv_dtype"] == "fp8" and p["q_dtype"] == "fp8"


def _operand_read_conflicts(arch: str, pitch: int, read_bytes: int, odd_shift: int = 0) -> int:
    """Conflict cycles of one ds_read_b128 of the S operands (lane l reads row l % 16 at byte read_bytes * (l // 16)
    of its row) at an LDS row pitch (odd rows odd_shift bytes further), phase by phase (B128_READ_PHASES): the most
    distinct dwords on one bank of a phase beyond the fewest its dwords need."""
    banks = LDS_BANKS[arch]
    extra = 0
    for phase in B128_READ_PHASES[arch]:
        words = {(l % 16 * pitch + odd_shift * (l % 2) + read_bytes * (l // 16)) // 4 + d for l in phase for d in range(4)}
        per_bank = [0] * banks
        for word in words:
            per_bank[word % banks] += 1
        extra += max(per_bank) - -(-len(words) // banks)
    return extra


def _transposed_read_conflicts(arch: str, pitch: int) -> int:
    """gfx950's ds_read_b64_tr_b16 of P.V (8 bytes a lane: banks / 2 lanes a phase): lane l of group g = l // 16
    reads key 4g + (l % 16) // 4 at bytes 8 * (l % 4) of a 16-column block. 0 on gfx942 (no transposed reads)."""
    if arch != "gfx950":
        return 0
    banks = LDS_BANKS[arch]
    words = [((4 * (l // 16) + l % 16 // 4) * pitch + 8 * (l % 4)) // 4 + d for l in range(banks // 2) for d in range(2)]
    return len(words) - len({w % banks for w in words})


def _row_pitch(arch: str, row_bytes: int, read_bytes: int | None, transposed: bool) -> int:
    """The smallest LDS row pitch (16-byte steps from row_bytes) with the fewest conflicts of the reads the rows
    serve: S's operand reads of read_bytes (None: no S reads), gfx950's transposed V reads (`transposed`). gfx950's
    32-byte fp8 operand reads meet one bank twice in each phase at every uniform pitch."""
    def conflicts(pitch: int) -> int:
        s_reads = _operand_read_conflicts(arch, pitch, read_bytes) if read_bytes else 0
        return s_reads + (_transposed_read_conflicts(arch, pitch) if transposed else 0)
    return min(range(row_bytes, row_bytes + PITCH_SEARCH_BYTES, 16), key=lambda pitch: (conflicts(pitch), pitch))


def _row_store_conflicts(pitch: int, odd_shift: int, lanes_per_key: int, store_bytes: int) -> int:
    """Conflict cycles of one wave's store of a staged load to rows at `pitch` (odd rows odd_shift bytes further):
    lane l writes store_bytes at byte store_bytes * (l % lanes_per_key) of row l // lanes_per_key. Writes resolve on
    32 banks on both archs, a phase being the consecutive lanes that fill them once (emu/exec/src/lds_banks.h)."""
    banks = 32
    phase_lanes = banks * 4 // store_bytes
    extra = 0
    for first in range(0, WAVE_SIZE, phase_lanes):
        words = {(l // lanes_per_key * pitch + odd_shift * (l // lanes_per_key % 2) + store_bytes * (l % lanes_per_key))
                 // 4 + d for l in range(first, first + phase_lanes) for d in range(store_bytes // 4)}
        per_bank = [0] * banks
        for word in words:
            per_bank[word % banks] += 1
        extra += max(per_bank) - -(-len(words) // banks)
    return extra


def _s_row_layout(arch: str, row_bytes: int, read_bytes: int, lanes_per_key: int, store_bytes: int) -> tuple[int, int]:
    """(pitch, odd_shift) of the fp8 S operand rows: row r at r * pitch + odd_shift * (r % 2), the fewest conflicts
    of the operand reads, then of the tile's stores (a wave issues far fewer of them), then the smallest pitch.
    gfx950's 32-byte reads meet one bank twice a phase at every uniform pitch (656: 8 conflict cycles an operand);
    672 with odd rows 16 bytes further meets none (its stores keep 4 a wave: no layout searched has none of
    either). gfx942's reads meet none at 608, but two keys' 64-byte stores then share 8 banks in each 16-lane
    phase (4 cycles a store); 688 with odd rows 16 bytes further meets none of either. The shift keeps the rows
    apart (pitch >= row_bytes + shift), and 16 k-step-aligned rows (the blocks) shift alike."""
    layouts = [(pitch, shift) for pitch in range(row_bytes, row_bytes + PITCH_SEARCH_BYTES, 16) for shift in (0, 16)
               if pitch >= row_bytes + shift]
    return min(layouts, key=lambda ps: (_operand_read_conflicts(arch, ps[0], read_bytes, ps[1]),
                                        _row_store_conflicts(ps[0], ps[1], lanes_per_key, store_bytes), ps[0], ps[1]))


def _plan(arch: str, p: dict) -> dict:
    mf = MFMA[arch]
    w = p["waves"]
    tiles = p["tiles"]
    bk = _bk(arch, w)
    lanes_per_key = WAVE_SIZE * w // bk
    kv_loader = _row_loader(_kv_bytes(p), lanes_per_key)
    q_loader = _row_loader(_q_bytes(p), lanes_per_key)
    kv_stage_regs = kv_loader["loads"] * kv_loader["regs"]
    q_stage_regs = q_loader["loads"] * q_loader["regs"]
    blocks = bk // ROWS_PER_WAVE                    # 16-key S blocks per tile
    # S's MFMA: fp8 x fp8 when Q and KV are both fp8 (twice the bf16 rate), reading an fp8 copy of the KV tile
    # (and of Q) kept in LDS after the bf16 one (which P.V reads); gfx950's 128-deep fp8 k-step covers 576 dims
    # in 5 steps, the last one half zeros (the rows' padding bytes, zeroed once).
    fp8_s = _fp8_s(p)
    smf = FP8_MFMA_16X16[arch] if fp8_s else mf
    s_elem = 1 if fp8_s else 2
    steps = -(-DQK // smf.k)                        # MFMA k-steps of one S block
    s_row_bytes = steps * smf.k * s_elem
    # k-steps per LDS operand read of S: gfx942's 2-register operands come two steps per ds_read_b128 (lane g
    # reads bytes 16g..16g+15 of a pair of steps; K and Q pair the same dims, so each dim is summed once);
    # gfx950's fp8 operand (32 bytes) takes two ds_read_b128
    read_steps = 2 if smf.operand_regs == 2 else 1
    read_bytes = smf.operand_regs * 4 * read_steps
    # the bf16 tile's pitch: the one at which its K operand reads (16 bytes a lane on either arch) meet the fewest
    # conflicts, with gfx950's transposed V reads too; gfx950's bf16 tile serves P.V alone when S reads the fp8
    # copy (gfx942's keeps the K-read pitch, as its fp8 x fp8 kernels always had)
    bf16_reads = None if fp8_s and arch == "gfx950" else 16
    pitch = _row_pitch(arch, DQK * 2, bf16_reads, arch == "gfx950")
    s_pitch, s_odd_shift = _s_row_layout(arch, s_row_bytes, read_bytes, lanes_per_key, kv_loader["load_bytes"]) if fp8_s else (pitch, 0)
    s_lds = bk * pitch if fp8_s else 0
    col_blocks = DV // ROWS_PER_WAVE                # 16-column blocks of O
    # O (32 blocks of 4 fp32 per row tile) lives in AGPRs a0.. (MFMA C/D), which frees the VGPRs for Q. Fixed
    # VGPRs v0..v25 are named in the template (with row tile 0's state); the state of row tiles 1.. next; then
    # Q as the S B operands of every k-step of every row tile (loaded once), the staging registers of the next
    # KV tile's loads (in flight while this tile is computed), then the compute temporaries: S, P and the LDS
    # operands of `group` k-steps in flight (the largest group that fits 256 VGPRs). The fp8 widening
    # temporaries alias the compute region (widening happens between tiles).
    tile_state = 28
    q_reg = tile_state + (tiles - 1) * TILE_STATE_REGS
    stage = q_reg + tiles * steps * smf.operand_regs
    compute = stage + kv_stage_regs
    # The LDS operand reads are software-pipelined: the reads of the next group of k-steps (of V column
    # blocks) are in flight while the MFMAs of this one run, so K and V take two buffers each; the largest
    # group of k-steps (of V column blocks) whose two buffers fit 256 VGPRs. P (bf16) is packed into the
    # first half of its tile's S registers: register i of P takes S registers 2i and 2i+1, read before written.
    s_acc = compute
    k_ops = s_acc + tiles * blocks * 4
    # gfx950 with S on bf16 MFMAs (never pipelined, below): P.V's V buffers reuse the K buffers (dead after S,
    # as gfx942's do), so K's two buffers take the registers V's had and V's batches grow to fill the K
    # buffers (w4_t2: K 2 k-steps ahead instead of 1, V 4 column blocks a batch instead of 1)
    v_in_k = arch == "gfx950" and not fp8_s
    for group in (g for g in (4, 2, 1) if g % read_steps == 0):
        k_buf = group * blocks * smf.operand_regs
        v_ops = k_ops + 2 * k_buf
        # gfx950: 2 transposed reads per V block after the K buffers (or in them: v_in_k); gfx942's P.V works on
        # column groups of 4 blocks in the K operand registers (dead after S): two groups' reads (8 registers
        # each) and two groups' operands (8 each); fp8 widening: 4 f32 + 8 packed
        v_group = min(k_buf // 4, MAX_V_GROUP) if v_in_k else group
        v_end = (k_ops if v_in_k else v_ops) + 2 * v_group * 4 if arch == "gfx950" else k_ops + 32
        end = max(v_ops, v_end, compute + 12)
        if end <= MAX_ARCH_VGPRS:
            break
    # gfx942 with two row tiles: S and P.V run one tile after the other when the V operands of the whole KV
    # tile (col_blocks x 2 registers, made once for both; S's K operands of every k-step use them first) and
    # 8 more (tile 1's O-rescale temporaries; S's second accumulators) fit, so that each tile's softmax (VALU,
    # exp) issues between the other tile's MFMAs instead of with the MFMA pipe idle
    v_vops = max(end, k_ops + 32)
    v_resc = v_vops + col_blocks * mf.operand_regs
    split_pv = (arch == "gfx942" and tiles == 2 and blocks == 1 and v_resc + 8 <= MAX_ARCH_VGPRS
                and steps * smf.operand_regs <= v_resc - v_vops)
    if split_pv:
        end = v_resc + 8
    # The bf16 tile serves P.V only when S reads the fp8 copy: its loads of V columns (each load covers
    # lanes * elems consecutive dims, the rope dims come last) are the ones widened.
    v_dims_per_load = lanes_per_key * kv_loader["elems"]
    kv_v_loads = DV // v_dims_per_load if fp8_s and DV % v_dims_per_load == 0 else kv_loader["loads"]
    # split P.V with fp8 KV: the next tile's V columns are widened between tile 1's P.V MFMAs into the K
    # operand registers (free then: S and tile 0's P.V are done), so the tile's LDS write is stores only
    widened_regs = kv_v_loads * kv_loader["regs"] * 2
    early_widen = split_pv and kv_loader["fp8"] and widened_regs <= 32
    # ... and the next tile's stores and the loads of the one after go there too (`split_stores`): every wave is
    # done reading the tile (S read all its K operands, tile 0's P.V all its V operands) once the waves meet at a
    # barrier after tile 1's first P.V MFMA, so the single tile buffer is overwritten in place and the loop top
    # keeps one barrier and no stores with the MFMA pipe idle
    split_stores = early_widen
    cvt = compute
    # Q's loads (prologue only) share the KV staging registers when they fit there, else the compute region
    # after the fp8 widening temporaries
    q_stage = stage if q_stage_regs <= kv_stage_regs else compute + (12 if q_loader["fp8"] else 0)
    end = max(end, q_stage + q_stage_regs)
    # after the last KV tile O moves to VGPRs (one row tile at a time; Q, staging and compute are dead); the
    # last arriver's combine reads partials into the registers after it, combine_quads accumulator quads per
    # round trip, and the bf16 conversion of O reuses them
    o_epi = q_reg
    epi_stage = o_epi + col_blocks * mf.acc_regs
    combine_quads = 16
    end = max(end, epi_stage + 4 * combine_quads)
    s_lds_at = s_lds
    lds_bytes = s_lds + bk * s_pitch if fp8_s else bk * pitch
    # gfx950 with S on the fp8 MFMA: the KV tiles pipelined across the loop (the softmax of tile n between the S
    # MFMAs of tile n+1, the template's r.pipelined) when a second set of S accumulators and P's own registers fit
    # 256 VGPRs and the LDS of two fp8 copies and three bf16 tiles (one barrier per tile) costs no occupancy;
    # the widening (12) and O-rescale (8) temporaries move to the V operand buffers (2 x group x 4, free outside
    # P.V)
    v_s2 = (end + 3) // 4 * 4
    p_regs = blocks // 2 * mf.operand_regs
    pp_end = v_s2 + tiles * blocks * 4 + tiles * p_regs
    f_bytes, b_bytes = bk * s_pitch, bk * pitch
    pp_lds = 2 * f_bytes + 3 * b_bytes
    pipelined = (arch == "gfx950" and fp8_s and pp_end <= MAX_ARCH_VGPRS and 2 * group * 4 >= 12
                 and pp_lds <= arch_info(arch).lds_bytes
                 and _occupancy(arch, w, pp_lds, pp_end, tiles * col_blocks * mf.acc_regs)
                 == _occupancy(arch, w, lds_bytes, end, tiles * col_blocks * mf.acc_regs))
    if pipelined:
        s_lds_at, lds_bytes, end = 0, pp_lds, pp_end
    # pipelined: tile n+2's stores (its fp8 copy, then its widened V columns through 4 registers after the plan: the
    # V buffers hold P.V's operands then) and tile n+3's loads run between P.V(n)'s MFMAs (`pv_stores`), not after
    # them with the MFMA pipe idle
    v_pv_wide = (end + 3) // 4 * 4
    pv_stores = pipelined and v_pv_wide + 4 <= MAX_ARCH_VGPRS
    if pv_stores:
        end = v_pv_wide + 4
    # gfx942, two row tiles whose S shares every K read (not split_pv): row tile 1's S MFMAs of the last k-step
    # groups run after row tile 0's, with tile 0's scaling and softmax between them (the MFMA pipe stays busy
    # through it). Those groups' K operands stay in their buffers until then: a third K buffer defers three
    # groups when it fits; tile 0's O-rescale temporaries (8) go after the K buffers. (gfx950 w4_t2 bf16 Q:
    # the same deferral of its last 2 groups moved nothing, 3734 cycles a tile with and without: not used.)
    lag_s = arch == "gfx942" and tiles == 2 and not split_pv and not pipelined
    k_bufs = 3 if k_ops + 3 * k_buf + 8 <= MAX_ARCH_VGPRS else 2
    lag_resc = k_ops + k_bufs * k_buf
    lag_s = lag_s and lag_resc + 8 <= MAX_ARCH_VGPRS
    if lag_s:
        end = max(end, lag_resc + 8)
    else:
        k_bufs = 2
    # gfx942 two-tile fp8 KV without split_pv (bf16 Q): the first early_loads staged loads of the next tile are
    # widened between this tile's P.V MFMAs into the registers left after the plan (4 per load and a spare pair:
    # each word's second f32 pair goes through the next word's aligned pair), so the loop top widens only the rest
    early_loads = 0
    v_early = (end + 1) // 2 * 2
    if arch == "gfx942" and tiles == 2 and kv_loader["fp8"] and not split_pv:
        early_loads = max(0, min(kv_loader["loads"], (MAX_ARCH_VGPRS - v_early - 2) // (2 * kv_loader["regs"])))
    if early_loads:
        end = v_early + 2 * kv_loader["regs"] * early_loads + 2
    # ... and the whole next tile goes to LDS from P.V's last two column groups (`pv_tail_stores`): once this wave's
    # last V reads have landed, a barrier (every wave is done reading the tile), the early loads' stores, the rest
    # widened through the raw V registers of the group before (v_k.., free then) and stored, then the loads of the
    # tile after; the loop top keeps one barrier
    pv_tail_stores = early_loads > 0
    # its P.V MFMAs spread over each stretch between two waits (`pv_spread`: gen/asm_passes.py sink_mfmas, then
    # spread_mfmas): the two row tiles' MFMAs of one operand were issued back to back, 3 of the wave's issue slots
    # idle a pair while the stretch's v_perms, widening and stores queued behind it (session 15)
    pv_spread = pv_tail_stores
    # ... and its last `pv_late_mfmas` MFMAs issued after the tail's second barrier and S's first K reads, whose LDS
    # latency the wave waited out with the MFMA pipe idle (session 15)
    pv_late_mfmas = 2 if pv_spread else 0
    # ... and group 0's v_perms and group 2's reads after P.V's first wait, spread between group 0's MFMAs, not before
    # its first MFMA (`pv_first_perms_spread`) (session 15)
    pv_first_perms_spread = pv_spread
    # ... and `staged_early_loads` more loads widened during P.V, into the staging registers of the early loads once
    # those are widened, so that the tail widens fewer (session 15)
    staged_early_loads = 2 if pv_spread else 0
    # ... and P.V's first column group's V reads between row tile 1's last S MFMAs (`lag_v_reads`) (session 15)
    lag_v_reads = pv_spread
    # the compute-bound variants (fp8 KV, two row tiles) issue no wait state no rule asks for in the softmax
    # (`lean_softmax`): no s_nop after v_exp (its next VALU reads another register; the sums read P 3+ instructions
    # later), none between a VALU's VCC write and the SALU s_and reading it (no hazard: SALU reads interlock);
    # each s_nop takes an issue slot of the one wave per SIMD
    lean_softmax = tiles == 2 and kv_loader["fp8"]
    # gfx950, two row tiles, S on bf16 MFMAs (not pipelined): two LDS tile buffers (`double_buffer`). Tile n+1 is
    # stored into buffer (n+1)%2 between tile n's P.V MFMAs (read from buffer n%2), so the loop top keeps one barrier
    # and no stores or widening with the MFMA pipe idle. fp8 KV widens into 2 x 4 registers after the plan (the
    # compute region holds P then; bf16 KV stores its staging registers as loaded). Only where the second buffer and
    # the registers cost no occupancy.
    tile_bytes = bk * pitch
    v_db_wide = (end + 3) // 4 * 4
    db_end = v_db_wide + (8 if kv_loader["fp8"] else 0)
    agprs = tiles * col_blocks * mf.acc_regs
    double_buffer = (arch == "gfx950" and tiles == 2 and not fp8_s and not pipelined
                     and 2 * tile_bytes <= arch_info(arch).lds_bytes and db_end <= MAX_ARCH_VGPRS
                     and _occupancy(arch, w, 2 * tile_bytes, db_end, agprs) == _occupancy(arch, w, lds_bytes, end, agprs))
    if double_buffer:
        lds_bytes, end = 2 * tile_bytes, db_end
    # gfx950: P.V's transposed V reads run `v_ahead` batches ahead of its MFMAs, batch i in v_bufs[i % len] (8
    # registers a buffer with 2 column blocks a batch): one wave per SIMD otherwise waits on their latency every few
    # MFMAs. The pipelined variant's K buffers are free during P.V(n) (S(n+1) is done with them) and join its two V
    # buffers; the double-buffered fp8 KV one (V in the K buffers) reads 2 column blocks a batch instead of 4. Three
    # batches ahead, 12 reads, stay within lgkmcnt's 15 (timing model, cycles per tile: pipelined fp8 Q 1 ahead
    # 2547, 2 2471, 3 2427; double-buffered bf16 Q, 4 blocks 1 ahead 3475, 2 blocks 2 ahead 3403, 3 ahead 3395)
    v_ahead, v_bufs = 1, []
    if pipelined:
        v_ahead, v_bufs = 3, [v_ops, v_ops + 8] + list(range(k_ops, v_ops, 8))
    elif double_buffer and kv_loader["fp8"] and v_in_k and 2 * k_buf >= 4 * 8:
        v_group, v_ahead, v_bufs = 2, 3, list(range(k_ops, k_ops + 2 * k_buf, 8))
    # Both of those (session 14 round 2, timing model, cycles per tile fp8 Q / bf16 Q): batch i+3's reads follow
    # batch i's first MFMA, each batch's wait counted from the rendered text, P.V's MFMAs spread 3 instructions
    # apart (`v_reads_late`: 2427 -> 2283 / 3395 -> 3227); S(0)'s first K group waited per operand
    # (`s_fine_waits`); the stores from batch `pv_store_lag` on (2187 -> 2171 with the first batch's waits per
    # column block / 3159). The pipelined loop also scales S as it moves it (`s_prescaled`).
    spread_pv = v_ahead > 1
    # gfx950 double-buffered fp8 KV with S on bf16 MFMAs (w4_t2 kvfp8_qbf16; session 15): row tile 1's S MFMAs of
    # the last `s_lag_reread` k-step groups run after row tile 0's, with row tile 0's scaling and softmax between
    # them, so that the MFMA pipe is busy through it. Their K operands are read from LDS again (gfx942's lag_s holds
    # them in a third K buffer, which leaves no registers for the second LDS tile buffer here: 3654 cycles a tile);
    # row tile 0's O-rescale temporaries are the widening registers (v_db_wide: used in P.V only). The softmax takes
    # pairs of values in the packed f32 instructions and the row max three at a time (`pk_softmax`): fewer issue
    # slots of the one wave per SIMD. Row tile 1's softmax has P.V's first V reads between its exps. Timing model,
    # cycles per tile: 3159 -> 2875 with 6 groups; 4 groups 2891, 5 2859, 7 2887 (4 without the packed softmax and
    # the early V reads: 3131).
    # The same kernel issues its prefetch without branches (`masked_prefetch`: EXEC = 0 past the split's keys), in
    # parts between P.V's last batches' MFMAs: 2859 -> 2755; S's two-tile groups issue the next group's reads between
    # their MFMAs (s_product_reread): 2731.
    s_lag_reread = S_LAG_REREAD_GROUPS if double_buffer and kv_loader["fp8"] and v_in_k and v_ahead > 1 else 0
    # split_stores: row tile 0's O-rescale temporaries after the plan, so that P.V's first V reads (into v_k..) issue
    # during row tile 1's S, before tile 0's softmax
    v_s0_resc = (end + 3) // 4 * 4 if split_stores else k_ops
    # split_stores: P.V's last two column groups (operand registers past S's K operands, raw reads in v_k.., free
    # during row tile 0's S) are read and made between row tile 0's S MFMAs, which have nothing else to issue
    s_phase_cgs = [cg for cg in range(col_blocks // 4 - 2, col_blocks // 4)
                   if split_stores and v_vops + 8 * cg >= v_vops + steps * smf.operand_regs]
    if split_stores:
        end = v_s0_resc + 8
    # split_stores with 8 lanes a key and 8-byte loads (gfx942 w2_t2 fp8 x fp8): the bf16 V tile in LDS key-pair
    # interleaved (`pair_v`): each dword holds one column of keys 2m (low half) and 2m+1 (high), which lanes l and
    # l ^ 8 load; one DPP move a load trades the partner's raw word, so a lane widens the pairs of half of its
    # columns (per-lane v_perm selectors in 2 VGPRs after the plan). A P.V operand (keys 4g..4g+3 of one column) is
    # then two such dwords, read as they are by one ds_read2st64_b32: the 64 v_perms a tile that made the operands
    # from row-major reads go. Layout, dwords: unit (2b + m % 2) * 64 + 16 (m // 2) + i for column 64G + 4i + j,
    # b = 4G + j (O's column order is unchanged): the reads meet no bank twice; the stores are ds_write2st64_b32.
    pair_v = split_stores and lanes_per_key == 8 and kv_loader["regs"] == 2
    v_pair_sel = end
    if pair_v:
        end = v_pair_sel + 2
    return {
        "mfma": mf, "waves": w, "tiles": tiles, "threads": WAVE_SIZE * w, "bk": bk, "blocks": blocks,
        "steps": steps, "col_blocks": col_blocks, "lanes_per_key": lanes_per_key, "kv_loader": kv_loader,
        "q_loader": q_loader, "pitch": pitch, "group": group, "k_buf": k_buf, "v_group": v_group,
        "v_buf": v_group * 4, "v_ahead": v_ahead, "v_bufs": v_bufs, "v_reads_late": spread_pv, "s_prescaled": pipelined, "s_fine_waits": spread_pv,
        "pv_store_lag": (2 if pipelined else 1) if spread_pv else 0, "s_lag_reread": s_lag_reread, "pk_softmax": s_lag_reread > 0, "masked_prefetch": s_lag_reread > 0,
        # Q rows pass through LDS once (prologue), in the KV tile's space: q_slots waves at a time, q_turns turns
        "lds_kv": 0, "lds_q": 0, "lds_bytes": lds_bytes,
        "pipelined": pipelined, "v_s2": v_s2, "f_bytes": f_bytes, "b_bytes": b_bytes, "b0": 2 * f_bytes,
        "split_pv": split_pv, "lag_s": lag_s, "k_bufs": k_bufs, "v_lag_resc": lag_resc,
        "pv_stores": pv_stores, "v_pv_wide": v_pv_wide, "double_buffer": double_buffer, "tile_bytes": tile_bytes, "v_db_wide": v_db_wide,
        "lean_softmax": lean_softmax, "early_loads": early_loads, "pv_tail_stores": pv_tail_stores, "pv_spread": pv_spread, "pv_late_mfmas": pv_late_mfmas, "pv_first_perms_spread": pv_first_perms_spread, "staged_early_loads": staged_early_loads, "lag_v_reads": lag_v_reads, "v_early": v_early, "kv_v_loads": kv_v_loads, "early_widen": early_widen, "split_stores": split_stores, "pair_v": pair_v, "v_pair_sel": v_pair_sel, "v_s0_resc": v_s0_resc, "s_phase_cgs": s_phase_cgs, "v_widened": k_ops,
        "v_vops": v_vops, "v_resc": v_resc if split_pv else k_ops,
        "fp8_s": fp8_s, "s_mfma": smf, "s_elem": s_elem, "s_pitch": s_pitch, "s_odd_shift": s_odd_shift, "s_lds": s_lds_at,
        "s_pad": (DQK * s_elem, s_row_bytes) if s_row_bytes > DQK * s_elem else None,
        "read_bytes": read_bytes, "reads_per_operand": read_bytes // LDS_READ_BYTES,
        "q_slots": bk // ROWS_PER_WAVE, "q_turns": -(-w // (bk // ROWS_PER_WAVE)),
        "a_o": 0, "agpr_count": tiles * col_blocks * mf.acc_regs, "o_regs": col_blocks * mf.acc_regs,
        "v_tile_state": tile_state, "tile_state_regs": TILE_STATE_REGS, "v_qreg": q_reg,
        "q_regs": steps * smf.operand_regs, "v_stage": stage, "v_qstage": q_stage, "v_s": s_acc,
        "v_p": v_s2 + tiles * blocks * 4 if pipelined else s_acc, "p_stride": p_regs if pipelined else blocks * 4,
        "v_k": k_ops, "v_v": k_ops if v_in_k else v_ops, "v_cvt": v_ops if pipelined else cvt, "v_o": o_epi, "v_epi_stage": epi_stage,
        "next_free_vgpr": (end + 3) // 4 * 4, "next_free_sgpr": 96,
        "workgroup_ids": "xyz", "dqk": DQK, "dv": DV, "partial_bytes": PARTIAL_BYTES,
        "partial_quads": PARTIAL_QUADS, "counter_region_align": COUNTER_REGION_ALIGN,
        "transposed_v": arch == "gfx950", "combine_quads": combine_quads, "read_steps": read_steps,
    }


def rows_per_wg(p: dict) -> int:
    return ROWS_PER_WAVE * p["waves"] * p["tiles"]


def _row_slots(p: dict) -> int:
    """16-row tiles of a workgroup: each has its own partial slot and arrival counter on a split."""
    return p["waves"] * p["tiles"]


def _row_tiles(p: dict) -> list:
    return ["ceil_div", ["mul", "H", "Sq"], rows_per_wg(p)]


def _wgs(p: dict) -> list:
    return ["mul", "B", _row_tiles(p)]


def chunk_keys(p: dict) -> list:
    """Keys per chunk that keep a workgroup's partials (2 x 33 KiB per row tile with real rows) near 6% of the
    KV bytes it streams: CHUNK_KEYS per such tile for bf16 KV, twice that for fp8 (half the bytes per key)."""
    real_tiles = ["min", _row_slots(p), ["ceil_div", ["mul", "H", "Sq"], ROWS_PER_WAVE]]
    return ["mul", CHUNK_KEYS * 2 // _kv_bytes(p), real_tiles]


def _occupancy(arch: str, waves: int, lds_bytes: int, vgprs: int, agprs: int) -> int:
    """Workgroups one CU holds at once: the fewer of what its LDS and its register file allow (SIMD_VGPRS
    unified registers per SIMD lane, arch VGPRs then AGPRs in granules of 8; wave i on SIMD i % 4)."""
    alloc = ((vgprs + 3) // 4 * 4 + agprs + 7) // 8 * 8
    return max(1, min(arch_info(arch).lds_bytes // lds_bytes, SIMD_VGPRS // alloc * SIMDS_PER_CU // waves))


def _slots(arch: str, p: dict) -> int:
    plan = _plan(arch, p)
    return _occupancy(arch, p["waves"], plan["lds_bytes"], plan["next_free_vgpr"], plan["agpr_count"])


def requested_splits(arch: str, p: dict) -> list:
    """The rule of the module docstring, or the caller's `kv_splits` when it gives one (> 0)."""
    by_len = ["ceil_div", ["max", 1, "max_seq_len"], chunk_keys(p)]
    every_cu = ["ceil_div", "cus", _wgs(p)]
    cover = ["if", ["le", ["mul", _wgs(p), every_cu], ["mul", "cus", _slots(arch, p)]], every_cu,
             ["div", "cus", _wgs(p)]]
    spread = ["min", cover, ["ceil_div", ["max", 1, "max_seq_len"], MIN_CHUNK_KEYS]]
    fill = ["ceil_div", ["mul", FILL_WAVES, "cus"], _wgs(p)]
    rule = ["max", 1, ["min", ["max", by_len, spread], fill, MAX_SPLITS]]
    return ["if", ["gt", "kv_splits", 0], ["min", "kv_splits", MAX_SPLITS], rule]


def keys_per_split(arch: str, p: dict) -> list:
    bk = _bk(arch, p["waves"])
    return ["round_up", ["max", 1, ["ceil_div", "max_seq_len", requested_splits(arch, p)]], bk]


def splits(arch: str, p: dict) -> list:
    return ["max", 1, ["ceil_div", "max_seq_len", keys_per_split(arch, p)]]


def _counter_region(p: dict) -> list:
    return ["round_up", ["mul", _wgs(p), _row_slots(p), 4], COUNTER_REGION_ALIGN]


def workspace_bytes(arch: str, p: dict) -> list:
    s = splits(arch, p)
    partials = ["mul", _wgs(p), s, _row_slots(p), PARTIAL_BYTES]
    return ["add", _counter_region(p), ["if", ["gt", s, 1], partials, 0]]


def _kv_bytes(p: dict) -> int:
    return 1 if p["kv_dtype"] == "fp8" else 2


def _q_bytes(p: dict) -> int:
    return 1 if p["q_dtype"] == "fp8" else 2


def _kernargs(arch: str):
    def kernargs(p: dict) -> list[KernArg]:
        return [
            KernArg("Q", "ptr", "Q"),
            KernArg("pages", "ptr", "pages"),
            KernArg("block_table", "ptr", "block_table"),
            KernArg("seq_lens", "ptr", "seq_lens"),
            KernArg("O", "ptr", "O"),
            KernArg("LSE", "ptr", "LSE"),
            KernArg("workspace", "ptr", "workspace"),
            KernArg("B", "i32", "B"),
            KernArg("H", "i32", "H"),
            KernArg("Sq", "i32", "Sq"),
            KernArg("rows", "i32", ["mul", "H", "Sq"]),
            KernArg("page_size", "i32", "page_size"),
            KernArg("max_pages_per_seq", "i32", "max_pages_per_seq"),
            KernArg("keys_per_split", "i32", keys_per_split(arch, p)),
            KernArg("row_tiles", "i32", _row_tiles(p)),
            KernArg("splits", "i32", splits(arch, p)),
            # exp2 domain: logits * softmax_scale * q_scale * kv_scale * log2(e)
            KernArg("logit_scale", "f32", ["mul", "softmax_scale", "q_scale", "kv_scale", 1.4426950408889634]),
            KernArg("kv_scale", "f32", "kv_scale"),
        ]
    return kernargs


def _constraints(arch: str):
    def constraints(p: dict) -> list[Constraint]:
        return [
            Constraint("kv_lora_rank_512", ["eq", "kv_lora_rank", KV_LORA_RANK],
                       f"mla_decode kernels are built for kv_lora_rank {KV_LORA_RANK}"),
            Constraint("rope_dim_64", ["eq", "rope_dim", ROPE_DIM], f"mla_decode kernels are built for rope_dim {ROPE_DIM}"),
            Constraint("batch_positive", ["ge", "B", 1], "B must be at least 1"),
            Constraint("heads_1_to_128", ["and", ["ge", "H", 1], ["le", "H", 128]], "H must be 1..128"),
            Constraint("sq_1_to_8", ["and", ["ge", "Sq", 1], ["le", "Sq", 8]], "Sq (MTP tokens) must be 1..8"),
            Constraint("page_size_power_of_two",
                       ["and", ["ge", "page_size", 1], ["le", "page_size", MAX_PAGE_SIZE],
                        ["eq", ["mod", MAX_PAGE_SIZE, "page_size"], 0]],
                       f"page_size must be a power of two from 1 to {MAX_PAGE_SIZE}"),
            Constraint("block_table_covers_max_seq_len",
                       ["ge", ["mul", "max_pages_per_seq", "page_size"], "max_seq_len"],
                       "max_pages_per_seq * page_size must cover max_seq_len"),
            Constraint("kv_splits_nonnegative", ["ge", "kv_splits", 0], "kv_splits must be >= 0 (0: the split rule)"),
            Constraint("block_table_fits_32bit", ["lt", ["mul", "B", "max_pages_per_seq", 4], INT32_LIMIT],
                       "block_table must span less than 2 GiB (32-bit offsets)"),
            Constraint("max_seq_len_nonnegative", ["ge", "max_seq_len", 0], "max_seq_len must not be negative"),
            Constraint("q_o_fit_32bit", ["lt", ["mul", "B", "Sq", "H", DQK * 2], INT32_LIMIT],
                       "Q and O must span less than 2 GiB (32-bit offsets)"),
            Constraint("workspace_fits_32bit", ["lt", workspace_bytes(arch, p), INT32_LIMIT],
                       "the split-KV workspace must span less than 2 GiB (32-bit offsets)"),
        ]
    return constraints


def _cost(arch: str, p: dict) -> list:
    """Modeled nanoseconds: the KV stream (each row tile reads the sequence once) against HBM and the
    workgroups' bytes in flight, the MFMA work of the padded row tiles, partial traffic, launch rounds.
      kv_bytes = wgs * max_seq_len * 576 * kv_bytes        (max_seq_len: the host does not know each length)
      mem_ns   = kv_bytes / min(HBM, resident_wgs * in_flight / latency)
                 resident_wgs = min(wgs * S, cus * slots): every resident workgroup keeps one KV tile in flight
      mma_ns   = wgs * 16WT * max_seq_len * (2 * 576 / S peak + 2 * 512 / bf16 peak) / active CUs
                 padded rows included (the padding cost); S peak: per-CU fp8 peak when Q and KV are fp8
                 (S on the fp8 MFMA), else bf16's
      cost     = max(mem_ns, mma_ns) + partials / HBM + launch"""
    roof = ROOFLINE[arch]
    plan = _plan(arch, p)
    s = splits(arch, p)
    wgs = _wgs(p)
    active = ["min", "cus", ["mul", wgs, s]]
    kv_bytes = ["mul", wgs, "max_seq_len", DQK * _kv_bytes(p)]
    in_flight = plan["bk"] * DQK * _kv_bytes(p)
    resident = ["min", ["mul", "cus", _slots(arch, p)], ["mul", wgs, s]]
    rate = ["min", roof.hbm_bytes_per_ns, ["div", ["mul", resident, in_flight], roof.latency_ns]]
    mem_ns = ["div", kv_bytes, rate]
    # ns per row and key on one CU: S (576 dims) at the fp8 peak when it runs on the fp8 MFMA, P.V at bf16's
    s_peak = FP8_FLOPS_PER_NS_PER_CU[arch] if _fp8_s(p) else roof.flops_per_ns_per_cu
    ns_per_row_key = 2 * DQK / s_peak + 2 * DV / roof.flops_per_ns_per_cu
    mma_ns = ["div", ["mul", wgs, rows_per_wg(p), "max_seq_len", ns_per_row_key], active]
    partial_ns = ["div", ["if", ["gt", s, 1], ["mul", wgs, s, _row_slots(p), 2 * PARTIAL_BYTES], 0],
                  roof.hbm_bytes_per_ns]
    return ["add", ["max", mem_ns, mma_ns], partial_ns, roof.launch_ns]


def _grid(arch: str):
    return lambda p: ["B", _row_tiles(p), splits(arch, p)]


def _make_spec() -> FamilySpec:
    # kernargs, grid, constraints and workspace depend on the arch (BK) only through keys_per_split; the
    # spec's callables take params alone, so the arch travels in the params (fp8_format names it).
    def arch_of(p: dict) -> str:
        return next(a for a, f in FP8_FORMAT.items() if f == p["fp8_format"])

    return FamilySpec(
        name="mla_decode",
        op="mla_decode",
        template="mla_decode/mla_decode.s.j2",
        archs=("gfx942", "gfx950"),
        space=_space,
        valid=_valid,
        name_keys=[("waves", "w"), ("tiles", "t"), ("kv_dtype", "kv"), ("q_dtype", "q")],
        kernargs=lambda p: _kernargs(arch_of(p))(p),
        workgroup=lambda p: [WAVE_SIZE * p["waves"], 1, 1],
        grid=lambda p: _grid(arch_of(p))(p),
        dynamic_lds=lambda p: 0,
        match=lambda p: {"q_dtype": p["q_dtype"], "kv_dtype": p["kv_dtype"], "o_dtype": "bf16",
                         "fp8_format": p["fp8_format"]},
        constraints=lambda p: _constraints(arch_of(p))(p),
        cost=_cost,
        plan=_plan,
        extra={"read_only": ["Q", "pages", "block_table", "seq_lens"], "write_only": ["O", "LSE"]},
        workspace=lambda p: workspace_bytes(arch_of(p), p),
    )


SPEC = _make_spec()
