"""Build the pack from scratch and compare every file's sha256 with another build of the same sources.

The other build is `--against DIR` (ctest passes the build tree's own pack, which the build made with its
work cache: a match also shows the cache changes no byte) or, without it, a second clean build.

Run by ctest (gen.reproducible): `python -m gen.check_reproducible [--arch gfx942,gfx950] [-j N] [--against DIR]`."""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

from gen.paths import SOURCE_ROOT


def _digests(root: str) -> dict[str, str]:
    out = {}
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, root)] = hashlib.sha256(f.read()).hexdigest()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--arch", default="gfx942,gfx950")
    parser.add_argument("-j", "--jobs", default="2")
    parser.add_argument("--against", help="a pack built from the same sources (default: build a second one)")
    args = parser.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=str(SOURCE_ROOT))
    with tempfile.TemporaryDirectory(prefix="ingot-repro-") as tmp:
        packs = [_digests(args.against)] if args.against else []
        for run in ("a", "b")[len(packs):]:
            pack, work = os.path.join(tmp, run, "pack"), os.path.join(tmp, run, "work")
            cmd = [sys.executable, "-m", "gen", "build", "--out", pack, "--work", work, "--arch", args.arch,
                   "-j", args.jobs]
            proc = subprocess.run(cmd, cwd=SOURCE_ROOT, env=env, capture_output=True, text=True)
            if proc.returncode != 0:
                print(f"build {run} failed:\n{proc.stdout}{proc.stderr}", file=sys.stderr)
                return 1
            packs.append(_digests(pack))
    first, second = packs
    if not first or "manifest.json" not in first:
        print("the build produced no manifest", file=sys.stderr)
        return 1
    differ = sorted(p for p in set(first) | set(second) if first.get(p) != second.get(p))
    if differ:
        print("not reproducible, these files differ between the two builds:", file=sys.stderr)
        for p in differ:
            print(f"  {p}: {first.get(p, 'missing')} vs {second.get(p, 'missing')}", file=sys.stderr)
        return 1
    print(f"reproducible: {len(first)} files identical across two builds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
