"""What a lint check reports, and the failure `build` raises when a kit has errors."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kitpress.errors import EXIT_FAILED, KitpressError

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, order=True)
class Finding:
    """One problem, named down to the piece: game, component (the print job or file) and card (the art)."""

    game: str
    component: str
    card: str
    severity: str  # "error" fails lint and build; "warning" is printed only
    message: str
    check: str = ""  # a short id of the check, e.g. "text-safe-zone"
    at: str = ""  # where in the spec to fix it, "file:line:col: key.path", when known (lint.places)

    def __str__(self) -> str:
        code = f" [{self.check}]" if self.check else ""
        where = f"{self.at}: " if self.at else ""
        return f"{where}{self.game}: {self.component}: {self.card}: {self.severity}{code}: {self.message}"


def errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity == ERROR]


class LintFailed(KitpressError):
    """The preflight found errors; nothing was written (exit 1). `build --force` writes the kit anyway."""

    exit_code = EXIT_FAILED

    def __init__(self, game: str, findings: list[Finding]) -> None:
        self.game = game
        self.findings = sorted(findings)
        bad = errors(self.findings)
        super().__init__(f"{game}: preflight found {len(bad)} error(s); nothing was written (use --force to write the kit anyway)")

    def lines(self) -> list[str]:
        return [*(str(f) for f in self.findings), str(self)]
