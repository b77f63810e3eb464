"""Assembly lines for scalar rows: SOP1/SOP2/SOPC/SOPK/SOPP and SMEM."""
from asm_regs import DWORDS, s


def scalar_variants(row, arch):
    m = row.mnemonic
    sig = dict(row.signature)
    fmt = row.fmt
    out = []
    if fmt in ("SOP1", "SOP2", "SOPC"):
        def build(choice):
            ops = []
            for f, t in row.signature:
                if f in choice:
                    ops.append(choice[f])
                elif f == "simm16":  # s_set_gpr_idx_on's mode bits (a raw immediate in the SSRC1 field)
                    ops.append("gpr_idx(SRC0)")
                else:
                    ops.append(s({"sdst": 4, "ssrc0": 6, "ssrc1": 8}[f], t))
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
        if sig.get("simm16") == "gpridx":  # s_set_gpr_idx_on's mode bits (SSRC1 field)
            out += [build({"simm16": "gpr_idx()"}), build({"simm16": "gpr_idx(SRC1,SRC2,DST)"})]
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
