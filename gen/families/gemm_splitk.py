"""Split-K across workgroups for the GEMM decode tiles, as manifest expressions (one place for the rule, the
kernargs, the grid, the workspace and the cost terms that depend on it; the assembly side is
asm/common/splitk.s.j2).

The split factor S is chosen per call, not per variant: the best S depends on M, N, K and the device's `cus`
together (M=1, N=1536 on 304 CUs wants ~13 splits; N=28672 wants 1), and a variant per S would multiply the
pack by the number of factors while still missing most calls. S is the cheaper of two candidates under a
modeled cost (split_ns), not a fixed cap: the most splits that keep the partial sums within a traffic budget,
or the most that fill the CUs in one round. More splits shorten each workgroup's own stream of A and B (the
chain of memory round trips that bounds a decode launch while CUs sit idle) and cost partial-sum traffic
and the last arriver's reduction.
  tiles  = ceil(M/BM) * ceil(N/BN)                   output tiles
  slabs  = ceil(K/BK)                                K slabs
  fill   = max(1, cus div tiles)                     as many workgroups as CUs, in ONE round: a decode
                                                     workgroup's LDS allows one per CU, so a second,
                                                     partly filled round would cost a whole workgroup's
                                                     time for a few CUs' work (wave quantization)
  depth  = slabs div MIN_SLABS_PER_SPLIT             each split keeps a pipeline's worth of slabs
  most   = max(1, min(fill, depth, MAX_SPLITS))      the most splits worth considering
  budget = min_bytes div (PARTIAL_BUDGET_DIVISOR * partial_bytes_per_split)
  frugal = max(1, min(most, budget))                 partial sums add at most 1/25 (4%) of the minimum bytes
  S_req  = most where split_ns(most) < split_ns(frugal), else frugal
  T      = max(1, ceil(slabs / S_req))               slabs per split (kernarg `slabs_per_split`)
  S      = max(1, ceil(slabs / T))                   splits actually launched (grid z, kernarg `splits`):
                                                     re-derived from T so that no split is empty
split_ns(s), nanoseconds, with the arch's ROOFLINE numbers (gen/archs.py; latency and launch ASSUMED):
  stream = (min(BM,M) + min(BN,N)) * T * BK * in_bytes / min(CU rate, in_flight / latency) + latency
                                                     one workgroup's own A and B bytes at the rate its
                                                     bytes in flight allow, plus its first round trip
  hbm    = (A + B + C + partial_bytes_per_split * S) / HBM rate
  split_ns = max(hbm, ceil(tiles * S / cus) * stream) + (S > 1) * (2 * latency + S * BM*BN*4 / CU rate)
                                                     the last arriver: two more round trips, S partials read
partial_bytes_per_split = round_up(M, 4) * N * 4 * 2: each split writes its fp32 partial tile once and the
last workgroup reads it once; a store covers one MFMA accumulator quad (4 rows of a column), so rows round
up to 4 (rows and columns past M and N are masked, never fetched). The budget alone (session 10) capped
bf16 M = 16, N = K = 4096 at S = 2: 128 workgroups on 256 or 304 CUs, each streaming twice the bytes it
would at S = 4, which split_ns now weighs. The tiles are still ranked at the frugal split (cost_terms).

Workspace (bytes, the manifest's `launch.workspace`): per-tile arrival counters first (one u32 per output
tile, the region padded to COUNTER_REGION_ALIGN), then the partial tiles [tile][split][BM*BN fp32] when
S > 1. The counters are always reserved (a kernel that never splits still names its workspace buffer and
the loader binds one only when the size is > 0); a launch leaves them at zero."""

from gen.families.gemm_common import SplitCost, workgroups
from gen.spec import Constraint, KernArg

MIN_SLABS_PER_SPLIT = 2
MAX_SPLITS = 16
MAX_SUM_SLOTS = 8                    # partial tiles the last workgroup reads per round trip (code size)
PARTIAL_ROW_GRANULE = 4              # one accumulator quad = 4 rows of one column per lane
COUNTER_BYTES = 4
COUNTER_REGION_ALIGN = 256
F32_BYTES = 4
# The last arriver's round trips beyond an unsplit tile's: partial store + release, then atomic + acquire +
# partial loads (the timing model: gfx950 fp8 block128 M = 16, N = K = 4096, S = 1 -> 2 modeled 6866 ->
# 8202 cycles per round though each workgroup streams half the K)
REDUCTION_ROUND_TRIPS = 2
PARTIAL_BUDGET_DIVISOR = 25          # frugal: partial-sum traffic <= min_bytes / 25
INT32_LIMIT = 2**31                  # workspace offsets are 32-bit buffer offsets


def k_slabs(bk: int) -> list:
    return ["ceil_div", "K", bk]


def min_bytes(in_bytes: int, out_bytes: int) -> list:
    """A + B + C: what any kernel must move at least."""
    return ["add", ["mul", "M", "K", in_bytes], ["mul", "N", "K", in_bytes], ["mul", "M", "N", out_bytes]]


def partial_bytes_per_split() -> list:
    return ["mul", ["round_up", "M", PARTIAL_ROW_GRANULE], "N", 2 * F32_BYTES]


