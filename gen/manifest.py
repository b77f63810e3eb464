"""Manifest entries, schema validation and byte-stable writing (manifest/README.md is the format)."""

import hashlib
import json
from collections import Counter

import jsonschema

from gen import PACK_VERSION
from gen.paths import SCHEMA_PATH
from gen.spec import FamilySpec, Variant

SCHEMA_VERSION = 3
# A repeated subtree shorter than this (compact JSON characters) stays inline: a reference to it,
# ["ref","x0123456789ab"], is about as long.
SHARED_EXPR_MIN_CHARS = 32
REF_OP = "ref"


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
    """The manifest as written: `kernels` are entries with their expressions inline (kernel_entry); each
    subtree they repeat is written once under `defs` and referenced (share_expressions)."""
    defs, shared = share_expressions(sorted(kernels, key=lambda k: k["id"]))
    return {
        "schema_version": SCHEMA_VERSION,
        "pack_version": PACK_VERSION,
        "toolchain": toolchain,
        "archs": sorted(archs),
        "families": {name: {"variants": sorted(ids)} for name, ids in sorted(families.items())},
        "defs": defs,
        "kernels": shared,
    }


def _expr_slots(kernel: dict):
    """(container, key) of every expression in a kernel entry, in a fixed order."""
    for arg in kernel["kernarg"]["args"]:
        yield arg, "value"
    for axis in range(3):
        yield kernel["launch"]["grid"], axis
    yield kernel["launch"], "dynamic_lds"
    yield kernel["launch"], "workspace"
    for constraint in kernel["constraints"]:
        yield constraint, "expr"
    yield kernel, "cost"


def _expr_text(expr) -> str:
    return json.dumps(expr, separators=(",", ":"), ensure_ascii=True)


def _leaf_text(leaf) -> str:
    """_expr_text of a name or a number, without json.dumps' per-call setup (a build encodes ~10^6 leaves)."""
    if isinstance(leaf, str):
        return json.encoder.encode_basestring_ascii(leaf)
    if type(leaf) is int:
        return int.__repr__(leaf)
    return _expr_text(leaf)


def share_expressions(kernels: list[dict]) -> tuple[dict, list[dict]]:
    """Hash-consing: every operator subtree the entries repeat (and long enough to gain) becomes a
    definition `{"expr": body}` written once, and each occurrence `["ref", name]`. The name is a digest
    of the subtree, so an entry's text does not depend on the other entries (reproducible, and the
    schema check's per-entry memo stays valid). A definition used once is put back inline. Returns
    (defs, entries); the given entries are not modified."""
    counts: Counter = Counter()

    def count(expr) -> str:  # the subtree's text, built from its children's (one pass, not one per level)
        if not isinstance(expr, list):
            return _leaf_text(expr)
        text = "[" + ",".join([_leaf_text(expr[0])] + [count(arg) for arg in expr[1:]]) + "]"
        counts[text] += 1
        return text

    for kernel in kernels:
        for container, key in _expr_slots(kernel):
            count(container[key])
    bodies: dict[str, list] = {}
    shared_form: dict[str, object] = {}  # subtree text -> its form with references

    def share(expr) -> tuple[str, object]:
        if not isinstance(expr, list):
            return _leaf_text(expr), expr
        args = [share(arg) for arg in expr[1:]]
        text = "[" + ",".join([_leaf_text(expr[0])] + [arg_text for arg_text, _ in args]) + "]"
        if text not in shared_form:
            body = [expr[0]] + [form for _, form in args]
            if counts[text] < 2 or len(text) < SHARED_EXPR_MIN_CHARS:
                shared_form[text] = body
            else:
                name = "x" + hashlib.sha256(text.encode()).hexdigest()[:12]
                if name in bodies:
                    raise ManifestError(f"defs: two different subtrees share the digest name {name}")
                bodies[name] = body
                shared_form[text] = [REF_OP, name]
        return text, shared_form[text]

    entries = json.loads(json.dumps(kernels))  # a deep copy: the caller's entries stay inline
    for kernel in entries:
        for container, key in _expr_slots(kernel):
            container[key] = share(container[key])[1]
    return _inline_single_uses(bodies, entries)


