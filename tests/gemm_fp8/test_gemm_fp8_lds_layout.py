"""gemm_fp8 LDS layout against a second bank model: the emulator's profile test (gemm_fp8_emu_test.cc)
checks zero conflicts under emu/exec's phases of banks/dwords consecutive lanes; this checks the same
layout under the ds_read_b128 lane groups that AMD's CK-Tile documentation gives for gfx942 (8 groups of
8 lanes, not consecutive), written here from that publication. The addresses come from the layout rule
stated in asm/gemm_fp8/gemm_fp8_prefill.s.j2 (chunk q of row r at slot q ^ ((r >> S) & 7), 128-byte rows; lane l
reads row l % 32, chunk 2i + l / 32), not from the template's instructions, which the emulator test runs."""

import os
import sys

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)

from gen import archs  # noqa: E402
from gen.families import gemm_fp8  # noqa: E402

ROW_BYTES = 128
# gfx942 ds_read_b128: lanes served together (CK-Tile "LDS bank conflicts" notes); 32 banks of 4 bytes
CK_GFX942_B128_READ_GROUPS = [
    list(range(0, 4)) + list(range(20, 24)), list(range(4, 8)) + list(range(16, 20)),
    list(range(8, 12)) + list(range(28, 32)), list(range(12, 16)) + list(range(24, 28)),
]
CK_GFX942_B128_READ_GROUPS += [[lane + 32 for lane in g] for g in CK_GFX942_B128_READ_GROUPS]
# ds_write_b128: consecutive 8-lane groups (same notes)
CK_GFX942_B128_WRITE_GROUPS = [list(range(g, g + 8)) for g in range(0, 64, 8)]


def _slot_address(row: int, chunk: int, shift: int) -> int:
    return row * ROW_BYTES + 16 * (chunk ^ ((row >> shift) & 7))


def _conflict_free(addresses: list[int], banks: int) -> bool:
    """Every dword of the group in a distinct bank (each lane's 16 bytes = 4 consecutive banks)."""
    banks_used = [(a // 4 + d) % banks for a in addresses for d in range(4)]
    return len(set(banks_used)) == len(banks_used)


def _shift(arch: str) -> int:
    plan = gemm_fp8._plan(arch, {"fp8_format": archs.FP8_FORMAT[arch], "scaling": "per_token",
                                 "bm": 64, "bn": 64, "ks": 1})
    assert plan["pitch"] == ROW_BYTES
    return plan["swizzle_shift"]


@pytest.mark.parametrize("row_base", [0, 32, 64, 96])
@pytest.mark.parametrize("read", range(4))
def test_gfx942_operand_reads_are_conflict_free_under_ck_lane_groups(row_base, read):
    shift = _shift("gfx942")
    for group in CK_GFX942_B128_READ_GROUPS:
        addresses = [_slot_address(row_base + lane % 32, 2 * read + lane // 32, shift) for lane in group]
        assert _conflict_free(addresses, 32), (group, addresses)


def test_gfx942_slab_writes_are_conflict_free_under_ck_lane_groups():
    shift = _shift("gfx942")
    for wave in range(4):
        for group in CK_GFX942_B128_WRITE_GROUPS:
            tids = [64 * wave + lane for lane in group]
            addresses = [_slot_address(t // 8, t % 8, shift) for t in tids]
            assert _conflict_free(addresses, 32), (wave, group)


def test_the_unswizzled_layout_would_conflict():
    """The check can fail: without the swizzle, the 8 rows of a read group share one chunk's banks."""
    group = CK_GFX942_B128_READ_GROUPS[0]
    addresses = [(lane % 32) * ROW_BYTES + 16 * (lane // 32) for lane in group]
    assert not _conflict_free(addresses, 32)


def test_swizzle_period_follows_the_bank_count():
    # 32 banks x 4 bytes = one 128-byte row per bank sweep on gfx942; 64 banks = two rows on gfx950
    assert _shift("gfx942") == 0
    assert _shift("gfx950") == 1
