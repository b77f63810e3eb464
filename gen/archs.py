"""Per-arch facts the generator needs, in one place (see /work/shared/docs/isa-notes.md)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class ArchInfo:
    name: str
    elf_mach: int          # e_flags[7:0] of a code object built for this arch
    lds_bytes: int         # LDS per workgroup
    min_llvm: int          # oldest LLVM major version whose MC knows the arch

    @property
    def target_id(self) -> str:
        return f"amdgcn-amd-amdhsa--{self.name}"


ARCHS = {
    "gfx942": ArchInfo("gfx942", 0x4C, 64 * 1024, 17),
    "gfx950": ArchInfo("gfx950", 0x4F, 160 * 1024, 20),
}

ELF_MACH_MASK = 0xFF

# LDS banks of 4 bytes (CDNA3 ISA guide: 32; CDNA4 doubles them to 64). A wave's DS access is served in
# phases of banks / dwords-per-lane lanes; lanes of one phase on one bank at different dwords conflict.
LDS_BANKS = {"gfx942": 32, "gfx950": 64}


def arch_info(name: str) -> ArchInfo:
    try:
        return ARCHS[name]
    except KeyError:
        known = ", ".join(sorted(ARCHS))
        raise ValueError(f"unknown arch '{name}' (known: {known})") from None


@dataclass(frozen=True)
class MfmaShape:
    """One MFMA instruction's shape and register footprint (isa-notes.md, 'MFMA' and 'Register layout')."""
    mnemonic: str
    m: int
    n: int
    k: int
    operand_regs: int          # VGPRs per lane for A (and for B)
    acc_regs: int              # VGPRs per lane for C/D
    passes: int                # 4-cycle passes: sets the result-read wait below

    @property
    def k_per_lane(self) -> int:
        """Consecutive k values one lane holds for its row (K_L = K*M/64)."""
        return self.k * self.m // 64

    @property
    def result_wait_states(self) -> int:
        """Wait states between an MFMA and a VALU/VMEM read of its result (LLVM's GCNHazardRecognizer rule
        for gfx940+: passes + 3, plus one on gfx950 which we always add: a margin costs nothing here)."""
        return self.passes + 4


# bf16 inputs, fp32 accumulation, 32x32 output blocks: the baseline GEMM's instruction per arch.
# gfx950 has its own double-K shape (the gfx942 one runs at half rate there).
MFMA_BF16_32X32 = {
    "gfx942": MfmaShape("v_mfma_f32_32x32x8_bf16", 32, 32, 8, 2, 16, 16),
    "gfx950": MfmaShape("v_mfma_f32_32x32x16_bf16", 32, 32, 16, 4, 16, 16),
}

WAVE_SIZE = 64
MAX_ARCH_VGPRS = 256
# Raw buffer descriptor word 3 (dst_sel/format fields) that CK and Triton use for untyped dword access.
RAW_BUFFER_WORD3 = 0x00020000
# A buffer offset no real tensor reaches: loads past num_records read 0, stores are dropped.
BUFFER_OOB_OFFSET = 0x80000000

# 16-bit inputs (bf16 or f16), fp32 accumulation, 32x32 output blocks, per (arch, input dtype). Same
# operand/result layouts for f16 and bf16 (isa-notes.md "Register layout"); gfx950 uses its double-K shapes.
MFMA_32X32 = {
    ("gfx942", "bf16"): MFMA_BF16_32X32["gfx942"],
    ("gfx942", "f16"): MfmaShape("v_mfma_f32_32x32x8_f16", 32, 32, 8, 2, 16, 16),
    ("gfx950", "bf16"): MFMA_BF16_32X32["gfx950"],
    ("gfx950", "f16"): MfmaShape("v_mfma_f32_32x32x16_f16", 32, 32, 16, 4, 16, 16),
}

# Element sizes of the dtypes the GEMM families read and write, as the manifest's match keys spell them.
DTYPE_BYTES = {"bf16": 2, "f16": 2, "f32": 4}

# Roofline numbers for selection costs (isa-notes.md "Hardware numbers"); per-CU figures are the full part's
# divided by its CU count, so a device with fewer CUs (MI308X) scales by its own `cus`.
@dataclass(frozen=True)
class Roofline:
    hbm_bytes_per_ns: float        # whole-device HBM bandwidth (1 TB/s = 1000 bytes/ns)
    flops_per_ns_per_cu: float     # dense 16-bit MFMA peak per CU
    cu_bytes_per_ns: float         # one CU's load bandwidth from L2 (64 bytes/clock)
    latency_ns: float              # ASSUMED loaded-HBM latency (not in isa-notes): Little's law, a CU's rate
                                   # is capped by the bytes it has in flight / latency
    launch_ns: float               # ASSUMED fixed cost per round of workgroups (prologue, epilogue, launch)


ROOFLINE = {
    "gfx942": Roofline(5300.0, 1307e3 / 304, 64 * 2.1, 1000.0, 1000.0),
    "gfx950": Roofline(8000.0, 2517e3 / 256, 64 * 2.4, 1000.0, 1000.0),
}

# FP8 inputs, fp32 accumulation, 32x32 output blocks (isa-notes.md "MFMA"; the numerics room's table
# emu/numerics/include/ingot_emu/mfma_shapes.h). gfx950 uses its own v_mfma_f32_32x32x64_f8f6f4 with
# cbsz = blgp = 0 (both operands FP8 e4m3): twice the K per pass of the gfx942-compatible fp8 opcode.
FP8_MFMA = {
    "gfx942": MfmaShape("v_mfma_f32_32x32x16_fp8_fp8", 32, 32, 16, 2, 16, 8),
    "gfx950": MfmaShape("v_mfma_f32_32x32x64_f8f6f4", 32, 32, 64, 8, 16, 16),
}
# The 16x16 FP8 shapes (same sources): gemm_fp8's 16-row decode tiles. Four lanes share a row (lane l: row
# l%16, k group l/16), so one 16-byte load per lane covers 64 contiguous bytes of each of 16 rows.
FP8_MFMA_16X16 = {
    "gfx942": MfmaShape("v_mfma_f32_16x16x32_fp8_fp8", 16, 16, 32, 2, 4, 4),
    "gfx950": MfmaShape("v_mfma_f32_16x16x128_f8f6f4", 16, 16, 128, 8, 4, 8),
}
# How the arch reads an "fp8" byte (the manifest's `fp8_format` value; isa-notes.md "FP8"): gfx942 FNUZ,
# gfx950 OCP. The same name is ArchInfo::fp8_format in include/ingot/arch.h for the loader.
FP8_FORMAT = {"gfx942": "e4m3fnuz", "gfx950": "e4m3fn"}
# Dense FP8 MFMA peak per CU in FLOP/ns (isa-notes.md "Hardware numbers": MI300X 2615 TFLOP/s over 304 CUs,
# MI355X 5033 TFLOP/s over 256 CUs).
FP8_FLOPS_PER_NS_PER_CU = {"gfx942": 2615e3 / 304, "gfx950": 5033e3 / 256}
