"""Writes the decoder fuzz target's seeds: corpus/decoder/instructions.s assembled for one arch through
the generator's toolchain (gen.toolchain), as `<target byte><.text bytes>` (the input format of
ingot::fuzz::decoder: byte 0 even = gfx942, odd = gfx950). One seed holds the whole program, and one more
per group of GROUP lines, so short inputs reach each encoding family directly.
Usage: PYTHONPATH=<source root> make_decoder_seeds.py SOURCE.s ARCH OUT_DIR"""
import sys
from pathlib import Path

from gen.toolchain import get_backend
from gen.toolchain.elf_text import text_and_symbols

TARGET_BYTE = {"gfx942": 0, "gfx950": 1}
GROUP = 6


def instruction_lines(source: Path) -> list[str]:
    lines = []
    for line in source.read_text().splitlines():
        line = line.split(";", 1)[0].strip()
        if line:
            lines.append(line)
    return lines


def text_of(lines: list[str], arch: str) -> bytes:
    text, _ = text_and_symbols(get_backend().assemble(".text\n" + "\n".join(lines) + "\n", arch))
    return text


def main() -> int:
    source, arch, out_dir = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    out_dir.mkdir(parents=True, exist_ok=True)
    lines = instruction_lines(source)
    prefix = bytes([TARGET_BYTE[arch]])
    (out_dir / f"{arch}_all.bin").write_bytes(prefix + text_of(lines, arch))
    for start in range(0, len(lines), GROUP):
        group = lines[start:start + GROUP]
        (out_dir / f"{arch}_lines{start:03d}.bin").write_bytes(prefix + text_of(group, arch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