def _slabs_per_split_of(s, bk: int) -> list:
    return ["max", 1, ["ceil_div", k_slabs(bk), s]]


def split_ns(s, bm: int, bn: int, bk: int, in_bytes: int, out_bytes: int, roof, in_flight: list) -> list:
    """The modeled cost of `s` splits (module docstring): one workgroup's own stream, in rounds over the CUs,
    against the device's HBM time, plus the last arriver's reduction."""
    rows = ["add", ["min", bm, "M"], ["min", bn, "N"]]
    rate = ["min", roof.cu_bytes_per_ns, ["mul", in_flight, 1.0 / roof.latency_ns]]
    own_bytes = ["mul", rows, _slabs_per_split_of(s, bk), bk * in_bytes]
    stream = ["add", ["div", ["mul", own_bytes, 1.0], rate], roof.latency_ns]
    rounds = ["ceil_div", ["mul", workgroups(bm, bn), s], "cus"]
    hbm_bytes = ["add", min_bytes(in_bytes, out_bytes), ["mul", s, partial_bytes_per_split()]]
    hbm = ["div", ["mul", hbm_bytes, 1.0], roof.hbm_bytes_per_ns]
    cost = ["max", hbm, ["mul", rounds, stream]]
    if s == 1:
        return cost
    reduce = ["add", REDUCTION_ROUND_TRIPS * roof.latency_ns, ["mul", s, bm * bn * F32_BYTES / roof.cu_bytes_per_ns]]
    # s may be an expression that comes to 1 (the budgeted split): no reduction then
    return ["add", cost, ["if", ["gt", s, 1], reduce, 0.0]]


def _fill_and_depth(bm: int, bn: int, bk: int) -> list:
    """The most splits worth considering: one round of workgroups over the CUs, a pipeline's slabs each."""
    fill = ["max", 1, ["div", "cus", ["max", 1, workgroups(bm, bn)]]]
    depth = ["div", k_slabs(bk), MIN_SLABS_PER_SPLIT]
    return ["max", 1, ["min", fill, depth, MAX_SPLITS]]


def budgeted_splits(bm: int, bn: int, bk: int, in_bytes: int, out_bytes: int, *_rate) -> list:
    """The most splits whose partial sums stay within the traffic budget (the tiles' ranking uses these)."""
    budget = ["div", min_bytes(in_bytes, out_bytes),
              ["max", 1, ["mul", PARTIAL_BUDGET_DIVISOR, partial_bytes_per_split()]]]
    return ["max", 1, ["min", _fill_and_depth(bm, bn, bk), budget]]


def requested_splits(*split_args) -> list:
    most, budgeted = _fill_and_depth(*split_args[:3]), budgeted_splits(*split_args)
    return ["if", ["lt", split_ns(most, *split_args), split_ns(budgeted, *split_args)], most, budgeted]


def slabs_per_split(*split_args) -> list:
    return _slabs_per_split_of(requested_splits(*split_args), split_args[2])


def splits(*split_args) -> list:
    return ["max", 1, ["ceil_div", k_slabs(split_args[2]), slabs_per_split(*split_args)]]


def counter_region_bytes(bm: int, bn: int) -> list:
    return ["round_up", ["mul", workgroups(bm, bn), COUNTER_BYTES], COUNTER_REGION_ALIGN]


def workspace_bytes(*split_args) -> list:
    bm, bn = split_args[:2]
    s = splits(*split_args)
    partials = ["mul", workgroups(bm, bn), s, bm * bn * F32_BYTES]
    return ["add", counter_region_bytes(bm, bn), ["if", ["gt", s, 1], partials, 0]]


def workspace_constraint(*split_args) -> Constraint:
    return Constraint("workspace_fits_32bit", ["lt", workspace_bytes(*split_args), INT32_LIMIT],
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


# The pieces a family's spec takes, from its split arguments (bm, bn, bk, in_bytes, out_bytes, the arch's
# ROOFLINE entry, the bytes a workgroup keeps in flight as an expression): what a split-K kernel reads, its
# grid, and the cost terms roofline_cost adds.
def kernargs(*split_args) -> list[KernArg]:
    return [KernArg("workspace", "ptr", "workspace"),
            KernArg("splits", "i32", splits(*split_args)),
            KernArg("slabs_per_split", "i32", slabs_per_split(*split_args))]


def grid(bm: int, bn: int, split_args: tuple | None) -> list:
    """Output tiles in x (N) and y (M); the splits in z (1 without split-K)."""
    return [["ceil_div", "N", bn], ["ceil_div", "M", bm], splits(*split_args) if split_args else 1]


def cost_terms(*split_args) -> SplitCost:
    """The split terms of a tile's selection cost. They keep the budgeted split: the tile is ranked as before,
    and the split it then launches is the cheaper under split_ns. (Ranking tiles at the launched split moved
    tile picks the per-tile cost cannot weigh: with a looser budget, 34 of 100 moved picks modeled slower,
    PERFORMANCE.md, session 10.)"""
    t = _slabs_per_split_of(budgeted_splits(*split_args), split_args[2])
    s = ["max", 1, ["ceil_div", k_slabs(split_args[2]), t]]
    return SplitCost(s, t, partial_traffic_bytes(s))
