"""Per-arch facts the generator needs. Numbers of the hardware come from the one arch table
(arch/arch_facts.def, each with its source, read by gen/arch_facts.py); what is here is the generator's
own view of them (instruction shapes, descriptor words, roofline assumptions)."""

from dataclasses import dataclass

from gen.arch_facts import ARCH_FACTS, MFMA_SHAPES


@dataclass(frozen=True)
class ArchInfo:
    name: str
    elf_mach: int          # e_flags[7:0] of a code object built for this arch
    lds_bytes: int         # LDS per workgroup
    min_llvm: int          # oldest LLVM major version whose MC knows the arch

    @property
    def target_id(self) -> str:
        return f"amdgcn-amd-amdhsa--{self.name}"


ARCHS = {name: ArchInfo(name, f["elf_mach"], f["lds_bytes"], f["min_llvm"]) for name, f in ARCH_FACTS.items()}

ELF_MACH_MASK = 0xFF

# LDS banks of 4 bytes (CDNA3: 32; CDNA4 doubles them to 64). A wave's DS access is served in phases of
# banks / dwords-per-lane lanes; lanes of one phase on one bank at different dwords conflict.
LDS_BANKS = {name: f["lds_banks"] for name, f in ARCH_FACTS.items()}

# The lanes that share one LDS phase of a ds_read_b128 (16 bytes a lane: banks / 4 lanes a phase), in phase order.
# CDNA3: within each half wave, lane quads 0,5 / 1,4 / 2,7 / 3,6 (quad q = lanes 4q..4q+3). CDNA4 (MI350, triton
# PR 11365): 16-lane groups {0-3, 12-15, 20-23, 24-27} and {4-7, 8-11, 16-19, 28-31}, the same 32 lanes higher. The
# emulator counts conflicts by the same rules (emu/exec/src/lds_banks.cc, sources in emu/README.md), and the MLA bench
# prints what it counts (bench/mla_table cnf/KVt).
def _quads(*quads: int) -> list[int]:
    return [4 * q + i for q in quads for i in range(4)]


B128_READ_PHASES = {
    "gfx942": [[32 * half + lane for lane in _quads(*pair)] for half in (0, 1) for pair in ((0, 5), (1, 4), (2, 7), (3, 6))],
    "gfx950": [[32 * half + lane for lane in _quads(*group)] for half in (0, 1) for group in ((0, 3, 5, 6), (1, 2, 4, 7))],
}


def arch_info(name: str) -> ArchInfo:
    try:
        return ARCHS[name]
    except KeyError:
        known = ", ".join(sorted(ARCHS))
        raise ValueError(f"unknown arch '{name}' (known: {known})") from None


@dataclass(frozen=True)
class MfmaShape:
    """One MFMA instruction's shape and register footprint (isa-notes.md, 'MFMA' and 'Register layout');
    built from the one MFMA table (arch/mfma_shapes.def) by mfma_shape()."""
    mnemonic: str
    m: int
    n: int
    k: int
    operand_regs: int          # VGPRs per lane for A (and for B)
    acc_regs: int              # VGPRs per lane for C/D
    passes: int                # 4-cycle passes per issue on the arch

    @property
    def k_per_lane(self) -> int:
        """Consecutive k values one lane holds for its row (K_L = K*M/64)."""
        return self.k * self.m // 64

    @property
    def result_wait_states(self) -> int:
        """Wait states between an MFMA and a VALU/VMEM read of its result (LLVM's GCNHazardRecognizer rule
        for gfx940+: passes + 3, plus one on gfx950 which we always add: a margin costs nothing here)."""
        return self.passes + 4


def mfma_shape(mnemonic: str, arch: str) -> MfmaShape:
    """The MFMA `mnemonic` on `arch`, from the one table. f8f6f4 rows are read as gen issues them: both
    operands FP8 (cbsz = blgp = 0), so their FP8 pass count applies."""
    row = MFMA_SHAPES.get(mnemonic)
    passes = row and (row["passes_fp8"] if row["a"] == "F8F6F4" else row[f"passes_{arch}"])
    if not passes:
        raise ValueError(f"{mnemonic} is not an MFMA of {arch} in arch/mfma_shapes.def")
    assert row["a_regs"] == row["b_regs"], mnemonic  # templates give A and B the same register count
    return MfmaShape(mnemonic, row["m"], row["n"], row["k"], row["a_regs"], row["cd_regs"], passes)


# bf16 inputs, fp32 accumulation, 32x32 output blocks: the baseline GEMM's instruction per arch.
# gfx950 has its own double-K shape (the gfx942 one runs at half rate there).
MFMA_BF16_32X32 = {
    "gfx942": mfma_shape("v_mfma_f32_32x32x8_bf16", "gfx942"),
    "gfx950": mfma_shape("v_mfma_f32_32x32x16_bf16", "gfx950"),
}

