"""Each game's classroom figures, counted from its engine's events: the one game-specific module.

A tally is made per game played; `add` sees every step's events, `result` gives whole numbers per
figure key, or None for a figure this game's events did not carry (the table then shows it as
absent rather than a wrong zero). Keyed by engine id; an engine with no entry has no figures.

Events read:
- momentum-game: kinds `green`, `no-contest`, `tie` — a round with ΣF = 0.
- newtonian-rummy: kind `reveal`, data `play` (the play as text, e.g. "M2 A4 F8 + FQ"); the play's
  worth (meld, partial, ...) comes from the game's own `worth` on the engine's deck.
- momentum: kind `last-marble` — one "last marble" announcement.
- integer-matrix: kind `matrix`, data `matrix`: the list of integers added for one matrix score
  (the placed disc, then each line's discs), and optionally `matrix_score`, their sum. One event is
  one addition; it involves negatives when any addend is below 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from kitpress.games.base import Engine, Event

Counts = dict[str, int | None]


@dataclass(frozen=True)
class Figure:
    """One row of the table: `per` "game" is the mean per game; "unit" is pooled over every round
    (or turn) played, Σ count / Σ length."""

    key: str
    label: str
    per: Literal["game", "unit"]


class Tally:
    """No figures: the default for an engine this module does not know."""

    figures: tuple[Figure, ...] = ()

    def __init__(self, engine: Engine[Any, Any]) -> None:
        self.engine = engine
        self.counts: Counts = {f.key: 0 for f in self.figures}

    def add(self, events: Iterable[Event]) -> None:
        """Count one step's events."""

    def result(self) -> Counts:
        return dict(self.counts)


class _KindCount(Tally):
    """Counts events of some kinds into one key."""

    kinds: frozenset[str] = frozenset()
    key = ""

    def add(self, events: Iterable[Event]) -> None:
        n = sum(1 for e in events if e.kind in self.kinds)
        if n:
            self.counts[self.key] = (self.counts[self.key] or 0) + n


class MomentumGameTally(_KindCount):
    figures = (
        Figure("sigma0", "ΣF = 0 rounds per game", "game"),
        Figure("sigma0", "ΣF = 0 share of rounds", "unit"),
    )
    kinds = frozenset({"green", "no-contest", "tie"})
    key = "sigma0"


class MomentumTally(_KindCount):
    figures = (Figure("last_marble", "“last marble” announcements per game", "game"),)
    kinds = frozenset({"last-marble"})
    key = "last_marble"


class NewtonianRummyTally(Tally):
    figures = (
        Figure("melds", "valid melds per round (all players)", "unit"),
        Figure("partials", "partial plays per round (all players)", "unit"),
    )

    def __init__(self, engine: Engine[Any, Any]) -> None:
        super().__init__(engine)
        from kitpress.games.newtonian_rummy_cards import parse_play, worth

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


class IntegerMatrixTally(Tally):
    figures = (
        Figure("additions", "additions of integers per game", "game"),
        Figure("negative_additions", "of which with a negative addend", "game"),
    )

    def add(self, events: Iterable[Event]) -> None:
        for e in events:
            if e.kind != "matrix" or self.counts["additions"] is None:
                continue
            values = e.data.get("matrix")
            ok = isinstance(values, list | tuple) and values and all(type(v) is int for v in values)
            if ok and "matrix_score" in e.data and e.data["matrix_score"] != sum(values):  # type: ignore[arg-type]
                ok = False
            if not ok:
                self.counts["additions"] = self.counts["negative_additions"] = None
                continue
            self.counts["additions"] = (self.counts["additions"] or 0) + 1
            if any(v < 0 for v in values):  # type: ignore[union-attr]
                self.counts["negative_additions"] = (self.counts["negative_additions"] or 0) + 1

    def result(self) -> Counts:
        # A game of Integer Matrix always adds after set-up: none at all means the events lack them.
        return dict(self.counts) if self.counts["additions"] else dict.fromkeys(self.counts)


TALLIES: dict[str, type[Tally]] = {
    "momentum-game": MomentumGameTally,
    "momentum": MomentumTally,
    "newtonian-rummy": NewtonianRummyTally,
    "integer-matrix": IntegerMatrixTally,
}


def tally_for(engine: Engine[Any, Any]) -> Tally:
    return TALLIES.get(engine.id, Tally)(engine)


def figures_for(engine_id: str) -> tuple[Figure, ...]:
    return TALLIES.get(engine_id, Tally).figures
