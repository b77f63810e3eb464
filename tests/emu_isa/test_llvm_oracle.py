"""Oracle tests that need LLVM at test time (triton's, from the venv):

1. the ISA table's opcodes equal what LLVM's assembler emits, on both targets (and LLVM rejects the rows
   the table marks as absent);
2. every LLVM-assembled vector (built from the table at build time) decodes, and LLVM reassembles our
   disassembly to the same bytes;
3. LLVM's own MC test pairs (committed in llvm_mc/): every pair whose instruction the table has decodes
   to it and round-trips; supported/total counts are printed per file; LLVM's negative tests (llvm_mc/*.neg):
   an instruction LLVM rejects for an arch is not in the table for it;
4. every kernel of the pack (INGOT_PACK_DIR): the whole .text disassembles and reassembles byte for byte.
"""
import glob
import io
import os
import subprocess
import sys

import pytest

pytest.importorskip("triton", reason="LLVM (triton's) is the oracle and is not installed")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "tools"))

from check_opcodes import op_field  # noqa: E402
from asm_forms import canonical  # noqa: E402
from isa_rows import load_rows  # noqa: E402
from gen.toolchain import AssemblyError, encode_lines  # noqa: E402  (PYTHONPATH = source root, set by CMake)
from roundtrip import check_dump, strip_suffix  # noqa: E402

DUMP = os.environ.get("INGOT_ISA_DUMP", "")
VECTORS = os.environ.get("INGOT_ISA_VECTORS_DIR", "")
INCLUDE = os.environ.get("INGOT_ISA_INCLUDE", os.path.join(HERE, "..", "..", "emu", "isa", "include"))
PACK = os.environ.get("INGOT_PACK_DIR", "")
ARCHS = ["gfx942", "gfx950"]


def run_dump(args):
    if not DUMP or not os.path.exists(DUMP):
        pytest.skip("INGOT_ISA_DUMP (the ingot_isa_dump helper) is not built")
    return subprocess.run([DUMP] + args, check=True, capture_output=True, text=True).stdout.splitlines()


@pytest.mark.parametrize("arch", ARCHS)
def test_table_opcodes_match_llvm(arch):
    rows = load_rows(INCLUDE)
    lines = [canonical(r, arch) for r in rows]
    bad = []
    for r, line, enc in zip(rows, lines, encode_lines(lines, arch)):
        want = r.opcode[arch]
        if isinstance(enc, AssemblyError):
            if want is not None:
                bad.append(f"{r.mnemonic}: table 0x{want:x}, LLVM rejects '{line}': {enc}")
        elif want is None:
            bad.append(f"{r.mnemonic}: table NA, LLVM assembles '{line}'")
        elif op_field(r.fmt, enc) != want:
            bad.append(f"{r.mnemonic}: table 0x{want:x}, LLVM 0x{op_field(r.fmt, enc):x}")
    print(f"\n{arch}: {len(rows)} table rows checked against LLVM, {len(bad)} disagreements")
    assert not bad, "\n".join(bad[:50])


@pytest.mark.parametrize("arch", ARCHS)
def test_vectors_roundtrip_through_llvm(arch):
    path = os.path.join(VECTORS, f"vectors_{arch}.tsv")
    if not os.path.exists(path):
        pytest.skip(f"no vectors at {path}")
    rep = check_dump(run_dump([arch, path]), arch)
    print("\n" + rep.summary(arch))
    assert rep.total > 0
    assert not rep.failures(), "\n".join(rep.failures()[:50])


def _mc_files():
    return sorted(glob.glob(os.path.join(HERE, "llvm_mc", "*.tsv")))


def _table_mnemonics(arch):
    return {r.mnemonic for r in load_rows(INCLUDE) if r.opcode[arch] is not None}


