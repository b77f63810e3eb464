"""Assembly lines for memory rows: DS, MUBUF and FLAT/GLOBAL/SCRATCH."""
from asm_regs import DWORDS, a, reg, v


def ds_variants(row, arch):
    m = row.mnemonic
    sig = dict(row.signature)
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


def mubuf_variants(row, arch):
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


def flat_variants(row, arch):
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
