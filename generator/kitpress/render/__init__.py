"""SVG art for every component: pure functions from the spec to SVG text. Rendering decides no rule.

Each game has a module here named after its engine id (momentum-game → momentum_game.py) with
`jobs(loaded) -> list[PrintJob]` (everything to print) and `diagram(loaded, before, after) -> str`
(a small SVG for a worked example, drawn from the engine's `describe_state`).
"""

from __future__ import annotations

import importlib
from types import ModuleType


def renderer(engine_id: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{engine_id.replace('-', '_')}")
