"""Momentum Game!: the game pack (16-card push game for two on a short track). Everything of the game is in this folder: `rules`
(the engine and its worked-example hooks), `production` (the typed production sections and their
checks against the rules), `art` (every printed piece and the booklet's diagrams), the simulation
ports and the classroom tally; `GAME` declares them.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.momentum_game.production import MomentumGameBoard, MomentumGameFaces, check
from kitpress.games.momentum_game.rules import MomentumGame
from kitpress.packs import GameArt, GamePack, PortBuilder, RuleBook
from kitpress.resources import specs_dir


def _art() -> GameArt:
    from kitpress.games.momentum_game import art

    return art  # type: ignore[return-value]


def _colour_pairs(loaded: Any) -> list[tuple[str, str, str]]:
    from kitpress.games.momentum_game.art import colour_pairs

    return colour_pairs(loaded)


def _fast() -> PortBuilder:
    from kitpress.games.momentum_game import fast

    return fast.build


def _tally() -> Any:
    from kitpress.games.momentum_game.tally import MomentumGameTally

    return MomentumGameTally


GAME = GamePack(
    engine=MomentumGame,
    spec=specs_dir() / "momentum-game.yaml",
    production={"faces": MomentumGameFaces, "board": MomentumGameBoard},
    check_production=check,
    art=_art,
    colour_pairs=_colour_pairs,
    fast_port=_fast,
    compiled_port=_fast,  # one source: compiled by numba where installed, run as Python where not
    tally=_tally,
    rule_book=RuleBook(
        # The deck, the end, setup, a round and rules 7.1–7.5; the design overview, pillars and tuning
        # notes are the teacher's.
        student_sections=("@components", "deck_composition", "win_end", "setup", "round_flow", "rules", "@examples", "@referee_checklist"),
        # A tie resetting the streak, and a streak's double move: the two results of a contest.
        student_examples=("A", "B"),
        teacher_sections=("overview", "design_pillars"),  # the document opens with both, before §2 learning goals
    ),
)
