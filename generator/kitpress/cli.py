"""The `kitpress` command: the click group and the registration of its commands (kitpress.commands).

Errors need no handling here or in the commands: a KitpressError is a click.ClickException, which click
shows and exits with. Only an interrupt is ours to map, since click would call it "Aborted!", exit 1.
"""

from __future__ import annotations

import signal
from typing import Any

import click

from kitpress import __version__
from kitpress.commands import build, check, completion, doctor, kit, lint, listing, new, schema, simulate
from kitpress.errors import EXIT_BAD_INPUT, Interrupted


def _terminate_as_interrupt(signum: int, frame: object) -> None:
    """SIGTERM unwinds like Ctrl-C, so a stopped build cleans up and says which kit is in place."""
    raise KeyboardInterrupt


class KitpressGroup(click.Group):
    """The group: every command runs with SIGTERM as an interrupt and an interrupt as exit 130."""

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


main.add_command(listing.command)
main.add_command(check.command)
main.add_command(build.command)
main.add_command(completion.command)
main.add_command(lint.command)
main.add_command(kit.command)
main.add_command(doctor.command)
main.add_command(schema.command)
main.add_command(new.command)
main.add_command(simulate.command)

if __name__ == "__main__":  # pragma: no cover
    main()

__all__ = ["EXIT_BAD_INPUT", "main"]
