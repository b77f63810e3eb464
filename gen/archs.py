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
