"""The `kitpress` command: the click group and the registration of its commands (kitpress.commands).

Errors need no handling here or in the commands: a KitpressError is a click.ClickException, which click
shows and exits with. An interrupt is ours to map, since click would call it "Aborted!", exit 1; and so
is every fault of the environment, whatever command meets it: a malformed environment variable is
refused before the command starts, and an operating-system error no command turned into its own line
(a path below a file or too long, a full device, a standard output that is full or closed) becomes one
line naming the path, exit 2, never a traceback. Warnings of kitpress's library (a game pack skipped)
are shown on stderr, one line each.

A command's module is imported only when that command runs (or --help lists them all): `kitpress
--version` starts in a tenth of a second, and `kitpress check` imports nothing that `build` needs.
"""

from __future__ import annotations

import codecs
import errno
import importlib
import io
import logging
import os
import signal
import sys
import traceback
from typing import Any

import click

from kitpress import __version__
from kitpress.errors import EXIT_BAD_INPUT, EnvironmentFault, Interrupted, KitpressError

# Command name → the module of kitpress.commands that defines it as `command`.
COMMANDS = {
    "build": "build",
    "check": "check",
    "completion": "completion",
    "doctor": "doctor",
    "kit": "kit",
    "lint": "lint",
    "list": "listing",
    "new": "new",
    "printer": "printers",
    "schema": "schema",
    "simulate": "simulate",
}


def _terminate_as_interrupt(signum: int, frame: object) -> None:
    """SIGTERM unwinds like Ctrl-C, so a stopped build cleans up and says which kit is in place."""
    raise KeyboardInterrupt


# What a code page without kitpress's signs prints instead (any other character: "?").
_STAND_INS = {"−": "-", "≠": "!=", "→": "->", "←": "<-", "≤": "<=", "≥": ">=", "×": "x", "…": "...", "·": "."}


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeEncodeError)
    return "".join(_STAND_INS.get(c, "?") for c in error.object[error.start : error.end]), error.end


def _print_what_the_console_cannot() -> None:
    """Output whose code page lacks a character kitpress prints (Windows' cp1252, for output sent to a
    file or a pipe, has no − or ≠) gets a stand-in for it rather than a traceback."""
    codecs.register_error("kitpress-stand-in", _stand_in)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="kitpress-stand-in")


class KitpressGroup(click.Group):
    """The group: every command runs with SIGTERM as an interrupt and an interrupt as exit 130, and is
    imported when it is first asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module = importlib.import_module(f"kitpress.commands.{COMMANDS[cmd_name]}")
            self.add_command(module.command, cmd_name)
        return self.commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        from kitpress import environment

        signal.signal(signal.SIGTERM, _terminate_as_interrupt)
        _print_what_the_console_cannot()
        _show_library_warnings()
        try:
            environment.check()
            try:
                return super().invoke(ctx)
            finally:
                _flush_stdout()  # a full or closed standard output is found here, not at exit
        except KeyboardInterrupt:  # a command that writes says itself which files are in place
            raise Interrupted("interrupted") from None
        except OSError as exc:
            raise os_fault(exc) from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        # `--version` and `--help` write before any command is invoked: their standard output too.
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:
            fault = os_fault(exc)
            fault.show()
            sys.exit(fault.exit_code)


class _OneLine(logging.Handler):
    """A library warning as the one line it is, on stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(record.getMessage(), err=True)


def _show_library_warnings() -> None:
    log = logging.getLogger("kitpress")
    if not any(isinstance(h, _OneLine) for h in log.handlers):
        log.addHandler(_OneLine(logging.WARNING))
        log.propagate = False


def os_fault(exc: OSError) -> KitpressError:
    """One line for an operating-system error that reached the command line: the path and the reason;
    standard output itself when it is what failed (and it is then closed, so nothing is tried again at
    exit)."""
    if exc.filename is None and _from_stdout(exc):
        return _stdout_fault(exc)
    if exc.filename is None:
        return EnvironmentFault(_reason(exc))
    from pathlib import Path

    from kitpress.outfolder import os_problem

    return os_problem(exc, Path(str(exc.filename)))


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _is_stdout(stream: object) -> bool:
    try:
        return stream is sys.stdout or stream is sys.__stdout__ or stream.fileno() == 1  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False


def _from_stdout(exc: OSError) -> bool:
    """Whether the error came from writing to standard output (click.echo's file, a stream's self)."""
    frames = [frame for frame, _ in traceback.walk_tb(exc.__traceback__)]
    return bool(frames) and any(_is_stdout(frame.f_locals.get(name)) for frame in frames[-3:] for name in ("file", "self", "stream"))


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise _stdout_fault(exc) from None


def _stdout_fault(exc: OSError) -> KitpressError:
    reason = "closed before everything was written" if exc.errno == errno.EPIPE else _reason(exc)
    try:  # what is left in its buffer goes nowhere: Python's own flush at exit must not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    return EnvironmentFault(f"standard output: {reason}")


@click.group(name="kitpress", cls=KitpressGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kitpress")
def main() -> None:
    """Turn classroom game design specs into print-ready kits with checked rules.

    GAME is a bundled game id (see `kitpress list`) or the path of a spec file.
    """
    from kitpress.nohome import keep_libraries_out_of_a_missing_home

    keep_libraries_out_of_a_missing_home()


if __name__ == "__main__":  # pragma: no cover
    main()

__all__ = ["EXIT_BAD_INPUT", "main"]
