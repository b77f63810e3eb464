"""gemm_bf16: C[M,N] (f32, row stride ldc) = A[M,K] (bf16, stride lda) . B[N,K]^T (bf16, stride ldb).

MFMA baseline; the algorithm is documented at the top of asm/gemm/gemm_bf16.s.j2. This file declares the
parameter space, the kernarg layout and launch rule, the rules a problem must satisfy, and the register /
LDS plan the template is written against."""

from gen.archs import MAX_ARCH_VGPRS, MFMA_BF16_32X32, WAVE_SIZE, arch_info
from gen.families.gemm_common import VgprAllocator, shape_constraints, shape_kernargs
from gen.spec import Constraint, FamilySpec, KernArg

THREADS = 256                    # 4 waves in a 2x2 grid of wave tiles
CHUNK_ELEMS = 8                  # one buffer_load_dwordx4 = 8 bf16 along K
BF16_BYTES = 2
F32_BYTES = 4
LDS_ROW_PAD_BYTES = 16           # keeps rows 16-byte aligned for ds_*_b128 while skewing banks
# TRANSITIONAL. The `gemm` family (gen/families/gemm.py) supersedes this first baseline. These kernels
# take neither alpha nor bias, so they match only has_bias=false and alpha=1; the offset makes any
# accepting `gemm` kernel cheaper, so they are chosen only from a pack that lacks the `gemm` family.
# Remove this family once the tests that name its kernels move to `gemm` kernels.
LEGACY_COST_OFFSET = 1e12


def _space(arch: str) -> dict[str, list]:
    return {"bm": [64, 128], "bn": [64, 128], "bk": [32, 64]}


def _valid(arch: str, p: dict) -> str | None:
    mfma = MFMA_BF16_32X32[arch]
    if p["bk"] % mfma.k:
        return f"bk must be a multiple of the MFMA K ({mfma.k})"
    if (p["bm"] * p["bk"]) % (THREADS * CHUNK_ELEMS) or (p["bn"] * p["bk"]) % (THREADS * CHUNK_ELEMS):
        return "each thread must load whole 16-byte chunks of the A and B tiles"
    plan = _plan(arch, p)
    if plan["lds_bytes"] > arch_info(arch).lds_bytes:
        return "tiles do not fit in LDS"
    if plan["next_free_vgpr"] > MAX_ARCH_VGPRS:
        return "register plan exceeds 256 VGPRs"
    return None


def _plan(arch: str, p: dict) -> dict:
    """Register and LDS allocation. Fixed VGPRs v0..v15 are named in the template; everything sized by the
    tile lives above, each range 4-aligned (gfx90a+ wants even-aligned VGPR tuples)."""
    mfma = MFMA_BF16_32X32[arch]
    bm, bn, bk = p["bm"], p["bn"], p["bk"]
    chunks_per_row = bk // CHUNK_ELEMS
    a_chunks = bm * bk // (THREADS * CHUNK_ELEMS)
    b_chunks = bn * bk // (THREADS * CHUNK_ELEMS)
    wave_m, wave_n = bm // 2, bn // 2
    blocks_m, blocks_n = wave_m // mfma.m, wave_n // mfma.n
    k_steps = bk // mfma.k
    pitch = bk * BF16_BYTES + LDS_ROW_PAD_BYTES

    vgprs = VgprAllocator(16)
    take = vgprs.take
    a_base_off = take(a_chunks)
    b_base_off = take(b_chunks)
    a_addr = take(a_chunks)
    b_addr = take(b_chunks)
    a_data = take(4 * a_chunks)
    b_data = take(4 * b_chunks)
    a_frag = take(k_steps * blocks_m * mfma.operand_regs)
    b_frag = take(k_steps * blocks_n * mfma.operand_regs)
    acc = take(blocks_m * blocks_n * mfma.acc_regs)
    next_free_vgpr = vgprs.next_free()
    return {
        "mfma": mfma, "threads": THREADS, "waves": THREADS // WAVE_SIZE,
        "chunks_per_row": chunks_per_row, "rows_per_pass": THREADS // chunks_per_row,
        "a_chunks": a_chunks, "b_chunks": b_chunks,
        "wave_m": wave_m, "wave_n": wave_n, "blocks_m": blocks_m, "blocks_n": blocks_n,
        "k_steps": k_steps, "pitch": pitch, "lds_b_base": bm * pitch,
        "lds_bytes": (bm + bn) * pitch,
        "frag_bytes": mfma.k_per_lane * BF16_BYTES,
        "v_a_base_off": a_base_off, "v_b_base_off": b_base_off, "v_a_addr": a_addr, "v_b_addr": b_addr,
        "v_a_data": a_data, "v_b_data": b_data, "v_a_frag": a_frag, "v_b_frag": b_frag, "v_acc": acc,
        "next_free_vgpr": next_free_vgpr, "next_free_sgpr": 52,
        "workgroup_ids": "xy",
    }


def _constraints(p: dict) -> list[Constraint]:
    k_rules = [Constraint("k_multiple_of_8", ["eq", ["mod", "K", CHUNK_ELEMS], 0], "K must be a multiple of 8")]
    return [Constraint("alpha_is_one", ["eq", "alpha", 1], "this baseline kernel has no alpha: alpha must be 1"),
            *shape_constraints(BF16_BYTES, F32_BYTES, k_rules, "bf16 elements", "f32 elements")]


def _cost(p: dict) -> list:
    """Rounds of workgroups over the device's CUs times the MFMA work each does (padded tiles included):
    big tiles win on big problems, small tiles when big ones would leave CUs idle or waste tail work."""
    tiles = ["mul", ["ceil_div", "M", p["bm"]], ["ceil_div", "N", p["bn"]]]
    return ["mul", ["ceil_div", tiles, "cus"], p["bm"] * p["bn"], ["add", ["round_up", "K", p["bk"]], p["bk"]]]


def _kernargs(p: dict) -> list[KernArg]:
    return [
        KernArg("A", "ptr", "A"),
        KernArg("B", "ptr", "B"),
        KernArg("C", "ptr", "C"),
        *shape_kernargs(),
        # derived on the host so the kernel needs no integer division
        KernArg("k_tiles", "i32", ["ceil_div", "K", p["bk"]]),
    ]


SPEC = FamilySpec(
    name="gemm_bf16",
    op="gemm",
    template="gemm/gemm_bf16.s.j2",
    archs=("gfx942", "gfx950"),
    space=_space,
    valid=_valid,
    name_keys=[("bm", "m"), ("bn", "n"), ("bk", "k")],
    kernargs=_kernargs,
    workgroup=lambda p: [THREADS, 1, 1],
    grid=lambda p: [["ceil_div", "N", p["bn"]], ["ceil_div", "M", p["bm"]], 1],
    dynamic_lds=lambda p: 0,
    # These kernels take neither alpha nor bias: a call that needs them must never land here.
    match={"dtype_a": "bf16", "dtype_b": "bf16", "dtype_c": "f32", "has_bias": False},
    constraints=_constraints,
    cost=lambda arch, p: ["add", LEGACY_COST_OFFSET, _cost(p)],
    plan=_plan,
    extra={"read_only": ["A", "B"], "write_only": ["C"]},
)
