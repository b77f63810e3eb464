"""Backend over ROCm's code object manager (libamd_comgr, through ctypes): its assemble and link actions.

Chosen only by INGOT_ASM_BACKEND=comgr. It assembles for an arch only when this comgr lists the arch among
its ISAs (Debian's comgr 5.2 predates gfx942 and gfx950; ROCm 6+ knows both); otherwise it says so. The
C ABI used here (handles are one uint64 in a struct, status 0 = success, the action and data-kind codes)
is amd_comgr.h's, stable since comgr 2.0."""

import ctypes
import os

from gen.toolchain.backend import Backend
from gen.toolchain.diagnostics import parse_mc_errors
from gen.toolchain.errors import AssemblyError, ToolchainUnavailable

_LIBRARIES = ("libamd_comgr.so", "libamd_comgr.so.3", "libamd_comgr.so.2")
_TRIPLE = "amdgcn-amd-amdhsa--"

_SUCCESS = 0
_DATA_KIND_SOURCE = 0x1
_DATA_KIND_LOG = 0x5
_DATA_KIND_RELOCATABLE = 0x7
_DATA_KIND_EXECUTABLE = 0x8
_ACTION_LINK_RELOCATABLE_TO_EXECUTABLE = 0x9
_ACTION_ASSEMBLE_SOURCE_TO_RELOCATABLE = 0xA
_LANGUAGE_NONE = 0x0


class _Handle(ctypes.Structure):
    _fields_ = [("handle", ctypes.c_uint64)]


def _open_library() -> tuple[ctypes.CDLL, str]:
    forced = os.environ.get("INGOT_COMGR_LIBRARY", "")
    reasons = []
    for name in (forced,) if forced else _LIBRARIES:
        try:
            return ctypes.CDLL(name), name
        except OSError as exc:
            reasons.append(f"{name}: {exc}")
    raise ToolchainUnavailable("ROCm comgr is not available; tried " + "; ".join(reasons))


