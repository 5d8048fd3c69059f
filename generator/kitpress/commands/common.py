"""What several commands share: choosing the games, completing their names, and colour. It imports
nothing of the commands, so every command can import it."""

from __future__ import annotations

import os

import click

from kitpress.packs import shipped_specs


def complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    return [g for g in shipped_specs() if g.startswith(incomplete)]


def games_or_all(games: tuple[str, ...]) -> list[str]:
    """The games given, or every bundled game when none is."""
    return list(games) if games else list(shipped_specs())


def colour_allowed() -> bool | None:
    """NO_COLOR (any value) turns colour off; otherwise click colours only a terminal."""
    return False if os.environ.get("NO_COLOR") else None


def coloured(line: str) -> str:
    """A report line with its "ok" or "FAIL" status in colour."""
    if line.startswith("ok  "):
        return click.style("ok  ", fg="green") + line[4:]
    if line.startswith("FAIL"):
        return click.style("FAIL", fg="red", bold=True) + line[4:]
    return line
