"""Where things live in the source tree (paths are resolved from this file, never from the cwd)."""

from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parent.parent
ASM_DIR = SOURCE_ROOT / "asm"
SCHEMA_PATH = SOURCE_ROOT / "manifest" / "schema.json"
