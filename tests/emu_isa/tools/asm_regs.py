"""Register and operand-width helpers shared by the asm_forms_* line builders."""

DWORDS = {"b16": 1, "b32": 1, "f16": 1, "bf16": 1, "f32": 1, "pk_f16": 1, "pk_bf16": 1, "pk_i16": 1, "mix": 1,
          "sel": 1, "b64": 2, "f64": 2, "pk_f32": 2, "pk_b32": 2, "b96": 3, "b128": 4, "b192": 6, "b256": 8, "b512": 16,
          "b1024": 32}
FLOAT_TYPES = {"f16", "bf16", "f32", "f64", "pk_f16", "pk_bf16", "pk_f32", "mix"}


def reg(prefix, index, dwords):
    # gfx90a+ wants VGPR/AGPR tuples 64-bit aligned: start them at an even register.
    if prefix in ("v", "a") and dwords > 1 and index % 2:
        index -= 1
    return f"{prefix}{index}" if dwords == 1 else f"{prefix}[{index}:{index + dwords - 1}]"


def s(i, t):
    return reg("s", i, DWORDS[t])


def v(i, t):
    return reg("v", i, DWORDS[t])


def a(i, t):
    return reg("a", i, DWORDS[t])
