"""The `kitpress` command: the click group and the registration of its commands (kitpress.commands).

Errors need no handling here or in the commands: a KitpressError is a click.ClickException, which click
shows and exits with. Only an interrupt is ours to map, since click would call it "Aborted!", exit 1.

A command's module is imported only when that command runs (or --help lists them all): `kitpress
--version` starts in a tenth of a second, and `kitpress check` imports nothing that `build` needs.
"""

from __future__ import annotations

import codecs
import importlib
import io
import signal
import sys
from typing import Any

import click

from kitpress import __version__
from kitpress.errors import EXIT_BAD_INPUT, Interrupted

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
        signal.signal(signal.SIGTERM, _terminate_as_interrupt)
        _print_what_the_console_cannot()
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # a command that writes says itself which files are in place
            raise Interrupted("interrupted") from None


@click.group(name="kitpress", cls=KitpressGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kitpress")
def main() -> None:
    """Turn classroom game design specs into print-ready kits with checked rules.

    GAME is a bundled game id (see `kitpress list`) or the path of a spec file.
    """


if __name__ == "__main__":  # pragma: no cover
    main()

__all__ = ["EXIT_BAD_INPUT", "main"]
