"""Every failure a user can cause, as exceptions with their messages and exit codes: each is a
click.ClickException, so click itself shows it and exits with its code, for every command."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Any

import click

EXIT_OK = 0
EXIT_FAILED = 1  # a check or lint found a problem
EXIT_BAD_INPUT = 2  # a spec, examples file or argument is wrong
EXIT_INTERRUPTED = 130  # Ctrl-C or SIGTERM, as a shell reports a process stopped by SIGINT


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


class KitpressError(click.ClickException):
    """Base class: an expected failure with a message for the user and an exit code."""

    exit_code = EXIT_BAD_INPUT

    def lines(self) -> list[str]:
        return [str(self)]

    def show(self, file: IO[Any] | None = None) -> None:
        # Our own lines, without click's "Error: " prefix: tests and scripts read them as they are.
        for line in self.lines():
            click.echo(line, file=file, err=True)


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


class Interrupted(KitpressError):
    """Ctrl-C or SIGTERM: the group turns either into this; a command that writes raises its own,
    saying which files are in place."""

    exit_code = EXIT_INTERRUPTED


class EnvironmentFault(KitpressError):
    """An environment variable, a path or a device that cannot serve (a malformed SOURCE_DATE_EPOCH, a
    path below a file or too long, a full standard output): one line naming it, exit 2."""
