"""fmha_fwd_pp: the fmha_fwd op (same arguments, masks, varlen, LSE: gen/families/fmha_fwd.py) as a ping-pong
kernel (issue 11, item 2: the softmax of one tile overlaps the MFMAs of another): 16-bit at head dims 128/128
and 192/128 (gfx950 only: three slots do not fit gfx942's 64 KiB LDS), both masks; fp8 at 128/128 (fmha_fwd's
fp8: Q.K^T on the fp8 MFMA, V widened in LDS to bf16, on gfx942 to f16, descales), both masks (the gfx950
window kernel since session 12). Declared where bench/fmha_table has a launch figure that sets PP_GAIN.

8 waves in two groups of 4 (waves 0-3 and 4-7: one wave of each group per SIMD), 32 query rows per wave, a
256-row Q tile. Group B runs half an iteration behind group A, so while one group's waves issue their
Q.K^T and P.V MFMAs the other group's run the softmax (VALU, exp) and stage the next K/V tile; they meet at
s_barriers at different PCs. K/V tiles sit in a ring of 3 LDS slots. The per-wave math (S^T = K.Q^T, the
online softmax, O^T += V^T.P^T, the masks, the epilogue) is fmha_fwd.s.j2's, imported from it; the schedule
is asm/fmha_fwd/fmha_fwd_pp.s.j2's (documented there).

Selection cost: fmha_fwd's model (rounds of workgroups over the CUs, the busiest CU's flops at the variant's
dense rate per CU (fmha_fwd.dense_rate), plus the launch per round), with one 8-wave workgroup per CU (the LDS
ring and the VGPRs allow no second) and the rate times PP_GAIN: how much faster this kernel's launch is than
that of the kernel fmha_fwd's model picks, in bench/fmha_table's launch model (MODELED, B = 1, Hq = Hkv = H,
Sq = Sk = 4096), per arch, dtype class (16-bit, fp8), Q/K head dim and mask, once for a grid of at least one
workgroup per CU (H = 64) and once for fewer workgroups than CUs (H = 8: the 256-row tiles leave CUs idle
where the smaller tiles spread the rows over all of them, which fmha_fwd's model, charging its kernels half
rate at one wave per SIMD, does not see). At both shapes the two costs then stand in the ratio of the modeled launches. Variants modeled slower than fmha_fwd's at both
shapes (16-bit hd64) are not declared (no PP_GAIN entry)."""

from gen.archs import FP8_FORMAT, MFMA_32X32, ROOFLINE, WAVE_SIZE, arch_info
from gen.families import fmha_fwd
from gen.spec import FamilySpec

WAVES = 8
BQ = WAVES * fmha_fwd.ROWS_PER_WAVE
LDS_SLOTS = 3       # the K/V ring: tile j's K (and j-1's V) are read while a third slot is written
PP_SGPR_BASE = 97   # the first SGPR fmha_fwd.s.j2 leaves free (s_rescaled is s96)
# (grid >= one workgroup per CU, grid < CUs): fmha_fwd's picked kernel's modeled launch over this kernel's,
# bench/fmha_table --seq 4096 --heads 64 / --heads 8 (MODELED; figures in its README); "window" is its causal row,
# against fmha_fwd's causal kernels with Q-tile pairs (fmha_fwd.Q_TILE_PAIRS); keyed (arch, dtype class, Q/K head dim,
# mask); "16bit" figures are bf16's. Modeled in session 10, each pair from the same binary over packs holding the
# two families' kernels of the row (stage_first everywhere, WHOLE_V_BATCH, gfx942 fp8 P.V in f16); gfx950 16-bit
# hd128 re-modeled under the per-kind gfx950 LDS rate with late_v_batch; gfx950 fp8 hd128 in session 11 (the leaner
# VALU phase; fmha_fwd's figures session 10's, its kernels unchanged), re-modeled in session 12 (next-chunk
# loads without VALU) and in session 13 (the lazy softmax, _lean_valu_phase; both masks); gfx942 fp8 hd128 (both
# masks) in session 13 too (the lazy softmax; fmha_fwd's figures session 10's); both archs' fp8 hd128 again in
# session 13's second round (gfx950: B's unwaited V loads; gfx942: the per-block V reads and relaxed LDS waits;
# fmha_fwd's gfx942 fp8 hd128 figures re-run on that binary: unchanged).
PP_GAIN = {("gfx942", "16bit", 128, "none"): (702.4 / 567.2, 117.1 / 142.5),
           ("gfx942", "16bit", 128, "window"): (404.4 / 351.7, 119.4 / 142.7),
           ("gfx950", "16bit", 128, "none"): (500.4 / 264.1, 68.6 / 66.7),
           ("gfx950", "16bit", 128, "window"): (251.7 / 194.4, 71.3 / 68.1),
           ("gfx942", "fp8", 128, "none"): (561.9 / 416.8, 105.6 / 104.9),
           ("gfx942", "fp8", 128, "window"): (314.5 / 262.6, 107.6 / 105.2),
           ("gfx950", "fp8", 128, "none"): (369.9 / 204.3, 71.0 / 51.8),
           ("gfx950", "fp8", 128, "window"): (202.8 / 156.0, 73.8 / 54.0),
           ("gfx950", "16bit", 192, "none"): (626.7 / 319.8, 73.3 / 80.6),
           ("gfx950", "16bit", 192, "window"): (314.8 / 233.2, 75.8 / 82.0)}
