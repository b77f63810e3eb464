"""Builds the gemm_fp8 family alone into a pack directory (kernels + manifest.json) for the tests.

Uses gen's own pipeline (render, assemble, read back, schema-checked manifest) with the family's spec
passed explicitly, so the tests do not depend on the shared registry or on the other families.
Usage: build_pack.py OUT WORK [ARCH,...]"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from gen.build import BuildOptions, run_build  # noqa: E402
from gen.families import gemm_fp8  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    archs = argv[3].split(",") if len(argv) > 3 else ["gfx942", "gfx950"]
    result = run_build(BuildOptions(out=argv[1], work=argv[2], archs=archs, jobs=1, specs=[gemm_fp8.SPEC]))
    print(f"gemm_fp8: built {len(result.built)}, cached {len(result.cached)}: {dict(result.counts)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