class ComgrBackend(Backend):
    name = "comgr"

    def __init__(self) -> None:
        self._lib, self._library = _open_library()
        major, minor = ctypes.c_size_t(0), ctypes.c_size_t(0)
        self._lib.amd_comgr_get_version(ctypes.byref(major), ctypes.byref(minor))
        self._version = f"comgr {major.value}.{minor.value}"
        self._isas = self._known_isas()

    def _call(self, what: str, status: int) -> None:
        if status != _SUCCESS:
            raise AssemblyError(f"{self._version}: {what} failed (status {status})")

    def _known_isas(self) -> set[str]:
        count = ctypes.c_size_t(0)
        self._call("amd_comgr_get_isa_count", self._lib.amd_comgr_get_isa_count(ctypes.byref(count)))
        names = set()
        for index in range(count.value):
            name = ctypes.c_char_p()
            self._call("amd_comgr_get_isa_name",
                       self._lib.amd_comgr_get_isa_name(ctypes.c_size_t(index), ctypes.byref(name)))
            names.add(name.value.decode())
        return names

    def knows(self, arch: str) -> bool:
        """Whether this comgr assembles for `arch` (any of its target-ID variants)."""
        return any(isa == _TRIPLE + arch or isa.startswith(_TRIPLE + arch + ":") for isa in self._isas)

    def version(self) -> str:
        return self._version

    def identity(self) -> str:
        return f"{self.name} {self._version} {self._library}"

    def assemble(self, source: str, arch: str, features: str = "") -> bytes:
        target = _TRIPLE + arch + "".join(f":{f[1:]}{f[0]}" for f in features.split(",") if f)
        return self._action(_ACTION_ASSEMBLE_SOURCE_TO_RELOCATABLE, _DATA_KIND_SOURCE, source.encode(),
                            _DATA_KIND_RELOCATABLE, arch, target, source)

    def link(self, obj: bytes, arch: str) -> bytes:
        return self._action(_ACTION_LINK_RELOCATABLE_TO_EXECUTABLE, _DATA_KIND_RELOCATABLE, obj,
                            _DATA_KIND_EXECUTABLE, arch, _TRIPLE + arch, None)

    def _action(self, action: int, in_kind: int, data: bytes, out_kind: int, arch: str, target: str,
                source: str | None) -> bytes:
        if not self.knows(arch):
            raise ToolchainUnavailable(f"{self._version} ({self._library}) does not know {arch}; use "
                                       "INGOT_ASM_BACKEND=rocm or triton")
        lib, created = self._lib, []
        try:
            inputs, outputs, info, item = _Handle(), _Handle(), _Handle(), _Handle()
            self._call("amd_comgr_create_data_set", lib.amd_comgr_create_data_set(ctypes.byref(inputs)))
            created.append((lib.amd_comgr_destroy_data_set, inputs))
            self._call("amd_comgr_create_data_set", lib.amd_comgr_create_data_set(ctypes.byref(outputs)))
            created.append((lib.amd_comgr_destroy_data_set, outputs))
            self._call("amd_comgr_create_data", lib.amd_comgr_create_data(in_kind, ctypes.byref(item)))
            created.append((lib.amd_comgr_release_data, item))
            self._call("amd_comgr_set_data", lib.amd_comgr_set_data(item, ctypes.c_size_t(len(data)), data))
            name = b"kernel.s" if in_kind == _DATA_KIND_SOURCE else b"kernel.o"
            self._call("amd_comgr_set_data_name", lib.amd_comgr_set_data_name(item, name))
            self._call("amd_comgr_data_set_add", lib.amd_comgr_data_set_add(inputs, item))
            self._call("amd_comgr_create_action_info", lib.amd_comgr_create_action_info(ctypes.byref(info)))
            created.append((lib.amd_comgr_destroy_action_info, info))
            self._call("amd_comgr_action_info_set_isa_name",
                       lib.amd_comgr_action_info_set_isa_name(info, target.encode()))
            self._call("amd_comgr_action_info_set_language", lib.amd_comgr_action_info_set_language(info, _LANGUAGE_NONE))
            self._call("amd_comgr_action_info_set_logging", lib.amd_comgr_action_info_set_logging(info, True))
            status = lib.amd_comgr_do_action(action, info, inputs, outputs)
            if status != _SUCCESS:
                log = self._output(outputs, _DATA_KIND_LOG, created)
                text = log.decode("utf-8", "replace") if log else ""
                diags = parse_mc_errors(text, source) if source is not None else []
                raise AssemblyError(f"{self._version}: {'assembly' if source else 'link'} for {arch} failed"
                                    + ("" if diags else f": {text.strip()}"), diags)
            result = self._output(outputs, out_kind, created)
            if not result:
                raise AssemblyError(f"{self._version}: the action for {arch} produced nothing")
            return result
        finally:
            for destroy, handle in reversed(created):
                destroy(handle)

    def _output(self, outputs: "_Handle", kind: int, created: list) -> bytes:
        count = ctypes.c_size_t(0)
        if self._lib.amd_comgr_action_data_count(outputs, kind, ctypes.byref(count)) != _SUCCESS or not count.value:
            return b""
        item = _Handle()
        self._call("amd_comgr_action_data_get_data",
                   self._lib.amd_comgr_action_data_get_data(outputs, kind, ctypes.c_size_t(0), ctypes.byref(item)))
        created.append((self._lib.amd_comgr_release_data, item))
        size = ctypes.c_size_t(0)
        self._call("amd_comgr_get_data", self._lib.amd_comgr_get_data(item, ctypes.byref(size), None))
        buffer = ctypes.create_string_buffer(size.value)
        self._call("amd_comgr_get_data", self._lib.amd_comgr_get_data(item, ctypes.byref(size), buffer))
        return buffer.raw[:size.value]
