"""The `kitpress` command: parse options, call one library function, map errors to exit codes."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

import click

from kitpress import __version__
from kitpress.errors import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, KitpressError
from kitpress.packs import shipped_specs
from kitpress.sheets.presets import (
    BOOKLET_CHOICES,
    DUPLEX_CHOICES,
    INK_CHOICES,
    LAYOUT_CHOICES,
    PAPER_CHOICES,
)


def errors_to_exit_codes(func: Callable[..., int | None]) -> Callable[..., None]:
    """Expected failures become their message lines and exit code; never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        signal.signal(signal.SIGTERM, _terminate_as_interrupt)
        try:
            code = func(*args, **kwargs) or EXIT_OK
        except KitpressError as exc:
            for line in exc.lines():
                click.echo(line, err=True)
            code = exc.exit_code
        except KeyboardInterrupt:  # a command that writes says itself which files are in place
            click.echo("interrupted", err=True)
            code = 130
        sys.exit(code)

    return wrapper


def _terminate_as_interrupt(signum: int, frame: object) -> None:
    """SIGTERM unwinds like Ctrl-C, so a stopped build cleans up and says which kit is in place."""
    raise KeyboardInterrupt


def _colour_allowed() -> bool | None:
    """NO_COLOR (any value) turns colour off; otherwise click colours only a terminal."""
    return False if os.environ.get("NO_COLOR") else None


def _coloured(line: str) -> str:
    if line.startswith("ok  "):
        return click.style("ok  ", fg="green") + line[4:]
    if line.startswith("FAIL"):
        return click.style("FAIL", fg="red", bold=True) + line[4:]
    return line


def _complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    return [g for g in shipped_specs() if g.startswith(incomplete)]


def games_or_all(games: tuple[str, ...]) -> list[str]:
    return list(games) if games else list(shipped_specs())


@click.group(name="kitpress", context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kitpress")
def main() -> None:
    """Turn classroom game design specs into print-ready kits with checked rules.

    GAME is a bundled game id (see `kitpress list`) or the path of a spec file.
    """


@main.command("list")
@errors_to_exit_codes
def list_games() -> int:
    """Show each bundled game with its variants."""
    from kitpress.spec.load import load_spec

    broken = False
    for game in shipped_specs():
        try:
            loaded = load_spec(game)
        except KitpressError as exc:  # one broken spec must not hide the others
            for line in exc.lines():
                click.echo(line, err=True)
            broken = True
            continue
        click.echo(f"{loaded.id}  {loaded.spec.identity.title} (v{loaded.spec.identity.version})")
        for var in loaded.spec.variants:
            click.echo(f"    --variant {var.id}: {var.name}")
    return EXIT_BAD_INPUT if broken else EXIT_OK


@main.command()
@click.argument("games", nargs=-1, shell_complete=_complete_games)
@click.option("--examples", "examples_file", type=click.Path(dir_okay=False), help="A YAML file of further examples to replay.")
@click.option("--variant", help="Check against a named variant of the rules.")
@errors_to_exit_codes
def check(games: tuple[str, ...], examples_file: str | None, variant: str | None) -> int:
    """Replay every worked example of each GAME through its rules engine."""
    from kitpress.check import replay_all, report_lines
    from kitpress.spec.load import load_examples, load_spec

    chosen = games_or_all(games)
    if examples_file and len(chosen) != 1:
        raise click.UsageError("--examples needs exactly one GAME")
    failed = False
    for game in chosen:
        loaded = load_spec(game, variant)
        examples = load_examples(examples_file, loaded) if examples_file else list(loaded.spec.examples)
        replays = replay_all(loaded.engine, examples)
        for line in report_lines(loaded.id, replays):
            click.echo(_coloured(line), color=_colour_allowed())
        failed |= not all(r.ok for r in replays)
    return EXIT_FAILED if failed else EXIT_OK


@main.command()
@click.argument("games", nargs=-1, shell_complete=_complete_games)
@click.option("--paper", type=click.Choice(PAPER_CHOICES), multiple=True, help="Paper; repeat for several. Default: letter and a4. 'universal' prints unscaled on both.")
@click.option("--layout", type=click.Choice(LAYOUT_CHOICES), default="9up", show_default=True, help="Cards: 9-up sharing cut lines, 8-up landscape each with its own bleed, or 1-up files for print services.")
@click.option("--duplex", type=click.Choice(DUPLEX_CHOICES), default="long-edge", show_default=True, help="How backs are printed: the flip of a duplex printer, a fold-over gutter, or separate sheets.")
@click.option("--back-offset", "back_offset", default="0,0", show_default=True, metavar="X,Y", help="Move backs by X,Y mm (right, up, as seen through the front) to match your printer; see the calibration page.")
@click.option("--ink", type=click.Choice(INK_CHOICES), default="full", show_default=True, help="'low': no full-bleed fills, light tints, outlined art.")
@click.option("--booklet", type=click.Choice(BOOKLET_CHOICES), default="pages", show_default=True, help="'saddle': a half-size booklet imposed 2-up for folding and stapling.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True)
@click.option("--variant", help="Build the kit for a named variant of the rules.")
@click.option("--force", is_flag=True, help="Rebuild even when nothing changed, and write the kit even when the preflight finds errors.")
@click.option("--watch", is_flag=True, help="Rebuild whenever a spec or template changes (Ctrl-C stops).")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@errors_to_exit_codes
def build(games: tuple[str, ...], paper: tuple[str, ...], layout: str, duplex: str, back_offset: str, ink: str, booklet: str, out_dir: Path, variant: str | None, force: bool, watch: bool, quiet: bool) -> int:
    """Build the print kit of each GAME into OUT/<game>/."""
    from kitpress.build import build_games
    from kitpress.sheets.presets import Preset, parse_offset

    try:
        offset = parse_offset(back_offset)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--back-offset") from None
    presets = [Preset(p, layout, duplex, offset, ink, booklet) for p in (paper or ("letter", "a4"))]
    chosen = games_or_all(games)

    def once(force_now: bool) -> None:
        with Progress(len(chosen), quiet) as progress:
            for line in build_games(chosen, presets, out_dir=out_dir, variant=variant, force=force_now, progress=progress.step, say=_say_err):
                if not quiet:
                    click.echo(line)

    if not watch:
        once(force)
        return EXIT_OK
    from kitpress.watch import watch_and_rebuild

    watch_and_rebuild(chosen, lambda: once(force), lambda: once(False), say=None if quiet else click.echo)
    return EXIT_OK


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


@main.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """Print the shell completion script: eval "$(kitpress completion bash)"."""
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    assert cls is not None
    click.echo(cls(main, {}, "kitpress", "_KITPRESS_COMPLETE").source())


def _add_command_modules() -> None:
    """Further commands live in kitpress.commands, one module each, each defining `command`."""
    import importlib

    for name in COMMAND_MODULES:
        main.add_command(importlib.import_module(f"kitpress.commands.{name}").command)


COMMAND_MODULES: tuple[str, ...] = ("lint", "kit", "doctor", "schema", "new", "simulate")
_add_command_modules()

if __name__ == "__main__":  # pragma: no cover
    main()

__all__ = ["EXIT_BAD_INPUT", "main"]
