"""Structural checks of the rendered `mla_decode` kernels that the emulator's numbers do not show: fp8 Q with
fp8 KV runs S on the arch's fp8 MFMA (isa-notes.md "MFMA"), the LDS rows sit at pitches whose operand reads
meet no bank twice in one LDS phase (gfx950's 32-byte fp8 reads with odd rows shifted 16 bytes), gfx950's half-empty last fp8 k-step reads zeroed bytes, and gfx942's
two-tile split puts each row tile's softmax between the other tile's MFMAs. (Numbers: tests/mla_decode on
the emulator.)"""

import functools
import re

import pytest

from gen.archs import B128_READ_PHASES, LDS_BANKS
from gen.context import build_context
from gen.families import mla_decode
from gen.render import render
from gen.spec import expand

VARIANTS, _ = expand(mla_decode.SPEC, ["gfx942", "gfx950"])
# The fp8 x fp8 16x16 MFMAs (isa-notes.md "MFMA"; LLVM's mai-gfx940.s / mai-gfx950.s), k = 32 and 128
FP8_MFMA = {"gfx942": ("v_mfma_f32_16x16x32_fp8_fp8", 32), "gfx950": ("v_mfma_f32_16x16x128_f8f6f4", 128)}
SAMPLE = [v for v in VARIANTS if v.params["kv_dtype"] == "fp8" and v.params["q_dtype"] == "fp8"] + \
    [v for v in VARIANTS if v.params["kv_dtype"] == "fp8" and v.params["q_dtype"] == "bf16" and v.params["tiles"] == 2]


@functools.lru_cache(maxsize=None)
def _rendered(variant_id: str) -> str:
    variant = next(v for v in VARIANTS if v.id == variant_id)
    return render(mla_decode.SPEC.template, build_context(mla_decode.SPEC, variant)).text


def _text(variant) -> str:
    return _rendered(variant.id)


