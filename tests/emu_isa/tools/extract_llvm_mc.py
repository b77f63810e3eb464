"""Extract (asm, encoding) pairs from LLVM AMDGPU MC test files into llvm_mc/<name>.tsv.

Input: a test file from llvm-project (llvm/test/MC/AMDGPU/*.s or llvm/test/MC/Disassembler/AMDGPU/*.txt).
Understood lines:
  "// PREFIX: <printed text> ; encoding: [0x..,...]"   (.s: the printed text is LLVM's canonical form)
  "// PREFIX: encoding: [0x..,...]"                    (.s: the asm is the nearest input line above)
  "# PREFIX: <printed text> ; encoding: [0x..,...]"    (.txt disassembler tests)
PREFIX picks the arch: GFX940/GFX942 -> gfx942, GFX950 -> gfx950 (others are ignored), unless
PREFIX=arch[,arch] arguments are given (e.g. CHECK=gfx942,gfx950 for generic GFX9 files).
Output lines: arch<TAB>asm<TAB>hex, preceded by a header naming the source.

Usage: extract_llvm_mc.py <source path in llvm-project> <commit> <raw file> <out.tsv> [PREFIX=arch,...]
"""
import re
import sys

PREFIXES = {"GFX940": "gfx942", "GFX942": "gfx942", "GFX950": "gfx950"}
CHECK = re.compile(r"^\s*(?://|#)\s*([A-Z0-9_-]+):\s*(.*?)\s*;?\s*encoding:\s*\[([^\]]*)\]")
CHECK_BARE = re.compile(r"^\s*(?://|#)\s*([A-Z0-9_-]+):\s*encoding:\s*\[([^\]]*)\]")


def extract(lines, prefixes=None):
    prefixes = prefixes or {k: [v] for k, v in PREFIXES.items()}
    pairs = []
    last_input = None
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith(("//", "#")):
            last_input = stripped
            continue
        m = CHECK_BARE.match(line)
        if m:
            prefix, enc = m.group(1), m.group(2)
            text = last_input
        else:
            m = CHECK.match(line)
            if not m:
                continue
            prefix, text, enc = m.group(1), m.group(2).strip().rstrip(";").strip(), m.group(3)
        archs = prefixes.get(prefix)
        if not archs or not text:
            continue
        hexbytes = "".join(f"{int(b, 16):02x}" for b in enc.split(",") if b.strip())
        for arch in archs:
            pairs.append((arch, re.sub(r"\s+", " ", text), hexbytes))
    return pairs


def main():
    source, commit, raw, out = sys.argv[1:5]
    mapping = {}
    for arg in sys.argv[5:]:
        prefix, _, archs = arg.partition("=")
        mapping[prefix] = archs.split(",")
    pairs = extract(open(raw).readlines(), mapping or None)
    with open(out, "w") as f:
        f.write(f"# llvm-project {source} @ {commit} (Apache-2.0 WITH LLVM-exception)\n")
        f.write("# extracted by tests/emu_isa/tools/extract_llvm_mc.py: arch<TAB>asm<TAB>encoding\n")
        for p in pairs:
            f.write("\t".join(p) + "\n")
    print(f"{out}: {len(pairs)} pairs")


if __name__ == "__main__":
    main()
