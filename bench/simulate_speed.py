"""How many games a second `kitpress simulate` plays on one core, per bundled game, with random agents.

Not a timed test: run it by hand on a quiet machine.

    .venv/bin/python bench/simulate_speed.py              # every bundled game, 2 s per measurement
    .venv/bin/python bench/simulate_speed.py --seconds 5 momentum-game

For each game it measures the path a sweep takes (the game's fast path when it has one) and the
reference engine, each the best of three runs, exactly as the sweep plays them (per-game generator
seeded from seed, variant and index; records built), in this one process. Rates are per second of
this process's CPU time, so other work on the machine disturbs them less than wall-clock rates.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from kitpress.games import engines
from kitpress.resources import bundled_specs
from kitpress.simulate.agents import RandomAgent
from kitpress.simulate.kernels import fast_path
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="bundled game ids (default: every registered one)")
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    chosen = args.games or [g for g in bundled_specs() if load_spec(g).spec.engine in engines()]
    print(f"{'game':<17}{'players':>8}{'path':>11}{'games/s':>10}{'length':>8}{'target':>8}")
    for game in chosen:
        engine = load_spec(game).engine
        counts = [None, 2] if game == "newtonian-rummy" else [None]
        for players in counts:
            kernel = fast_path(engine, players, 1000)
            agent = RandomAgent()
            paths: list[tuple[str, Callable[[random.Random, int], GameRecord]]] = []
            if kernel is not None:
                paths.append(("fast", kernel))
            paths.append(("reference", lambda rng, i, e=engine, a=agent, p=players: play_game(e, a, rng, i, 1000, p)))
            for name, play in paths:
                speed, length = rate(play, args.seconds if name == "fast" else args.seconds / 2)
                target = TARGETS.get(engine.id, 0) if name == paths[0][0] and players is None else 0
                mark = "" if not target else (" ok" if speed >= target else " below")
                label = "default" if players is None else str(players)
                print(f"{game:<17}{label:>8}{name:>11}{speed:>10,.0f}{length:>8.1f}{target or '':>8}{mark}")


if __name__ == "__main__":
    main()
