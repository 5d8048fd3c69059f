"""`kitpress simulate`: play many games of a game's variants and compare them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager
from pathlib import Path

import click

from kitpress.commands.common import check_target, complete_agents, complete_games, complete_variants
from kitpress.errors import UsageError
from kitpress.simulate.limits import MAX_GAMES, MAX_TURNS, MAX_WORKERS, usable_cores

PROBE_SECONDS = 5.0  # a Dask scheduler greets a new connection at once; anything slower is not one
_GREETING_MAX = 1 << 20  # the first frame a scheduler sends (its handshake) is a few hundred bytes


@contextmanager
def dask_executor(address: str) -> Iterator[Executor]:
    """The executor of an existing Dask cluster (dask.distributed: the `cluster` extra). A malformed
    address, or one where no Dask scheduler answers, is one line before any game is played."""
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise UsageError("--cluster needs dask.distributed: pip install 'kitpress[cluster]'") from None
    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location) if scheme in ("tcp", "tls") else (location, None)
    except (ValueError, TypeError) as exc:
        raise UsageError(f"--cluster {address!r}: not a scheduler address such as tcp://10.0.0.5:8786 ({exc})") from None
    if scheme == "tcp" and port is not None:
        _probe(address, host, int(port))
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"--cluster: cannot reach the Dask scheduler at {address}: {_first_line(exc)}") from None
    try:
        yield client.get_executor()
    finally:
        client.close()


def _probe(address: str, host: str, port: int, seconds: float = PROBE_SECONDS) -> None:
    """Refuse an address where something other than a Dask scheduler listens: Dask's client would wait
    there for ever. A scheduler sends its handshake on connecting: 8 bytes, the little-endian length of
    what follows."""
    import socket
    import struct

    try:
        with socket.create_connection((host, port), timeout=seconds) as conn:
            head = b""
            while len(head) < 8:
                more = conn.recv(8 - len(head))
                if not more:
                    break
                head += more
    except TimeoutError:
        head = b""
    except OSError as exc:
        raise UsageError(f"--cluster: cannot reach the Dask scheduler at {address}: {exc.strerror or exc}") from None
    size = struct.unpack("<Q", head)[0] if len(head) == 8 else 0
    if not 0 < size <= _GREETING_MAX:
        raise UsageError(f"--cluster: no Dask scheduler answers at {address} (something else listens there, or nothing greeted kitpress within {seconds:g} s)")


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


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
    if report_dir is not None:  # before the run, not after it: the folder, and the library that typesets the PDF
        from kitpress import syslibs

        check_target(report_dir, "--report", folder=True)
        syslibs.weasyprint()
    total = total_games(game, variants, games)
    with ExitStack() as stack:
        # The cluster is reached before the bar shows: a wrong address is its one line, alone.
        executor = stack.enter_context(dask_executor(cluster)) if cluster else None
        with click.progressbar(length=total, label="simulating", file=sys.stderr, hidden=quiet) as bar:  # on a terminal only
            tick: Callable[[int], None] = bar.update
            kwargs = {"variants": variants, "games": games, "seed": seed, "agent": agent, "max_turns": max_turns, "players": players, "progress": tick}
            if executor is not None:
                result = compare(game, executor=executor, **kwargs)  # type: ignore[arg-type]
            else:
                result = compare(game, workers=workers, **kwargs)  # type: ignore[arg-type]
    for line in result.lines():
        click.echo(line)
    if report_dir is not None:
        for path in result.write_report(report_dir):
            click.echo(f"wrote {path}")
