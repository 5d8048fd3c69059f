"""Momentum Game!'s classroom figures in simulations, counted from its engine's events.

Events read: kinds `green`, `no-contest`, `tie` — a round with ΣF = 0.
"""

from __future__ import annotations

from kitpress.simulate.figures import Figure, KindCount


class MomentumGameTally(KindCount):
    figures = (
        Figure("sigma0", "ΣF = 0 rounds per game", "game"),
        Figure("sigma0", "ΣF = 0 share of rounds", "unit"),
    )
    kinds = frozenset({"green", "no-contest", "tie"})
    key = "sigma0"
    rules = {
        "green": "Green revealed", "green-draw": "Greens in a row draw the game", "no-contest": "same colour, no contest",
        "tie": "equal strength, a tie", "repeat-move": "repeat winner's double move",
        "once-per-chain": "double move refused (once per chain)", "clamp": "block stops on the edge",
        "reshuffle": "discards reshuffled",
    }  # fmt: skip
