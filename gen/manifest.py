"""Manifest entries, schema validation and byte-stable writing (manifest/README.md is the format)."""

import hashlib
import json

import jsonschema

from gen import PACK_VERSION
from gen.paths import SCHEMA_PATH
from gen.spec import FamilySpec, Variant

SCHEMA_VERSION = 2


class ManifestError(Exception):
    pass


def kernel_entry(spec: FamilySpec, variant: Variant, co: bytes, resources: dict) -> dict:
    layout = spec.kernarg_layout(variant.params)
    return {
        "id": variant.id,
        "family": spec.name,
        "op": spec.op,
        "arch": variant.arch,
        "params": dict(variant.params),
        "file": f"{variant.arch}/{variant.id}.co",
        "symbol": variant.id,
        "sha256": hashlib.sha256(co).hexdigest(),
        "size": len(co),
        "kernarg": {
            "size": layout.size,
            "align": layout.align,
            "args": [{"name": a.name, "type": a.type, "offset": a.offset, "size": a.size, "value": a.value}
                     for a in layout.args],
        },
        "launch": {
            "workgroup": list(spec.workgroup(variant.params)),
            "grid": list(spec.grid(variant.params)),
            "dynamic_lds": spec.dynamic_lds(variant.params),
            "workspace": spec.workspace(variant.params),
        },
        "match": spec.match_for(variant.params),
        "constraints": [{"name": c.name, "expr": c.expr, "message": c.message}
                        for c in spec.constraints(variant.params)],
        "cost": spec.cost(variant.arch, variant.params),
        "resources": resources,
    }


def assemble_manifest(toolchain: dict, archs: list[str], families: dict[str, list[str]],
                      kernels: list[dict]) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "pack_version": PACK_VERSION,
        "toolchain": toolchain,
        "archs": sorted(archs),
        "families": {name: {"variants": sorted(ids)} for name, ids in sorted(families.items())},
        "kernels": sorted(kernels, key=lambda k: k["id"]),
    }


_schema_cache: dict = {}


def load_schema() -> dict:
    if "schema" not in _schema_cache:
        with open(SCHEMA_PATH) as f:
            _schema_cache["schema"] = json.load(f)
    return _schema_cache["schema"]


def entry_digest(entry: dict) -> str:
    """sha256 of a kernel entry's canonical JSON: the key under which a schema-valid entry is remembered."""
    return hashlib.sha256(json.dumps(entry, sort_keys=True, ensure_ascii=True).encode()).hexdigest()


def schema_digest() -> str:
    with open(SCHEMA_PATH, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def validate_manifest(manifest: dict, known_valid: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """Schema check plus the cross-field rules a schema cannot say; raise ManifestError naming the spot.

    Kernel entries whose entry_digest is in `known_valid` (entries this schema already accepted) skip the
    schema check: it is most of a build's time, and an edit changes few entries. The cross-field rules
    always see every entry. Returns the digests of all kernel entries, now known valid."""
    validator = jsonschema.Draft202012Validator(load_schema())
    digests = [entry_digest(k) for k in manifest.get("kernels", [])] if isinstance(manifest.get("kernels"), list) else []
    unchecked = [i for i, d in enumerate(digests) if d not in known_valid]
    subset = dict(manifest)
    if digests:
        subset["kernels"] = [manifest["kernels"][i] for i in unchecked]
    errors = sorted(validator.iter_errors(subset), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        path = list(first.absolute_path)
        if digests and len(path) >= 2 and path[0] == "kernels":
            path[1] = unchecked[path[1]]  # the index in the whole manifest, not in the checked subset
        where = "/".join(str(p) for p in path) or "(top level)"
        raise ManifestError(f"manifest invalid at {where}: {first.message}")
    seen = set()
    for i, k in enumerate(manifest["kernels"]):
        if k["id"] in seen:
            raise ManifestError(f"kernels/{i}: duplicate id '{k['id']}'")
        seen.add(k["id"])
        if k["symbol"] != k["id"] or k["file"] != f"{k['arch']}/{k['id']}.co":
            raise ManifestError(f"kernels/{i}: id, symbol and file stem must agree ('{k['id']}')")
        if k["arch"] not in manifest["archs"]:
            raise ManifestError(f"kernels/{i}: arch {k['arch']} is not in archs")
        end = 0
        for j, a in enumerate(k["kernarg"]["args"]):
            if a["offset"] < end or a["offset"] % a["size"]:
                raise ManifestError(f"kernels/{i}/kernarg/args/{j}: '{a['name']}' overlaps or is misaligned")
            end = a["offset"] + a["size"]
        if end > k["kernarg"]["size"]:
            raise ManifestError(f"kernels/{i}/kernarg: args end at {end}, past size {k['kernarg']['size']}")
    return set(digests)


def manifest_bytes(manifest: dict) -> bytes:
    """Sorted keys, compact separators, trailing newline: two builds give identical bytes. Compact
    because the manifest is read by programs (indented it was twice the size of all its code objects);
    `ingot info KERNEL --json` or `python -m json.tool` show an entry readably."""
    return (json.dumps(manifest, separators=(",", ":"), sort_keys=True, ensure_ascii=True) + "\n").encode()
