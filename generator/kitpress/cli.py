"""The `kitpress` command: the click group and the registration of its commands (kitpress.commands).

Errors need no handling here or in the commands: a KitpressError is a click.ClickException, which click
shows and exits with. Only an interrupt is ours to map, since click would call it "Aborted!", exit 1.

A command's module is imported only when that command runs (or --help lists them all): `kitpress
--version` starts in a tenth of a second, and `kitpress check` imports nothing that `build` needs.
"""

from __future__ import annotations

import importlib
import signal
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
    from kitpress.nohome import keep_libraries_out_of_a_missing_home

    keep_libraries_out_of_a_missing_home()


if __name__ == "__main__":  # pragma: no cover
    main()

__all__ = ["EXIT_BAD_INPUT", "main"]
