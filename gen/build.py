"""`gen build`: render -> (cache check) -> assemble + link in parallel -> read back -> pack + manifest.

Incremental at every step, so a kernel author's loop after editing one template takes seconds:
- render: a variant's render key is sha256(its context, the templates it can include, the generator code
  that renders); <arch>/<id>.{s,rkey} in the work dir. Only variants whose render key changed are rendered.
- assemble: the cache key is sha256(rendered source, toolchain identity, arch); <arch>/<id>.{co,key}. Only
  variants whose key changed are assembled.
- read back: <arch>/<id>.readback holds what the metadata note and descriptor of the code object said
  (its kernarg list and resources), keyed by the code object's sha256; only new code objects are parsed.
- template closure: template-refs.json remembers which templates each template source includes or imports
  (by the source's sha256), so an unchanged template is not parsed again to find them.
- validate: validated-kernels.json remembers the manifest entries the schema accepted (by entry digest,
  per schema digest); only new or changed entries go through the schema check again.
The pack directory only ever receives finished files (atomic renames), and is never used as a cache."""

import fnmatch
import hashlib
import json
import multiprocessing
import os
import time
import traceback
from dataclasses import dataclass

import jinja2
import jinja2.meta

from gen.context import build_context
from gen.families import FAMILIES
from gen.manifest import (ManifestError, assemble_manifest, inline_expressions, kernel_entry, manifest_bytes,
                          schema_digest, validate_manifest)
from gen.readback import ReadbackError, read_code_object
from gen.render import Rendered, make_environment, render, render_text
from gen.spec import FamilySpec, Variant, expand
from gen.toolchain import AssemblyError, get_backend

CACHE_FORMAT = "ingot-gen-cache-1"
RENDER_FORMAT = "ingot-gen-render-1"
READBACK_FORMAT = "ingot-gen-readback-1"
VALIDATED_FILE = "validated-kernels.json"
TEMPLATE_REFS_FILE = "template-refs.json"
# What a rendering depends on besides the templates and the context: the marker handling, and the `isa`
# module templates call into.
_RENDER_CODE = [os.path.join(os.path.dirname(__file__), name)
                for name in ("render.py", "asm_passes.py", "context.py", "archs.py", "arch_facts.py", "../arch/arch_facts.def")]


class BuildError(Exception):
    pass


@dataclass
class BuildOptions:
    out: str
    work: str
    archs: list[str]
    families: list[str] | None = None
    filter: str | None = None
    jobs: int = 0
    backend: str | None = None
    # tests substitute their own family specs and template folder; the default is the real registry + asm/
    specs: list[FamilySpec] | None = None
    asm_dir: str | None = None

    def registry(self) -> dict[str, FamilySpec]:
        return {s.name: s for s in self.specs} if self.specs is not None else dict(FAMILIES)


@dataclass
class BuildResult:
    built: list[str]
    cached: list[str]
    removed: list[str]
    counts: dict[tuple[str, str], int]   # (family, arch) -> kernels
    seconds: float


def select_variants(archs: list[str], families: list[str] | None, pattern: str | None,
                    registry: dict[str, FamilySpec] | None = None) -> list[tuple[FamilySpec, Variant]]:
    registry = FAMILIES if registry is None else registry
    if families:
        unknown = [f for f in families if f not in registry]
        if unknown:
            raise ValueError(f"unknown family '{unknown[0]}' (known: {', '.join(sorted(registry))})")
    specs = [registry[f] for f in families] if families else [registry[n] for n in sorted(registry)]
    chosen = []
    for spec in specs:
        variants, _ = expand(spec, archs)
        for v in variants:
            if pattern is None or fnmatch.fnmatchcase(v.id, pattern):
                chosen.append((spec, v))
    return chosen


def _cache_key(source: str, arch: str, toolchain_identity: str) -> str:
    h = hashlib.sha256()
    for part in (CACHE_FORMAT, toolchain_identity, arch, source):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def _write_atomic(path: str, data: bytes) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def template_error_location(exc: jinja2.TemplateError) -> str:
    """'asm/x.s.j2:LINE: ' for a Jinja error: syntax errors carry it, render errors only in the traceback
    (Jinja rewrites its frames to point at template lines)."""
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.lineno:
        return f"{exc.filename or exc.name}:{exc.lineno}: "
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith(".j2")]
    return f"{frames[-1].filename}:{frames[-1].lineno}: " if frames else ""


