"""Assembly lines for VALU rows (VOP1/VOP2/VOPC and their e64, DPP and SDWA forms, VOP3, VOP3P)."""
from asm_regs import DWORDS, FLOAT_TYPES, a, s, v


def _vop_operands(row, choice):
    """Operand strings for a VALU row; choice picks register numbers / constants per source."""
    ops = []
    choice = {k: x for k, x in choice.items() if x is not None}
    for field, typ in row.signature:
        if field == "vdst":
            ops.append(v(choice.get("vdst", 1), typ))
        elif field == "vdst_sgpr":
            ops.append(s(choice.get("sdst", 5), typ))
        elif field == "vdst_acc":
            ops.append(a(choice.get("vdst", 1), typ))
        elif field == "sdst":
            ops.append(choice.get("sdst_text", "vcc"))
        elif field in ("src0", "src1", "src2"):
            default = {"src0": 2, "src1": 4, "src2": 6}[field]
            # "sel" sources (lane selects, writelane data) take an SGPR or a constant, not a VGPR
            sel = s(default + 10, typ) if not (field == "src1" and dict(row.signature).get("src0") == "sel") else "7"
            ops.append(choice.get(field, sel if typ == "sel" else v(default, typ)))
        elif field == "k":
            ops.append(choice.get("k", "0x42c80000"))
        elif field == "src0_acc":
            ops.append(a(choice.get("src0_reg", 2), typ))
        elif field == "src0_vgpr":
            ops.append(choice.get("src0", v(choice.get("src0_reg", 2), typ)))
    return ops


def _inline_for(typ):
    return "1.0" if typ in FLOAT_TYPES else "-4"


def valu_variants(row, arch):
    m = row.mnemonic
    fmt = row.fmt
    sig = dict(row.signature)
    out = []
    base = _vop_operands(row, {})
    line = lambda name, ops, suffix="": (f"{name} {', '.join(ops)}{suffix}").strip()
    src_fields = [f for f, _ in row.signature if f.startswith("src")]
    if fmt in ("VOP1", "VOP2", "VOPC") and "e32only" in sig:
        out.append(line(m, base))
        out.append(line(m, _vop_operands(row, {"vdst": 250, "src0": "s11" if "k" in sig else None, "src0_reg": 200})))
        if "k" in sig:
            out.append(line(m, _vop_operands(row, {"k": "0x1", "src0": "1.0"})))
    elif fmt in ("VOP1", "VOP2", "VOPC"):
        implicit = {}
        if fmt == "VOP2" and "src2" in sig:
            implicit["src2"] = "vcc"
        out.append(line(m + "_e32", _vop_operands(row, implicit)))
        # high registers, and a scalar / constant / literal in src0
        hi = dict(implicit, vdst=254 - DWORDS.get(sig.get("vdst", "b32"), 1), src0=v(200, sig["src0"]) if "src0" in sig else None)
        if "src1" in sig:
            hi["src1"] = v(255 - DWORDS[sig["src1"]] + 1, sig["src1"])
        hi = {k: x for k, x in hi.items() if x is not None}
        out.append(line(m + "_e32", _vop_operands(row, hi)))
        if "src0" in sig and "src0_vgpr" not in sig:
            t0 = sig["src0"]
            for src0 in (s(10 if DWORDS[t0] > 1 else 11, t0), _inline_for(t0), "0x41" if DWORDS[t0] == 1 else None):
                if src0 is not None:
                    out.append(line(m + "_e32", _vop_operands(row, dict(implicit, src0=src0))))
        # VOP3 form
        e64 = {}
        if fmt == "VOP2" and "src2" in sig:
            e64["src2"] = "s[20:21]"
        if "sdst" in sig:
            e64["sdst_text"] = "s[12:13]"
        out.append(line(m + "_e64", _vop_operands(row, e64)))
        if "src1" in sig:
            e64b = dict(e64, src1=s(8, sig["src1"]) if DWORDS[sig["src1"]] == 1 else s(8, sig["src1"]))
            out.append(line(m + "_e64", _vop_operands(row, e64b)))
        mods = _vop3_modifiers(row)
        if mods:
            out.append(line(m + "_e64", _vop_operands(row, dict(e64, **mods[0])), mods[1]))
        if "bc_fi" in sig:
            out += [line(m + "_e64", base, " bound_ctrl:1"), line(m + "_e64", base, " fi:1"),
                    line(m + "_e64", base, " bound_ctrl:1 fi:1")]
        out += _dpp_sdwa_variants(row, arch)
    elif fmt == "VOP3":
        out.append(line(m, base))
        # high registers, kept inside v255 for the wide tuples (b512/b1024)
        hi = {"vdst": min(250, 256 - DWORDS[sig["vdst"]]) if "vdst" in sig else 250,
              "src0": v(min(240, 256 - DWORDS[sig["src0"]]), sig["src0"]) if "src0" in sig else None}
        hi = {k: x for k, x in hi.items() if x is not None}
        out.append(line(m, _vop_operands(row, hi)))
        # tuples wider than 4 dwords (the gfx950 FP6 pk32 forms) take VGPRs only: constants and SGPRs go
        # to the last narrow source instead
        wide = [f for f in src_fields if DWORDS.get(sig[f], 1) > 4]
        if "src1" in sig and not wide:
            out.append(line(m, _vop_operands(row, {"src1": _inline_for(sig["src1"]), "src0": s(10, sig["src0"]) if "src0" in sig else None})))
        elif wide:
            last = src_fields[-1]
            out.append(line(m, _vop_operands(row, {last: _inline_for(sig[last])})))
            out.append(line(m, _vop_operands(row, {last: s(8, sig[last])})))
        if "sdst" in sig:
            out.append(line(m, _vop_operands(row, {"sdst_text": "s[12:13]"})))
        mods = _vop3_modifiers(row)
        if mods:
            out.append(line(m, _vop_operands(row, mods[0]), mods[1]))
        if "bitop3" in sig:
            out += [line(m, base, " bitop3:0x12"), line(m, base, " bitop3:0xff"), line(m, base, " bitop3:0x1")]
    elif fmt == "VOP3P":
        out.append(line(m, base))
        out.append(line(m, _vop_operands(row, {"vdst": 250})))
        if "src1" in sig and not m.startswith("v_accvgpr"):
            out.append(line(m, _vop_operands(row, {"src1": s(8, sig["src1"])})))
            out.append(line(m, _vop_operands(row, {"src1": _inline_for(sig["src1"])})))
            n = len(src_fields)
            if "pk" in sig.get("src0", "") or "mix" in sig.get("src0", ""):
                sel = ",".join(["1"] + ["0"] * (n - 1))
                selhi = ",".join(["0"] * n)
                out.append(line(m, base, f" op_sel:[{sel}] op_sel_hi:[{selhi}]"))
                if sig["src0"] not in ("pk_i16", "pk_b32"):
                    out.append(line(m, base, f" neg_lo:[{sel}] neg_hi:[{','.join(['0']*(n-1)+['1'])}]"))
        if m.startswith("v_accvgpr_write"):
            out.append(line(m, _vop_operands(row, {"src0": "-1"})))
    return out


