"""Command line: python -m gen {build,probe,asm,encode} (run from the source root)."""

import argparse
import sys

from gen.archs import ARCHS
from gen.toolchain import AssemblyError, ToolchainUnavailable


def _archs(text: str) -> list[str]:
    archs = [a.strip() for a in text.split(",") if a.strip()]
    for a in archs:
        if a not in ARCHS:
            raise argparse.ArgumentTypeError(f"unknown arch '{a}' (known: {', '.join(sorted(ARCHS))})")
    return archs


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m gen", description="ingot kernel pack generator")
    sub = p.add_subparsers(dest="verb", required=True)

    b = sub.add_parser("build", help="render, assemble and link the pack; write manifest.json")
    b.add_argument("--out", help="pack directory (manifest.json, <arch>/<id>.co)")
    b.add_argument("--work", help="work/cache directory (never inside the pack)")
    b.add_argument("--arch", type=_archs, default=sorted(ARCHS), help="comma-separated archs")
    b.add_argument("--family", action="append", help="only this family (repeatable)")
    b.add_argument("--filter", help="only variant ids matching this glob")
    b.add_argument("--list", action="store_true", help="print the selected variants and exit")
    b.add_argument("-j", "--jobs", type=int, default=0, help="parallel assembler processes (default: cores)")

    pr = sub.add_parser("probe", help="check the toolchain can build for an arch")
    pr.add_argument("--arch", required=True)

    a = sub.add_parser("asm", help="assemble and link one hand-written .s file")
    a.add_argument("file")
    a.add_argument("--arch", required=True, type=_archs)
    a.add_argument("-o", "--output", required=True)

    e = sub.add_parser("encode", help="stdin: one instruction per line; stdout: '<hex>\\t<line>' or "
                                      "'error\\t<line>\\t<message>' (hex = bytes in memory order)")
    e.add_argument("--arch", required=True, type=_archs)
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return {"build": _build, "probe": _probe, "asm": _asm, "encode": _encode}[args.verb](args)
    except ToolchainUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _build(args) -> int:
    import os

    from gen.build import BuildError, BuildOptions, run_build, select_variants
    if args.list:
        try:
            selected = select_variants(args.arch, args.family, args.filter)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        for _, v in selected:
            print(f"{v.arch}\t{v.family}\t{v.id}")
        return 0
    if not args.out or not args.work:
        print("error: build needs --out PACK_DIR and --work WORK_DIR", file=sys.stderr)
        return 2
    out, work = os.path.abspath(args.out), os.path.abspath(args.work)
    if work == out or work.startswith(out + os.sep):
        print("error: --work must not be inside --out (the pack only holds what ships)", file=sys.stderr)
        return 2
    try:
        families = args.family
        result = run_build(BuildOptions(out, work, args.arch, families, args.filter, args.jobs))
    except (BuildError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    per = ", ".join(f"{fam}/{arch}: {n}" for (fam, arch), n in sorted(result.counts.items()))
    print(f"pack {args.out}: {per or 'no kernels'}; assembled {len(result.built)}, "
          f"cached {len(result.cached)}, removed {len(result.removed)} stale; {result.seconds:.1f} s")
    return 0


def _probe(args) -> int:
    from gen.probe import probe
    ok, message = probe(args.arch)
    print(message, file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


def _asm(args) -> int:
    from gen.toolchain import get_backend
    arch = args.arch[0]
    try:
        with open(args.file) as f:
            source = f.read()
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    backend = get_backend()
    try:
        co = backend.link(backend.assemble(source, arch), arch)
    except AssemblyError as exc:
        for d in exc.diagnostics or []:
            print(f"{args.file}:{d.line if d.line is not None else '?'}: error: {d.message}", file=sys.stderr)
            if d.text.strip():
                print(f"    {d.text.strip()}", file=sys.stderr)
        if not exc.diagnostics:
            print(f"{args.file}: error: {exc.summary}", file=sys.stderr)
        return 1
    with open(args.output, "wb") as f:
        f.write(co)
    return 0


def _encode(args) -> int:
    from gen.toolchain import encode_lines
    lines = [line.rstrip("\r\n") for line in sys.stdin]
    for line, result in zip(lines, encode_lines(lines, args.arch[0])):
        if isinstance(result, bytes):
            print(f"{result.hex()}\t{line}")
        else:
            print(f"error\t{line}\t{result.summary}")
    return 0
