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
    rules = {
        "meld": "valid meld (M × A = F)", "wild-meld": "wild meld (a V card stands in)",
        "partial": "partial force (an F alone)", "invalid-meld": "invalid meld", "lone-card": "lone card, no force",
        "impulse": "J: Impulse multiplies a total", "friction": "Q: Friction divides a total",
        "friction-reset": "Q: Friction resets momentum", "equilibrium": "K: Equilibrium cancels a J or Q",
        "streak-bonus": "streak bonus added", "bonus-cap": "bonus held at its cap",
        "friction-no-momentum": "a winner hit by Friction builds none (R2)", "edge-stop": "block stops on the edge",
        "reshuffle": "discards reshuffled", "deck-out": "deck out ends the game", "stalemate": "stalemate draw",
    }  # fmt: skip

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