# The same on every arch of the table (asserted where read): templates are written for wave64.
WAVE_SIZE = ARCH_FACTS["gfx942"]["wavefront_size"]
MAX_ARCH_VGPRS = ARCH_FACTS["gfx942"]["max_arch_vgprs"]
assert all(f["wavefront_size"] == WAVE_SIZE and f["max_arch_vgprs"] == MAX_ARCH_VGPRS for f in ARCH_FACTS.values())
# Raw buffer descriptor word 3 (dst_sel/format fields) that CK and Triton use for untyped dword access.
RAW_BUFFER_WORD3 = 0x00020000
# A buffer offset no real tensor reaches: loads past num_records read 0, stores are dropped.
BUFFER_OOB_OFFSET = 0x80000000

# 16-bit inputs (bf16 or f16), fp32 accumulation, 32x32 output blocks, per (arch, input dtype). Same
# operand/result layouts for f16 and bf16 (isa-notes.md "Register layout"); gfx950 uses its double-K shapes.
MFMA_32X32 = {
    ("gfx942", "bf16"): MFMA_BF16_32X32["gfx942"],
    ("gfx942", "f16"): mfma_shape("v_mfma_f32_32x32x8_f16", "gfx942"),
    ("gfx950", "bf16"): MFMA_BF16_32X32["gfx950"],
    ("gfx950", "f16"): mfma_shape("v_mfma_f32_32x32x16_f16", "gfx950"),
}

# Element sizes of the dtypes the GEMM families read and write, as the manifest's match keys spell them.
DTYPE_BYTES = {"bf16": 2, "f16": 2, "f32": 4}

# Roofline numbers for selection costs, from the arch table's peaks; per-CU figures are the full part's
# divided by its CU count, so a device with fewer CUs (MI308X) scales by its own `cus`.
@dataclass(frozen=True)
class Roofline:
    hbm_bytes_per_ns: float        # whole-device HBM bandwidth (1 TB/s = 1000 bytes/ns)
    flops_per_ns_per_cu: float     # dense 16-bit MFMA peak per CU
    cu_bytes_per_ns: float         # one CU's load bandwidth from L2 (64 bytes/clock)
    latency_ns: float              # ASSUMED loaded-HBM latency (not in isa-notes): Little's law, a CU's rate
                                   # is capped by the bytes it has in flight / latency
    launch_ns: float               # ASSUMED fixed cost per round of workgroups (prologue, epilogue, launch)


# TB/s -> bytes/ns is x1000; TFLOP/s -> FLOP/ns is x1000; a CU loads 64 bytes per clock.
ROOFLINE = {
    name: Roofline(f["hbm_tbytes_per_s"] * 1000, f["dense_16bit_tflops"] * 1e3 / f["cus"], 64 * f["clock_ghz"],
                   1000.0, 1000.0)
    for name, f in ARCH_FACTS.items()
}

# FP8 inputs, fp32 accumulation, 32x32 output blocks (isa-notes.md "MFMA"; arch/mfma_shapes.def). gfx950 uses its own v_mfma_f32_32x32x64_f8f6f4 with
# cbsz = blgp = 0 (both operands FP8 e4m3): twice the K per pass of the gfx942-compatible fp8 opcode.
FP8_MFMA = {
    "gfx942": mfma_shape("v_mfma_f32_32x32x16_fp8_fp8", "gfx942"),
    "gfx950": mfma_shape("v_mfma_f32_32x32x64_f8f6f4", "gfx950"),
}
# The 16x16 FP8 shapes (same sources): gemm_fp8's 16-row decode tiles. Four lanes share a row (lane l: row
# l%16, k group l/16), so one 16-byte load per lane covers 64 contiguous bytes of each of 16 rows.
FP8_MFMA_16X16 = {
    "gfx942": mfma_shape("v_mfma_f32_16x16x32_fp8_fp8", "gfx942"),
    "gfx950": mfma_shape("v_mfma_f32_16x16x128_f8f6f4", "gfx950"),
}
# How the arch reads an "fp8" byte (the manifest's `fp8_format` value): gfx942 FNUZ, gfx950 OCP.
FP8_FORMAT = {name: f["fp8_format"] for name, f in ARCH_FACTS.items()}
# Dense FP8 MFMA peak per CU in FLOP/ns.
FP8_FLOPS_PER_NS_PER_CU = {name: f["dense_fp8_tflops"] * 1e3 / f["cus"] for name, f in ARCH_FACTS.items()}