# Not declared (no entry): 16-bit hd64 (bench/fmha_table README). The gfx950 fp8 window kernel is declared since
# session 12 (MODELED, causal, its fmha_fwd figures from the same binary: H = 64 172.2 against 202.8 us, H = 8 60.4
# against 73.8, session 13 163.9 and 56.8; it was 223.4 against 194.5 us in session 10).
# (arch, dtype class, Q/K head dim) whose VALU phase reads the whole tile's V operands (one P.V batch, 16 more
# VGPRs; with stage_first the last block's reads go between the exps, fmha_fwd_pp.s.j2 late_v_reads), so that the
# MFMA phase waits for no V read between its MFMAs: where its longer MFMA phase leaves the VALU phase room for
# them (bench/fmha_table README, MODELED: gfx942 16-bit hd128 87.1 -> 90.5% MFMA-busy, gfx950 16-bit hd192/128
# 79.3 -> 89.0%); slower on gfx950 16-bit hd128 (85.5 -> 82.2% at the old LDS rate; 82.2% either way under the
# per-kind rate, where late_v_batch below does better) and fp8 hd128 (gfx942 80.6 -> 80.4%, gfx950
# 55.9 -> 54.9%), whose shorter MFMA phase the VALU phase already fills. gfx950 fp8 hd128 takes it since session 11
# (with late_v_batch and the leaner VALU phase, _lean_valu_phase): its MFMA phase had become the longer one,
# stopped 130-170 cycles for the second batch's reads (bench/fmha_table README, MODELED)
WHOLE_V_BATCH = {("gfx942", "16bit", 128), ("gfx950", "16bit", 192), ("gfx950", "fp8", 128)}
# head dims (Q/K, V) per dtype
PP_HEAD_DIMS = {"bf16": [(128, 128), (192, 128)], "f16": [(128, 128), (192, 128)], "fp8": [(128, 128)]}


def _dtype_class(p: dict) -> str:
    return "fp8" if p["dtype"] == "fp8" else "16bit"


def _kernargs(p: dict) -> list:
    """fmha_fwd's arguments without q_tile_pairs: this kernel runs one Q tile per workgroup (its grid and the
    Q tile it computes are fmha_fwd's unpaired ones), and its SGPRs from s97 hold the K/V ring's state."""
    return [arg for arg in fmha_fwd.SPEC.kernargs(p) if arg.name != "q_tile_pairs"]


def _space(arch: str) -> dict[str, list]:
    return {"dtype": ["bf16", "f16", "fp8"], "dqk": [128, 192], "dv": [128], "mask": fmha_fwd.MASKS,
            "waves": [WAVES], "fp8_format": [FP8_FORMAT[arch]]}


