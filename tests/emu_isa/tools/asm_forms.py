"""Build assembly lines for every row of the ISA table, in LLVM's syntax.

`canonical(row, arch)` gives one plain line per row (used to check the table's opcodes against LLVM);
`variants(row, arch)` gives several lines per row exercising operand choices: low/high registers,
inline constants, literals, modifiers, the VOP3 (_e64) form of VOP1/VOP2/VOPC, DPP and SDWA.
The lines are what a kernel author would write; LLVM's assembler is the judge of whether they are valid.
"""
import re

DWORDS = {"b16": 1, "b32": 1, "f16": 1, "bf16": 1, "f32": 1, "pk_f16": 1, "pk_bf16": 1, "pk_i16": 1, "mix": 1,
          "sel": 1, "b64": 2, "f64": 2, "pk_f32": 2, "pk_b32": 2, "b96": 3, "b128": 4, "b256": 8, "b512": 16}
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


# ---- MFMA operand widths, from the instruction name (AMD's formulas: A is M x K per block, spread over
# 64 lanes; C/D is M x N per block). This is the tests' own arithmetic, independent of the emulator.
_MFMA = re.compile(r"v_mfma_(f32|i32|f64)_(\d+)x(\d+)x(\d+)(?:_(\d+)b)?_(\w+)")
_BITS = {"f32": 32, "xf32": 32, "f16": 16, "bf16": 16, "i8": 8, "f64": 64, "bf8_bf8": 8, "bf8_fp8": 8,
         "fp8_bf8": 8, "fp8_fp8": 8, "f8f6f4": 8}


def mfma_dwords(mnemonic):
    m = _MFMA.match(mnemonic)
    ctype, M, N, K, blocks, abtype = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5) or 1), m.group(6)
    ab = M * K * blocks * _BITS[abtype] // (64 * 32)
    cd = M * N * blocks // 64 * (2 if ctype == "f64" else 1)
    return ab, cd


def _sop_src(i, t):
    return s(i, t)


def canonical(row, arch):
    return variants(row, arch)[0]


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


def _valu_variants(row, arch):
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
        out += _dpp_sdwa_variants(row, arch)
    elif fmt == "VOP3":
        out.append(line(m, base))
        hi = {"vdst": 250, "src0": v(240, sig["src0"]) if "src0" in sig else None}
        hi = {k: x for k, x in hi.items() if x is not None}
        out.append(line(m, _vop_operands(row, hi)))
        if "src1" in sig:
            out.append(line(m, _vop_operands(row, {"src1": _inline_for(sig["src1"]), "src0": s(10, sig["src0"]) if "src0" in sig else None})))
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


def _scalar_variants(row, arch):
    m = row.mnemonic
    sig = dict(row.signature)
    fmt = row.fmt
    out = []
    if fmt in ("SOP1", "SOP2", "SOPC"):
        fields = [f for f, _ in row.signature]
        def build(choice):
            ops = []
            for f, t in row.signature:
                ops.append(choice.get(f, {"sdst": s(4, t), "ssrc0": s(6, t), "ssrc1": s(8, t)}[f]))
            return f"{m} {', '.join(ops)}".strip()
        out.append(build({}))
        if "ssrc0" in sig:
            t = sig["ssrc0"]
            hi = {"sdst": s(100 if DWORDS.get(sig.get("sdst", "b32"), 1) == 2 else 101, sig.get("sdst", "b32"))} if "sdst" in sig else {}
            out.append(build(dict(hi, ssrc0="exec" if DWORDS[t] == 2 else "m0")))
            out.append(build({"ssrc0": "vcc" if DWORDS[t] == 2 else "vcc_lo"}))
            out.append(build({"ssrc0": "-1"}))
            out.append(build({"ssrc0": "64"}))
            if DWORDS[t] == 1:
                out.append(build({"ssrc0": "0x12345678"}))
            out.append(build({"ssrc0": "0.5"}))
        if "ssrc1" in sig:
            out.append(build({"ssrc1": "-16"}))
            if DWORDS[sig["ssrc1"]] == 1:
                out.append(build({"ssrc1": "0xdeadbeef"}))
        if "sdst" in sig and DWORDS[sig["sdst"]] == 1:
            out.append(build({"sdst": "ttmp3"}))
    elif fmt == "SOPK":
        k = sig["simm16"]
        if k == "hwreg" and "k" in sig:
            out += [f"{m} hwreg(HW_REG_MODE), 0x1234", f"{m} hwreg(HW_REG_MODE, 4, 8), 0xffffffff"]
        elif k == "hwreg":
            regs = ["hwreg(HW_REG_MODE)", "hwreg(HW_REG_HW_ID, 8, 4)"]
            for hw in regs:
                out.append(f"{m} s5, {hw}" if "sdst" in sig else f"{m} {hw}, s5")
        elif k == "label":
            out.append(f"{m} s[4:5], 8")
        else:
            first = "s5"
            for imm in ("0x1234", "0xfff0", "0x7"):
                out.append(f"{m} {first}, {imm}")
    elif fmt == "SOPP":
        k = sig.get("simm16")
        if k is None:
            out.append(m)
        elif k == "imm":
            out += [f"{m} 0", f"{m} 3", f"{m} 0x3141"]
        elif k == "optimm":
            out += [m, f"{m} 1", f"{m} 65535"]
        elif k == "label":
            out += [f"{m} 4", f"{m} 65533"]
        elif k == "waitcnt":
            out += [f"{m} vmcnt(0)", f"{m} lgkmcnt(0)", f"{m} vmcnt(0) lgkmcnt(0)", f"{m} vmcnt(63) expcnt(1) lgkmcnt(3)", f"{m} expcnt(0)"]
        elif k == "sendmsg":
            out += [f"{m} sendmsg(MSG_INTERRUPT)", f"{m} sendmsg(MSG_GS_DONE, GS_OP_NOP)"]
        elif k == "gpridx":
            out += [f"{m} gpr_idx(SRC0,DST)"]
    elif fmt == "SMEM":
        if "sbase" not in sig:
            out.append((f"{m} " + (s(10, sig["sdata"]) if "sdata" in sig else "")).strip())
        else:
            data = sig.get("sdata") or sig.get("sdata_src")
            base = s(2, sig["sbase"]) if DWORDS[sig["sbase"]] == 2 else s(4, sig["sbase"])
            d = s(8, data) if DWORDS[data] > 1 else s(5, data)
            out.append(f"{m} {d}, {base}, 0x10")
            out.append(f"{m} {d}, {base}, s7")
            out.append(f"{m} {d}, {base}, 0x0 glc")
            out.append(f"{m} {d}, {base}, s7 offset:0x20")
            out.append(f"{m} {d}, {base}, -0x100")
    return out


