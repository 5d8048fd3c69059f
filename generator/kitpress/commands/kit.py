"""`kitpress kit`: everything a teacher prints, cuts and brings for one class, in one folder and one zip."""

from __future__ import annotations

from pathlib import Path

import click

from kitpress.classkit import DEFAULT_CLASS_SIZE, MAX_CLASS_SIZE
from kitpress.commands.common import games_or_all
from kitpress.sheets.presets import PAPER_CHOICES


def _split(games: tuple[str, ...]) -> tuple[str, ...]:
    """--games a --games b, or --games a,b."""
    return tuple(g for value in games for g in value.split(",") if g.strip())


@click.command("kit")
@click.option("--class-size", "class_size", type=click.IntRange(1, MAX_CLASS_SIZE), default=DEFAULT_CLASS_SIZE, show_default=True, help="Students in the class.")
@click.option("--games", multiple=True, metavar="GAME[,GAME…]", help="Games to include (bundled ids or spec files); repeat or separate with commas. Default: every bundled game.")
@click.option("--paper", type=click.Choice(PAPER_CHOICES), default="letter", show_default=True, help="The paper the school prints on.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True)
def command(class_size: int, games: tuple[str, ...], paper: str, out_dir: Path) -> None:
    """Build a class kit: print files, packing list, guide, preview.

    Writes OUT/classroom-kit/ and OUT/classroom-kit.zip, and the preview gallery at OUT/index.html.

    Each game is played at tables of the largest size it allows, so the class needs as few sets as
    possible; the packing list says how many copies of each file to print and on what paper.
    """
    from kitpress.classkit.kit import make_kit

    for line in make_kit(games_or_all(_split(games)), class_size, paper, out_dir):
        click.echo(line)
