"""The registry of rules engines, by the id a spec names in its `engine:` key.

Each game module defines `ENGINE`, its Engine subclass, and is listed in GAME_MODULES.
"""

from __future__ import annotations

import functools
import importlib

from kitpress.games.base import Engine

GAME_MODULES = ("momentum_game", "momentum", "newtonian_rummy", "integer_matrix")


@functools.cache
def engines() -> dict[str, type[Engine]]:  # type: ignore[type-arg]
    """Engine id → class; imported on first use, not when this package is imported, so a game
    module may import this package's other modules freely."""
    found: dict[str, type[Engine]] = {}  # type: ignore[type-arg]
    for name in GAME_MODULES:
        engine = importlib.import_module(f"{__name__}.{name}").ENGINE
        found[engine.id] = engine
    return found
