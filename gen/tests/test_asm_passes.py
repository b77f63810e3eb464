"""gen/asm_passes.py: every expected text below is worked out by hand from the pass's rule (tight_lds_waits: LDS
returns in order, so a wait need only cover the operations whose registers the instructions up to the next wait
name; spread_mfmas: an MFMA moves up to `spacing` instructions after the one before it, never past a fence nor
above an instruction that writes its operands or touches its result; sink_mfmas: MFMAs move down to the next fence,
never past such an instruction; exact_v_waits: the count of LDS operations after a batch's last read)."""

import pytest

from gen.asm_passes import exact_v_waits, sink_mfmas, spread_mfmas, tight_lds_waits, vgprs_of


def phase(*lines: str) -> str:
    return "\n".join(lines)


THREE_READS = ("  s_waitcnt lgkmcnt(0)",
               "  ds_read_b128 v[0:3], v100",
               "  ds_read_b128 v[4:7], v100 offset:64",
               "  ds_read_b128 v[8:11], v100 offset:128")


def test_a_wait_covers_only_the_reads_the_next_instructions_use():
    text = phase(*THREE_READS,
                 "  s_waitcnt lgkmcnt(0)",
                 "  v_mfma_f32_32x32x16_bf16 v[32:47], v[0:3], v[60:63], v[32:47]",
                 "  s_waitcnt lgkmcnt(0)",
                 "  v_add_f32 v20, v4, v8")
    out = tight_lds_waits(text).split("\n")
    assert out[4] == "  s_waitcnt lgkmcnt(2)"   # the 2 reads after v[0:3]'s may stay in flight
    assert out[6] == "  s_waitcnt lgkmcnt(0)"   # the last wait is kept: the phase ends in the same state


def test_a_later_read_counts_from_the_last_read_needed():
    text = phase(*THREE_READS,
                 "  s_waitcnt lgkmcnt(0)",
                 "  v_add_f32 v20, v5, v1",   # v5: the second read
                 "  s_waitcnt lgkmcnt(0)")
    assert tight_lds_waits(text).split("\n")[4] == "  s_waitcnt lgkmcnt(1)"


def test_a_write_is_waited_for_before_its_data_register_is_overwritten():
    text = phase("  s_waitcnt lgkmcnt(0)",
                 "  ds_write_b64 v100, v[12:13]",
                 "  ds_read_b64 v[0:1], v101",
                 "  s_waitcnt lgkmcnt(0)",
                 "  v_mov_b32 v13, 0",
                 "  s_waitcnt lgkmcnt(0)")
    assert tight_lds_waits(text).split("\n")[3] == "  s_waitcnt lgkmcnt(1)"


def test_a_wait_looser_than_the_rule_is_left_as_written():
    text = phase(*THREE_READS,
                 "  s_waitcnt lgkmcnt(2)",
                 "  v_add_f32 v20, v9, v9",   # the third read: the rule alone would wait for all
                 "  s_waitcnt lgkmcnt(0)")
    assert tight_lds_waits(text).split("\n")[4] == "  s_waitcnt lgkmcnt(2)"


def test_waits_with_a_vector_count_and_waits_before_the_first_full_wait_are_left_alone():
    text = phase("  s_waitcnt lgkmcnt(1)",
                 "  ds_read_b32 v0, v100",
                 "  s_waitcnt lgkmcnt(0)",
                 "  ds_read_b32 v1, v100",
                 "  ds_read_b32 v2, v100",
                 "  s_waitcnt vmcnt(0) lgkmcnt(0)",
                 "  v_mov_b32 v9, 1",
                 "  s_waitcnt lgkmcnt(0)")
    assert tight_lds_waits(text) == text


def test_scalar_loads_make_the_text_unsafe_to_relax():
    text = phase(*THREE_READS,
                 "  s_load_dword s4, s[0:1], 0",
                 "  s_waitcnt lgkmcnt(0)",
                 "  v_add_f32 v20, v0, v0",
                 "  s_waitcnt lgkmcnt(0)")
    assert tight_lds_waits(text) == text


