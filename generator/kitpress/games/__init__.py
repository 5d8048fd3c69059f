"""The registry of rules engines, by the id a spec names in its `engine:` key.

Each game module in this package defines `ENGINE`, its Engine subclass; modules are found by name,
so adding a game means adding one module and no edit here.
"""

from __future__ import annotations

import importlib
import pkgutil

from kitpress.games.base import Engine

_SKIP = {"base"}


def _discover() -> dict[str, type[Engine]]:  # type: ignore[type-arg]
    found: dict[str, type[Engine]] = {}  # type: ignore[type-arg]
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name in _SKIP or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        engine = getattr(module, "ENGINE", None)
        if engine is not None:
            found[engine.id] = engine
    return found


ENGINES = _discover()
