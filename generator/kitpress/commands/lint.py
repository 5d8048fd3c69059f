"""`kitpress lint [GAME...]`: the preflight `build` runs, on its own. Renders each game's pieces in memory,
runs every check and prints one line per finding: game, component, card, severity, check and message.

Exit codes: 0 no errors (warnings may be printed), 1 an error was found, 2 a spec or argument is wrong.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from kitpress.commands.common import complete_games, complete_variants
from kitpress.errors import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, KitpressError, UsageError
from kitpress.pieces import Art, PrintJob
from kitpress.sheets.presets import INK_CHOICES


def _low_ink(jobs: list[PrintJob]) -> list[PrintJob]:
    from kitpress.render.ink import low_ink

    def light(art: Art) -> Art:
        return replace(art, svg=low_ink(art.svg))

    return [replace(j, fronts=tuple(map(light, j.fronts)), backs=tuple(map(light, j.backs))) for j in jobs]


def _pdf_files(paths: tuple[Path, ...]) -> list[Path]:
    """The PDFs to check: each file given, and those in each folder given; a pipe or a device among
    them is refused before any is read (reading one would hang or never end)."""
    import stat

    files: list[Path] = []
    for path in paths:
        files += sorted(path.rglob("*.pdf")) if path.is_dir() else [path]
    for file in files:
        if not stat.S_ISREG(file.stat().st_mode):
            raise UsageError(f"{file}: is not a regular file (a pipe, a device or a socket); --pdf needs PDF files")
    return files


def lint_game(game: str, variant: str | None, ink: str) -> tuple[list[str], int]:
    """The report lines for one game and its exit code."""
    from kitpress.lint import errors, lint_jobs, lint_words
    from kitpress.lint.places import located
    from kitpress.lint.sources import undeclared_sources
    from kitpress.lint.todo import todo_markers
    from kitpress.packs import pack_for
    from kitpress.preflight import preflight_inks
    from kitpress.render.svgkit import shrinks
    from kitpress.sheets.presets import Preset
    from kitpress.spec.load import load_spec
    from kitpress.spec.yamlpos import load_file

    loaded = load_spec(game, variant)
    art = pack_for(loaded.spec.engine).art
    if art is None:
        return [f"{loaded.id}: the game pack has no art yet: nothing to lint"], EXIT_FAILED
    with shrinks() as shrunk:
        jobs = art().jobs(loaded)
    if ink == "both":  # as build checks every kit: the full-ink pieces and their low-ink form
        findings = preflight_inks(loaded, jobs, [Preset("letter")]) + lint_words(loaded, jobs)
    elif ink == "low":
        jobs = _low_ink(jobs)
        findings = lint_jobs(loaded, jobs)
    else:
        findings = lint_jobs(loaded, jobs) + lint_words(loaded, jobs)
    # each finding at the spec line to edit; the texts the art shrank; what `kitpress new` left to fill in
    written = load_file(str(loaded.source))
    written.file = loaded.file  # named as every other message names the spec
    findings = todo_markers(str(loaded.id), loaded.file, written) + undeclared_sources(loaded, written) + located(loaded, findings, shrunk)
    bad = errors(findings)
    pieces = len({a.svg for j in jobs for a in (*j.fronts, *j.backs)})
    summary = f"{loaded.id}: {len(bad)} error(s), {len(findings) - len(bad)} warning(s) in {pieces} pieces" if findings else f"{loaded.id}: lint passed ({pieces} pieces)"
    return [*(str(f) for f in findings), summary], EXIT_FAILED if bad else EXIT_OK


@click.command("lint")
@click.argument("games", nargs=-1, shell_complete=complete_games)
@click.option("--variant", shell_complete=complete_variants, help="Lint the kit of a named variant of the rules.")
@click.option("--ink", type=click.Choice([*INK_CHOICES, "both"]), default="both", show_default=True, help="Which art to lint: both inks, as build does, or only the full- or low-ink art.")
@click.option("--pdf", "pdfs", multiple=True, type=click.Path(exists=True, path_type=Path), help="Also check written PDFs (a file or a kit folder); repeatable.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar, and no line for a game that passes.")
@click.pass_context
def command(ctx: click.Context, games: tuple[str, ...], variant: str | None, ink: str, pdfs: tuple[Path, ...], quiet: bool) -> None:
    """Preflight each GAME's print pieces: text in its box and safe zone, sizes, glyphs, bleed, fonts, colour,
    and the printed words of the pieces and rule books."""
    from kitpress.commands.progress import steps
    from kitpress.lint import errors, lint_pdfs
    from kitpress.packs import shipped_specs

    code = EXIT_OK
    files = _pdf_files(pdfs)  # before the games are linted, so a wrong --pdf is said at once
    chosen = games or tuple(shipped_specs())
    with steps(len(chosen), "linting", quiet) as step:
        for game in chosen:
            step(game)
            try:
                lines, game_code = lint_game(game, variant, ink)
            except KitpressError as exc:  # a broken spec or a renderer's refusal: report it, lint the rest
                for line in exc.lines():
                    click.echo(line, err=True)
                code = max(code, exc.exit_code)
                continue
            for line in lines if not (quiet and game_code == EXIT_OK) else ():
                click.echo(line)
            code = max(code, game_code)
    if files:
        findings = [f for path in files for f in lint_pdfs([path], game=path.parent.name)]
        for finding in findings:
            click.echo(str(finding))
        click.echo(f"{len(files)} PDF file(s): {len(errors(findings))} error(s)")
        if errors(findings):
            code = max(code, EXIT_FAILED)
    ctx.exit(code if code in (EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT) else EXIT_BAD_INPUT)
