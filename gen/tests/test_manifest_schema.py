import copy
import hashlib
import json

import jsonschema
import pytest

from gen.manifest import ManifestError, load_schema, manifest_bytes, validate_manifest


@pytest.fixture
def manifest(built_pack):
    out, _, _ = built_pack
    return json.loads((out / "manifest.json").read_text())


def test_schema_is_draft_2020_12_and_itself_valid():
    schema = load_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_built_manifest_validates(manifest):
    validate_manifest(manifest)
    assert manifest["schema_version"] == 2
    assert manifest["toolchain"]["backend"] in ("rocm-llvm", "triton-llvm")
    assert [k["id"] for k in manifest["kernels"]] == sorted(k["id"] for k in manifest["kernels"])
    # `families` lists every declared variant; the session pack is a filtered slice of them
    declared = {i for f in manifest["families"].values() for i in f["variants"]}
    assert {k["id"] for k in manifest["kernels"]} <= declared
    from gen.families import FAMILIES
    from gen.spec import expand
    for name, spec in FAMILIES.items():
        assert manifest["families"][name]["variants"] == [v.id for v in expand(spec, manifest["archs"])[0]]


def test_manifest_file_is_written_canonically(built_pack, manifest):
    out, _, _ = built_pack
    data = (out / "manifest.json").read_bytes()
    assert data == manifest_bytes(manifest)
    assert b"\n " not in data  # compact: no indentation
    assert (out / "manifest.json.sha256").read_text() == hashlib.sha256(data).hexdigest() + "\n"


def _break(manifest, mutate):
    broken = copy.deepcopy(manifest)
    mutate(broken)
    return broken


BREAKAGES = {
    "wrong schema version": lambda m: m.update(schema_version=1),
    "missing kernels": lambda m: m.pop("kernels"),
    "unknown top-level key": lambda m: m.update(built_at="2026-01-01"),
    "absolute file path": lambda m: m["kernels"][0].update(file="/tmp/x.co"),
    "parent dir in file": lambda m: m["kernels"][0].update(file="gfx942/../x.co"),
    "short sha256": lambda m: m["kernels"][0].update(sha256="abc"),
    "uppercase sha256": lambda m: m["kernels"][0].update(sha256="A" * 64),
    "unknown arch": lambda m: m["kernels"][0].update(arch="gfx1100"),
    "unknown op": lambda m: m["kernels"][0].update(op="conv"),
    "bad kernarg type": lambda m: m["kernels"][0]["kernarg"]["args"][0].update(type="half"),
    "bad expression operator": lambda m: m["kernels"][0].update(cost=["pow", "M", 2]),
    "constraint without message": lambda m: m["kernels"][0]["constraints"][0].pop("message"),
    "grid of two": lambda m: m["kernels"][0]["launch"].update(grid=[1, 1]),
    "missing resources field": lambda m: m["kernels"][0]["resources"].pop("vgpr"),
    "symbol differs from id": lambda m: m["kernels"][0].update(symbol="other"),
    "duplicate id": lambda m: m["kernels"].append(copy.deepcopy(m["kernels"][0])),
    "overlapping kernargs": lambda m: m["kernels"][0]["kernarg"]["args"][1].update(offset=4),
    "args past kernarg size": lambda m: m["kernels"][0]["kernarg"].update(size=8),
}


@pytest.mark.parametrize("what", sorted(BREAKAGES))
def test_broken_manifests_are_rejected(manifest, what):
    with pytest.raises(ManifestError):
        validate_manifest(_break(manifest, BREAKAGES[what]))


def test_rejection_names_the_place(manifest):
    broken = _break(manifest, BREAKAGES["short sha256"])
    with pytest.raises(ManifestError, match=r"kernels/0/sha256"):
        validate_manifest(broken)


def test_entries_known_valid_skip_the_schema_but_an_invalid_one_is_found_at_its_index(manifest):
    from gen.manifest import entry_digest
    known = validate_manifest(manifest)
    assert known == {entry_digest(k) for k in manifest["kernels"]}
    broken = copy.deepcopy(manifest)
    last = len(broken["kernels"]) - 1
    broken["kernels"][last]["size"] = -1
    with pytest.raises(ManifestError, match=f"kernels/{last}/size"):
        validate_manifest(broken, known)  # the changed entry has a new digest: it is checked
