"""Encode single instructions: the oracle for the emulator's decoder tests.

All lines are assembled in one go, each preceded by a label, and the label offsets in the object's .text
slice the bytes per line. When the batch fails, it is split in halves until the failing lines are isolated,
so a few bad lines among thousands cost O(bad * log n) assembler calls."""

from gen.toolchain import get_backend
from gen.toolchain.backend import Backend
from gen.toolchain.elf_text import text_and_symbols
from gen.toolchain.errors import AssemblyError

_LABEL = "ingot_enc_{}"


def _batch_source(lines: list[str]) -> str:
    parts = [".text"]
    for i, line in enumerate(lines):
        parts.append(_LABEL.format(i) + ":")
        parts.append(line)
    parts.append(_LABEL.format(len(lines)) + ":")
    return "\n".join(parts) + "\n"


def _assemble_batch(lines: list[str], arch: str, backend: Backend) -> list[bytes]:
    obj = backend.assemble(_batch_source(lines), arch)
    text, syms = text_and_symbols(obj)
    offsets = [syms[_LABEL.format(i)] for i in range(len(lines) + 1)]
    return [text[offsets[i]:offsets[i + 1]] for i in range(len(lines))]


def _single_error(exc: AssemblyError) -> AssemblyError:
    message = "; ".join(d.message for d in exc.diagnostics) or exc.summary
    return AssemblyError(message, exc.diagnostics)


def _encode_range(lines: list[str], arch: str, backend: Backend) -> list[bytes | AssemblyError]:
    try:
        return list(_assemble_batch(lines, arch, backend))
    except AssemblyError as exc:
        if len(lines) == 1:
            return [_single_error(exc)]
    half = len(lines) // 2
    return _encode_range(lines[:half], arch, backend) + _encode_range(lines[half:], arch, backend)


def encode_lines(lines: list[str], arch: str, backend: Backend | None = None) -> list[bytes | AssemblyError]:
    """One entry per input line: its encoding (b'' for a blank line) or the AssemblyError for it."""
    backend = backend or get_backend()
    clean = [line.rstrip("\r\n") for line in lines]
    if any("\n" in line for line in clean):
        raise ValueError("encode_lines takes one instruction per line")
    if not clean:
        return []
    return _encode_range(clean, arch, backend)
