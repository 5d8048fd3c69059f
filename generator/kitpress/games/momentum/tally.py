"""Momentum (Leduc)'s classroom figures in simulations, counted from its engine's events.

Events read: kind `last-marble` — one "last marble" announcement.
"""

from __future__ import annotations

from kitpress.simulate.figures import Figure, KindCount


class MomentumTally(KindCount):
    figures = (Figure("last_marble", "“last marble” announcements per game", "game"),)
    kinds = frozenset({"last-marble"})
    key = "last_marble"
    rules = {
        "pie-rule": "pie rule: the opening marble taken over", "push-off": "marble pushed off the board",
        "last-marble": "“last marble” called", "no-win": "last marble dropped, own marbles knocked off",
        "round-limit": "round limit ends the game",
    }  # fmt: skip