# --- worker side: assemble + link one variant (runs in a pool process) ---------------------------------

_worker_backend = None


def _worker_init(choice: str | None) -> None:
    global _worker_backend
    _worker_backend = get_backend(choice)


def _assemble_job(job: tuple[str, str, str, str]) -> tuple[str, bytes | None, str | None, list]:
    vid, arch, source, co_path = job
    backend = _worker_backend or get_backend()
    try:
        co = backend.link(backend.assemble(source, arch), arch)
    except AssemblyError as exc:
        return vid, None, exc.summary, [(d.line, d.message, d.text) for d in exc.diagnostics]
    _write_atomic(co_path, co)
    return vid, co, None, []


# --- main side ------------------------------------------------------------------------------------------

def _describe_failure(vid: str, s_path: str, rendered: Rendered, summary: str, diags: list) -> str:
    lines = [f"{vid}: {summary}"]
    for line, message, text in diags or [(None, summary, "")]:
        if line is None:
            lines.append(f"  {s_path}: {message}")
            continue
        origin = rendered.origin_of(line).describe()
        lines.append(f"  {s_path}:{line}: {message}")
        lines.append(f"    | {text.strip()}")
        lines.append(f"    template: {origin}")
    return "\n".join(lines)


def _check_metadata_args(spec: FamilySpec, variant: Variant, kernel_md: dict) -> None:
    declared = [(a.name, a.offset, a.size) for a in spec.kernarg_layout(variant.params).args]
    built = [(a.get(".name"), a.get(".offset"), a.get(".size")) for a in kernel_md.get(".args", [])]
    if declared != built:
        raise BuildError(f"{variant.id}: code object args {built} disagree with the spec {declared}")


class _TemplateDigests:
    """sha256 over a template and every template it can include or import (found statically with
    jinja2.meta; a dynamic include name, or a template that does not parse, makes it depend on every
    template of the folder)."""

    def __init__(self, env: jinja2.Environment, refs_path: str | None = None):
        self.env = env
        self.closures: dict[str, str] = {}
        self.code = hashlib.sha256(b"".join(_read(path) or b"" for path in _RENDER_CODE)).hexdigest()
        # sha256(template source) -> the templates it names ([None]: a dynamic name, or it does not parse)
        self.refs_path = refs_path
        self.refs: dict[str, list[str | None]] = _load_json_dict(refs_path)
        self.refs_changed = False

    def _references(self, source: str) -> list[str | None]:
        digest = hashlib.sha256(source.encode()).hexdigest()
        if digest not in self.refs:
            try:
                self.refs[digest] = list(jinja2.meta.find_referenced_templates(self.env.parse(source)))
            except jinja2.TemplateSyntaxError:
                self.refs[digest] = [None]  # rendering reports the error with its template line
            self.refs_changed = True
        return self.refs[digest]

    def save(self) -> None:
        if self.refs_path is not None and self.refs_changed:
            _write_atomic(self.refs_path, json.dumps(self.refs, sort_keys=True).encode())

    def digest(self, template: str) -> str:
        if template not in self.closures:
            names, pending = set(), [template]
            while pending:
                name = pending.pop()
                if name in names:
                    continue
                names.add(name)
                source, _, _ = self.env.loader.get_source(self.env, name)
                for ref in self._references(source):
                    if ref is None:
                        pending.extend(self.env.list_templates(filter_func=lambda n: n.endswith(".j2")))
                    else:
                        pending.append(ref)
            h = hashlib.sha256(self.code.encode())
            for name in sorted(names):
                h.update(name.encode() + b"\0" + self.env.loader.get_source(self.env, name)[0].encode() + b"\0")
            self.closures[template] = h.hexdigest()
        return self.closures[template]


def _render_key(templates: _TemplateDigests, template: str, context: dict) -> str:
    # The context is plain data (dataclasses, dicts of numbers and strings) plus the `isa` module, which
    # _RENDER_CODE covers; its repr with sorted dict keys is a faithful fingerprint.
    data = {name: value for name, value in context.items() if name != "isa"}
    fingerprint = json.dumps(data, sort_keys=True, default=repr)
    h = hashlib.sha256()
    for part in (RENDER_FORMAT, templates.digest(template), fingerprint):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def _render_variant(spec: FamilySpec, v: Variant, env: jinja2.Environment, context: dict | None = None,
                    source_map: bool = True) -> Rendered | str:
    """The rendering with its source map, or (source_map=False) its text alone, which is faster."""
    try:
        context = context or build_context(spec, v)
        return render(spec.template, context, env) if source_map else render_text(spec.template, context, env)
    except jinja2.TemplateError as exc:
        raise BuildError(f"{v.id}: {template_error_location(exc)}{type(exc).__name__}: {exc}") from exc


