"""Coin Race's classroom figure in simulations, counted from its engine's events: how often players gamble.

Events read: kind `coin` — a turn on which the mover flipped.
"""

from __future__ import annotations

from kitpress.simulate.figures import Figure, KindCount


class CoinRaceTally(KindCount):
    figures = (
        Figure("flips", "flips per game", "game"),
        Figure("flips", "share of turns that flip", "unit"),
    )
    kinds = frozenset({"coin"})
    key = "flips"
