"""`kitpress kit`: everything a teacher prints, cuts and brings for one class, in one folder and one zip."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from kitpress.classkit import DEFAULT_CLASS_SIZE, MAX_CLASS_SIZE
from kitpress.commands.common import games_or_all
from kitpress.sheets.presets import BOOKLET_CHOICES, DUPLEX_CHOICES, INK_CHOICES, PAPER_CHOICES

KIT_LAYOUTS = ("9up", "8up")  # classkit.kit.KIT_LAYOUTS, without importing the kit at start-up


def _split(games: tuple[str, ...]) -> tuple[str, ...]:
    """--games a --games b, or --games a,b."""
    return tuple(g for value in games for g in value.split(",") if g.strip())


def _variants(given: tuple[str, ...]) -> dict[str, str]:
    """--variant GAME=VARIANT, repeated: one variant a game."""
    out: dict[str, str] = {}
    for value in given:
        game, sep, variant = value.partition("=")
        game, variant = game.strip(), variant.strip()
        if not sep or not game or not variant:
            raise click.BadParameter(f"expected GAME=VARIANT, such as momentum=thirty-rounds; got {value!r}", param_hint="--variant")
        if game in out and out[game] != variant:
            raise click.BadParameter(f"two variants for {game}: {out[game]} and {variant}", param_hint="--variant")
        out[game] = variant
    return out


def _table_sizes(given: tuple[str, ...]) -> dict[str, int]:
    """--table-size GAME=N, repeated: one size a game. A bad value is one line and exit 2 (UsageError)."""
    from kitpress.errors import UsageError

    out: dict[str, int] = {}
    for value in given:
        game, sep, size = (part.strip() for part in value.partition("="))
        if not sep or not game or not size.isdigit() or not 1 <= int(size) <= MAX_CLASS_SIZE:
            raise UsageError(f"--table-size {value}: expected GAME=N, a game and its players a table, such as newtonian-rummy=4")
        if out.get(game, int(size)) != int(size):
            raise UsageError(f"--table-size: two sizes for {game}: {out[game]} and {size}")
        out[game] = int(size)
    return out


class Stages:
    """One line on stderr a stage (building a game, the print jobs, the preview), with the seconds so far;
    not with --quiet."""

    def __init__(self, quiet: bool) -> None:
        self.quiet, self.start = quiet, time.monotonic()

    def __call__(self, stage: str) -> None:
        if not self.quiet:
            click.echo(f"[{time.monotonic() - self.start:4.1f} s] {stage}…", file=sys.stderr)


@click.command("kit")
@click.option("--class-size", "class_size", type=click.IntRange(1, MAX_CLASS_SIZE), default=DEFAULT_CLASS_SIZE, show_default=True, help="Students in the class.")
@click.option("--games", multiple=True, metavar="GAME[,GAME…]", help="Games to include (bundled ids or spec files); repeat or separate with commas. Default: every bundled game.")
@click.option("--variant", "variant", multiple=True, metavar="GAME=VARIANT", help="Print a game in a variant of its rules (see `kitpress list`); repeat for several games.")
@click.option("--table-size", "table_size", multiple=True, metavar="GAME=N", help="Seat a game at tables of N players (one it allows); repeat for several games. Default: the size the game plays best with, else its largest.")
@click.option("--paper", type=click.Choice(PAPER_CHOICES), default="letter", show_default=True, help="The paper the school prints on.")
@click.option("--layout", type=click.Choice(KIT_LAYOUTS), default="9up", show_default=True, help="Cards: 9-up sharing cut lines, or 8-up landscape each with its own bleed.")
@click.option("--duplex", type=click.Choice(DUPLEX_CHOICES), default="long-edge", show_default=True, help="How backs are printed: the flip of a duplex printer; 'manual' for card stock your printer cannot turn (every front, then the stack fed again for the backs; plain paper still both sides); a fold-over gutter; or separate sheets.")
@click.option("--back-offset", "back_offset", default=None, metavar="X,Y", help="Move backs by X,Y mm as seen through the front, X along the paper's short edge and Y along its long edge on every sheet (as the calibration page reads them). Default: 0,0.")
@click.option("--printer", metavar="NAME", help="Print with a saved printer profile (its flip and back offset): see `kitpress printer setup`.")
@click.option("--ink", type=click.Choice(INK_CHOICES), default="full", show_default=True, help="'low': no full-bleed fills, light tints, outlined art.")
@click.option("--booklet", type=click.Choice(BOOKLET_CHOICES), default="pages", show_default=True, help="'saddle': the student rules as a half-size booklet, folded and stapled.")
@click.option("--set-marks/--no-set-marks", "set_marks", default=True, show_default=True, help="Print each set's letter on a colour band on its card and piece backs ('Set C').")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True)
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@click.pass_context
def command(ctx: click.Context, class_size: int, games: tuple[str, ...], variant: tuple[str, ...], table_size: tuple[str, ...], paper: str, layout: str, duplex: str, back_offset: str | None, printer: str | None, ink: str, booklet: str, set_marks: bool, out_dir: Path, quiet: bool) -> None:
    """Build a class kit: print jobs, packing list, guide, preview.

    Writes OUT/classroom-kit/ and OUT/classroom-kit.zip, and the preview gallery at OUT/index.html.

    Each game is played at tables of the size it plays best with (else the largest it allows, so the
    class needs as few sets as possible), or at the size --table-size chooses; the packing list says
    what to print, in which order, on what paper, and why each game is seated as it is.
    """
    from kitpress.classkit.kit import KitOptions, make_kit
    from kitpress.commands.common import check_target
    from kitpress.commands.print_options import print_settings

    check_target(out_dir, "--out", folder=True)  # before the kits are built, not after
    variants = _variants(variant)
    duplex, offset, profile = print_settings(ctx, printer, duplex, back_offset)
    options = KitOptions(layout, duplex, offset, ink, booklet, variants, profile, set_marks, Stages(quiet), _table_sizes(table_size))
    for line in make_kit(games_or_all(_split(games)), class_size, paper, out_dir, options):
        if not quiet:
            click.echo(line)
