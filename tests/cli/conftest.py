"""Fixtures for the `ingot` CLI tests: the built binary and the real pack (paths from CMake)."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest


def _cli() -> Path:
    path = os.environ.get("INGOT_CLI")
    if not path:
        pytest.skip("INGOT_CLI is not set (run through ctest)")
    return Path(path)


@pytest.fixture(scope="session")
def cli() -> Path:
    return _cli()


@pytest.fixture(scope="session")
def pack_dir() -> Path:
    path = Path(os.environ.get("INGOT_PACK_DIR", ""))
    if not (path / "manifest.json").is_file():
        pytest.skip(f"no built pack at {path} (build the `pack` target)")
    return path


@pytest.fixture()
def pack_copy(pack_dir: Path, tmp_path: Path) -> Path:
    """A private copy of the pack to plant faults in. Without the manifest's digest file: the tests
    edit the manifest to reach the checks behind it (Pack::open verifies the digest when present)."""
    copy = tmp_path / "pack"
    shutil.copytree(pack_dir, copy)
    (copy / "manifest.json.sha256").unlink(missing_ok=True)
    return copy


def run(cli: Path, *args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "INGOT_PACK"}
    env.update(env_extra or {})
    return subprocess.run([str(cli), *args], capture_output=True, text=True, env=env, timeout=120)
