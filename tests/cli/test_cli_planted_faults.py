"""`ingot validate` on copies of the real pack with one planted fault each: exit 1 and a line naming
the problem. Faults are planted with plain file and JSON edits here, not with libingot."""
import hashlib
import json
import shutil
from pathlib import Path

from conftest import run


def load(pack: Path) -> dict:
    return json.loads((pack / "manifest.json").read_text())


def save(pack: Path, manifest: dict) -> None:
    (pack / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True))


def validate(cli, pack: Path):
    result = run(cli, "validate", "--pack", str(pack))
    assert result.returncode == 1, f"expected failure, got:\n{result.stdout}{result.stderr}"
    assert result.stdout.strip(), "one line per problem on stdout"
    return result.stdout.splitlines()


def lines_about(lines, *words):
    return [line for line in lines if all(w.lower() in line.lower() for w in words)]


def test_flipped_byte_is_a_sha256_mismatch(cli, pack_copy):
    k = load(pack_copy)["kernels"][0]
    path = pack_copy / k["file"]
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    lines = validate(cli, pack_copy)
    assert lines_about(lines, k["id"], "sha256"), lines


def test_wrong_arch_code_object(cli, pack_copy):
    """A gfx950 object in a gfx942 slot, with size and sha256 updated so only the arch is wrong."""
    m = load(pack_copy)
    k942 = next(k for k in m["kernels"] if k["arch"] == "gfx942")
    k950 = next(k for k in m["kernels"] if k["arch"] == "gfx950")
    data = (pack_copy / k950["file"]).read_bytes()
    (pack_copy / k942["file"]).write_bytes(data)
    k942["sha256"] = hashlib.sha256(data).hexdigest()
    k942["size"] = len(data)
    save(pack_copy, m)
    lines = validate(cli, pack_copy)
    assert lines_about(lines, k942["id"], "gfx950"), lines


def test_missing_file(cli, pack_copy):
    k = load(pack_copy)["kernels"][0]
    (pack_copy / k["file"]).unlink()
    lines = validate(cli, pack_copy)
    assert lines_about(lines, k["id"]), lines
    assert any(w in " ".join(lines).lower() for w in ["missing", "not found", "no such", "cannot"]), lines


def test_extra_file(cli, pack_copy):
    k = load(pack_copy)["kernels"][0]
    extra = pack_copy / k["arch"] / "stray_kernel.co"
    shutil.copy(pack_copy / k["file"], extra)
    lines = validate(cli, pack_copy)
    assert lines_about(lines, "stray_kernel.co"), lines


def test_path_traversal(cli, pack_copy):
    m = load(pack_copy)
    k = m["kernels"][0]
    k["file"] = "../" + k["file"].split("/")[-1]
    save(pack_copy, m)
    lines = validate(cli, pack_copy)
    assert lines_about(lines, k["id"], ".."), lines


def test_kernarg_mismatch(cli, pack_copy):
    """The manifest moves one argument; the code object's metadata still has the old offset."""
    m = load(pack_copy)
    k = m["kernels"][0]
    arg = k["kernarg"]["args"][-1]
    arg["offset"] += 4
    k["kernarg"]["size"] = max(k["kernarg"]["size"], arg["offset"] + arg["size"])
    save(pack_copy, m)
    lines = validate(cli, pack_copy)
    assert lines_about(lines, k["id"], arg["name"]), lines
    assert lines_about(lines, k["id"], "offset") or lines_about(lines, k["id"], "kernarg"), lines


def test_run_refuses_a_kernel_whose_manifest_moved_an_argument(cli, pack_copy):
    """Load-time checks: every gfx942 gemm entry moves its last argument (sha256s untouched); `ingot run`
    must refuse the selected kernel naming it and the argument, not launch it with misplaced arguments."""
    m = load(pack_copy)
    moved = {}
    for k in m["kernels"]:
        if k["op"] == "gemm" and k["arch"] == "gfx942":
            arg = k["kernarg"]["args"][-1]
            arg["offset"] += 4
            k["kernarg"]["size"] = max(k["kernarg"]["size"], arg["offset"] + arg["size"])
            moved[k["id"]] = arg["name"]
    save(pack_copy, m)
    result = run(cli, "run", "gemm", "--pack", str(pack_copy), "--device", "emu", "--arch", "gfx942",
                 "--m", "17", "--n", "64", "--k", "32")
    assert result.returncode == 1, result.stdout + result.stderr
    named = [kid for kid in moved if kid in result.stderr]
    assert named, result.stderr
    assert "kernarg " + moved[named[0]] in result.stderr, result.stderr
    assert "PASS" not in result.stdout and "FAIL" not in result.stdout


def test_every_fault_leaves_the_other_kernels_alone(cli, pack_copy):
    """One broken kernel gives problem lines about that kernel only."""
    m = load(pack_copy)
    k = m["kernels"][-1]
    path = pack_copy / k["file"]
    data = bytearray(path.read_bytes())
    data[0] ^= 0xff
    path.write_bytes(bytes(data))
    lines = validate(cli, pack_copy)
    others = {x["id"] for x in m["kernels"]} - {k["id"]}
    assert not [line for line in lines if any(line.startswith(o + ":") for o in others)], lines
