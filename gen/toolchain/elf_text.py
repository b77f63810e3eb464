"""Small pyelftools helpers over relocatable objects produced by the assembler."""

import io

from elftools.elf.elffile import ELFFile


def text_and_symbols(obj: bytes, section: str = ".text") -> tuple[bytes, dict[str, int]]:
    """The bytes of `section` and the offsets of the symbols defined in it."""
    elf = ELFFile(io.BytesIO(obj))
    index = None
    data = b""
    for i, sec in enumerate(elf.iter_sections()):
        if sec.name == section:
            index, data = i, sec.data()
    symbols: dict[str, int] = {}
    symtab = elf.get_section_by_name(".symtab")
    if symtab is not None and index is not None:
        for sym in symtab.iter_symbols():
            if sym["st_shndx"] == index and sym.name:
                symbols[sym.name] = sym["st_value"]
    return data, symbols
