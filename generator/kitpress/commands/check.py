"""`kitpress check [GAME...]`: replay every worked example of each game through its rules engine."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from kitpress.commands.common import colour_allowed, coloured, complete_games, games_or_all
from kitpress.errors import EXIT_FAILED, EXIT_OK

if TYPE_CHECKING:
    from kitpress.checkreport import Checked


@click.command("check")
@click.argument("games", nargs=-1, shell_complete=complete_games)
@click.option("--examples", "examples_file", type=click.Path(dir_okay=False), help="A YAML file of further examples to replay.")
@click.option("--variant", help="Check against a named variant of the rules.")
@click.option(
    "--report", "report_dir", metavar="DIR", type=click.Path(path_type=Path),
    help="Also write DIR/check-report.html and .pdf: every step, each figure expected against actual.",
)  # fmt: skip
@click.pass_context
def command(ctx: click.Context, games: tuple[str, ...], examples_file: str | None, variant: str | None, report_dir: Path | None) -> None:
    """Replay every worked example of each GAME through its rules engine."""
    from kitpress.check import replay_all, report_lines
    from kitpress.spec.load import load_examples, load_spec

    chosen = games_or_all(games)
    if examples_file and len(chosen) != 1:
        raise click.UsageError("--examples needs exactly one GAME")
    if report_dir is not None:
        from kitpress.checkreport import check_folder

        check_folder(report_dir)  # a DIR that cannot take the report is bad input, found before any replay
    checked: list[Checked] = []
    failed = False
    for game in chosen:
        loaded = load_spec(game, variant)
        examples = load_examples(examples_file, loaded) if examples_file else list(loaded.spec.examples)
        replays = replay_all(loaded.engine, examples)
        for line in report_lines(loaded.id, replays):
            click.echo(coloured(line), color=colour_allowed())
        failed |= not all(r.ok for r in replays)
        if report_dir is not None:
            from kitpress.checkreport import Checked

            checked.append(Checked(loaded, replays, examples_file))
    if report_dir is not None:
        from kitpress.checkreport import write_report

        # Written whatever the replays found (a failing check is when it is read); the exit code stays theirs.
        for path in write_report(report_dir, checked):
            click.echo(f"wrote {path}")
    ctx.exit(EXIT_FAILED if failed else EXIT_OK)