def _inline_single_uses(bodies: dict[str, list], entries: list[dict]) -> tuple[dict, list[dict]]:
    """A definition referenced once saves nothing: put its body back at that reference. (Moving a body
    moves its references without changing how often each is used, so one pass suffices.)"""
    uses: Counter = Counter()

    def count_refs(expr) -> None:
        if isinstance(expr, list):
            if expr[0] == REF_OP:
                uses[expr[1]] += 1
                return
            for arg in expr[1:]:
                count_refs(arg)

    for body in bodies.values():
        count_refs(body)
    for kernel in entries:
        for container, key in _expr_slots(kernel):
            count_refs(container[key])

    def inline(expr):
        if not isinstance(expr, list):
            return expr
        if expr[0] == REF_OP:
            return inline(bodies[expr[1]]) if uses[expr[1]] == 1 else expr
        return [expr[0]] + [inline(arg) for arg in expr[1:]]

    for kernel in entries:
        for container, key in _expr_slots(kernel):
            container[key] = inline(container[key])
    defs = {name: {"expr": inline(body)} for name, body in sorted(bodies.items()) if uses[name] > 1}
    return defs, entries


def inline_expressions(manifest: dict) -> dict:
    """The manifest with every reference replaced by its definition's body and no `defs`: the form
    kernel_entry makes, for readers that want whole expressions (a partial build reuses old entries so).
    Raises ManifestError on a reference to a missing definition or a cycle."""
    defs = manifest.get("defs", {})
    done: dict[str, object] = {}

    def inline(expr, active: tuple):
        if not isinstance(expr, list):
            return expr
        if expr and expr[0] == REF_OP:
            name = expr[1] if len(expr) == 2 else None
            if name in active:
                raise ManifestError(f"defs/{name}: cyclic reference ({' -> '.join(active + (name,))})")
            if not isinstance(name, str) or not isinstance(defs.get(name), dict) or "expr" not in defs[name]:
                raise ManifestError(f"reference {_expr_text(expr)} names no expression definition")
            if name not in done:
                done[name] = inline(defs[name]["expr"], active + (name,))
            return done[name]
        return [expr[0]] + [inline(arg, active) for arg in expr[1:]]

    out = {key: value for key, value in manifest.items() if key != "defs"}
    out["kernels"] = json.loads(json.dumps(manifest.get("kernels", [])))
    for kernel in out["kernels"]:
        for container, key in _expr_slots(kernel):
            container[key] = inline(container[key], ())
    return json.loads(json.dumps(out))  # shared bodies become separate copies


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
    _check_references(manifest)
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


def _check_references(manifest: dict) -> None:
    """Every reference names a definition, no definition reaches itself, and every definition is reached
    from some kernel (an unused one is a generator bug or a hand edit)."""
    defs = manifest.get("defs", {})
    state: dict[str, str] = {}  # name -> "active" while its body is walked, then "done"

    def walk(expr, where: str, path: tuple) -> None:
        if not isinstance(expr, list):
            return
        if expr[0] != REF_OP:
            for arg in expr[1:]:
                walk(arg, where, path)
            return
        name = expr[1]
        if name not in defs:
            raise ManifestError(f"{where}: reference to '{name}', which defs does not define")
        if state.get(name) == "active":
            raise ManifestError(f"defs/{name}: cyclic reference ({' -> '.join(path + (name,))})")
        if state.get(name) is None:
            state[name] = "active"
            walk(defs[name]["expr"], f"defs/{name}/expr", path + (name,))
            state[name] = "done"

    for i, k in enumerate(manifest["kernels"]):
        for container, key in _expr_slots(k):
            walk(container[key], f"kernels/{i}", ())
    unused = sorted(set(defs) - set(state))
    if unused:
        raise ManifestError(f"defs/{unused[0]}: defined but no kernel uses it")


def manifest_bytes(manifest: dict) -> bytes:
    """Sorted keys, compact separators, trailing newline: two builds give identical bytes. Compact
    because the manifest is read by programs (indented it was twice the size of all its code objects);
    `ingot info KERNEL --json` or `python -m json.tool` show an entry readably."""
    return (json.dumps(manifest, separators=(",", ":"), sort_keys=True, ensure_ascii=True) + "\n").encode()
