"""Newtonian Rummy's classroom figures in simulations, counted from its engine's events.

Events read: kind `reveal`, data `play` (the play as text, e.g. "M2 A4 F8 + FQ"); the play's
worth (meld, partial, ...) comes from the game's own `worth` on the engine's deck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from kitpress.engine import Engine, Event
from kitpress.simulate.figures import Figure, Tally


class NewtonianRummyTally(Tally):
    figures = (
        Figure("melds", "valid melds per round (all players)", "unit"),
        Figure("partials", "partial plays per round (all players)", "unit"),
    )

    def __init__(self, engine: Engine[Any, Any]) -> None:
        super().__init__(engine)
        from kitpress.games.newtonian_rummy.cards import parse_play, worth

        deck = getattr(engine, "deck", None)
        self.kind: Callable[[str], str] = lambda text: worth(parse_play(text), deck).kind  # type: ignore[arg-type]

    def add(self, events: Iterable[Event]) -> None:
        for e in events:
            if e.kind != "reveal":
                continue
            text = e.data.get("play")
            if not isinstance(text, str):
                self.counts["melds"] = self.counts["partials"] = None
                continue
            kind = self.kind(text)
            for key, wanted in (("melds", "meld"), ("partials", "partial")):
                if kind == wanted and self.counts[key] is not None:
                    self.counts[key] = (self.counts[key] or 0) + 1