@pytest.mark.parametrize("variant", SAMPLE, ids=lambda v: v.id)
def test_s_runs_on_the_fp8_mfma_only_when_q_and_kv_are_fp8(variant):
    text = _text(variant)
    mnemonic, k = FP8_MFMA[variant.arch]
    fp8_s = variant.params["q_dtype"] == "fp8"
    count = len(re.findall(rf"^\s*{mnemonic} ", text, re.M))
    if not fp8_s:
        assert count == 0
        return
    blocks = 1 if variant.arch == "gfx942" else 2          # 16-key blocks per KV tile (16 or 32 keys)
    # a pipelined loop (gfx950) computes S of the first tile before the loop, the next tile's in it
    copies = 2 if mla_decode.SPEC.plan(variant.arch, variant.params)["pipelined"] else 1
    assert count == -(-576 // k) * blocks * variant.params["tiles"] * copies


def _worst_bank_repeats(arch: str, pitch: int, lane_bytes: int, odd_shift: int = 0) -> int:
    """The most times one bank is met beyond once in any ds_read_b128 phase of an S operand read: lane l reads
    16 bytes of row l % 16 at byte lane_bytes * (l // 16), row r starting at r * pitch + odd_shift * (r % 2)."""
    worst = 0
    for phase in B128_READ_PHASES[arch]:
        banks = [((l % 16 * pitch + odd_shift * (l % 2) + lane_bytes * (l // 16)) // 4 + d) % LDS_BANKS[arch]
                 for l in phase for d in range(4)]
        worst = max(worst, max(banks.count(b) for b in banks) - 1)
    return worst


@pytest.mark.parametrize("variant", [v for v in SAMPLE if v.params["q_dtype"] == "fp8"], ids=lambda v: v.id)
def test_fp8_rows_meet_no_bank_twice_in_an_lds_phase(variant):
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    # gfx942: a 16-byte read per pair of k-steps; gfx950: the 32-byte operand in two reads, lane groups 32 bytes
    # apart, which puts two of a phase's 64 dwords on one bank at every uniform pitch: odd rows shift 16 bytes
    lane_bytes = 16 if variant.arch == "gfx942" else 32
    assert _worst_bank_repeats(variant.arch, plan["s_pitch"], lane_bytes, plan["s_odd_shift"]) == 0
    if variant.arch == "gfx950":
        assert min(_worst_bank_repeats("gfx950", pitch, 32) for pitch in range(640, 896, 16)) > 0
    # the rows stay apart: an odd row's shifted bytes end before the next row starts
    row_bytes = -(-576 // FP8_MFMA[variant.arch][1]) * FP8_MFMA[variant.arch][1]
    assert plan["s_pitch"] >= row_bytes + plan["s_odd_shift"]


def _worst_store_bank_repeats(pitch: int, odd_shift: int, lanes_per_key: int, store_bytes: int) -> int:
    """The most times one bank is met beyond once in any phase of a wave's store of one staged KV load to the fp8
    rows: lane l writes store_bytes at byte store_bytes * (l % lanes_per_key) of row l // lanes_per_key; writes
    resolve on 32 banks, a phase being the 128 / store_bytes consecutive lanes that fill them once
    (emu/exec/src/lds_banks.h, both archs)."""
    worst = 0
    phase_lanes = 128 // store_bytes
    for first in range(0, 64, phase_lanes):
        banks = [((l // lanes_per_key * pitch + odd_shift * (l // lanes_per_key % 2) + store_bytes * (l % lanes_per_key))
                  // 4 + d) % 32 for l in range(first, first + phase_lanes) for d in range(store_bytes // 4)]
        worst = max(worst, max(banks.count(b) for b in banks) - 1)
    return worst


@pytest.mark.parametrize("variant", [v for v in SAMPLE if v.params["q_dtype"] == "fp8" and v.arch == "gfx942"],
                         ids=lambda v: v.id)
def test_gfx942_fp8_rows_take_the_tile_stores_on_distinct_banks(variant):
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    lanes_per_key = 64 * variant.params["waves"] // 16        # gfx942 tiles are 16 keys
    store_bytes = 576 // (lanes_per_key * plan["kv_loader"]["loads"])
    # the rendered fp8 copy stores are that wide
    assert re.search(rf"^\s*ds_write_b{8 * store_bytes} ", _text(variant), re.M)
    assert _worst_store_bank_repeats(plan["s_pitch"], plan["s_odd_shift"], lanes_per_key, store_bytes) == 0
    # the reads' own best uniform pitch (608) put two keys' stores on 8 shared banks
    assert _worst_store_bank_repeats(608, 0, lanes_per_key, store_bytes) > 0


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v.params["q_dtype"] == "bf16"], ids=lambda v: v.id)
def test_bf16_rows_meet_no_bank_twice_in_an_lds_phase(variant):
    assert _worst_bank_repeats(variant.arch, mla_decode.SPEC.plan(variant.arch, variant.params)["pitch"], 16) == 0


@pytest.mark.parametrize("variant", [v for v in SAMPLE if v.arch == "gfx950" and v.params["q_dtype"] == "fp8"],
                         ids=lambda v: v.id)
def test_gfx950_zeroes_the_bytes_its_last_k_step_reads_past_576(variant):
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    offsets = {int(m) for m in re.findall(r"ds_write_b128 v\d+, v\[\d+:\d+\] offset:(\d+)", _text(variant))}
    assert {plan["s_lds"] + off for off in range(576, 640, 16)} <= offsets


@pytest.mark.parametrize("tile", [0, 1])
def test_gfx942_split_tiles_put_each_softmax_between_the_other_tiles_mfmas(tile):
    variant = next(v for v in VARIANTS if v.id == "mla_decode_gfx942_w2_t2_kvfp8_qfp8")
    lines = _text(variant).splitlines()
    start = next(i for i, line in enumerate(lines) if f"softmax of row tile {tile}" in line)
    exps = [i for i, line in enumerate(lines) if i > start and re.match(r"\s*v_exp_f32 v\d+, v\d+$", line)][:4]
    mfmas = [i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_", line)]
    assert len(exps) == 4 and any(exps[0] < i < exps[-1] for i in mfmas)


@pytest.mark.parametrize("tile", [0, 1])
def test_gfx950_pipelined_loop_puts_each_softmax_between_the_next_tiles_s_mfmas(tile):
    variant = next(v for v in VARIANTS if v.id == "mla_decode_gfx950_w4_t2_kvfp8_qfp8")
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    assert plan["pipelined"]
    lines = _text(variant).splitlines()
    start = next(i for i, line in enumerate(lines) if f"softmax of row tile {tile}" in line)
    exps = [i for i, line in enumerate(lines) if i > start and re.match(r"\s*v_exp_f32 v\d+, v\d+$", line)][:4]
    # S of the next KV tile: the fp8 MFMAs into the second set of accumulators
    second = range(plan["v_s2"], plan["v_s2"] + 4 * plan["blocks"] * plan["tiles"])
    s_next = [i for i, line in enumerate(lines)
              if (m := re.match(rf"\s*{FP8_MFMA['gfx950'][0]} v\[(\d+):", line)) and int(m.group(1)) in second]
    assert len(exps) == 4 and any(exps[0] < i < exps[-1] for i in s_next)


@pytest.mark.parametrize("variant", [v for v in SAMPLE if v.arch == "gfx950" and v.params["q_dtype"] == "fp8"],
                         ids=lambda v: v.id)
def test_gfx950_transposed_v_reads_meet_no_bank_twice_in_an_lds_phase(variant):
    # ds_read_b64_tr_b16 (8 bytes a lane: banks / 2 lanes a phase): lane l of group g = l // 16 reads key
    # 4g + (l % 16) // 4 at bytes 8 * (l % 4) of the 16-column block (the template's V^T address)
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    banks = LDS_BANKS[variant.arch]
    for first in range(0, 64, banks // 2):
        lanes = range(first, first + banks // 2)
        words = [((4 * (l // 16) + l % 16 // 4) * plan["pitch"] + 8 * (l % 4)) // 4 + d for l in lanes for d in range(2)]
        assert len({w % banks for w in words}) == len(words)


@pytest.mark.parametrize("variant", [v for v in VARIANTS if mla_decode.SPEC.plan(v.arch, v.params)["lag_s"]],
                         ids=lambda v: v.id)
def test_row_tile_0s_softmax_runs_between_row_tile_1s_last_s_mfmas(variant):
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    lines = _text(variant).splitlines()
    start = next(i for i, line in enumerate(lines) if "softmax of row tile 0" in line)
    exps = [i for i, line in enumerate(lines) if i > start and re.match(r"\s*v_exp_f32 v\d+, v\d+$", line)][:4]
    # row tile 1's S accumulators: the blocks after row tile 0's
    tile1 = range(plan["v_s"] + 4 * plan["blocks"], plan["v_s"] + 8 * plan["blocks"])
    s_tile1 = [i for i, line in enumerate(lines)
               if (m := re.match(r"\s*v_mfma_\S+ v\[(\d+):", line)) and int(m.group(1)) in tile1]
    # (the first exp precedes some of them: with one k-step per group, gfx950 w4_t2 bf16 KV, only 4 are deferred)
    assert len(exps) == 4 and any(exps[0] < i for i in s_tile1)
    # and its O-rescale temporaries stay clear of the K operand buffers those MFMAs read
    assert plan["v_lag_resc"] >= plan["v_k"] + plan["k_bufs"] * plan["k_buf"]


def test_gfx942_bf16_q_widens_the_next_tiles_first_loads_between_pv_mfmas():
    variant = next(v for v in VARIANTS if v.id == "mla_decode_gfx942_w2_t2_kvfp8_qbf16")
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    assert plan["early_loads"] > 0 and plan["next_free_vgpr"] <= 256
    lines = _text(variant).splitlines()
    pv = [i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_\S+ a\[", line)]
    early = [i for i, line in enumerate(lines) if re.match(rf"\s*v_cvt_pk_f32_fp8 v\[{plan['v_early']}:", line)]
    # once before the loop (the first tile), once between P.V's MFMAs, once for a padding wave
    assert len(early) == 3 and pv[0] < early[1] < pv[-1]


def _loop_lines(variant) -> list[str]:
    """The rendered main loop, origin markers stripped: from the tile label to the padding wave's store path."""
    lines = [line.split("\x1f")[-1] for line in _text(variant).splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith(f".L{variant.id}_tile:"))
    end = next(i for i, line in enumerate(lines) if line.startswith(f".L{variant.id}_pad_wave_store:"))
    return lines[start:end]


def _stores_between_pv_mfmas(lines: list[str]) -> tuple[list[int], list[int]]:
    pv = [i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_\S+ a\[", line)]
    stores = [i for i, line in enumerate(lines) if re.match(r"\s*ds_write_b", line)]
    return pv, stores


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v.arch == "gfx950" and v.params["tiles"] == 2
                                     and not mla_decode._fp8_s(v.params)], ids=lambda v: v.id)
def test_gfx950_double_buffer_stores_the_next_tile_between_pv_mfmas_under_one_barrier(variant):
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    assert plan["double_buffer"] and plan["lds_bytes"] == 2 * plan["tile_bytes"] and plan["next_free_vgpr"] <= 256
    lines = _loop_lines(variant)
    pv, stores = _stores_between_pv_mfmas(lines)
    # every store of tile n+1 (one a staged load) lies between tile n's P.V MFMAs, and the loop has one barrier
    assert len(stores) == plan["kv_loader"]["loads"] and all(pv[0] < i < pv[-1] for i in stores)
    assert sum(1 for line in lines if line.strip() == "s_barrier") == 1



def test_gfx950_pipelined_loop_stores_tile_n_plus_2_between_pv_mfmas():
    variant = next(v for v in VARIANTS if v.id == "mla_decode_gfx950_w4_t2_kvfp8_qfp8")
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    assert plan["pipelined"] and plan["pv_stores"] and plan["next_free_vgpr"] <= 256
    pv, stores = _stores_between_pv_mfmas(_loop_lines(variant))
    # the fp8 copy (every staged load) and the widened V columns
    assert len(stores) == plan["kv_loader"]["loads"] + plan["kv_v_loads"] and all(pv[0] < i < pv[-1] for i in stores)


def _split_loop_lines(variant) -> list[str]:
    """The rendered main loop of a split P.V variant: from the tile label to the padding wave's path."""
    lines = [line.split("\x1f")[-1] for line in _text(variant).splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith(f".L{variant.id}_tile:"))
    end = next(i for i, line in enumerate(lines) if line.startswith(f".L{variant.id}_pad_wave_widen:"))
    return lines[start:end]


def _registers(operand: str) -> set[int]:
    m = re.match(r"v\[(\d+):(\d+)\]", operand)
    return set(range(int(m.group(1)), int(m.group(2)) + 1)) if m else {int(operand[1:])}


def _assert_no_later_mfma_reads(lines, reads, mfmas):
    """No MFMA of `mfmas` (line indices) issued after the first of `reads` (LDS reads) takes one of their
    destination registers as its A or B operand."""
    read_regs = set().union(*(_registers(lines[i].split()[1].rstrip(",")) for i in reads))
    for i in mfmas:
        if i > reads[0]:
            srcs = [op.strip() for op in lines[i].split(",")[1:3]]
            assert not read_regs & set().union(*(_registers(s) for s in srcs)), lines[i]


def test_gfx942_split_pv_stores_and_reads_the_next_tile_between_row_tile_1s_pv_mfmas():
    variant = next(v for v in VARIANTS if v.id == "mla_decode_gfx942_w2_t2_kvfp8_qfp8")
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    assert plan["split_pv"] and plan["split_stores"] and plan["next_free_vgpr"] <= 256
    lines = _split_loop_lines(variant)
    pv = [i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_\S+ a\[", line)]
    pv1 = pv[len(pv) // 2:]                       # row tile 1's P.V (the second half of the loop's P.V MFMAs)
    stores = [i for i, line in enumerate(lines) if re.match(r"\s*ds_write", line)]
    barriers = [i for i, line in enumerate(lines) if line.strip() == "s_barrier"]
    # the fp8 copy (every staged load) and the widened V columns (key-pair interleaved: two ds_write2st64_b32 a
    # load), all between row tile 1's P.V MFMAs, after the first of the loop's two barriers; the second one after them
    assert len(stores) == plan["kv_loader"]["loads"] + 2 * plan["kv_v_loads"]
    assert len(barriers) == 2 and pv1[0] < barriers[0] < min(stores) and max(stores) < barriers[1] < pv1[-1]
    # the next tile's S operand reads follow the second barrier, into registers no later MFMA of the loop reads
    reads = [i for i, line in enumerate(lines) if re.match(r"\s*ds_read_b128", line) and i > barriers[1]]
    assert len(reads) == plan["steps"] // plan["read_steps"]
    _assert_no_later_mfma_reads(lines, reads, pv)
    # nothing of the loop top is left before the first S MFMA but the padding wave's branch
    first_s = next(i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_f32_16x16x32_fp8", line))
    assert not any(re.match(r"\s*(ds_|s_barrier|global_load)", line) for line in lines[:first_s])


def test_gfx942_bf16_q_stores_the_next_tile_and_reads_its_first_k_group_in_the_pv_tail():
    variant = next(v for v in VARIANTS if v.id == "mla_decode_gfx942_w2_t2_kvfp8_qbf16")
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    assert plan["pv_tail_stores"] and plan["next_free_vgpr"] <= 256
    lines = _split_loop_lines(variant)
    pv = [i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_\S+ a\[", line)]
    stores = [i for i, line in enumerate(lines) if re.match(r"\s*ds_write_b", line)]
    barriers = [i for i, line in enumerate(lines) if line.strip() == "s_barrier"]
    # every staged load stored after the first barrier, which follows this wave's last V read (in the last quarter
    # of P.V), the second barrier after the stores
    v_reads = [i for i, line in enumerate(lines) if re.match(r"\s*ds_read_b64", line)]
    assert len(stores) == plan["kv_loader"]["loads"] and len(barriers) == 2
    assert max(v_reads) < barriers[0] < min(stores) and max(stores) < barriers[1] and pv[0] < barriers[0]
    # S's first K group read after the second barrier, into registers no MFMA after it reads
    k_reads = [i for i, line in enumerate(lines) if re.match(r"\s*ds_read_b128", line) and i > barriers[1]]
    assert k_reads
    _assert_no_later_mfma_reads(lines, k_reads, pv)
    # the loop top: no stores, loads or barrier before S's first MFMA
    first_s = next(i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_\S+ v\[", line))
    assert not any(re.match(r"\s*(ds_write|s_barrier|global_load)", line) for line in lines[:first_s])


def test_gfx942_pair_v_reads_pv_operands_without_v_perms():
    """The key-pair interleaved V tile (pair_v): every P.V A operand is the destination of one ds_read2st64_b32 of
    the loop (units 2b, 2b + 1 of block b), no row-major V read is left, and the widening trades one word a load
    through a DPP move between lanes l and l ^ 8 (the two keys of a pair)."""
    variant = next(v for v in VARIANTS if v.id == "mla_decode_gfx942_w2_t2_kvfp8_qfp8")
    plan = mla_decode.SPEC.plan(variant.arch, variant.params)
    assert plan["pair_v"] and plan["next_free_vgpr"] <= 256
    lines = _split_loop_lines(variant)
    reads = {}
    for line in lines:
        m = re.match(r"\s*ds_read2st64_b32 (v\[\d+:\d+\]), v\d+ offset0:(\d+) offset1:(\d+)", line)
        if m:
            assert int(m.group(3)) == int(m.group(2)) + 1 and int(m.group(2)) % 2 == 0
            reads[m.group(1)] = int(m.group(2)) // 2
    assert sorted(reads.values()) == list(range(plan["col_blocks"]))
    assert not any(re.match(r"\s*ds_read_b64 ", line) for line in lines)
    pv = [line for line in lines if re.match(r"\s*v_mfma_\S+ a\[", line)]
    assert len(pv) == 2 * plan["col_blocks"]
    assert all(line.split(",")[1].strip() in reads for line in pv)
    dpp = [line for line in lines if "v_mov_b32_dpp" in line]
    assert len(dpp) == plan["kv_v_loads"] and all("row_ror:8" in line for line in dpp)


@pytest.mark.parametrize("variant_id", ["mla_decode_gfx950_w4_t2_kvfp8_qfp8", "mla_decode_gfx950_w4_t2_kvfp8_qbf16"])
def test_gfx950_fp8_kv_pv_waits_count_the_stores_between_and_keep_the_reads_ahead_in_flight(variant_id):
    """v_reads_late: each P.V MFMA's wait is recounted here from the loop text: it lies after the transposed V read
    that last wrote the MFMA's A operand and lets the LDS ops issued since (reads and stores, at most 15; but the 2
    reads of the batch's other column block) stay in flight; from the third batch to the fourth last the waits keep at least two batches (8 reads) ahead. spread_mfmas: no two
    P.V MFMAs are adjacent where 3 other instructions could go between them without passing a fence, and no VALU
    between P.V's MFMAs writes their operands (the spread does not look at registers)."""
    variant = next(v for v in VARIANTS if v.id == variant_id)
    assert mla_decode.SPEC.plan(variant.arch, variant.params)["v_reads_late"]
    lines = _loop_lines(variant)
    assert not any("@V" in line for line in lines)
    pv = [i for i, line in enumerate(lines) if re.match(r"\s*v_mfma_\S+ a\[", line)]
    for i in pv:
        a_regs = _registers(lines[i].split(",")[1].strip())
        read = max(j for j in range(i) if re.match(r"\s*ds_read_b64_tr_b16 ", lines[j])
                   and _registers(lines[j].split()[1].rstrip(",")) & a_regs)
        wait = max(j for j in range(i) if "lgkmcnt(" in lines[j])
        assert wait > read, lines[i]
        since = sum(1 for line in lines[read + 1:wait] if line.strip().startswith("ds_"))
        # at most the 2 reads of the batch's other column block (one wait a batch after the first) are waited for too
        kept = int(re.search(r"lgkmcnt\((\d+)\)", lines[wait]).group(1))
        assert min(since, 15) - 2 <= kept <= min(since, 15), lines[i]
        if pv[2 * 4] < i < pv[-3 * 4]:  # batches with two more batches of reads to issue
            assert kept >= 8, lines[i]
    # spread_mfmas moves MFMAs past other instructions without reading their operands: it is sound only while no
    # instruction between P.V's MFMAs but the (waited-for) transposed V reads writes a P.V MFMA's A or B operand
    operands = set().union(*(_registers(op.strip()) for i in pv for op in lines[i].split(",")[1:3]))
    for line in lines[pv[0]:pv[-1]]:
        words = line.split()
        if words and re.match(r"v_\w+$", words[0]) and not words[0].startswith(("v_mfma", "v_cmp")) \
                and re.match(r"v(\d+|\[\d+:\d+\]),?$", words[1]):
            assert not _registers(words[1].rstrip(",")) & operands, line
    fences = ("s_waitcnt", "s_nop", "s_branch", "s_cbranch", "s_barrier")
    for a, b in zip(pv, pv[1:]):
        if b == a + 1:
            later = [line.strip() for line in lines[b + 1:b + 4]]
            assert any(not line or line.startswith(fences) or line.endswith(":") or line.startswith("v_mfma")
                       for line in later), lines[b]
