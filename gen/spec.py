"""What a family spec declares, and the generic machinery over it (parameter-space expansion, kernarg
layout). Family files in gen/families/ fill these in; nothing here knows about any one family."""

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gen.naming import variant_id

Expr = Any  # manifest expression: int | float | str | list (see manifest/README.md)

# kernarg type -> (size, alignment) in bytes
KERNARG_TYPES = {"ptr": (8, 8), "i32": (4, 4), "u32": (4, 4), "i64": (8, 8), "u64": (8, 8), "f32": (4, 4)}


@dataclass(frozen=True)
class KernArg:
    name: str
    type: str
    value: Expr

    @property
    def size(self) -> int:
        return KERNARG_TYPES[self.type][0]

    @property
    def align(self) -> int:
        return KERNARG_TYPES[self.type][1]


@dataclass(frozen=True)
class PlacedArg:
    name: str
    type: str
    offset: int
    size: int
    value: Expr

    @property
    def is_pointer(self) -> bool:
        return self.type == "ptr"


@dataclass(frozen=True)
class KernargLayout:
    args: tuple[PlacedArg, ...]
    size: int
    align: int


def layout_kernargs(args: list[KernArg]) -> KernargLayout:
    """Natural alignment, declaration order; the segment size is the end of the last argument."""
    placed = []
    offset = 0
    names = set()
    for arg in args:
        if arg.type not in KERNARG_TYPES:
            raise ValueError(f"kernarg '{arg.name}': unknown type '{arg.type}'")
        if arg.name in names:
            raise ValueError(f"kernarg '{arg.name}' declared twice")
        names.add(arg.name)
        offset = (offset + arg.align - 1) // arg.align * arg.align
        placed.append(PlacedArg(arg.name, arg.type, offset, arg.size, arg.value))
        offset += arg.size
    align = max((a.align for a in args), default=4)
    return KernargLayout(tuple(placed), offset, align)


@dataclass(frozen=True)
class Constraint:
    name: str
    expr: Expr
    message: str


@dataclass(frozen=True)
class Variant:
    family: str
    arch: str
    id: str
    params: dict


@dataclass
class FamilySpec:
    name: str
    op: str
    template: str                                   # path under asm/
    archs: tuple[str, ...]
    space: Callable[[str], dict[str, list]]          # arch -> param name -> values (product)
    valid: Callable[[str, dict], str | None]         # explicit constraint: None if valid, else why not
    name_keys: list[tuple[str, str]]                 # (param, abbreviation) for the id
    kernargs: Callable[[dict], list[KernArg]]       # params -> layout (values may depend on tiles)
    workgroup: Callable[[dict], list[int]]
    grid: Callable[[dict], list[Expr]]
    dynamic_lds: Callable[[dict], Expr]
    match: dict[str, Any] | Callable[[dict], dict[str, Any]]   # fixed, or per params
    constraints: Callable[[dict], list[Constraint]]
    cost: Callable[[str, dict], Expr]                # arch, params -> expression (rooflines are per arch)
    plan: Callable[[str, dict], dict]                # arch, params -> template values (registers, LDS...)
    extra: dict = field(default_factory=dict)
    # Device memory the kernel needs besides its arguments (bytes; 0 = none), e.g. split-K partial sums.
    # The runtime binds it as the buffer "workspace" (manifest/README.md "Workspace" says the contract).
    workspace: Callable[[dict], Expr] = lambda params: 0

    def kernarg_layout(self, params: dict) -> KernargLayout:
        return layout_kernargs(self.kernargs(params))

    def match_for(self, params: dict) -> dict[str, Any]:
        return dict(self.match(params) if callable(self.match) else self.match)


def expand(spec: FamilySpec, archs: list[str]) -> tuple[list[Variant], list[tuple[dict, str]]]:
    """Every valid variant for `archs` (sorted by id) and the rejected combinations with their reasons."""
    variants: list[Variant] = []
    rejected: list[tuple[dict, str]] = []
    seen: dict[str, dict] = {}
    for arch in archs:
        if arch not in spec.archs:
            continue
        space = spec.space(arch)
        keys = list(space)
        for combo in itertools.product(*(space[k] for k in keys)):
            params = dict(zip(keys, combo))
            reason = spec.valid(arch, params)
            if reason is not None:
                rejected.append(({"arch": arch, **params}, reason))
                continue
            vid = variant_id(spec.name, arch, params, spec.name_keys)
            if vid in seen:
                raise ValueError(f"{spec.name}: params {params} and {seen[vid]} both name '{vid}'")
            seen[vid] = params
            variants.append(Variant(spec.name, arch, vid, params))
    variants.sort(key=lambda v: v.id)
    return variants, rejected
