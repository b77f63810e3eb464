"""Read a built code object back: its metadata note and its 64-byte kernel descriptor.

The manifest's `resources` come from here, not from the spec, so they describe the bytes that ship.
Field positions follow AMDGPUUsage (code object v5; see isa-notes.md 'Code object v5')."""

import io
import struct
from dataclasses import dataclass

import msgpack
from elftools.elf.elffile import ELFFile

from gen.archs import ELF_MACH_MASK, arch_info

EM_AMDGPU = 224
NT_AMDGPU_METADATA = 32
KD_SIZE = 64
# descriptor field offsets
KD_GROUP_SEGMENT = 0
KD_PRIVATE_SEGMENT = 4
KD_KERNARG_SIZE = 8
KD_RSRC3 = 44
KD_RSRC1 = 48
KD_RSRC2 = 52
# bit fields
RSRC1_VGPR_BLOCKS = (0, 6)
RSRC3_ACCUM_OFFSET = (0, 6)
VGPR_BLOCK = 8          # gfx90a+ (unified VGPR/AGPR file) granule


class ReadbackError(Exception):
    pass


@dataclass(frozen=True)
class CodeObjectInfo:
    mach: int
    metadata: dict            # the whole msgpack map
    kernel: dict              # the metadata entry of the kernel read back
    descriptor: bytes

    def resources(self) -> dict:
        rsrc1, = struct.unpack_from("<I", self.descriptor, KD_RSRC1)
        rsrc3, = struct.unpack_from("<I", self.descriptor, KD_RSRC3)
        group, private = struct.unpack_from("<II", self.descriptor, KD_GROUP_SEGMENT)
        vgpr_blocks = _bits(rsrc1, RSRC1_VGPR_BLOCKS)
        accum_offset = (_bits(rsrc3, RSRC3_ACCUM_OFFSET) + 1) * 4
        vgpr = int(self.kernel[".vgpr_count"])
        if (vgpr + self.kernel.get(".agpr_count", 0) + VGPR_BLOCK - 1) // VGPR_BLOCK > vgpr_blocks + 1:
            raise ReadbackError(f"metadata says {vgpr} VGPRs but the descriptor allocates "
                                f"{(vgpr_blocks + 1) * VGPR_BLOCK}")
        if group != self.kernel[".group_segment_fixed_size"]:
            raise ReadbackError(f"descriptor LDS {group} != metadata {self.kernel['.group_segment_fixed_size']}")
        return {
            "vgpr": vgpr,
            "agpr": int(self.kernel.get(".agpr_count", 0)),
            "sgpr": int(self.kernel[".sgpr_count"]),
            "lds": group,
            "scratch": private,
            "accum_offset": accum_offset,
            "wavefront_size": int(self.kernel[".wavefront_size"]),
            "max_flat_workgroup_size": int(self.kernel[".max_flat_workgroup_size"]),
        }


def _bits(value: int, field: tuple[int, int]) -> int:
    low, width = field
    return (value >> low) & ((1 << width) - 1)


def read_code_object(data: bytes, symbol: str, arch: str) -> CodeObjectInfo:
    try:
        elf = ELFFile(io.BytesIO(data))
    except Exception as exc:
        raise ReadbackError(f"not an ELF file: {exc}") from exc
    if elf["e_machine"] != "EM_AMDGPU" and elf["e_machine"] != EM_AMDGPU:
        raise ReadbackError(f"e_machine is {elf['e_machine']}, expected EM_AMDGPU")
    mach = elf["e_flags"] & ELF_MACH_MASK
    if mach != arch_info(arch).elf_mach:
        raise ReadbackError(f"e_flags mach 0x{mach:x} is not {arch} (0x{arch_info(arch).elf_mach:x})")
    metadata = _metadata_note(elf)
    kernels = [k for k in metadata.get("amdhsa.kernels", []) if k.get(".name") == symbol]
    if len(kernels) != 1:
        raise ReadbackError(f"metadata has {len(kernels)} kernels named '{symbol}'")
    return CodeObjectInfo(mach, metadata, kernels[0], _descriptor(elf, data, symbol + ".kd"))


def _metadata_note(elf: ELFFile) -> dict:
    for section in elf.iter_sections():
        if section["sh_type"] != "SHT_NOTE":
            continue
        for note in section.iter_notes():
            if note["n_name"] == "AMDGPU" and note["n_type"] in (NT_AMDGPU_METADATA, "NT_AMDGPU_METADATA"):
                desc = note["n_desc"]
                raw = desc if isinstance(desc, bytes) else bytes(desc, "latin-1")
                return msgpack.unpackb(raw, raw=False, strict_map_key=False)
    raise ReadbackError("no NT_AMDGPU_METADATA note")


def _descriptor(elf: ELFFile, data: bytes, name: str) -> bytes:
    symtab = elf.get_section_by_name(".dynsym") or elf.get_section_by_name(".symtab")
    syms = symtab.get_symbol_by_name(name) if symtab is not None else None
    if not syms:
        raise ReadbackError(f"no symbol '{name}'")
    sym = syms[0]
    section = elf.get_section(sym["st_shndx"])
    offset = sym["st_value"] - section["sh_addr"] + section["sh_offset"]
    if sym["st_size"] != KD_SIZE or offset < 0 or offset + KD_SIZE > len(data):
        raise ReadbackError(f"'{name}' is not a {KD_SIZE}-byte descriptor inside the file")
    return data[offset:offset + KD_SIZE]
