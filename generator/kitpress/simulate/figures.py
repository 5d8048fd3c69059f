"""Classroom figures in simulations: the `Tally` a game pack declares counts them from its engine's events.

Rules that acted are counted the same way for every game: an event names them in its data ("rule"),
and the pack's tally gives them words (`Tally.rules`).

A tally is made per game played; `add` sees every step's events, `result` gives whole numbers per
figure key, or None for a figure this game's events did not carry (the table then shows it as
absent rather than a wrong zero). A pack that declares no tally has no figures. `KindCount` counts
events of some kinds, which is all many games need.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from kitpress.engine import Engine, Event

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
    # The rules the engine's events name (Event.data["rule"]: an id or a tuple of ids), id → the words
    # the report prints, in the report's order. A rule an event names that is not listed here is
    # still counted, under its id.
    rules: Mapping[str, str] = {}

    def __init__(self, engine: Engine[Any, Any]) -> None:
        self.engine = engine
        self.counts: Counts = {f.key: 0 for f in self.figures}

    def add(self, events: Iterable[Event]) -> None:
        """Count one step's events."""

    def result(self) -> Counts:
        return dict(self.counts)


class KindCount(Tally):
    """Counts events of some kinds into one key."""

    kinds: frozenset[str] = frozenset()
    key = ""

    def add(self, events: Iterable[Event]) -> None:
        n = sum(1 for e in events if e.kind in self.kinds)
        if n:
            self.counts[self.key] = (self.counts[self.key] or 0) + n


def _tally_class(engine_id: str) -> type[Tally]:
    from kitpress.packs import packs

    pack = packs().get(engine_id)
    return pack.tally() if pack is not None and pack.tally is not None else Tally


def tally_for(engine: Engine[Any, Any]) -> Tally:
    return _tally_class(engine.id)(engine)


def figures_for(engine_id: str) -> tuple[Figure, ...]:
    return _tally_class(engine_id).figures


def rules_named(event: Event) -> tuple[str, ...]:
    """The rules an event says acted in it: its data's "rule", one id or a tuple of them."""
    named = event.data.get("rule", ())
    return (named,) if isinstance(named, str) else tuple(named)


def count_rules(counts: Counter[str], events: Iterable[Event]) -> None:
    for event in events:
        counts.update(rules_named(event))


def rule_labels(engine_id: str) -> Mapping[str, str]:
    return _tally_class(engine_id).rules
