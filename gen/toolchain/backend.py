"""The one assembler interface every backend implements."""

from abc import ABC, abstractmethod


class Backend(ABC):
    #: the manifest's toolchain.backend value
    name: str = ""

    @abstractmethod
    def version(self) -> str:
        """Human-readable version, recorded in the manifest (stable across machines)."""

    @abstractmethod
    def identity(self) -> str:
        """Everything that can change the output bytes: goes into the incremental-build cache key."""

    @abstractmethod
    def assemble(self, source: str, arch: str, features: str = "") -> bytes:
        """Assemble AMDGCN source into a relocatable ELF; raise AssemblyError naming the lines.
        `features` is LLVM's -mattr string (e.g. "+xnack"); the source's .amdgcn_target must agree with it."""

    @abstractmethod
    def link(self, obj: bytes, arch: str) -> bytes:
        """Link a relocatable object into a loadable code object (ELF DYN)."""
