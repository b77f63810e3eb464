"""gen/lds_waits.py: the relaxed counts below are worked out by hand from the rule (LDS returns in order; a wait
need only cover the operations whose registers the instructions up to the next wait name)."""

from gen.lds_waits import tight_lds_waits, vgprs_of


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