def _f8f6f4_regs(code):
    """Registers of an f8f6f4 operand per format code (cbsz for A, blgp for B): fp8/bf8 8, fp6/bf6 6, fp4 4."""
    return {0: 8, 1: 8, 2: 6, 3: 6, 4: 4}[code]


def _scaled_variants(row, arch):
    m = row.mnemonic
    _, cd = mfma_dwords(m.replace("_scale", ""))
    d = reg("v", 0, cd)
    out = [f"{m} {d}, v[4:11], v[12:19], {reg('v', 20, cd)}, v24, v25",
           f"{m} {d}, v[4:11], v[12:19], {reg('v', 20, cd)}, 33, 9",
           f"{m} {d}, v[4:9], v[12:19], {reg('v', 20, cd)}, v24, v25 cbsz:3 blgp:1",
           f"{m} {d}, v[4:7], v[12:17], {reg('v', 20, cd)}, s24, v25 op_sel:[1,0,0] op_sel_hi:[0,1,0] cbsz:4 blgp:2",
           f"{reg('a', 0, cd)}".join([f"{m} ", f", a[4:11], a[12:19], {reg('a', 0, cd)}, v24, v25"])]
    return out


def _mai_variants(row, arch):
    m = row.mnemonic
    if "f8f6f4" in m:
        ab, cd = mfma_dwords(m)
        out = [f"{m} {reg('a', 0, cd)}, {reg('v', 0, ab)}, {reg('v', 16, ab)}, {reg('a', 0, cd)}",
               f"{m} {reg('v', 32, cd)}, v[0:5], a[16:21], {reg('v', 32, cd)} cbsz:2 blgp:3",
               f"{m} {reg('a', 64, cd)}, v[4:7], v[8:15], 0 cbsz:4 abid:1 blgp:1"]
        return out
    ab, cd = mfma_dwords(m)
    out = [f"{m} {reg('a', 0, cd)}, {reg('v', 0, ab)}, {reg('v', 16, ab)}, {reg('a', 0, cd)}",
           f"{m} {reg('v', 32, cd)}, {reg('v', 0, ab)}, {reg('a', 16, ab)}, {reg('v', 32, cd)}",
           f"{m} {reg('a', 64, cd)}, {reg('v', 4, ab)}, {reg('v', 8, ab)}, 0"]
    if "f64" not in m:
        out.append(f"{m} {reg('a', 0, cd)}, {reg('v', 0, ab)}, {reg('v', 16, ab)}, {reg('a', 0, cd)} cbsz:1 abid:1 blgp:2")
    return out


def _ds_variants(row, arch):
    m = row.mnemonic
    sig = dict(row.signature)
    acc_ok = True
    if not row.signature:
        return [m]
    def ops(vd=1, ad=2, d0=3, d1=5, pre="v"):
        o = []
        for f, t in row.signature:
            if f == "vdst":
                o.append(reg(pre, vd, DWORDS[t]))
            elif f == "addr":
                o.append(v(ad, "b32"))
            elif f == "data0":
                o.append(reg(pre, d0, DWORDS[t]))
            elif f == "data1":
                o.append(reg(pre, d1 + (DWORDS[t] - 1), DWORDS[t]))
        return ", ".join(o)
    two = "data1" in sig and ("2" in m.split("_")[1] if len(m.split("_")) > 1 else False)
    if m == "ds_swizzle_b32":
        return [f"{m} {ops()} offset:swizzle(SWAP,16)", f"{m} {ops()} offset:swizzle(QUAD_PERM,0,1,2,3)", f"{m} {ops()}"]
    if two:
        out = [f"{m} {ops()} offset0:4 offset1:8", f"{m} {ops(vd=200, ad=255, d0=100, d1=120)} offset1:255", f"{m} {ops()}"]
    else:
        out = [f"{m} {ops()}", f"{m} {ops()} offset:65535", f"{m} {ops(vd=200, ad=255, d0=100, d1=120)} offset:16"]
    if "vdst" in sig or "data0" in sig:
        out.append(f"{m} {ops(pre='a')}" + (" offset0:1 offset1:2" if two else " offset:8"))
    return out