def test_origin_markers_are_read_through_and_kept():
    mark = "\x1easm/x.s.j2:7\x1f"
    text = phase(*(mark + line for line in THREE_READS),
                 mark + "  s_waitcnt lgkmcnt(0)",
                 mark + "  v_add_f32 v20, v0, v0",
                 mark + "  s_waitcnt lgkmcnt(0)")
    assert tight_lds_waits(text).split("\n")[4] == mark + "  s_waitcnt lgkmcnt(2)"


def test_vgprs_of_reads_single_registers_ranges_and_an_operand_window():
    assert vgprs_of("v_add_f32 v20, v4, s3") == {"20", "4"}
    assert vgprs_of("ds_read_b128 v[0:3], v100 offset:16", 0, 1) == {"0", "1", "2", "3"}
    assert vgprs_of("ds_write_b64 v100, v[12:13] offset:8", 1) == {"12", "13"}
    assert vgprs_of("s_nop 0  ; v9 in a comment") == set()


MFMA = "  v_mfma_f32_16x16x32_bf16 v[0:3], v[8:11], v[12:15], v[0:3]"


def test_mfmas_move_up_to_three_instructions_after_the_one_before():
    text = phase(MFMA, *(f"  v_add_f32 v{20 + i}, v40, v40" for i in range(6)), MFMA, MFMA)
    out = spread_mfmas(text).split("\n")
    assert [i for i, line in enumerate(out) if line == MFMA] == [0, 4, 8]
    assert len(out) == 9 and out[1:4] == [f"  v_add_f32 v{20 + i}, v40, v40" for i in range(3)]


def test_an_mfma_never_moves_past_a_fence_nor_down():
    text = phase(MFMA, "  v_add_f32 v20, v40, v40", "  s_waitcnt lgkmcnt(2)", "  v_add_f32 v21, v40, v40",
                 "  v_add_f32 v22, v40, v40", MFMA)
    out = spread_mfmas(text).split("\n")
    assert out.index("  s_waitcnt lgkmcnt(2)") < [i for i, line in enumerate(out) if line == MFMA][1]
    assert spread_mfmas(phase(MFMA, "  v_add_f32 v20, v40, v40", MFMA)) == phase(MFMA, "  v_add_f32 v20, v40, v40", MFMA)


def test_comments_and_blank_lines_do_not_count_as_instructions():
    text = phase(MFMA, "  ; note", "", "  v_add_f32 v20, v40, v40", "  v_add_f32 v21, v40, v40",
                 "  v_add_f32 v22, v40, v40", "  v_add_f32 v23, v40, v40", MFMA)
    out = spread_mfmas(text).split("\n")
    assert out[-2] == MFMA and out[-1] == "  v_add_f32 v23, v40, v40"   # after the third add, not the first


PV_MFMA = "  v_mfma_f32_16x16x16_bf16 a[0:3], v[220:221], v[196:197], a[0:3]"
PV_TWIN = "  v_mfma_f32_16x16x16_bf16 a[128:131], v[220:221], v[200:201], a[128:131]"


def test_an_mfma_never_moves_above_the_instruction_that_makes_its_operand():
    text = phase(MFMA, *(f"  v_add_f32 v{20 + i}, v40, v40" for i in range(3)), "  v_perm_b32 v221, v40, v41, s39",
                 "  v_add_f32 v30, v40, v40", PV_MFMA)
    out = spread_mfmas(text).split("\n")
    assert out[-1] == PV_MFMA   # where written: not above the v_perm (spacing alone: right after the adds)
    free = text.replace("v_perm_b32 v221", "v_perm_b32 v240")
    assert spread_mfmas(free).split("\n").index(PV_MFMA) == 4


