"""Error values of the toolchain layer.

The assemblers report problems as text; these classes turn that text into structured diagnostics so the
renderer can map a rendered .s line back to the template line it came from."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Diagnostic:
    line: int | None   # 1-based line in the assembled source, None if the tool did not say
    message: str
    text: str = ""      # the offending source line as the tool echoed it

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        echo = f"  [{self.text.strip()}]" if self.text.strip() else ""
        return f"{where}{self.message}{echo}"


class ToolchainUnavailable(Exception):
    """No usable assembler backend (or it cannot target the requested arch)."""


@dataclass
class AssemblyError(Exception):
    """The assembler or linker rejected the input."""
    summary: str
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.summary)

    def __str__(self) -> str:
        lines = [self.summary] + [f"  {d}" for d in self.diagnostics]
        return "\n".join(lines)
