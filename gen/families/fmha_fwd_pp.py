"""fmha_fwd_pp: the fmha_fwd op (same arguments, masks, varlen, LSE: gen/families/fmha_fwd.py) as a ping-pong
kernel (issue 11, item 2: the softmax of one tile overlaps the MFMAs of another), 16-bit at head dims 128/128.

8 waves in two groups of 4 (waves 0-3 and 4-7: one wave of each group per SIMD), 32 query rows per wave, a
256-row Q tile. Group B runs half an iteration behind group A, so while one group's waves issue their
Q.K^T and P.V MFMAs the other group's run the softmax (VALU, exp) and stage the next K/V tile; they meet at
s_barriers at different PCs. K/V tiles sit in a ring of 3 LDS slots. The per-wave math (S^T = K.Q^T, the
online softmax, O^T += V^T.P^T, the masks, the epilogue) is fmha_fwd.s.j2's, imported from it; the schedule
is asm/fmha_fwd/fmha_fwd_pp.s.j2's (documented there).

Selection cost: fmha_fwd's model (workgroups over the CUs, the busiest CU's flops at the dense 16-bit peak),
with one 8-wave workgroup per CU (the LDS ring and the VGPRs allow no second), scaled by the MFMA-busy share
this kernel reaches against the 4-wave kernel's in bench/fmha_table's CU model (MODELED: PP_EFFICIENCY)."""

from gen.archs import ROOFLINE, WAVE_SIZE, arch_info
from gen.families import fmha_fwd
from gen.spec import FamilySpec

WAVES = 8
BQ = WAVES * fmha_fwd.ROWS_PER_WAVE
LDS_SLOTS = 3       # the K/V ring: tile j's K (and j-1's V) are read while a third slot is written
PP_SGPR_BASE = 97   # the first SGPR fmha_fwd.s.j2 leaves free (s_rescaled is s96)
# MFMA-busy share of the main loop, this kernel over the 4-wave kernel at two waves per SIMD, from
# bench/fmha_table (MODELED, the emulator's CU model): the factor its flops go faster than fmha_fwd's
# cost model assumes for a CU at two waves per SIMD
PP_EFFICIENCY = {"gfx942": 88.0 / 68.5, "gfx950": 61.8 / 58.6}


def _space(arch: str) -> dict[str, list]:
    return {"dtype": ["bf16", "f16"], "dqk": [128], "dv": [128], "mask": fmha_fwd.MASKS, "waves": [WAVES]}


def _valid(arch: str, p: dict) -> str | None:
    plan = _plan(arch, p)
    if plan["next_free_vgpr"] > fmha_fwd.SIMD_VGPRS // 2:
        return f"register plan needs {plan['next_free_vgpr']} VGPRs: two waves per SIMD need at most 256"
    if plan["lds_bytes"] > arch_info(arch).lds_bytes:
        return f"{LDS_SLOTS} K/V slots do not fit in LDS"
    return None


def _plan(arch: str, p: dict) -> dict:
    """fmha_fwd's plan at 8 waves (each thread stages one K and one V chunk of a tile), plus the ring: the
    slot size, the LDS addresses' slot-0 copies (the live ones move with the slot) and 4 SGPRs."""
    plan = fmha_fwd._plan(arch, {**p, "waves": WAVES, "fp8_format": ""})
    assert len(plan["k_stage"]) == 1 and len(plan["v_stage"]) == 1, "one K and one V chunk per thread"
    assert not plan["o_agprs"] and plan["k_row_chunks"] % 8 == 0, "the template keeps O^T in VGPRs, whole K blocks"
    free = plan["next_free_vgpr"]
    plan.update({
        "slot_bytes": plan["lds_bytes"], "lds_bytes": LDS_SLOTS * plan["lds_bytes"], "slots": LDS_SLOTS,
        "v_kr0": free, "v_vr0": free + 1, "v_kw0": free + 2, "v_vw0": free + 3, "next_free_vgpr": free + 4,
        "s_pp": PP_SGPR_BASE, "next_free_sgpr": PP_SGPR_BASE + 4,
    })
    return plan


def _cost(arch: str, p: dict) -> list:
    roof = ROOFLINE[arch]
    wgs = ["mul", ["ceil_div", "Sq", BQ], "Hq", "B"]
    rounds = ["ceil_div", wgs, "cus"]
    flops = ["mul", 2 * BQ * (p["dqk"] + p["dv"]), ["round_up", "Sk", fmha_fwd.KV_TILE]]
    if p["mask"] == "window":
        flops = ["mul", flops, ["if", ["ge", "window_right", 0], 0.5, 1.0]]
    rate = roof.flops_per_ns_per_cu * PP_EFFICIENCY[arch]
    return ["add", ["mul", rounds, flops, 1.0 / rate], ["mul", rounds, roof.launch_ns]]


SPEC = FamilySpec(
    name="fmha_fwd_pp",
    op="fmha_fwd",
    template="fmha_fwd/fmha_fwd_pp.s.j2",
    archs=("gfx942", "gfx950"),
    space=_space,
    valid=_valid,
    name_keys=fmha_fwd.SPEC.name_keys,
    kernargs=fmha_fwd.SPEC.kernargs,
    workgroup=lambda p: [WAVES * WAVE_SIZE, 1, 1],
    grid=lambda p: ["Hq", ["ceil_div", "Sq", BQ], "B"],
    dynamic_lds=lambda p: 0,
    match=fmha_fwd.SPEC.match,
    constraints=fmha_fwd.SPEC.constraints,
    cost=_cost,
    plan=_plan,
    extra=fmha_fwd.SPEC.extra,
)
