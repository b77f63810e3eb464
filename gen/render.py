"""Render a Jinja2 AMDGCN template to assembly plus a source map back to template file:line.

Before Jinja compiles a template, the loader prefixes every output-producing line with an origin marker
(RS name:line US). Macro bodies carry their own markers, so a rendered line holds the markers of its call
chain, innermost last. The markers are stripped after rendering and kept as a per-line source map, so an
assembler error on rendered line n names the template line that produced it."""

import re
from dataclasses import dataclass

import jinja2

from gen import asm_passes
from gen.paths import ASM_DIR

_MARK_OPEN = "\x1e"
_MARK_CLOSE = "\x1f"
_MARKER = re.compile(_MARK_OPEN + r"([^\x1f]*)" + _MARK_CLOSE)
_TAG_OPEN = re.compile(r"\{\{|\{%|\{#")
_TAG_CLOSE = {"{{": "}}", "{%": "%}", "{#": "#}"}


def inject_origin_markers(source: str, name: str) -> str:
    """Prefix lines with markers, except lines inside a multi-line Jinja tag and pure statement/comment
    lines (markers there would defeat lstrip_blocks and add nothing: they emit no assembly)."""
    out = []
    open_tag: str | None = None
    for number, line in enumerate(source.split("\n"), start=1):
        stripped = line.lstrip()
        pure_statement = stripped.startswith("{%") or stripped.startswith("{#")
        if open_tag is None and not pure_statement and stripped:
            out.append(f"{_MARK_OPEN}{name}:{number}{_MARK_CLOSE}{line}")
        else:
            out.append(line)
        open_tag = _track_tags(line, open_tag)
    return "\n".join(out)


def _track_tags(line: str, open_tag: str | None) -> str | None:
    pos = 0
    while True:
        if open_tag is None:
            m = _TAG_OPEN.search(line, pos)
            if not m:
                return None
            open_tag, pos = m.group(0), m.end()
        else:
            end = line.find(_TAG_CLOSE[open_tag], pos)
            if end < 0:
                return open_tag
            open_tag, pos = None, end + 2


class _MarkingLoader(jinja2.FileSystemLoader):
    def get_source(self, environment, template):
        source, filename, uptodate = super().get_source(environment, template)
        return inject_origin_markers(source, f"asm/{template}"), filename, uptodate


@dataclass(frozen=True)
class Origin:
    chain: tuple[str, ...]   # "asm/file:line", outermost first

    def describe(self) -> str:
        if not self.chain:
            return "unknown template line"
        text = self.chain[-1]
        callers = [c for c in self.chain[:-1] if c.rsplit(":", 1)[0] != self.chain[-1].rsplit(":", 1)[0]]
        if callers:
            text += f" (called from {callers[0]})"
        return text


@dataclass(frozen=True)
class Rendered:
    text: str
    origins: tuple[Origin, ...]   # one per line of text

    def origin_of(self, line: int) -> Origin:
        if 1 <= line <= len(self.origins):
            return self.origins[line - 1]
        return Origin(())


def make_environment(asm_dir=ASM_DIR) -> jinja2.Environment:
    env = jinja2.Environment(loader=_MarkingLoader(str(asm_dir)), undefined=jinja2.StrictUndefined,
                              trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                              autoescape=False)
    for text_pass in (asm_passes.tight_lds_waits, asm_passes.spread_mfmas, asm_passes.sink_mfmas,
                      asm_passes.exact_v_waits):
        env.filters[text_pass.__name__] = text_pass
    return env


def _strip_markers(raw: str) -> Rendered:
    lines, origins = [], []
    last: tuple[str, ...] = ()
    for row in raw.split("\n"):
        marks = tuple(_MARKER.findall(row))
        if marks:
            last = _collapse(marks)
        lines.append(_MARKER.sub("", row).rstrip())
        origins.append(Origin(last))
    return Rendered("\n".join(lines), tuple(origins))


def _collapse(marks: tuple[str, ...]) -> tuple[str, ...]:
    """Consecutive markers from one file are statement lines that emitted nothing: keep the last."""
    out: list[str] = []
    for m in marks:
        if out and out[-1].rsplit(":", 1)[0] == m.rsplit(":", 1)[0]:
            out[-1] = m
        else:
            out.append(m)
    return tuple(out)


def render(template: str, context: dict, env: jinja2.Environment | None = None) -> Rendered:
    env = env or make_environment()
    raw = env.get_template(template).render(**context)
    return _strip_markers(raw)


def render_text(template: str, context: dict, env: jinja2.Environment | None = None) -> str:
    """render(...).text without the source map: what a build needs unless the assembler fails (it then
    renders again for the map). One pass over the whole text instead of a marker search per line."""
    env = env or make_environment()
    raw = env.get_template(template).render(**context)
    return "\n".join(line.rstrip() for line in _MARKER.sub("", raw).split("\n"))
