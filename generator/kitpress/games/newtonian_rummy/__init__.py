"""Newtonian Rummy: Tug-of-War Edition: the game pack (52-card team game of M × A = F melds). Everything of the game is in this folder: `rules`
(the engine and its worked-example hooks), `production` (the typed production sections and their
checks against the rules), `art` (every printed piece and the booklet's diagrams), the simulation
ports and the classroom tally; `GAME` declares them.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.newtonian_rummy.production import RummyBoard, RummyFaces, check
from kitpress.games.newtonian_rummy.rules import NewtonianRummy
from kitpress.packs import GameArt, GamePack, PortBuilder, RuleBook
from kitpress.resources import specs_dir


def _art() -> GameArt:
    from kitpress.games.newtonian_rummy import art

    return art  # type: ignore[return-value]


def _fast() -> PortBuilder:
    from kitpress.games.newtonian_rummy import fast

    return fast.build


def _compiled() -> PortBuilder:
    from kitpress.games.newtonian_rummy import compiled

    return compiled.build


def _agent() -> Any:
    from kitpress.games.newtonian_rummy.agents import RummyPlayer

    return RummyPlayer


def _tally() -> Any:
    from kitpress.games.newtonian_rummy.tally import NewtonianRummyTally

    return NewtonianRummyTally


GAME = GamePack(
    engine=NewtonianRummy,
    spec=specs_dir() / "newtonian-rummy.yaml",
    production={"faces": RummyFaces, "board": RummyBoard},
    check_production=check,
    art=_art,
    fast_port=_fast,
    compiled_port=_compiled,
    tally=_tally,
    agent=_agent,
    rule_book=RuleBook(
        # Format, deck, end, setup, plays, modifiers, the round and sections 7–8; the design intent is the
        # teacher's, the tuning notes are design notes.
        student_sections=("format", "components_and_deck", "win_end", "setup", "valid_plays", "modifiers", "round_flow", "resolution_order", "movement_momentum", "@examples", "@referee_checklist"),
        # One example fits the sheet beside rules 2 to 8: a meld against a partial force, a streak's
        # bonus, and a move that stops on the edge and wins.
        student_examples=("B",),
        teacher_sections=("design_intent",),
    ),
)
