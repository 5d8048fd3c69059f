"""Fast paths: whole games with random agents, one module per engine id, each a separate port of the
reference rules that must give the identical game for the same `random.Random` (tested).

`build(engine, players, max_turns)` returns a function `(rng, index, trace=None) -> GameRecord`, or
None when the fast path does not cover this engine's config; the reference path then plays.
"""

from __future__ import annotations

import importlib
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


def fast_path(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    module = KERNELS.get(engine.id)
    if module is None:
        return None
    built: Callable[..., GameRecord] | None = importlib.import_module(f"kitpress.simulate.{module}").build(engine, players, max_turns)
    return built
