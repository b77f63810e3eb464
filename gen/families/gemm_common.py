"""Pieces the GEMM families share: the VGPR allocator of their register plans, the problem-shape rules
(M/N/K, leading dimensions, 32-bit buffer spans) and the roofline selection cost. Each family passes what
really differs (element sizes, its own K rules, its peak rate and extra traffic)."""

from gen.spec import Constraint, KernArg

INT32_LIMIT = 2**31              # buffer offsets are 32-bit and the OOB marker is 2**31
VGPR_TUPLE_ALIGN = 4             # gfx90a+ wants even-aligned VGPR tuples; 4 keeps b128 ranges aligned


def align(value: int, to: int) -> int:
    return (value + to - 1) // to * to


class VgprAllocator:
    """Hands out consecutive VGPR ranges above the template's fixed registers, each range aligned."""

    def __init__(self, first_free: int):
        self._next = first_free

    def take(self, count: int) -> int:
        base = align(self._next, VGPR_TUPLE_ALIGN)
        self._next = base + count
        return base

    def next_free(self) -> int:
        return align(self._next, VGPR_TUPLE_ALIGN)


def shape_constraints(in_bytes: int, out_bytes: int, k_rules: list[Constraint], in_unit: str,
                      out_unit: str) -> list[Constraint]:
    """The rules every GEMM problem must satisfy; `k_rules` (the family's K divisibility rules) go after
    the sign checks. `in_unit`/`out_unit` name the element unit in the span messages (e.g. "bf16
    elements", "bytes")."""
    rows_a = ["add", ["mul", ["sub", "M", 1], "lda"], "K"]
    rows_b = ["add", ["mul", ["sub", "N", 1], "ldb"], "K"]
    rows_c = ["add", ["mul", ["sub", "M", 1], "ldc"], "N"]
    return [
        Constraint("m_positive", ["ge", "M", 1], "M must be at least 1"),
        Constraint("n_positive", ["ge", "N", 1], "N must be at least 1"),
        Constraint("k_nonnegative", ["ge", "K", 0], "K must not be negative"),
        *k_rules,
        Constraint("lda_covers_k", ["ge", "lda", "K"], "lda must be at least K"),
        Constraint("ldb_covers_k", ["ge", "ldb", "K"], "ldb must be at least K"),
        Constraint("ldc_covers_n", ["ge", "ldc", "N"], "ldc must be at least N"),
        Constraint("a_fits_32bit", ["lt", ["mul", rows_a, in_bytes], INT32_LIMIT],
                   f"A must span less than 2 GiB ((M-1)*lda+K {in_unit}): buffer offsets are 32-bit"),
        Constraint("b_fits_32bit", ["lt", ["mul", rows_b, in_bytes], INT32_LIMIT],
                   f"B must span less than 2 GiB ((N-1)*ldb+K {in_unit}): buffer offsets are 32-bit"),
        Constraint("c_fits_32bit", ["lt", ["mul", rows_c, out_bytes], INT32_LIMIT],
                   f"C must span less than 2 GiB ((M-1)*ldc+N {out_unit}): buffer offsets are 32-bit"),
    ]


def workgroups(bm: int, bn: int) -> list:
    """Number of output tiles (workgroups) of a BM x BN tiling, as a manifest expression."""
    return ["mul", ["ceil_div", "M", bm], ["ceil_div", "N", bn]]