def _mubuf_variants(row, arch):
    m = row.mnemonic
    sig = dict(row.signature)
    if m in ("buffer_wbl2", "buffer_inv"):
        return [m, f"{m} sc1", f"{m} sc0 sc1"]
    data = sig.get("vdata") or sig.get("vdata_src")
    d = v(1, data)
    out = [f"{m} {d}, off, s[4:7], s8",
           f"{m} {d}, v2, s[4:7], 0 offen offset:4095",
           f"{m} {d}, v2, s[8:11], s3 idxen offset:16",
           f"{m} {d}, v[2:3], s[4:7], 0 idxen offen",
           f"{m} {v(200, data)}, v255, s[96:99], -1 offen nt sc1"]
    if "atomic" in sig:
        out.append(f"{m} {d}, v2, s[4:7], s8 offen sc0")
    else:
        out.append(f"{m} {d}, v2, s[4:7], s8 offen sc0 nt sc1")
        out.append(f"{m} {a(4, data)}, v2, s[4:7], s8 offen")
    if m in ("buffer_load_dword", "buffer_load_ubyte", "buffer_load_sbyte", "buffer_load_ushort", "buffer_load_sshort") or \
            (arch == "gfx950" and m in ("buffer_load_dwordx3", "buffer_load_dwordx4")):
        out.append(f"{m} v2, s[4:7], s8 offen offset:16 lds")
        out.append(f"{m} off, s[4:7], s8 lds")
    return out


def _flat_variants(row, arch):
    m = row.mnemonic
    sig = dict(row.signature)
    fam = row.fmt
    data = sig.get("vdst") or sig.get("vdata_src")
    atomic = "atomic" in sig
    def line(vaddr, saddr, suffix="", ret=None, dreg=1, pre="v"):
        ops = []
        if ret is not None:
            ops.append(ret)
        for f, t in row.signature:
            if f == "vdst":
                ops.append(reg(pre, dreg, DWORDS[t]))
            elif f == "vaddr":
                ops.append(vaddr)
            elif f == "vdata_src":
                ops.append(reg(pre, dreg + 4, DWORDS[t]))
            elif f == "saddr":
                ops.append(saddr)
        return f"{m} {', '.join(ops)}{suffix}"
    if "lds" in sig and fam == "SCRATCH":
        return [f"{m} v2, off", f"{m} v2, s4 offset:-16", f"{m} off, s4 offset:4", f"{m} off, off offset:4095 sc0"]
    if "lds" in sig:
        return [f"{m} v[2:3], off", f"{m} v2, s[4:5] offset:-16", f"{m} v[2:3], off offset:4095 sc0"]
    if fam == "FLAT":
        out = [line("v[2:3]", None), line("v[2:3]", None, " offset:4095"), line("v[254:255]", None, " sc0 nt sc1")]
    elif fam == "GLOBAL":
        out = [line("v[2:3]", "off"), line("v2", "s[4:5]", " offset:-4096"), line("v[254:255]", "off", " offset:4095 nt")]
    else:
        out = [line("v2", "off"), line("off", "s4", " offset:-16"), line("v255", "off", " offset:4095 sc1")]
    if atomic:
        retw = DWORDS[data] // 2 if sig["atomic"] == "cmpswap" else DWORDS[data]
        va = "v[2:3]"
        sa = "off" if fam == "GLOBAL" else None
        out.append(line(va, sa, " sc0", ret=reg("v", 10, retw)))
    else:
        # the same access with AGPR data (gfx90a+ can load/store AGPRs directly)
        out.append(line("v[2:3]" if fam != "SCRATCH" else "v2", "off" if fam != "FLAT" else None, "", pre="a"))
    return out


def variants(row, arch):
    fmt = row.fmt
    if fmt in ("SOP1", "SOP2", "SOPC", "SOPK", "SOPP", "SMEM"):
        return _scalar_variants(row, arch)
    if fmt in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3P"):
        return _valu_variants(row, arch)
    if fmt == "MAI":
        return _mai_variants(row, arch)
    if fmt == "MAI_SCALE":
        return _scaled_variants(row, arch)
    if fmt == "DS":
        return _ds_variants(row, arch)
    if fmt == "MUBUF":
        return _mubuf_variants(row, arch)
    if fmt in ("FLAT", "GLOBAL", "SCRATCH"):
        return _flat_variants(row, arch)
    raise ValueError(f"no forms for format {fmt}")
