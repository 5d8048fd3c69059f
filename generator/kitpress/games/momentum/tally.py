"""Momentum (Leduc)'s classroom figures in simulations, counted from its engine's events.

Events read: kind `last-marble` — one "last marble" announcement.
"""

from __future__ import annotations

from kitpress.simulate.figures import Figure, KindCount


class MomentumTally(KindCount):
    figures = (Figure("last_marble", "“last marble” announcements per game", "game"),)
    kinds = frozenset({"last-marble"})
    key = "last_marble"
