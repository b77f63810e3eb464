"""A tiny interpreter for the AMDGCN subset the gemm templates use, run on the rendered assembly text.

Not the emulator (emu/ is the real one, decoding the bytes): a smoke check that the kernel's indexing,
masking and loop logic compute the right numbers before the emulator exists. Memory operations complete
immediately and waves run round-robin between barriers, which is one legal ordering of a correctly
synchronised program; the structural tests check the waits themselves. Semantics follow the CDNA3 ISA
guide and isa-notes.md (MFMA register layouts, raw-buffer range checks)."""

import operator
import re
import struct

MASK32 = 0xFFFFFFFF
WAVE = 64


def _signed(x: int) -> int:
    return x - (1 << 32) if x & 0x80000000 else x


def _f32(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits & MASK32))[0]


def _bits(value: float) -> int:
    return struct.unpack("<I", struct.pack("<f", value))[0]


def _bf16(half: int) -> float:
    return _f32((half & 0xFFFF) << 16)


def _f16(half: int) -> float:
    return struct.unpack("<e", struct.pack("<H", half & 0xFFFF))[0]


def _to_f16_bits(value: float) -> int:
    """IEEE half, round to nearest even (CPython's packer); out of range -> infinity."""
    try:
        return struct.unpack("<H", struct.pack("<e", value))[0]
    except OverflowError:
        return 0x7C00 | (0x8000 if value < 0 else 0)


def _bf16_rne(bits: int) -> int:
    """fp32 -> bf16 round to nearest even, as gfx950's v_cvt_pk_bf16_f32 (NaN stays a quiet NaN)."""
    if _f32(bits) != _f32(bits):
        return (bits >> 16) | 0x40
    return ((bits + 0x7FFF + (bits >> 16 & 1)) >> 16) & 0xFFFF


def _fop(fn):
    """A VOP2 float op on fp32 bit patterns, the result rounded to fp32."""
    return lambda a, b: _bits(fn(_f32(a), _f32(b)))


_REG = re.compile(r"^([sv])(?:(\d+)|\[(\d+):(\d+)\])$")


class Memory:
    def __init__(self, size: int):
        self.data = bytearray(size)

    def read32(self, addr: int) -> int:
        return struct.unpack_from("<I", self.data, addr)[0]

    def write32(self, addr: int, value: int) -> None:
        struct.pack_into("<I", self.data, addr, value & MASK32)

    def read16(self, addr: int) -> int:
        return struct.unpack_from("<H", self.data, addr)[0]

    def write16(self, addr: int, value: int) -> None:
        struct.pack_into("<H", self.data, addr, value & 0xFFFF)


