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


def validate_manifest(manifest: dict) -> None:
    """Schema check plus the cross-field rules a schema cannot say; raise ManifestError naming the spot."""
    validator = jsonschema.Draft202012Validator(load_schema())
    errors = sorted(validator.iter_errors(manifest), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path) or "(top level)"
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


def manifest_bytes(manifest: dict) -> bytes:
    """Sorted keys, fixed indentation, trailing newline: two builds give identical bytes."""
    return (json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=True) + "\n").encode()