def run_build(opts: BuildOptions) -> BuildResult:
    start = time.monotonic()
    backend = get_backend(opts.backend)
    identity = backend.identity()
    selected = select_variants(opts.archs, opts.families, opts.filter, opts.registry())
    full_set = opts.families is None and opts.filter is None
    env = make_environment(opts.asm_dir) if opts.asm_dir else make_environment()
    templates = _TemplateDigests(env, os.path.join(opts.work, TEMPLATE_REFS_FILE))

    keys = {}
    cached = []
    # Variants are assembled as soon as they are rendered: the workers assemble while this process renders.
    with _Assembler(opts) as assembler:
        for spec, v in selected:
            base = os.path.join(opts.work, v.arch, v.id)
            context = build_context(spec, v)
            rkey = _render_key(templates, spec.template, context).encode()
            source = _read(base + ".s") if _read(base + ".rkey") == rkey else None
            if source is None:
                source = _render_variant(spec, v, env, context, source_map=False).encode()
                _write_atomic(base + ".s", source)
                _write_atomic(base + ".rkey", rkey)
            text = source.decode()
            key = _cache_key(text, v.arch, identity)
            keys[v.id] = key
            if _read(base + ".key") == key.encode() and _read(base + ".co") is not None:
                cached.append(v.id)
                continue
            assembler.submit((v.id, v.arch, text, base + ".co"))
        templates.save()
        results = assembler.results()

    failures = []
    built = []
    for vid, co, summary, diags in results:
        spec, variant = next((spec, v) for spec, v in selected if v.id == vid)
        base = os.path.join(opts.work, variant.arch, vid)
        if co is None:
            # the source map is only needed here: render again for it
            rendered = _render_variant(spec, variant, env)
            failures.append(_describe_failure(vid, base + ".s", rendered, summary, diags))
            continue
        _write_atomic(base + ".key", keys[vid].encode())
        built.append(vid)
    if failures:
        raise BuildError("\n".join(sorted(failures)))

    kernels = _pack_kernels(selected, opts)
    manifest, removed = _write_pack(selected, kernels, backend, opts, full_set)
    counts: dict[tuple[str, str], int] = {}
    for k in manifest["kernels"]:
        counts[(k["family"], k["arch"])] = counts.get((k["family"], k["arch"]), 0) + 1
    return BuildResult(sorted(built), sorted(cached), removed, counts, time.monotonic() - start)


class _Assembler:
    """Assembles jobs in worker processes (started at the first job) while the caller goes on rendering;
    with one job slot (-j 1) it assembles them itself, in order, when asked for the results."""

    def __init__(self, opts: BuildOptions):
        self.opts = opts
        self.workers = opts.jobs or os.cpu_count() or 1
        self.pool = None
        self.jobs = []
        self.pending = []  # AsyncResults of the jobs handed to the pool, in order

    def submit(self, job) -> None:
        self.jobs.append(job)
        if self.workers <= 1 or len(self.jobs) < 2:  # a single job is not worth starting workers for
            return
        if self.pool is None:
            ctx = multiprocessing.get_context("spawn")  # no fork of a process holding LLVM state
            self.pool = ctx.Pool(self.workers, initializer=_worker_init, initargs=(self.opts.backend,))
        for queued in self.jobs[len(self.pending):]:
            self.pending.append(self.pool.apply_async(_assemble_job, (queued,)))

    def results(self) -> list:
        if self.pool is None:
            if self.jobs:
                _worker_init(self.opts.backend)
            return [_assemble_job(job) for job in self.jobs]
        return [result.get() for result in self.pending]

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.terminate()  # after results(), every job is done; on an error, stop the rest
            self.pool.join()


def _pack_kernels(selected, opts) -> dict[str, tuple[dict, bytes]]:
    out = {}
    for spec, v in selected:
        base = os.path.join(opts.work, v.arch, v.id)
        co = _read(base + ".co")
        if co is None:
            raise BuildError(f"{v.id}: built code object vanished from the work dir")
        kernel_md, resources = _read_back(co, v, base + ".readback")
        _check_metadata_args(spec, v, kernel_md)
        out[v.id] = (kernel_entry(spec, v, co, resources), co)
    return out


