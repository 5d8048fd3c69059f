"""Every failure a user can cause, as exceptions the CLI maps to messages and exit codes in one place."""

from __future__ import annotations

from dataclasses import dataclass

EXIT_OK = 0
EXIT_FAILED = 1  # a check or lint found a problem
EXIT_BAD_INPUT = 2  # a spec, examples file or argument is wrong


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can."""

    file: str
    line: int
    message: str
    path: str = ""
    column: int = 0

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" + (f":{self.column}" if self.column else "")
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class KitpressError(Exception):
    """Base class: an expected failure with a message for the user and an exit code."""

    exit_code = EXIT_BAD_INPUT

    def lines(self) -> list[str]:
        return [str(self)]


class InputError(KitpressError):
    """A spec or examples file is wrong; carries every problem found, each with file and line."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: (p.file, p.line, p.column, p.path, p.message))
        super().__init__("\n".join(str(p) for p in self.problems))

    def lines(self) -> list[str]:
        return [str(p) for p in self.problems]


class UsageError(KitpressError):
    """A command-line argument names something that does not exist."""


class CheckFailed(KitpressError):
    """A worked example did not hold."""

    exit_code = EXIT_FAILED
