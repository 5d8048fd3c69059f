"""Integer Matrix's classroom figures in simulations, counted from its engine's events.

Events read: kind `matrix`, data `matrix`: the list of integers added for one matrix score (the
placed disc, then each line's discs), and optionally `matrix_score`, their sum. One event is one
addition; it involves negatives when any addend is below 0.
"""

from __future__ import annotations

from collections.abc import Iterable

from kitpress.engine import Event
from kitpress.simulate.figures import Counts, Figure, Tally


class IntegerMatrixTally(Tally):
    figures = (
        Figure("additions", "additions of integers per game", "game"),
        Figure("negative_additions", "of which with a negative addend", "game"),
    )
    rules = {
        "one-colour": "one-colour rule refuses a placement (turns)",
        "no-placement": "no placement left: the game ends",
    }

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