class Wave:
    def __init__(self, program, wave_id, wg, kernarg: bytes, memory: Memory, lds: bytearray, threads: int):
        self.p, self.kernarg, self.mem, self.lds = program, kernarg, memory, lds
        self.s = [0] * 104
        self.v = [[0] * WAVE for _ in range(256)]
        self.vcc = 0
        self.scc = 0
        self.s[2], self.s[3] = wg
        for lane in range(WAVE):
            self.v[0][lane] = wave_id * WAVE + lane
        live = max(0, min(WAVE, threads - wave_id * WAVE))
        self.exec = (1 << live) - 1

    # --- operands -----------------------------------------------------------------------------------
    def _sgpr_value(self, op: str) -> int:
        if op == "vcc":
            return self.vcc
        m = _REG.match(op)
        if m and m.group(1) == "s":
            if m.group(2) is not None:
                return self.s[int(m.group(2))]
            lo, hi = int(m.group(3)), int(m.group(4))
            return self.s[lo] | (self.s[hi] << 32) if hi == lo + 1 else None
        return int(op, 0) & MASK32

    def _set_sgpr(self, op: str, value: int) -> None:
        if op == "vcc":
            self.vcc = value & ((1 << 64) - 1)
            return
        m = _REG.match(op)
        if m.group(2) is not None:
            self.s[int(m.group(2))] = value & MASK32
        else:
            lo = int(m.group(3))
            self.s[lo], self.s[lo + 1] = value & MASK32, (value >> 32) & MASK32

    def _vsrc(self, op: str):
        m = _REG.match(op)
        if m and m.group(1) == "v":
            return self.v[int(m.group(2))]
        return [self._sgpr_value(op)] * WAVE

    def _vrange(self, op: str) -> tuple[int, int]:
        m = _REG.match(op)
        if m.group(2) is not None:
            return int(m.group(2)), 1
        return int(m.group(3)), int(m.group(4)) - int(m.group(3)) + 1

    def _lanes(self):
        return [lane for lane in range(WAVE) if self.exec >> lane & 1]

    # --- execution ----------------------------------------------------------------------------------
    def run(self):
        """Generator: yields at each s_barrier, returns at s_endpgm."""
        pc = 0
        while True:
            name, ops = self.p.code[pc]
            pc += 1
            if name == "s_endpgm":
                return
            if name == "s_barrier":
                yield
                continue
            if name.startswith("s_cbranch"):
                taken = self.scc == (1 if name.endswith("scc1") else 0)
                if taken:
                    pc = self.p.labels[ops[0]]
                continue
            self._step(name, ops)

    def _step(self, name, ops):
        valu = {
            "v_and_b32": operator.and_, "v_add_u32": operator.add, "v_sub_u32": operator.sub,
            "v_mul_lo_u32": operator.mul,
            "v_lshrrev_b32": lambda a, b: b >> (a & 31), "v_lshlrev_b32": lambda a, b: b << (a & 31),
            "v_mul_u32_u24": lambda a, b: (a & 0xFFFFFF) * (b & 0xFFFFFF),
            "v_or_b32": operator.or_,
            "v_mul_f32": _fop(operator.mul), "v_add_f32": _fop(operator.add),
            "v_cvt_pk_bf16_f32": lambda a, b: _bf16_rne(a) | _bf16_rne(b) << 16,
        }
        valu3 = {
            "v_bfe_u32": lambda a, b, c: (a >> (b & 31)) & ((1 << (c & 31)) - 1),
            "v_add3_u32": lambda a, b, c: a + b + c,
        }
        valu1 = {
            "v_cvt_f16_f32": lambda a: _to_f16_bits(_f32(a)),
            "v_cvt_f32_f16": lambda a: _bits(_f16(a)),
        }
        salu = {
            "s_add_u32": operator.add, "s_sub_u32": operator.sub, "s_mul_i32": operator.mul,
            "s_lshl_b32": lambda a, b: a << (b & 31), "s_lshr_b32": lambda a, b: a >> (b & 31),
            "s_and_b32": operator.and_,
        }
        if name in valu:
            dst, a, b = self.v[int(ops[0][1:])], self._vsrc(ops[1]), self._vsrc(ops[2])
            for lane in self._lanes():
                dst[lane] = valu[name](a[lane], b[lane]) & MASK32
        elif name in valu3:
            dst = self.v[int(ops[0][1:])]
            a, b, c = (self._vsrc(o) for o in ops[1:4])
            for lane in self._lanes():
                dst[lane] = valu3[name](a[lane], b[lane], c[lane]) & MASK32
        elif name in valu1:
            dst, a = self.v[int(ops[0][1:])], self._vsrc(ops[1])
            for lane in self._lanes():
                dst[lane] = valu1[name](a[lane]) & MASK32
        elif name == "v_cmp_u_f32":
            a, b = self._vsrc(ops[1]), self._vsrc(ops[2])
            mask = 0
            for lane in self._lanes():
                if _f32(a[lane]) != _f32(a[lane]) or _f32(b[lane]) != _f32(b[lane]):
                    mask |= 1 << lane
            self._set_sgpr(ops[0], mask)
        elif name == "v_mov_b32":
            dst, a = self.v[int(ops[0][1:])], self._vsrc(ops[1])
            for lane in self._lanes():
                dst[lane] = a[lane]
        elif name in ("v_cmp_lt_i32", "v_cmp_gt_i32"):
            a, b = self._vsrc(ops[1]), self._vsrc(ops[2])
            cmp = operator.lt if name == "v_cmp_lt_i32" else operator.gt
            mask = 0
            for lane in self._lanes():
                if cmp(_signed(a[lane]), _signed(b[lane])):
                    mask |= 1 << lane
            self._set_sgpr(ops[0], mask)
        elif name == "v_cndmask_b32":
            dst, a, b = self.v[int(ops[0][1:])], self._vsrc(ops[1]), self._vsrc(ops[2])
            mask = self._sgpr_value(ops[3])
            for lane in self._lanes():
                dst[lane] = b[lane] if mask >> lane & 1 else a[lane]
        elif name == "v_readfirstlane_b32":
            src = self.v[int(ops[1][1:])]
            lanes = self._lanes()
            self._set_sgpr(ops[0], src[lanes[0]] if lanes else src[0])
        elif name in salu:
            result = salu[name](self._sgpr_value(ops[1]), self._sgpr_value(ops[2])) & MASK32
            if name == "s_and_b32":
                self.scc = int(result != 0)
            self._set_sgpr(ops[0], result)
        elif name == "s_and_b64":
            result = self._sgpr_value(ops[1]) & self._sgpr_value(ops[2])
            self.scc = int(result != 0)
            self._set_sgpr(ops[0], result)
        elif name in ("s_mov_b32", "s_mov_b64"):
            self._set_sgpr(ops[0], self._sgpr_value(ops[1]))
        elif name == "s_cmp_eq_u32":
            self.scc = int(self._sgpr_value(ops[0]) == self._sgpr_value(ops[1]))
        elif name in ("s_load_dword", "s_load_dwordx2"):
            first, count = int(_REG.match(ops[0]).group(2) or _REG.match(ops[0]).group(3)), 1 + name.endswith("x2")
            offset = int(ops[2], 0)
            for i in range(count):
                self.s[first + i] = struct.unpack_from("<I", self.kernarg, offset + 4 * i)[0]
        elif name in ("s_nop", "s_waitcnt"):
            pass
        elif name.startswith("buffer_"):
            self._buffer(name, ops)
        elif name.startswith("ds_"):
            self._ds(name, ops)
        elif name.startswith("v_mfma_f32_32x32x"):
            self._mfma(ops, _f16 if name.endswith("f16") and not name.endswith("bf16") else _bf16)
        else:
            raise NotImplementedError(name)

    def _rsrc(self, op):
        first, _ = (int(x) for x in op[2:-1].split(":"))
        base = self.s[first] | ((self.s[first + 1] & 0xFFFF) << 32)
        return base, self.s[first + 2]

    def _buffer(self, name, ops):
        data_first, count = self._vrange(ops[0])
        vaddr = self.v[int(ops[1][1:])]
        base, num_records = self._rsrc(ops[2])
        soffset = self._sgpr_value(ops[3])
        inst_offset = next((int(o.split(":")[1]) for o in ops[4:] if o.startswith("offset:")), 0)
        if name.endswith("short"):
            for lane in self._lanes():
                offset = (vaddr[lane] + soffset + inst_offset) & MASK32
                in_range = offset + 2 <= num_records
                if name.startswith("buffer_load"):
                    self.v[data_first][lane] = self.mem.read16(base + offset) if in_range else 0
                elif in_range:
                    self.mem.write16(base + offset, self.v[data_first][lane])
            return
        for lane in self._lanes():
            offset = (vaddr[lane] + soffset + inst_offset) & MASK32
            for d in range(count):
                in_range = offset + 4 * d + 4 <= num_records
                if name.startswith("buffer_load"):
                    self.v[data_first + d][lane] = self.mem.read32(base + offset + 4 * d) if in_range else 0
                elif in_range:
                    self.mem.write32(base + offset + 4 * d, self.v[data_first + d][lane])

    def _ds(self, name, ops):
        offset = next((int(o.split(":")[1]) for o in ops if o.startswith("offset:")), 0)
        if name.startswith("ds_write"):
            addr, (first, count) = self.v[int(ops[0][1:])], self._vrange(ops[1])
            for lane in self._lanes():
                for d in range(count):
                    struct.pack_into("<I", self.lds, addr[lane] + offset + 4 * d, self.v[first + d][lane])
        else:
            (first, count), addr = self._vrange(ops[0]), self.v[int(ops[1][1:])]
            for lane in self._lanes():
                for d in range(count):
                    self.v[first + d][lane] = struct.unpack_from("<I", self.lds, addr[lane] + offset + 4 * d)[0]

    def _mfma(self, ops, decode):
        """D = A(32xK) . B(Kx32) + C: A[i][k] in lane i + 32*(k // KL), bf16 element k % KL of its registers;
        B[k][j] likewise; C/D register r of lane l is row 8*(r//4) + 4*(l//32) + r%4, column l%32."""
        (d0, _), (a0, nregs), (b0, _), (c0, _) = (self._vrange(o) for o in ops)
        kl = 2 * nregs
        k_total = 2 * kl

        def operand(first):
            rows = [[0.0] * k_total for _ in range(32)]
            for lane in range(WAVE):
                for e in range(kl):
                    word = self.v[first + e // 2][lane]
                    rows[lane % 32][kl * (lane // 32) + e] = decode(word >> (16 * (e % 2)))
            return rows

        a, b = operand(a0), operand(b0)
        out = [[0] * WAVE for _ in range(16)]
        for r in range(16):
            for lane in range(WAVE):
                i, j = 8 * (r // 4) + 4 * (lane // 32) + r % 4, lane % 32
                acc = _f32(self.v[c0 + r][lane]) + sum(map(operator.mul, a[i], b[j]))
                out[r][lane] = _bits(acc)
        for r in range(16):
            self.v[d0 + r] = out[r]


class Program:
    def __init__(self, text: str):
        self.code, self.labels = [], {}
        for raw in text.split("\n"):
            line = raw.split(";")[0].strip()
            if not line or line.startswith(".") and not line.endswith(":"):
                if line.startswith(".rodata"):
                    break
                continue
            if line.endswith(":"):
                self.labels[line[:-1]] = len(self.code)
                continue
            parts = line.split(None, 1)
            ops = [o for o in re.split(r"[,\s]+(?![^\[]*\])", parts[1]) if o] if len(parts) > 1 else []
            self.code.append((parts[0], ops))


def run_kernel(text: str, grid: tuple[int, int], threads: int, kernarg: bytes, memory: Memory, lds_bytes: int):
    program = Program(text)
    for wg_y in range(grid[1]):
        for wg_x in range(grid[0]):
            lds = bytearray(lds_bytes)
            waves = [Wave(program, w, (wg_x, wg_y), kernarg, memory, lds, threads).run()
                     for w in range((threads + WAVE - 1) // WAVE)]
            live = list(waves)
            while live:
                still = []
                for w in live:
                    try:
                        next(w)
                        still.append(w)
                    except StopIteration:
                        pass
                if still and len(still) != len(live):
                    raise RuntimeError("a wave ended while others wait at a barrier")
                live = still