@pytest.mark.parametrize("path", _mc_files(), ids=os.path.basename)
def test_llvm_mc_pairs(path, tmp_path):
    """Pairs are 'arch<TAB>asm<TAB>hex'. Supported = the mnemonic is in our table for that arch."""
    by_arch = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        arch, asm, hexbytes = line.rstrip("\n").split("\t")
        by_arch.setdefault(arch, []).append((asm, hexbytes))
    failures = []
    counts = []
    for arch, pairs in sorted(by_arch.items()):
        known = _table_mnemonics(arch)
        supported = [(a, h) for a, h in pairs if strip_suffix(a.split()[0]) in known]
        vec = tmp_path / f"{arch}.tsv"
        vec.write_text("".join(f"{strip_suffix(a.split()[0])}\t{a}\t{h}\n" for a, h in supported))
        rep = check_dump(run_dump([arch, str(vec)]), arch)
        counts.append(f"{arch}: {len(supported)}/{len(pairs)} supported, "
                      f"{len(supported) - len(rep.failures()) - len(rep.text_only)} round-trip through LLVM, "
                      f"{rep.total - len(rep.text_differs)} print exactly as LLVM's expected text"
                      + (f" ({len(rep.text_only)} of those LLVM cannot reassemble to the same bytes)" if rep.text_only else ""))
        failures += rep.failures()
    print(f"\n{os.path.basename(path)}: " + "; ".join(counts))
    assert not failures, "\n".join(failures[:50])


def _negative_files():
    return sorted(glob.glob(os.path.join(HERE, "llvm_mc", "*.neg")))


@pytest.mark.parametrize("path", _negative_files(), ids=os.path.basename)
def test_llvm_mc_unsupported(path):
    """LLVM's negative tests ('arch<TAB>asm<TAB>error'): an instruction LLVM calls "not supported on this GPU"
    must not be in our table for that arch (absent, or NA there). Operand-form errors are only counted."""
    rows = {r.mnemonic: r for r in load_rows(INCLUDE)}
    bad, na, unknown, operand_errors = [], 0, 0, 0
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        arch, asm, error = line.rstrip("\n").split("\t")
        if "not supported on this GPU" not in error:
            operand_errors += 1
            continue
        row = rows.get(strip_suffix(asm.split()[0]))
        if row is None:
            unknown += 1
        elif row.opcode[arch] is None:
            na += 1
        else:
            bad.append(f"{arch}: '{asm}': LLVM says '{error}', our table has opcode 0x{row.opcode[arch]:x}")
    print(f"\n{os.path.basename(path)}: {na} rejected by the table (NA), {unknown} mnemonics unknown to it, "
          f"{operand_errors} operand-form errors (not a table question), {len(bad)} accepted wrongly")
    assert not bad, "\n".join(bad)


def _pack_code_objects():
    if not PACK or not os.path.isdir(PACK):
        return []
    return sorted(glob.glob(os.path.join(PACK, "*", "*.co")))


def test_pack_kernels_roundtrip(tmp_path):
    objects = _pack_code_objects()
    if not objects:
        pytest.skip(f"no pack at INGOT_PACK_DIR='{PACK}' (the lead builds it at build/pack)")
    from elftools.elf.elffile import ELFFile
    failures = []
    total = 0
    for co in objects:
        arch = os.path.basename(os.path.dirname(co))
        if arch not in ARCHS:
            continue
        with open(co, "rb") as f:
            elf = ELFFile(io.BytesIO(f.read()))
        text = elf.get_section_by_name(".text")
        if text is None:
            failures.append(f"{co}: no .text")
            continue
        blob = tmp_path / "text.bin"
        blob.write_bytes(text.data())
        out = run_dump(["--program", arch, str(blob)])
        if out and out[0].startswith("ERR"):
            failures.append(f"{co}: {out[0]}")
            continue
        rows = [line.split("\t") for line in out]
        encs = encode_lines([r[2] for r in rows], arch)
        for (addr, hexbytes, disasm), enc in zip(rows, encs):
            total += 1
            if isinstance(enc, AssemblyError) or enc.hex() != hexbytes:
                failures.append(f"{os.path.basename(co)} +0x{addr}: [{hexbytes}] '{disasm}' -> {enc if isinstance(enc, AssemblyError) else enc.hex()}")
    print(f"\npack: {len(objects)} code objects, {total} instructions round-tripped, {len(failures)} failures")
    assert not failures, "\n".join(failures[:50])
