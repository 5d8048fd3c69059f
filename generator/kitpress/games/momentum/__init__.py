"""Momentum (Phil Leduc): the game pack (7×7 marble-pushing abstract). Everything of the game is in this folder: `rules`
(the engine and its worked-example hooks), `production` (the typed production sections and their
checks against the rules), `art` (every printed piece and the booklet's diagrams), the simulation
ports and the classroom tally; `GAME` declares them.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.momentum.production import MomentumBoard, MomentumFaces, check
from kitpress.games.momentum.rules import Momentum
from kitpress.packs import GameArt, GamePack, PortBuilder, RuleBook
from kitpress.resources import specs_dir


def _art() -> GameArt:
    from kitpress.games.momentum import art

    return art  # type: ignore[return-value]


def _colour_pairs(loaded: Any) -> list[tuple[str, str, str]]:
    from kitpress.games.momentum.art import colour_pairs

    return colour_pairs(loaded)


def _fast() -> PortBuilder:
    from kitpress.games.momentum import fast

    return fast.build


def _tally() -> Any:
    from kitpress.games.momentum.tally import MomentumTally

    return MomentumTally


GAME = GamePack(
    engine=Momentum,
    spec=specs_dir() / "momentum.yaml",
    production={"faces": MomentumFaces, "board": MomentumBoard},
    check_production=check,
    art=_art,
    colour_pairs=_colour_pairs,
    fast_port=_fast,
    tally=_tally,
    rule_book=RuleBook(
        # The whole game for players, reference table included; the 30-rounds rule is an option the
        # teacher chooses, so it is printed with the design notes.
        student_sections=("@components", "overview", "setup", "turn_structure", "actions", "victory", "special_rules", "player_reference", "last_marble", "@examples", "@referee_checklist"),
        # A push in one direction, then a marble pushed off the edge: the two things a drop can do.
        student_examples=("A", "D"),
    ),
)
