"""Fast paths: whole games with random agents, one module per engine id, each a separate port of the
reference rules that must give the identical game for the same `random.Random` (tested).

`build(engine, players, max_turns)` returns a function `(rng, index, trace=None) -> GameRecord`, or
None when the fast path does not cover this engine's config; the reference path then plays.

Where numba is installed (the `fast` extra), a game with a compiled port plays that instead of its
Python fast path: the same games again (tested against both), several times faster.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
from collections.abc import Callable
from typing import Any

from kitpress.simulate.play import GameRecord

Kernel = Callable[[random.Random, int], GameRecord]

KERNELS = {
    "momentum-game": "fast_momentum_game",
    "momentum": "fast_momentum",
    "newtonian-rummy": "fast_newtonian_rummy",
    "integer-matrix": "fast_integer_matrix",
}
COMPILED = {  # ports for numba, the slowest to compile first
    "newtonian-rummy": "compiled_newtonian_rummy",
    "momentum-game": "compiled_momentum_game",
    "integer-matrix": "compiled_integer_matrix",
}


def compiler_available() -> bool:
    return importlib.util.find_spec("numba") is not None


def path_name(engine: Any, compiled: bool = True) -> str | None:
    """Which path `fast_path` takes for this engine's game: "compiled", "fast", or None (the engine)."""
    if compiled and engine.id in COMPILED and compiler_available():
        return "compiled"
    return "fast" if engine.id in KERNELS else None


def fast_path(engine: Any, players: int | None, max_turns: int, compiled: bool = True) -> Callable[..., GameRecord] | None:
    """The game's fastest port; `compiled=False` keeps to the Python ones."""
    path = path_name(engine, compiled)
    if path is None:
        return None
    module = COMPILED[engine.id] if path == "compiled" else KERNELS[engine.id]
    built: Callable[..., GameRecord] | None = importlib.import_module(f"kitpress.simulate.{module}").build(engine, players, max_turns)
    if built is None and path == "compiled":  # a config the compiled port does not cover
        return fast_path(engine, players, max_turns, compiled=False)
    return built


def _compile(game: str) -> str:
    """Compile one game's port by playing one capped game with it."""
    from kitpress.simulate.play import game_rng
    from kitpress.spec.load import load_spec

    kernel = fast_path(load_spec(game).engine, None, 1)
    if kernel is not None:
        kernel(game_rng(0, None, 0), 0)
    return game


def compile_all() -> list[str]:
    """Compile every compiled port now (numba caches them beside their modules), so the first sweep
    does not wait for it; `make kit` runs this once. The games compile side by side in processes of
    their own (numba writes its cache files atomically), after the draws they share. Returns the
    games compiled (none without numba)."""
    if not compiler_available():
        return []
    import numpy as np

    from kitpress.resources import bundled_specs
    from kitpress.simulate.compiled_draws import draw, shuffle
    from kitpress.simulate.pool import worker_pool
    from kitpress.spec.load import load_spec

    draw(np.zeros(1, np.int64), 0, 1)
    shuffle(np.zeros(1, np.int64), 0, np.zeros(1, np.int64), 1)
    engine_of = {game: load_spec(game).engine for game in bundled_specs()}
    games = [game for game, engine in engine_of.items() if path_name(engine) == "compiled"]
    games.sort(key=lambda game: list(COMPILED).index(engine_of[game].id))  # COMPILED's order: quicker ones last
    with worker_pool(min(len(games), os.cpu_count() or 1) or 1) as pool:  # ends with this process
        return list(pool.map(_compile, games))


if __name__ == "__main__":
    print("compiled:", ", ".join(compile_all()) or "nothing (numba is not installed)")
