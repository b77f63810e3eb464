"""Assemble AMDGCN lines one by one with the LLVM inside the triton wheel and print their encodings.

Why this exists: LLVM's assembler is the oracle for every encoding the emulator's decoder accepts.
Each input line is assembled on its own so that a line LLVM rejects gives "ERROR" for that line only.

Usage: llvm_encode.py --arch gfx942 < lines.s   ->  one line per input: "<hex bytes>\t<asm>" or
"ERROR\t<asm>\t<message>".  As a module: encode_lines(lines, arch) -> list of bytes | str(error).
"""
import argparse
import os
import sys
import tempfile

from elftools.elf.elffile import ELFFile
import io

_initialised = False


def _amd():
    global _initialised
    from triton._C.libtriton import amd, llvm
    if not _initialised:
        llvm.init_targets()
        _initialised = True
    return amd


def _assemble_capturing_stderr(text, arch):
    """amd.assemble_amdgcn prints errors on fd 2 rather than raising: capture them."""
    amd = _amd()
    with tempfile.TemporaryFile(mode="w+b") as err:
        saved = os.dup(2)
        sys.stderr.flush()
        os.dup2(err.fileno(), 2)
        try:
            elf = amd.assemble_amdgcn(text, arch, "")
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        err.seek(0)
        message = err.read().decode(errors="replace")
    return elf, message


def _text_section(elf_bytes):
    elf = ELFFile(io.BytesIO(elf_bytes))
    sec = elf.get_section_by_name(".text")
    return b"" if sec is None else sec.data()


def assemble_block(lines, arch):
    """Assemble many lines at once; returns .text bytes or raises ValueError with LLVM's message."""
    text = "\t.text\n" + "".join(f"\t{l}\n" for l in lines)
    elf, message = _assemble_capturing_stderr(text, arch)
    if "error" in message or not elf:
        raise ValueError(message.strip() or "assembler returned nothing")
    return _text_section(elf)


_REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def _gen_encode_lines():
    """The generator room's encoder (gen.toolchain.encode_lines), which also drives ROCm's llvm-mc where
    installed; None when it is not importable (then the local triton path below is used)."""
    if os.environ.get("INGOT_ISA_LOCAL_ENCODER"):
        return None
    try:
        if _REPO not in sys.path:
            sys.path.insert(0, _REPO)
        from gen.toolchain import encode_lines as gen_encode
        return gen_encode
    except Exception:
        return None


def encode_lines(lines, arch):
    """Per line: bytes, or an error string ("ERROR: ..."). Uses gen.toolchain.encode_lines when present."""
    gen_encode = _gen_encode_lines()
    if gen_encode is not None:
        try:
            out = []
            for enc in gen_encode(list(lines), arch):
                # one line per error: the messages may span lines
                out.append(bytes(enc) if isinstance(enc, (bytes, bytearray)) else "ERROR: error: " + " ".join(str(enc).split()))
            return out
        except Exception:
            pass  # fall back to the local encoder
    return _local_encode_lines(lines, arch)


def _local_encode_lines(lines, arch):
    """Per line: bytes, or an error string. Fast path: one section per line."""
    out = []
    # Assemble all lines in one go, each followed by a marker we can find: use separate sections? Simpler:
    # assemble each line alone when the block fails; otherwise split by assembling prefix sizes.
    try:
        # Encode each line as its own section so sizes are exact without symbol tables.
        text = "".join(f"\t.section .t{i},\"ax\",@progbits\n\t{l}\n" for i, l in enumerate(lines))
        elf_bytes, message = _assemble_capturing_stderr(text, arch)
        if "error" in message or not elf_bytes:
            raise ValueError(message)
        elf = ELFFile(io.BytesIO(elf_bytes))
        for i in range(len(lines)):
            out.append(elf.get_section_by_name(f".t{i}").data())
        return out
    except ValueError:
        pass
    for line in lines:
        text = f"\t.text\n\t{line}\n"
        elf_bytes, message = _assemble_capturing_stderr(text, arch)
        if "error" in message or not elf_bytes:
            first = next((m for m in message.splitlines() if "error" in m), message.strip())
            out.append("ERROR: " + first.strip())
        else:
            out.append(_text_section(elf_bytes))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", required=True)
    args = ap.parse_args()
    lines = [l.strip() for l in sys.stdin if l.strip() and not l.strip().startswith("//")]
    for line, enc in zip(lines, encode_lines(lines, args.arch)):
        if isinstance(enc, str):
            print(f"ERROR\t{line}\t{enc}")
        else:
            print(f"{enc.hex()}\t{line}")


if __name__ == "__main__":
    main()