def _vop3_modifiers(row):
    """(operand overrides, trailing text) using VOP3 input/output modifiers, where the row takes floats."""
    sig = dict(row.signature)
    t0 = sig.get("src0")
    if t0 in ("f32", "f64", "f16") and row.sig("vdst") in ("f32", "f64", "f16"):
        ovr = {"src0": "-" + v(2, t0)}
        if "src1" in sig and sig["src1"] == t0:
            ovr["src1"] = "|" + v(4, t0) + "|"
        return ovr, " clamp"
    return None


def _dpp_sdwa_variants(row, arch):
    m = row.mnemonic
    sig = dict(row.signature)
    out = []
    if "src0" not in sig or row.fmt not in ("VOP1", "VOP2", "VOPC"):
        return out
    t0 = sig["src0"]
    if DWORDS[t0] != 1 or DWORDS.get(sig.get("vdst", "b32"), 1) != 1:
        return out
    implicit = {"src2": "vcc"} if (row.fmt == "VOP2" and "src2" in sig) else {}
    ops = ", ".join(_vop_operands(row, implicit))
    if row.fmt != "VOPC":
        out.append(f"{m}_dpp {ops} quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf")
        out.append(f"{m}_dpp {ops} row_shr:1 row_mask:0xa bank_mask:0x3 bound_ctrl:1")
    sd = "" if row.fmt == "VOPC" else " dst_sel:DWORD dst_unused:UNUSED_PAD"
    s1 = " src1_sel:WORD_1" if ("src1" in sig and row.fmt != "VOP1") else ""
    out.append(f"{m}_sdwa {ops}{sd} src0_sel:BYTE_1{s1}")
    return out
