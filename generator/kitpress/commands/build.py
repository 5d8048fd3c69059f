"""`kitpress build [GAME...]`: the print kit of each game, with a progress bar for several games."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from kitpress.errors import UsageError
from kitpress.sheets.presets import (
    BOOKLET_CHOICES,
    DUPLEX_CHOICES,
    INK_CHOICES,
    LAYOUT_CHOICES,
    PAPER_CHOICES,
)


def _complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from kitpress.commands.common import complete_games  # the game packs, imported only to complete

    return complete_games(ctx, param, incomplete)


def _complete_variant(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from kitpress.commands.common import complete_variants

    return complete_variants(ctx, param, incomplete)


@click.command("build")
@click.argument("games", nargs=-1, shell_complete=_complete)
@click.option("--paper", type=click.Choice(PAPER_CHOICES), multiple=True, help="Paper; repeat for several. Default: letter and a4. 'universal' prints unscaled on both.")
@click.option("--layout", type=click.Choice(LAYOUT_CHOICES), default="9up", show_default=True, help="Cards: 9-up sharing cut lines, 8-up landscape each with its own bleed, 1-up files for print services, or tts: Tabletop Simulator card sheets, pictures and a saved object for playtesting on screen.")
@click.option("--duplex", type=click.Choice(DUPLEX_CHOICES), default="long-edge", show_default=True, help="How backs are printed: the flip of a duplex printer; 'manual' for card stock your printer cannot turn (every front, then the stack fed again for the backs; plain paper still both sides); a fold-over gutter; or separate sheets.")
@click.option("--back-offset", "back_offset", default=None, metavar="X,Y", help="Move backs by X,Y mm as seen through the front, X along the paper's short edge and Y along its long edge on every sheet (as the calibration page reads them), to match your printer. Default: 0,0.")
@click.option("--printer", metavar="NAME", help="Print with a saved printer profile (its flip and back offset): see `kitpress printer setup`.")
@click.option("--ink", type=click.Choice(INK_CHOICES), default="full", show_default=True, help="'low': no full-bleed fills, light tints, outlined art.")
@click.option("--booklet", type=click.Choice(BOOKLET_CHOICES), default="pages", show_default=True, help="'saddle': a half-size booklet imposed 2-up for folding and stapling.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True)
@click.option("--variant", shell_complete=_complete_variant, help="Build the kit for a named variant of the rules.")
@click.option("--force", is_flag=True, help="Rebuild even when nothing changed, and write the kit even when the preflight finds errors.")
@click.option("--watch", is_flag=True, help="Rebuild whenever a spec or template changes (Ctrl-C stops).")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), help="How many games to render at once (default: one per core).")
@click.option("--only", "only", multiple=True, metavar="KIND", help="Build only these files (repeat, or a comma list): a print job's kind or name such as cards, board or tokens, or booklet (rules), teachers-book, calibration; the rest of the kit stays as it is. 'changed': the whole kit, and one file of just the sheets that differ from the kit in place (reprint-…pdf).")
@click.pass_context
def command(ctx: click.Context, games: tuple[str, ...], paper: tuple[str, ...], layout: str, duplex: str, back_offset: str | None, printer: str | None, ink: str, booklet: str, out_dir: Path, variant: str | None, force: bool, watch: bool, quiet: bool, jobs: int | None, only: tuple[str, ...]) -> None:
    """Build the print kit of each GAME into OUT/<game>/."""
    from kitpress.commands.common import check_target
    from kitpress.commands.print_options import print_settings
    from kitpress.sheets.presets import Preset

    check_target(out_dir, "--out", folder=True)  # before the kits are rendered, not after
    duplex, offset, profile = print_settings(ctx, printer, duplex, back_offset)
    kinds = _kinds(only)
    presets = [Preset(p, layout, duplex, offset, ink, booklet) for p in (paper or ("letter", "a4"))]
    if not (force or watch or kinds or profile):
        from kitpress.fingerprint import kits_in_place

        # Nothing changed: say so before importing a game pack, loading a spec or importing a renderer.
        in_place = kits_in_place(list(games), presets, out_dir, variant)
        if in_place is not None:
            for game_id, folder in in_place:
                if not quiet:
                    click.echo(f"up to date {game_id}: {folder}")
            return
    from kitpress.build import Only, build_games
    from kitpress.commands.common import games_or_all

    chosen = games_or_all(games)

    wanted = Only.of(kinds) if kinds else None

    def once(force_now: bool) -> None:
        with Progress(len(chosen), quiet) as progress:
            for line in build_games(chosen, presets, out_dir=out_dir, variant=variant, force=force_now, progress=progress.step, say=_say_err, jobs=jobs, only=wanted, printer=profile):
                if not quiet:
                    click.echo(line)

    if not watch:
        once(force)
        return
    from kitpress.watch import watch_and_rebuild

    # Errors are shown with --quiet too (on stderr): a watch that fails silently looks like one that works.
    watch_and_rebuild(chosen, lambda: once(force), lambda: once(False), say=None if quiet else click.echo, tell=_say_err)


KIND = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def _kinds(given: tuple[str, ...]) -> list[str]:
    """--only's kinds, repeated or comma-separated, each once; which ones a game prints is known only
    once its pieces are drawn (the build says then)."""
    kinds = [k.strip().lower() for value in given for k in value.split(",")]
    for kind in kinds:
        if not KIND.fullmatch(kind):
            raise UsageError(f"--only {kind!r}: a kind is a word such as cards, board, tokens, booklet or teachers-book")
    return list(dict.fromkeys(kinds))


def _say_err(line: str) -> None:
    click.echo(line, err=True)


class Progress:
    """A progress bar on stderr for builds of several games, shown only on a terminal and not with
    --quiet; click keeps it silent when output is piped, so logs stay clean."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.bar = None if quiet or total < 2 else click.progressbar(length=total, label="building", file=sys.stderr)
        self.started = False

    def __enter__(self) -> Progress:
        if self.bar is not None:
            self.bar.__enter__()
        return self

    def step(self, game: str) -> None:
        if self.bar is not None:
            if self.started:
                self.bar.update(1)
            self.started = True
            self.bar.label = f"building {game}"

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            if self.started:
                self.bar.update(1)
            self.bar.__exit__(None, None, None)