def _valid(arch: str, p: dict) -> str | None:
    if (p["dqk"], p["dv"]) not in PP_HEAD_DIMS[p["dtype"]]:
        return f"head dims {p['dqk']}/{p['dv']} are not declared for {p['dtype']}"
    plan = _plan(arch, p)
    if plan["next_free_vgpr"] > fmha_fwd.SIMD_VGPRS // 2:
        return f"register plan needs {plan['next_free_vgpr']} VGPRs: two waves per SIMD need at most 256"
    if plan["lds_bytes"] > arch_info(arch).lds_bytes:
        return f"{LDS_SLOTS} K/V slots do not fit in LDS"
    if (arch, _dtype_class(p), p["dqk"], p["mask"]) not in PP_GAIN:
        return "not declared: no modeled launch figure where it is faster (PP_GAIN)"
    return None


def _plan(arch: str, p: dict) -> dict:
    """fmha_fwd's plan at 8 waves (each thread stages one K and one V chunk of a tile), plus the ring: the
    slot size, the LDS addresses' slot-0 copies (the live ones move with the slot) and 4 SGPRs. Where a tile
    is not 512 K + 512 V chunks of 16 bytes (fp8 hd128: 256 + 256, hd192/128: 768 + 512), `split_staging`:
    group A's 256 threads stage the K chunks and group B's the V chunks, each by fmha_fwd's 4-wave map (its
    plan at 4 waves, thread t % 256)."""
    threads = WAVES * WAVE_SIZE
    eb = fmha_fwd.ELEM_BYTES[p["dtype"]]
    chunks = [fmha_fwd.KV_TILE * d * eb // fmha_fwd.CHUNK_BYTES for d in (p["dqk"], p["dv"])]
    split = chunks != [threads, threads]
    plan = fmha_fwd._plan(arch, {**p, "waves": WAVES // 2 if split else WAVES,
                                 "fp8_format": p.get("fp8_format", "") if p["dtype"] == "fp8" else ""},
                          compact=False)
    assert split or (len(plan["k_stage"]) == 1 and len(plan["v_stage"]) == 1), "one K and one V chunk per thread"
    plan["fp8_v_rows"] = False
    if p["dtype"] == "fp8" and arch == "gfx950":
        plan.update(_fp8_v_rows(plan, p))
    assert not plan["o_agprs"] and plan["k_row_chunks"] % 8 == 0, "the template keeps O^T in VGPRs, whole K blocks"
    if (arch, _dtype_class(p), p["dqk"]) in WHOLE_V_BATCH:
        whole_v = fmha_fwd._registers(plan["groups"], plan["blocks"], plan["k_stage"], plan["v_stage"], False,
                                      plan["k_batch"], plan["blocks"])
        plan.update({**whole_v, "v_batch": plan["blocks"]})
    free = plan["next_free_vgpr"]
    plan.update({
        "bq": BQ, "split_staging": split,
        "slot_bytes": plan["lds_bytes"], "lds_bytes": LDS_SLOTS * plan["lds_bytes"], "slots": LDS_SLOTS,
        "v_kr0": free, "v_vr0": free + 1, "v_kw0": free + 2, "v_vw0": free + 3, "next_free_vgpr": free + 4,
        "s_pp": PP_SGPR_BASE, "next_free_sgpr": PP_SGPR_BASE + 4,
        # every declared variant (modeled faster on each: bench/fmha_table README): the VALU phase opens with
        # the staged tile's LDS writes and the first V reads, and the ring step and next loads go between the
        # exps (fmha_fwd_pp.s.j2 stage_lds_writes, ring_step, chunk_loads)
        "stage_first": True,
        # gfx950 16-bit hd128: the first V batch's reads after the next chunks' loads, between the exps, not
        # at the phase's opening behind the staged writes (bench/fmha_table README, MODELED: 1246 -> 1182
        # cycles per KV tile under the per-kind LDS rate, 82.2 -> 86.6% MFMA-busy; tried on gfx950 fp8 hd128 in
        # session 10: unchanged at 1374, set there since session 11 by _lean_valu_phase; hd192/128's whole-tile
        # batch, 16 reads, would exceed the LGKM counter's 15 there)
        "late_v_batch": (arch, _dtype_class(p), p["dqk"]) == ("gfx950", "16bit", 128),
        "own_tensor_only": False, "lds_address_nops": True, "pv_after_s": 0,
        "v_reads_past_barrier": False, "nops_on_k_path": False,
        "v_loads_unwaited": False, "pv_reads_per_block": False, "tight_lds_waits": False,
    })
    if plan["fp8_v_rows"]:
        plan.update(_lean_valu_phase(plan))
    if p["dtype"] == "fp8" and arch == "gfx942":
        # P.V in f16 instead of bf16 (V's e4m3 values are exact in either): gfx942 packs two f32 P values in
        # one v_cvt_pkrtz_f16_f32 where bf16 rounding takes three instructions (fmha_fwd.s.j2 pack16), 16
        # fewer VALU per wave and tile; round toward zero to f16 (at most 2^-10 relative, P >= 0) stays
        # inside the bf16 half-ulp (2^-9) the O tolerance allows for P. gfx950 rounds to bf16 in one.
        # lazy_max: fmha_fwd's lazy softmax, as gfx950's (_lean_valu_phase; fmha_fwd_pp.s.j2): the row max, its
        # exchange between the lane halves and the rescale test only on the rare redo (bench/fmha_table README,
        # session 13, MODELED: 1906 -> 1890 cycles per KV tile, 80.6 -> 81.3% MFMA-busy)
        plan.update({"mfma_pv": MFMA_32X32[(arch, "f16")], "pv_f16_rtz": True, "lazy_max": True,
                     "pv_reads_per_block": True, "tight_lds_waits": True})
    return plan


def _fp8_v_rows(plan: dict, p: dict) -> dict:
    """gfx950 fp8: V goes to LDS as row-major bf16, the 16-bit gfx950 kernel's layout (fmha_fwd.V_ROW_PAD_DWORDS),
    and the P.V operands come back through ds_read_b64_tr_b16 (fmha_fwd.s.j2 pv_reads, lane_setup's
    v_transposed_read addresses). A staged 16-byte chunk (16 fp8 values of one key) becomes 8
    v_cvt_scalef32_pk_bf16_fp8 and 2 ds_write_b128 (fmha_fwd_pp.s.j2 fp8_v_row_writes) where V^T took 8
    conversions and 16 ds_write_b16: 22 fewer instructions per tile in group B's VALU phase, the longer
    of the two (bench/fmha_table README, session 11; MODELED). The staging map is the 16-bit one at 8 chunks
    per row (fmha_fwd._v_rows_staging: the two rows of a 16-lane write phase 2 apart), each chunk 32 LDS bytes."""
    cpr = p["dv"] // plan["cols_per_chunk"]
    pitch = p["dv"] * 2 + fmha_fwd.V_ROW_PAD_DWORDS[p["dv"]] * 4
    v_stage = fmha_fwd._v_rows_staging(cpr, WAVE_SIZE * WAVES // 2)
    assert len(v_stage) == len(plan["v_stage"]) == 1, "one V chunk per thread of group B"
    lds_bytes = plan["lds_vt"] + fmha_fwd.KV_TILE * pitch
    return {"v_transposed_read": True, "fp8_v_rows": True, "v_stage": v_stage, "vt_pitch": pitch,
            "lds_bytes": lds_bytes}


def _lean_valu_phase(plan: dict) -> dict:
    """gfx950 fp8 hd128: fewer instructions in the VALU phase, whose one wave's issue (an instruction per 4
    cycles, a v_exp's 16 on the VALU) sets the phase's length (bench/fmha_table README, session 11; MODELED).
    `own_tensor_only`: under split staging each wave loads only its own group's chunk (fmha_fwd_pp.s.j2
    own_chunk_load; group B's K staging registers point at V and the two share data registers), writes it
    to LDS without testing the tile against the band, and the tile kind (masked or not) is found at the end
    of the MFMA phase. `lds_address_nops` off: no s_nop between a VALU writing an LDS address and the DS
    instruction reading it (no such wait state in the emulator's table or LLVM's hazard recognizer:
    emu/README.md, "Wait-state checker"). `half_max_test`: fmha_fwd's rescale test on each lane half's max
    (the halves exchange only to rescale; fmha_fwd.VALU_LEAN_HEAD_DIMS). `late_v_batch` (with WHOLE_V_BATCH):
    the tile's V reads go between the exps, where the wave's own issue is free. Since session 13 (bench/fmha_table
    README; MODELED, 1030 -> 954 cycles per KV tile): `lazy_max`, fmha_fwd's lazy softmax (no row max before the
    exps, the rare redo out of line with O's rescale, P's pack in the sum test's wait states, unmasked tiles
    with c signed in place of negating the scores); `pv_after_s`: the S MFMAs earlier in the MFMA phase (fewer
    wait states owed at the VALU phase's opening); `v_reads_past_barrier`: no LDS wait before the VALU phase's
    barrier (the MFMA phase waits for the late V reads). Round 2 of session 13 (954 -> 886): `v_loads_unwaited`:
    group B (its LDS writes read the converted V, not the staging registers) loads the next chunk without
    waiting for its writes, which the LDS, busy with the other group's K reads, held up to ~40 cycles into B's
    exps; `nops_on_k_path`: the wait states owed at the VALU phase's opening go on group A's path only (B's
    conversions cover them)."""
    assert plan["split_staging"] and len(plan["k_stage"]) == len(plan["v_stage"]) == 1
    assert plan["k_stage"][0][0] == plan["v_stage"][0][0] == 0, "own_chunk_load: the chunk's row is the thread's"
    return {"own_tensor_only": True, "lds_address_nops": False, "half_max_test": True, "late_v_batch": True,
            "v_v_data": plan["v_k_data"], "lazy_max": True, "pv_after_s": 4, "v_reads_past_barrier": True,
            "nops_on_k_path": True, "v_loads_unwaited": True}


def _cost(arch: str, p: dict) -> list:
    roof = ROOFLINE[arch]
    wgs = ["mul", ["ceil_div", "Sq", BQ], "Hq", "B"]
    rounds = ["ceil_div", wgs, "cus"]
    flops = ["mul", 2 * BQ * (p["dqk"] + p["dv"]), ["round_up", "Sk", fmha_fwd.KV_TILE]]
    if p["mask"] == "window":
        flops = ["mul", flops, ["if", ["ge", "window_right", 0], 0.5, 1.0]]

    def gain(mask: str) -> list:
        full, partial = PP_GAIN[(arch, _dtype_class(p), p["dqk"], mask)]
        return ["if", ["ge", wgs, "cus"], full, partial]

    # window kernels: the causal figures where the band has a right bound (as the flops above)
    rate_gain = gain("none") if p["mask"] == "none" else ["if", ["ge", "window_right", 0], gain("window"), gain("none")]
    rate = ["mul", fmha_fwd.dense_rate(arch, p), rate_gain]
    return ["add", ["div", ["mul", rounds, flops], rate], ["mul", rounds, roof.launch_ns]]


SPEC = FamilySpec(
    name="fmha_fwd_pp",
    op="fmha_fwd",
    template="fmha_fwd/fmha_fwd_pp.s.j2",
    archs=("gfx942", "gfx950"),
    space=_space,
    valid=_valid,
    name_keys=fmha_fwd.SPEC.name_keys,
    kernargs=_kernargs,
    workgroup=lambda p: [WAVES * WAVE_SIZE, 1, 1],
    grid=lambda p: ["Hq", ["ceil_div", "Sq", BQ], "B"],
    dynamic_lds=lambda p: 0,
    match=fmha_fwd.SPEC.match,
    constraints=fmha_fwd.SPEC.constraints,
    cost=_cost,
    plan=_plan,
    extra=fmha_fwd.SPEC.extra,
)