def roofline_cost(roof, bm: int, bn: int, bk: int, in_bytes: int, out_bytes: int,
                  flops_per_ns_per_cu: float, extra_bytes: list | None = None, split=None,
                  in_flight_bytes: list | None = None, a_once: bool = False, own_stream: bool = False) -> list:
    """The roofline documented in gen/families/gemm.py, as a manifest expression (nanoseconds).
    `roof` is the arch's gen/archs.py ROOFLINE entry; `extra_bytes` are further memory-traffic terms
    (e.g. fp8 scales) added to the A/B panels and C. `split` (a SplitCost, or None for no split-K) adds
    the split factor: tiles*S workgroups for wave quantization, S-th of the K per workgroup for the MFMA
    time, the partial-sum traffic and the last workgroup's reduction. `in_flight_bytes` replaces the
    one-slab default of the bytes a workgroup keeps in flight (multi-stage pipelines). `a_once`: with one
    row of tiles (M <= BM), A's bytes count once instead of once per N tile (decode tiles: the N tiles
    re-read the same few A rows, L2 hits on hardware; per tile, a narrower tile looked like more traffic).
    `own_stream`: the memory time is at least each round's workgroup streaming its own A and B panels
    through its CU's L2 port (cu_bytes_per_ns) plus one memory latency (its first loads and its C store
    are round trips no other workgroup hides). Without it a few wide tiles and many narrow ones tie
    whenever both grids reach the HBM rate, though the wide tile's workgroups each stream more bytes
    through one CU (decode, M <= 16: 64 tiles of 16x64 against 128 of 16x32 at N = 4096)."""
    tiles = workgroups(bm, bn)
    wgs = tiles if split is None else ["mul", tiles, split.splits]
    rounds = ["ceil_div", wgs, "cus"]
    kp = ["round_up", "K", bk]
    rows_a, rows_b = ["min", bm, "M"], ["min", bn, "N"]
    traffic = [] if split is None else [split.partial_bytes]
    panels = ["mul", tiles, ["add", rows_a, rows_b], kp, in_bytes]
    if a_once:
        shared_a = ["add", ["mul", "M", kp, in_bytes], ["mul", tiles, rows_b, kp, in_bytes]]
        panels = ["if", ["le", "M", bm], shared_a, panels]
    bytes_ = ["add", panels, ["mul", "M", "N", out_bytes], *(extra_bytes or []), *traffic]
    in_flight = in_flight_bytes or ["mul", ["add", rows_a, rows_b], bk * in_bytes]
    cu_rate = ["min", roof.cu_bytes_per_ns, ["mul", in_flight, 1.0 / roof.latency_ns]]
    rate = ["min", roof.hbm_bytes_per_ns, ["mul", ["min", wgs, "cus"], cu_rate]]
    mem_ns = ["div", ["mul", bytes_, 1.0], rate]
    k_per_wg = kp if split is None else ["mul", split.slabs_per_split, bk]
    if own_stream:
        wg_bytes = ["mul", ["add", rows_a, rows_b], ["min", k_per_wg, kp], in_bytes]
        wg_ns = ["add", ["div", ["mul", wg_bytes, 1.0], roof.cu_bytes_per_ns], roof.latency_ns]
        mem_ns = ["max", mem_ns, ["mul", rounds, wg_ns]]
    mfma_ns = ["mul", rounds, 2 * bm * bn, k_per_wg, 1.0 / flops_per_ns_per_cu]
    cost = ["add", ["max", mem_ns, mfma_ns], ["mul", rounds, roof.launch_ns]]
    if split is not None:
        cost.append(split.reduction_ns(roof, bm, bn))
    return cost


class SplitCost:
    """The split-K terms of roofline_cost: S, T and the partial-sum bytes as expressions. The reduction is
    the last workgroup's: one atomic round trip (a latency) and reading S fp32 partial tiles at one CU's
    rate."""

    def __init__(self, splits: list, slabs_per_split: list, partial_bytes: list):
        self.splits = splits
        self.slabs_per_split = slabs_per_split
        self.partial_bytes = partial_bytes

    def reduction_ns(self, roof, bm: int, bn: int) -> list:
        per_split_ns = bm * bn * 4 / roof.cu_bytes_per_ns
        return ["if", ["gt", self.splits, 1],
                ["add", roof.latency_ns, ["mul", self.splits, per_split_ns]], 0.0]


def shape_kernargs() -> list[KernArg]:
    """The problem's sizes and row strides (elements), in the order every GEMM kernel reads them."""
    return [KernArg(name, "i32", name) for name in ("M", "N", "K", "lda", "ldb", "ldc")]
