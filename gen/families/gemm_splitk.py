"""Split-K across workgroups for the GEMM decode tiles, as manifest expressions (one place for the rule, the
kernargs, the grid, the workspace and the cost terms that depend on it; the assembly side is
asm/common/splitk.s.j2).

The split factor S is chosen per call, not per variant: the best S depends on M, N, K and the device's `cus`
together (M=1, N=1536 on 304 CUs wants ~13 splits; N=28672 wants 1), and a variant per S would multiply the
pack by the number of factors while still missing most calls. The rule:
  tiles  = ceil(M/BM) * ceil(N/BN)                   output tiles
  slabs  = ceil(K/BK)                                K slabs
  fill   = max(1, cus div tiles)                     as many workgroups as CUs, in ONE round: a decode
                                                     workgroup's LDS allows one per CU, so a second,
                                                     partly filled round would cost a whole workgroup's
                                                     time for a few CUs' work (wave quantization);
                                                     tiles * S <= cus whenever S > 1
  depth  = slabs div MIN_SLABS_PER_SPLIT             each split keeps a pipeline's worth of slabs
  budget = min_bytes div (PARTIAL_BUDGET_DIVISOR * partial_bytes_per_split)
                                                     partial sums add at most 1/25 (4%) of the minimum bytes
                                                     (A + B + C), so bytes fetched stay <= 1.05x the minimum
  S_req  = max(1, min(fill, depth, budget, MAX_SPLITS))
  T      = max(1, ceil(slabs / S_req))               slabs per split (kernarg `slabs_per_split`)
  S      = max(1, ceil(slabs / T))                   splits actually launched (grid z, kernarg `splits`):
                                                     re-derived from T so that no split is empty
partial_bytes_per_split = round_up(M, 4) * N * 4 * 2: each split writes its fp32 partial tile once and the
last workgroup reads it once; a store covers one MFMA accumulator quad (4 rows of a column), so rows round
up to 4 (rows and columns past M and N are masked, never fetched).

Workspace (bytes, the manifest's `launch.workspace`): per-tile arrival counters first (one u32 per output
tile, the region padded to COUNTER_REGION_ALIGN), then the partial tiles [tile][split][BM*BN fp32] when
S > 1. The counters are always reserved (a kernel that never splits still names its workspace buffer and
the loader binds one only when the size is > 0); a launch leaves them at zero."""

from gen.families.gemm_common import SplitCost, workgroups
from gen.spec import Constraint, KernArg

MIN_SLABS_PER_SPLIT = 2
MAX_SPLITS = 16
MAX_SUM_SLOTS = 8                    # partial tiles the last workgroup reads per round trip (code size)
PARTIAL_BUDGET_DIVISOR = 25          # partial-sum traffic <= min_bytes / 25
PARTIAL_ROW_GRANULE = 4              # one accumulator quad = 4 rows of one column per lane
COUNTER_BYTES = 4
COUNTER_REGION_ALIGN = 256
F32_BYTES = 4
INT32_LIMIT = 2**31                  # workspace offsets are 32-bit buffer offsets


def k_slabs(bk: int) -> list:
    return ["ceil_div", "K", bk]


def min_bytes(in_bytes: int, out_bytes: int) -> list:
    """A + B + C: what any kernel must move at least."""
    return ["add", ["mul", "M", "K", in_bytes], ["mul", "N", "K", in_bytes], ["mul", "M", "N", out_bytes]]


def partial_bytes_per_split() -> list:
    return ["mul", ["round_up", "M", PARTIAL_ROW_GRANULE], "N", 2 * F32_BYTES]


def requested_splits(bm: int, bn: int, bk: int, in_bytes: int, out_bytes: int) -> list:
    fill = ["max", 1, ["div", "cus", ["max", 1, workgroups(bm, bn)]]]
    depth = ["div", k_slabs(bk), MIN_SLABS_PER_SPLIT]
    budget = ["div", min_bytes(in_bytes, out_bytes),
              ["max", 1, ["mul", PARTIAL_BUDGET_DIVISOR, partial_bytes_per_split()]]]
    return ["max", 1, ["min", fill, depth, budget, MAX_SPLITS]]


def slabs_per_split(bm: int, bn: int, bk: int, in_bytes: int, out_bytes: int) -> list:
    return ["max", 1, ["ceil_div", k_slabs(bk), requested_splits(bm, bn, bk, in_bytes, out_bytes)]]


def splits(bm: int, bn: int, bk: int, in_bytes: int, out_bytes: int) -> list:
    return ["max", 1, ["ceil_div", k_slabs(bk), slabs_per_split(bm, bn, bk, in_bytes, out_bytes)]]


def counter_region_bytes(bm: int, bn: int) -> list:
    return ["round_up", ["mul", workgroups(bm, bn), COUNTER_BYTES], COUNTER_REGION_ALIGN]


def workspace_bytes(bm: int, bn: int, bk: int, in_bytes: int, out_bytes: int) -> list:
    s = splits(bm, bn, bk, in_bytes, out_bytes)
    partials = ["mul", workgroups(bm, bn), s, bm * bn * F32_BYTES]
    return ["add", counter_region_bytes(bm, bn), ["if", ["gt", s, 1], partials, 0]]


def workspace_constraint(bm: int, bn: int, bk: int, in_bytes: int, out_bytes: int) -> Constraint:
    return Constraint("workspace_fits_32bit",
                      ["lt", workspace_bytes(bm, bn, bk, in_bytes, out_bytes), INT32_LIMIT],
                      "the split-K workspace (counters + partial tiles) must span less than 2 GiB: "
                      "its offsets are 32-bit")


def sum_slots(free_vgprs: int, quads: int) -> int:
    """How many partial tiles (4 VGPRs per accumulator quad) the last workgroup reads per memory round trip
    into `free_vgprs` registers that are dead after the K loop (asm/common/splitk.s.j2 sum_in_split_order)."""
    slots = min(free_vgprs // (4 * quads), MAX_SUM_SLOTS)
    assert slots >= 1, f"{free_vgprs} free VGPRs hold no partial tile of {quads} quads"
    return slots


def partial_traffic_bytes(s: list) -> list:
    """Bytes the partial sums add (written once, read once by the last workgroup), 0 without a split."""
    return ["if", ["gt", s, 1], ["mul", s, partial_bytes_per_split()], 0]


# The pieces a family's spec takes, from its split arguments (bm, bn, bk, in_bytes, out_bytes): what a
# split-K kernel reads, its grid, and the cost terms roofline_cost adds.
def kernargs(*split_args) -> list[KernArg]:
    return [KernArg("workspace", "ptr", "workspace"),
            KernArg("splits", "i32", splits(*split_args)),
            KernArg("slabs_per_split", "i32", slabs_per_split(*split_args))]


def grid(bm: int, bn: int, split_args: tuple | None) -> list:
    """Output tiles in x (N) and y (M); the splits in z (1 without split-K)."""
    return [["ceil_div", "N", bn], ["ceil_div", "M", bm], splits(*split_args) if split_args else 1]


def cost_terms(*split_args) -> SplitCost:
    s = splits(*split_args)
    return SplitCost(s, slabs_per_split(*split_args), partial_traffic_bytes(s))
