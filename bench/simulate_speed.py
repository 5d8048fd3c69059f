"""How many games a second `kitpress simulate` plays on one core, per bundled game, with random agents.

Not a timed test: run it by hand on a quiet machine.

    .venv/bin/python bench/simulate_speed.py              # every bundled game, 2 s per measurement
    .venv/bin/python bench/simulate_speed.py --seconds 5 momentum-game
    .venv/bin/python bench/simulate_speed.py --plain newtonian-rummy   # also the compiled port as Python

For each game it measures every path it has, the first listed being the one a sweep takes: the
compiled port (where numba is installed and the game has one), the Python fast path (in a process
where numba cannot be imported, as without the `fast` extra: for a one-source port, its functions run
as Python), and the reference engine, each the best of three runs, exactly as the sweep plays them
(per-game generator seeded from seed, variant and index; records built). `--plain` adds, for a game
with two ports, the compiled port's source run as Python (NUMBA_DISABLE_JIT=1), which is what it would
cost to make that source the only one. Each measurement runs in a fresh process, as a sweep's worker
plays one game's games: one game's tables and garbage then do not slow another's (in one process,
Integer Matrix measured after the others ran ~20% slower). Rates are per second of that process's
CPU time, so other work on the machine disturbs them less than wall-clock rates.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from kitpress.packs import engines, packs, shipped_specs
from kitpress.simulate.agents import RandomAgent
from kitpress.simulate.kernels import fast_path, path_name
from kitpress.simulate.play import GameRecord, game_rng, play_game
from kitpress.spec.load import load_spec

TARGETS = {"momentum-game": 10_000, "newtonian-rummy": 10_000, "momentum": 3_000, "integer-matrix": 3_000}


def rate(play: Callable[[random.Random, int], GameRecord], seconds: float, repeats: int = 3) -> tuple[float, float]:
    """(best games per second, mean length) over `repeats` runs of about `seconds` each."""
    best, turns, games = 0.0, 0, 0
    index = 0
    rng = random.Random()
    for _ in range(repeats):
        start, done = time.process_time(), 0
        while time.process_time() - start < seconds:
            for _ in range(50):
                game_rng(0, None, index, reuse=rng)
                turns += play(rng, index).turns
                index += 1
                done += 1
        games += done
        best = max(best, done / (time.process_time() - start))
    return best, turns / games


def one_source(engine_id: str) -> bool:
    """Do the game's Python and compiled ports come from one source?"""
    pack = packs()[engine_id]
    return pack.fast_port is not None and pack.compiled_port is not None and pack.fast_port() is pack.compiled_port()


def measure(game: str, players: int | None, path: str, seconds: float) -> tuple[float, float] | None:
    """(games per second, mean length) of one path of one game; None when it has no such path. Runs
    in a process of its own, which it may leave without numba."""
    assert "numba" not in sys.modules, "measure in a fresh process"
    engine = load_spec(game).engine
    if path == "fast":
        sys.modules["numba"] = None  # as without the `fast` extra
    elif path == "plain":
        os.environ["NUMBA_DISABLE_JIT"] = "1"  # numba's decorators hand back the Python functions
        if engine.id not in packs() or one_source(engine.id):  # nothing besides "fast"
            return None
    if path in ("compiled", "fast", "plain"):
        compiled = path != "fast"
        if path_name(engine, compiled) != ("compiled" if compiled else "fast"):
            return None
        play = fast_path(engine, players, 1000, compiled)
        if play is None:
            return None
    else:
        agent = RandomAgent()

        def play(rng: random.Random, index: int) -> GameRecord:
            return play_game(engine, agent, rng, index, 1000, players)

    return rate(play, seconds)


def fresh(game: str, players: int | None, path: str, seconds: float) -> tuple[float, float] | None:
    """`measure` in a new process of its own."""
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
        return pool.submit(measure, game, players, path, seconds).result()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="bundled game ids (default: every registered one)")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--plain", action="store_true", help="also the compiled port's source run as Python")
    args = parser.parse_args()
    chosen = args.games or [g for g in shipped_specs() if load_spec(g).spec.engine in engines()]
    print(f"{'game':<17}{'players':>8}{'path':>11}{'games/s':>10}{'length':>8}{'target':>8}")
    for game in chosen:
        engine_id = load_spec(game).engine.id
        counts = [None, 2] if game == "newtonian-rummy" else [None]
        for players in counts:
            first = True  # the path a sweep takes: the fast one when there is one
            for name in ("compiled", "fast", *(("plain",) if args.plain else ()), "reference"):
                measured = fresh(game, players, name, args.seconds if name != "reference" else args.seconds / 2)
                if measured is None:
                    continue
                speed, length = measured
                target = TARGETS.get(engine_id, 0) if first and players is None else 0
                first = False
                mark = "" if not target else (" ok" if speed >= target else " below")
                label = "default" if players is None else str(players)
                print(f"{game:<17}{label:>8}{name:>11}{speed:>10,.0f}{length:>8.1f}{target or '':>8}{mark}", flush=True)


if __name__ == "__main__":
    main()
