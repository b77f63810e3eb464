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
    assert manifest["schema_version"] == 3
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


# Shared definitions (manifest/README.md "Shared definitions"), on hand-written entries: the expected
# forms below are written out here, not computed by the code under test.
def _entry(kernel_id: str, cost, grid0) -> dict:
    return {"kernarg": {"args": [{"name": "n", "value": "n"}]},
            "launch": {"grid": [grid0, 1, 1], "dynamic_lds": 0, "workspace": 0},
            "constraints": [{"name": "n_positive", "expr": ["ge", "n", 1], "message": "n must be positive"}],
            "cost": cost, "id": kernel_id}


def _ref_name(text: str) -> str:
    return "x" + hashlib.sha256(text.encode()).hexdigest()[:12]


def test_repeated_subtrees_are_written_once_and_referenced():
    from gen.manifest import share_expressions
    tiles = ["mul", ["ceil_div", "n", 256], ["ceil_div", "m", 64]]  # 44 characters: long enough to share
    tiles_name = _ref_name('["mul",["ceil_div","n",256],["ceil_div","m",64]]')
    entries = [_entry("a", ["add", tiles, 1], tiles), _entry("b", ["max", tiles, 2], ["ceil_div", "n", 256])]
    original = copy.deepcopy(entries)
    defs, shared = share_expressions(entries)
    assert entries == original  # the caller's entries stay inline
    assert defs == {tiles_name: {"expr": ["mul", ["ceil_div", "n", 256], ["ceil_div", "m", 64]]}}
    assert shared[0]["cost"] == ["add", ["ref", tiles_name], 1]
    assert shared[0]["launch"]["grid"][0] == ["ref", tiles_name]
    assert shared[1]["cost"] == ["max", ["ref", tiles_name], 2]
    # short repeats stay inline: a reference would be about as long
    assert shared[1]["launch"]["grid"][0] == ["ceil_div", "n", 256]
    assert shared[0]["constraints"][0]["expr"] == ["ge", "n", 1]


def test_a_subtree_repeated_only_inside_one_definition_is_not_a_definition_of_its_own():
    from gen.manifest import share_expressions
    inner = ["mul", ["ceil_div", "n", 256], ["ceil_div", "m", 64]]
    outer = ["add", inner, ["div", "cus", 4]]
    outer_name = _ref_name('["add",["mul",["ceil_div","n",256],["ceil_div","m",64]],["div","cus",4]]')
    defs, shared = share_expressions([_entry("a", outer, 1), _entry("b", outer, 1)])
    assert defs == {outer_name: {"expr": ["add", ["mul", ["ceil_div", "n", 256], ["ceil_div", "m", 64]],
                                          ["div", "cus", 4]]}}
    assert shared[0]["cost"] == shared[1]["cost"] == ["ref", outer_name]


def test_inline_expressions_restores_the_entries(manifest):
    from gen.manifest import inline_expressions, share_expressions
    inline = inline_expressions(manifest)
    assert "defs" not in inline
    assert '["ref",' not in json.dumps(inline["kernels"], separators=(",", ":"))  # no reference left
    defs, kernels = share_expressions(inline["kernels"])
    assert defs == manifest.get("defs", {}) and kernels == manifest["kernels"]


REFERENCE_BREAKAGES = {
    "dangling reference": (lambda m: m["kernels"][0].update(cost=["ref", "x_nowhere"]), r"kernels/0.*x_nowhere"),
    "unused definition": (lambda m: m.setdefault("defs", {}).update(spare={"expr": 1}), r"defs/spare.*no kernel"),
    "cyclic reference": (lambda m: (m.setdefault("defs", {}).update(a={"expr": ["add", ["ref", "b"], 1]},
                                                                   b={"expr": ["add", ["ref", "a"], 1]}),
                                    m["kernels"][0].update(cost=["ref", "a"])), r"cyclic.*a -> b -> a"),
    "definition of another kind": (lambda m: m.setdefault("defs", {}).update(k={"kernarg": {"size": 8}}),
                                   r"defs/k"),
    "reference with two names": (lambda m: m["kernels"][0].update(cost=["ref", "a", "b"]), r"kernels/0/cost"),
}


@pytest.mark.parametrize("what", sorted(REFERENCE_BREAKAGES))
def test_bad_references_are_rejected_naming_the_place(manifest, what):
    mutate, where = REFERENCE_BREAKAGES[what]
    with pytest.raises(ManifestError, match=where):
        validate_manifest(_break(manifest, mutate))
