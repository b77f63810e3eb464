"""THE naming function: a variant's id is its file stem and its kernel symbol, so it must be unique,
stable, and a valid symbol ([A-Za-z0-9_], not starting with a digit)."""

import re

_SAFE = re.compile(r"[^A-Za-z0-9]")


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return _SAFE.sub("", str(value))


def variant_id(family: str, arch: str, params: dict, name_keys: list[tuple[str, str]]) -> str:
    """`<family>_<arch>_<abbrev><value>_...` over the family's `name_keys` (param, abbreviation) in order.

    Only the params that distinguish variants within (family, arch) are named; the caller checks that the
    resulting ids are unique across the whole parameter space."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", family):
        raise ValueError(f"family name '{family}' must be lowercase [a-z0-9_]")
    parts = [family, arch]
    for key, abbrev in name_keys:
        if key not in params:
            raise ValueError(f"name key '{key}' is not a parameter of {family}")
        parts.append(f"{abbrev}{_value_text(params[key])}")
    return "_".join(parts)