def test_an_mfma_stays_two_instructions_after_a_valu_write_of_its_operand():
    """A VALU write of a VGPR takes 2 wait states before an MFMA reads it (emu/exec/src/wait_state_rules.cc)."""
    perm = "  v_perm_b32 v221, v40, v41, s39"
    text = phase(MFMA, *(f"  v_add_f32 v{20 + i}, v40, v40" for i in range(3)), perm,
                 *(f"  v_add_f32 v{30 + i}, v40, v40" for i in range(3)), PV_MFMA)
    out = spread_mfmas(text).split("\n")
    assert out.index(PV_MFMA) == out.index(perm) + 3
    # an LDS read of it is waited for by an s_waitcnt, a fence: no wait states counted after the read itself
    read = phase(MFMA, *(f"  v_add_f32 v{20 + i}, v40, v40" for i in range(3)), "  ds_read_b64 v[220:221], v10",
                 *(f"  v_add_f32 v{30 + i}, v40, v40" for i in range(3)), PV_MFMA)
    out = spread_mfmas(read).split("\n")
    assert out.index(PV_MFMA) == out.index("  ds_read_b64 v[220:221], v10") + 1


def test_an_mfma_never_moves_above_a_reader_of_its_result():
    text = phase(MFMA, *(f"  v_add_f32 v{20 + i}, v40, v40" for i in range(3)), "  v_accvgpr_read_b32 v30, a2", PV_MFMA)
    out = spread_mfmas(text).split("\n")
    assert out[-1] == PV_MFMA


def test_twin_mfmas_sink_to_the_next_fence_and_spread_over_the_stretch():
    perms = [f"  v_perm_b32 v{228 + i}, v40, v41, s39" for i in range(6)]
    text = phase(MFMA, "  s_waitcnt lgkmcnt(4)", PV_MFMA, PV_TWIN, *perms, "  s_waitcnt lgkmcnt(0)")
    sunk = sink_mfmas(text).split("\n")
    assert sunk[2:8] == perms and sunk[8:10] == [PV_MFMA, PV_TWIN]
    spread = spread_mfmas(sink_mfmas(text)).split("\n")
    # 3 instructions after the MFMA before each (the wait counts), the twin no longer right behind its pair
    assert spread == [MFMA, "  s_waitcnt lgkmcnt(4)", *perms[:2], PV_MFMA, *perms[2:5], PV_TWIN, perms[5],
                      "  s_waitcnt lgkmcnt(0)"]


def test_an_mfma_does_not_sink_past_a_write_of_its_operand_nor_a_read_of_its_result():
    overwrite = phase(PV_MFMA, "  v_add_f32 v30, v40, v40", "  v_perm_b32 v220, v40, v41, s39", "  v_add_f32 v31, v40, v40")
    assert sink_mfmas(overwrite).split("\n")[:3] == ["  v_add_f32 v30, v40, v40", PV_MFMA, "  v_perm_b32 v220, v40, v41, s39"]
    reader = phase(PV_MFMA, "  v_add_f32 v30, v40, v40", "  v_accvgpr_read_b32 v31, a1")
    assert sink_mfmas(reader).split("\n")[1] == PV_MFMA
    # an MFMA ignores EXEC (isa-notes.md): a write of it is no fence
    assert sink_mfmas(phase(PV_MFMA, "  s_mov_b64 exec, -1", "  v_add_f32 v30, v40, v40")).split("\n")[:2] == [
        "  s_mov_b64 exec, -1", "  v_add_f32 v30, v40, v40"]


def test_a_v_wait_counts_the_lds_operations_after_its_batch():
    text = phase("  ds_read_b64 v[0:1], v100 ; V batch 0",
                 "  ds_read_b64 v[2:3], v100 offset:8 ; V batch 0",
                 "  ds_write_b64 v101, v[4:5]",
                 "  ds_read_b64 v[6:7], v100 offset:16 ; V batch 1",
                 "  s_waitcnt lgkmcnt(@V0@)",
                 "  s_waitcnt lgkmcnt(@V1@)")
    out = exact_v_waits(text).split("\n")
    assert out[4] == "  s_waitcnt lgkmcnt(2)" and out[5] == "  s_waitcnt lgkmcnt(0)"


def test_a_v_wait_before_its_reads_is_an_error():
    with pytest.raises(ValueError, match="V batch 3"):
        exact_v_waits(phase("  s_waitcnt lgkmcnt(@V3@)", "  ds_read_b64 v[0:1], v100 ; V batch 3"))