def _read_back(co: bytes, v: Variant, cache_path: str) -> tuple[dict, dict]:
    """The kernel's metadata args and resources: parsed from the code object, or from the record of an
    earlier build that parsed these same bytes (a failed read back is never recorded)."""
    key = hashlib.sha256(b"\0".join([READBACK_FORMAT.encode(), v.id.encode(), v.arch.encode(), co])).hexdigest()
    record = _load_json_dict(cache_path)
    if record.get("key") == key:
        return {".args": record["args"]}, record["resources"]
    try:
        info = read_code_object(co, v.id, v.arch)
        resources = info.resources()
    except ReadbackError as exc:
        raise BuildError(f"{v.id}: reading the built code object back failed: {exc}") from exc
    args = [{".name": a.get(".name"), ".offset": a.get(".offset"), ".size": a.get(".size")}
            for a in info.kernel.get(".args", [])]
    _write_atomic(cache_path, json.dumps({"key": key, "args": args, "resources": resources}).encode())
    return {".args": args}, resources


def _load_json_dict(path: str | None) -> dict:
    """A JSON object from a cache file; {} when missing, unreadable or not an object (the cache is rebuilt)."""
    data = _read(path) if path is not None else None
    try:
        record = json.loads(data) if data is not None else {}
    except ValueError:
        return {}
    return record if isinstance(record, dict) else {}


def _previous_kernels(out: str) -> list[dict]:
    data = _read(os.path.join(out, "manifest.json"))
    if data is None:
        return []
    try:  # entries as kernel_entry makes them: the old manifest's shared expressions put back inline
        return list(inline_expressions(json.loads(data)).get("kernels", []))
    except (ValueError, AttributeError, KeyError, TypeError, IndexError, ManifestError):
        return []


def _write_pack(selected, kernels, backend, opts, full_set):
    for entry, co in kernels.values():
        path = os.path.join(opts.out, entry["file"])
        if _read(path) != co:
            _write_atomic(path, co)
    entries = [e for e, _ in kernels.values()]
    archs = set(opts.archs)
    if not full_set:
        # a partial build keeps the other kernels already in the pack (when their files are intact)
        for old in _previous_kernels(opts.out):
            if old.get("id") in kernels or not isinstance(old.get("file"), str):
                continue
            data = _read(os.path.join(opts.out, old["file"]))
            if data is not None and hashlib.sha256(data).hexdigest() == old.get("sha256"):
                entries.append(old)
                archs.add(old.get("arch"))
    families: dict[str, list[str]] = {}
    registry = opts.registry()
    for name in sorted(registry):
        variants, _ = expand(registry[name], sorted(archs))
        if variants:
            families[name] = [v.id for v in variants]
    manifest = assemble_manifest({"backend": backend.name, "version": backend.version()}, sorted(archs),
                                 families, entries)
    validated_path = os.path.join(opts.work, VALIDATED_FILE)
    schema = schema_digest()
    known = _known_valid(validated_path, schema)
    valid = validate_manifest(manifest, known)
    if valid != known:
        _write_atomic(validated_path, json.dumps({"schema": schema, "entries": sorted(valid)}).encode())
    data = manifest_bytes(manifest)
    _write_atomic(os.path.join(opts.out, "manifest.json"), data)
    # The manifest's own digest (libingot's Pack::open checks it when present): a manifest edited or
    # truncated after the build is refused, as a code object whose sha256 differs is.
    _write_atomic(os.path.join(opts.out, "manifest.json.sha256"), (hashlib.sha256(data).hexdigest() + "\n").encode())
    removed = _remove_stale(opts.out, {e["file"] for e in entries}) if full_set else []
    return manifest, removed


def _known_valid(path: str, schema: str) -> set[str]:
    """Entry digests an earlier build validated against this same schema (none if the file is unreadable)."""
    record = _load_json_dict(path)
    if record.get("schema") != schema:
        return set()
    return {d for d in record.get("entries", []) if isinstance(d, str)}


def _remove_stale(out: str, keep: set[str]) -> list[str]:
    removed = []
    for arch in sorted(os.listdir(out)):
        folder = os.path.join(out, arch)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            rel = f"{arch}/{name}"
            if name.endswith(".co") and rel not in keep:
                os.remove(os.path.join(folder, name))
                removed.append(rel)
    return removed
