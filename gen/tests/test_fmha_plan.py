"""Register plans of the fmha families that the emulator's numbers do not show directly: the compact map
(gen/families/fmha_fwd.py _lean_registers) is taken exactly where it adds a wave per SIMD and keeps every
live range apart (the tail loads' addresses apart from the registers the loop's early LDS reads fill), and fmha_fwd_pp splits its staging between the wave groups exactly where a tile is not one
K and one V chunk per thread. (Numbers: tests/fmha_fwd on the emulator.)"""

import pytest

from gen.families import fmha_fwd, fmha_fwd_pp
from gen.spec import expand

VARIANTS, _ = expand(fmha_fwd.SPEC, ["gfx942", "gfx950"])
PP_VARIANTS, _ = expand(fmha_fwd_pp.SPEC, ["gfx942", "gfx950"])


def _ranges(plan: dict) -> dict[str, range]:
    """The plan's VGPR ranges, sized from its staging lists and batches."""
    k, v = len(plan["k_stage"]), len(plan["v_stage"])
    sizes = {"v_q": 4 * plan["groups"], "v_s": 16, "v_p": 8, "v_kf": 4 * plan["k_batch"],
             "v_vf": 8 * plan["v_batch"], "v_k_data": 4 * k, "v_v_data": 4 * v, "v_k_off": k, "v_v_off": v,
             "v_vrow": 1}
    if not plan["o_agprs"]:
        sizes["v_o"] = 16 * plan["blocks"]
    if plan["fp8_v_row_halves"]:
        sizes["v_vw_swap"] = 1
    return {name: range(plan[name], plan[name] + size) for name, size in sizes.items()}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_compact_map_only_where_it_adds_a_wave(variant):
    p = variant.params
    plan = fmha_fwd._plan(variant.arch, p)
    full = fmha_fwd._plan(variant.arch, p, compact=False)
    compact = plan["compact"]
    assert compact == (fmha_fwd._waves_per_simd(plan) > fmha_fwd._waves_per_simd(full))
    if (p["dqk"], p["waves"]) == (64, 4) and p["dtype"] != "fp8":
        assert compact and plan["next_free_vgpr"] <= 128, "16-bit hd64 at 4 waves: 4 waves per SIMD"
    if (variant.arch, p["dtype"], p["dqk"], p["waves"]) == ("gfx942", "fp8", 192, 4):
        assert compact and plan["k_batch"] == 1 and plan["next_free_vgpr"] <= 168, \
            "gfx942 fp8 hd192 at 4 waves: one K operand chunk, 3 waves per SIMD"


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_one_k_chunk_only_where_v_conversion_fits(variant):
    # fmha_fwd.s.j2 lds_writes converts fp8 V in scratch borrowed from the K operand registers: 8 of them
    # unless the converted f32's high halves are written straight (4); one K chunk holds 4
    plan = fmha_fwd._plan(variant.arch, variant.params)
    if plan["k_batch"] == 1 and plan["fp8"]:
        assert plan["fp8_v_high_halves"]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_live_ranges_apart(variant):
    plan = fmha_fwd._plan(variant.arch, variant.params)
    ranges = _ranges(plan)
    taken: dict[int, str] = {}
    for name, regs in ranges.items():
        assert regs.start >= 28 and regs.stop <= plan["next_free_vgpr"], name
        for reg in regs:
            assert reg not in taken, f"v{reg}: {taken.get(reg)} and {name}"
            taken[reg] = name
    # the tail loads' masked addresses: their own registers, inside the K operand registers (the compact map),
    # or inside the S registers (gfx950's compact map, and gfx942 fp8 hd192's, when the loop's LDS reads go first); never where those
    # early LDS reads land (the K and V operand registers), and below the plan's end
    k, v = len(plan["k_stage"]), len(plan["v_stage"])
    addresses = set(range(plan["v_k_addr"], plan["v_k_addr"] + k)) | set(range(plan["v_v_addr"], plan["v_v_addr"] + v))
    assert len(addresses) == k + v and max(addresses) < plan["next_free_vgpr"]
    if plan["lds_reads_first"]:
        assert not addresses & (set(ranges["v_kf"]) | set(ranges["v_vf"]))
    if plan["v_k_addr"] == plan["v_kf"]:
        assert plan["compact"] and addresses <= set(ranges["v_kf"])
    elif plan["v_k_addr"] == plan["v_s"]:
        s_addresses = variant.arch == "gfx950" or "s_addresses" in fmha_fwd._levers(variant.arch, variant.params)
        assert plan["compact"] and s_addresses and addresses <= set(ranges["v_s"])
    else:
        assert not addresses & set(taken)


@pytest.mark.parametrize("variant", PP_VARIANTS, ids=lambda v: v.id)
def test_ping_pong_staging(variant):
    p = variant.params
    plan = fmha_fwd_pp._plan(variant.arch, p)
    one_each = (p["dtype"], p["dqk"]) in (("bf16", 128), ("f16", 128))
    assert plan["split_staging"] == (not one_each)
    assert plan["bq"] == fmha_fwd_pp.BQ
    # split: each group's 256 threads cover the whole tensor they stage (fmha_fwd's 4-wave maps)
    threads = 256 if plan["split_staging"] else 512
    eb = fmha_fwd.ELEM_BYTES[p["dtype"]]
    k_chunks = fmha_fwd.KV_TILE * -(-p["dqk"] * eb // 128) * 128 // fmha_fwd.CHUNK_BYTES
    v_chunks = fmha_fwd.KV_TILE * p["dv"] * eb // fmha_fwd.CHUNK_BYTES
    assert len(plan["k_stage"]) * threads == k_chunks
    assert len(plan["v_stage"]) * threads == v_chunks
    assert plan["v_k_addr"] != plan["v_kf"], "the ping-pong kernel keeps fmha_fwd's full register map"
