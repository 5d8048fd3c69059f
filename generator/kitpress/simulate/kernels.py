"""Fast paths: whole games with random agents, from the ports a game pack declares, each a separate port
of the reference rules that must give the identical game for the same `random.Random` (tested).

A port's `build(engine, players, max_turns)` returns a function `(rng, index, trace=None) -> GameRecord`,
or None when it does not cover this engine's config; the reference path then plays.

Where numba is installed (the `fast` extra), a game with a compiled port plays that instead of its
Python fast path: the same games again (tested against both), several times faster. A pack may give
one port as both (`fast_port` and `compiled_port` alike): functions written with
`compiled_draws.jit`, which numba compiles where it is installed and Python runs where it is not.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import random
from collections.abc import Callable
from typing import Any

from kitpress.packs import packs
from kitpress.simulate.play import GameRecord

Kernel = Callable[[random.Random, int], GameRecord]

def compiler_available() -> bool:
    return importlib.util.find_spec("numba") is not None


def path_name(engine: Any, compiled: bool = True) -> str | None:
    """Which path `fast_path` takes for this engine's game: "compiled", "fast", or None (the engine)."""
    pack = packs().get(engine.id)
    if pack is None:
        return None
    if compiled and pack.compiled_port is not None and compiler_available():
        return "compiled"
    return "fast" if pack.fast_port is not None else None


def fast_path(engine: Any, players: int | None, max_turns: int, compiled: bool = True) -> Callable[..., GameRecord] | None:
    """The game's fastest port; `compiled=False` keeps to the Python ones (a one-source port is the same
    either way: compiled where numba is installed)."""
    path = path_name(engine, compiled)
    if path is None:
        return None
    pack = packs()[engine.id]
    port = pack.compiled_port if path == "compiled" else pack.fast_port
    assert port is not None  # path_name said so
    built: Callable[..., GameRecord] | None = port()(engine, players, max_turns)
    if built is None and path == "compiled":  # a config the compiled port does not cover
        return fast_path(engine, players, max_turns, compiled=False)
    return built


def _port_size(engine_id: str) -> int:
    port = packs()[engine_id].compiled_port
    return len(inspect.getsource(inspect.getmodule(port()) or port)) if port else 0


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

    from kitpress.packs import shipped_specs
    from kitpress.simulate.compiled_draws import draw, shuffle, shuffle_by
    from kitpress.spec.load import load_spec
    from kitpress.workers import worker_pool

    draw(np.zeros(1, np.int64), 0, 1)
    shuffle(np.zeros(1, np.int64), 0, np.zeros(1, np.int64), 1)
    shuffle_by(np.zeros(1, np.int64), 0, np.zeros(1, np.int64), 1, np.zeros(2, np.int64))
    engine_of = {game: load_spec(game).engine for game in shipped_specs()}
    games = [game for game, engine in engine_of.items() if path_name(engine) == "compiled"]
    games.sort(key=lambda game: -_port_size(engine_of[game].id))  # the longest port, the slowest to compile, first
    with worker_pool(min(len(games), os.cpu_count() or 1) or 1) as pool:  # ends with this process
        return list(pool.map(_compile, games))


if __name__ == "__main__":
    print("compiled:", ", ".join(compile_all()) or "nothing (numba is not installed)")
