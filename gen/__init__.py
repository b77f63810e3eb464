"""ingot's build-time generator: family specs -> rendered AMDGCN -> code objects -> manifest.

Run from the source root as `python -m gen <verb>` (see gen/cli.py)."""

PACK_VERSION = "0.1.0"
