"""`kitpress check [GAME...]`: replay every worked example of each game through its rules engine.

Each failure is reported at the file:line:col of its step, expected against actual, and a closing line
sums up (`41 examples, 122 steps: all hold`). A spec that cannot be read is reported on stderr and the
others are still checked. Exit code: the worst of all — 2 a file could not be checked, 1 an example
failed, 0 all hold.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from kitpress.commands.common import colour_allowed, coloured, complete_games, complete_variants, games_or_all
from kitpress.errors import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, KitpressError

if TYPE_CHECKING:
    from kitpress.check_output import CheckedSpec, Unreadable
    from kitpress.checkreport import Checked


def _targets(game: str, variant: str | None, all_variants: bool) -> list[str | None]:
    """The rules to check a game under: the one asked for, or base and every variant."""
    if not all_variants:
        return [variant]
    from kitpress.spec.load import load_spec

    return [None, *(v.id for v in load_spec(game).spec.variants)]


def _check_one(game: str, variant: str | None, examples_file: str | None) -> tuple[CheckedSpec, Checked]:
    from kitpress.check import replay_all
    from kitpress.check_output import CheckedSpec
    from kitpress.checkreport import Checked
    from kitpress.spec.load import load_examples, load_spec

    loaded = load_spec(game, variant)
    if examples_file:
        extra = load_examples(examples_file, loaded)
        file, examples, steps_at = extra.file, extra.examples, extra.steps_at
    else:
        file, examples, steps_at = loaded.file, list(loaded.spec.examples), loaded.steps_at
    replays = replay_all(loaded.engine, examples)
    return CheckedSpec(loaded.id, variant, file, replays, steps_at), Checked(loaded, replays, examples_file)


@click.command("check")
@click.argument("games", nargs=-1, shell_complete=complete_games)
@click.option("--examples", "examples_file", type=click.Path(dir_okay=False), help="A YAML file of further examples to replay.")
@click.option("--variant", shell_complete=complete_variants, help="Check against a named variant of the rules.")
@click.option("--all-variants", is_flag=True, help="Check the base rules and every variant of each GAME.")
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True, help="json: one JSON document on stdout instead of the text report.")
@click.option("--junit", "junit_file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path), help="Also write the results as JUnit XML, which CI systems display.")
@click.option(
    "--report", "report_dir", metavar="DIR", type=click.Path(path_type=Path),
    help="Also write DIR/check-report.html and .pdf: every step, each figure expected against actual.",
)  # fmt: skip
@click.option("--quiet", "-q", is_flag=True, help="No progress bar, and no lines for a game whose examples all hold (the summary stays).")
@click.pass_context
def command(
    ctx: click.Context, games: tuple[str, ...], examples_file: str | None, variant: str | None, all_variants: bool,
    output: str, junit_file: Path | None, report_dir: Path | None, quiet: bool,
) -> None:  # fmt: skip
    """Replay every worked example of each GAME through its rules engine."""
    from kitpress.check_output import json_report, junit_xml, text_lines, totals
    from kitpress.commands.progress import steps

    chosen = games_or_all(games)
    if examples_file and len(chosen) != 1:
        raise click.UsageError("--examples needs exactly one GAME")
    if variant and all_variants:
        raise click.UsageError("--variant and --all-variants cannot be used together")
    if junit_file is not None:
        from kitpress.commands.common import check_target

        check_target(junit_file, "--junit", folder=False)  # before any replay, as --report
    if report_dir is not None:
        from kitpress.checkreport import check_folder

        check_folder(report_dir)  # a DIR that cannot take the report is bad input, found before any replay
    text = output == "text"
    checked: list[CheckedSpec] = []
    unreadable: list[Unreadable] = []
    for_report: list[Checked] = []
    code = EXIT_OK
    with steps(len(chosen), "checking", quiet) as step:
        for game in chosen:
            step(game)
            try:
                targets = _targets(game, variant, all_variants)
            except KitpressError as exc:
                code = max(code, _unreadable(unreadable, game, exc))
                continue
            for target in targets:
                try:
                    one, full = _check_one(game, target, examples_file)
                except KitpressError as exc:  # reported, and the rest still checked
                    code = max(code, _unreadable(unreadable, game if target is None else f"{game} --variant {target}", exc))
                    continue
                checked.append(one)
                for_report.append(full)
                held = all(r.ok for r in one.replays)
                if text and not (quiet and held):
                    for line in text_lines(one):
                        click.echo(coloured(line), color=colour_allowed())
                if not held:
                    code = max(code, EXIT_FAILED)
    summary = totals(checked, unreadable)
    if not text:
        click.echo(json_report(checked, unreadable), nl=False)
    elif checked or not unreadable:  # bad input alone is its own lines on stderr, nothing more
        click.echo(summary.line())
    if junit_file is not None:
        from kitpress.atomic import write_bytes

        try:
            write_bytes(junit_file, junit_xml(checked, unreadable))
        except OSError as exc:
            raise KitpressError(f"{junit_file}: cannot write the JUnit file: {exc.strerror or exc}") from None
    if report_dir is not None and for_report:  # a report of nothing checked would only mislead
        from kitpress.checkreport import write_report

        # Written whatever the replays found (a failing check is when it is read); the exit code stays theirs.
        for path in write_report(report_dir, for_report):
            click.echo(f"wrote {path}", err=not text)
    ctx.exit(code)


def _unreadable(found: list[Unreadable], name: str, exc: KitpressError) -> int:
    """Report a file that could not be checked (stderr), keep it for the summary and JUnit, and
    return its exit code."""
    from kitpress.check_output import Unreadable

    lines = exc.lines()
    found.append(Unreadable(name, lines))
    for line in lines:
        click.echo(line, err=True)
    return exc.exit_code if exc.exit_code in (EXIT_FAILED, EXIT_BAD_INPUT) else EXIT_BAD_INPUT
