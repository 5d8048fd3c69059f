"""`kitpress simulate`: play many games of a game's variants and compare them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path

import click

from kitpress.commands.common import complete_agents, complete_games, complete_variants
from kitpress.errors import UsageError
from kitpress.simulate.limits import MAX_GAMES, MAX_TURNS, MAX_WORKERS, usable_cores


@contextmanager
def dask_executor(address: str) -> Iterator[Executor]:
    """The executor of an existing Dask cluster (dask.distributed: the `cluster` extra)."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--cluster needs dask.distributed: pip install 'kitpress[cluster]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"--cluster: cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        yield client.get_executor()
    finally:
        client.close()


@click.command("simulate")
@click.argument("game", shell_complete=complete_games)
@click.option("--variant", "variants", multiple=True, shell_complete=complete_variants, help="A variant to compare ('base' for the rules as written); repeat. Default: base and every variant.")
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True, help="Games per variant.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same numbers, whatever --workers.")
@click.option("--agent", default=None, shell_complete=complete_agents, help="rules (the game's rules-aware player, where it has one), random, greedy[:samples] or montecarlo[:playouts]. Default: rules where the game has it, else random.")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=None, help="Local processes (default and at most: one per core; 1 plays in this process).")
@click.option("--cluster", metavar="ADDRESS", help="Run on an existing Dask cluster, e.g. tcp://10.0.0.5:8786.")
@click.option("--report", "report_dir", type=click.Path(file_okay=False, path_type=Path), help="Write an HTML and PDF report with plots here.")
@click.option("--max-turns", type=click.IntRange(1, MAX_TURNS), default=1000, show_default=True, help="Turn cap; games reaching it count as not completed and are judged by the timed end.")
@click.option("--players", type=click.IntRange(min=1), default=None, help="Player count (default: the game's own).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar (the table is still printed).")
def command(
    game: str, variants: tuple[str, ...], games: int, seed: int, agent: str | None, workers: int | None,
    cluster: str | None, report_dir: Path | None, max_turns: int, players: int | None, quiet: bool,
) -> None:  # fmt: skip
    """Play GAME many times with each variant and print them side by side."""
    from kitpress.simulate.compare import compare, total_games

    if cluster and workers:
        raise click.UsageError("--workers sets local processes; a --cluster brings its own workers")
    if workers is not None and workers > (cores := usable_cores()):
        click.echo(f"note: --workers {workers} is more than the {cores} cores here: using {cores}", err=True)
        workers = cores
    total = total_games(game, variants, games)
    with click.progressbar(length=total, label="simulating", file=sys.stderr, hidden=quiet) as bar:  # on a terminal only
        tick: Callable[[int], None] = bar.update
        kwargs = {"variants": variants, "games": games, "seed": seed, "agent": agent, "max_turns": max_turns, "players": players, "progress": tick}
        if cluster:
            with dask_executor(cluster) as executor:
                result = compare(game, executor=executor, **kwargs)  # type: ignore[arg-type]
        else:
            result = compare(game, workers=workers, **kwargs)  # type: ignore[arg-type]
    for line in result.lines():
        click.echo(line)
    if report_dir is not None:
        for path in result.write_report(report_dir):
            click.echo(f"wrote {path}")
