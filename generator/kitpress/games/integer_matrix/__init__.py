"""Integer Matrix: the game pack (Othello-like integer addition with numbered discs). Everything of the game is in this folder: `rules`
(the engine and its worked-example hooks), `production` (the typed production sections and their
checks against the rules), `art` (every printed piece and the booklet's diagrams), the simulation
ports and the classroom tally; `GAME` declares them.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.integer_matrix.production import IntegerMatrixBoard, IntegerMatrixFaces, check
from kitpress.games.integer_matrix.rules import IntegerMatrix
from kitpress.packs import GameArt, GamePack, PortBuilder, RuleBook
from kitpress.resources import specs_dir


def _art() -> GameArt:
    from kitpress.games.integer_matrix import art

    return art  # type: ignore[return-value]


def _fast() -> PortBuilder:
    from kitpress.games.integer_matrix import fast

    return fast.build


def _compiled() -> PortBuilder:
    from kitpress.games.integer_matrix import compiled

    return compiled.build


def _tally() -> Any:
    from kitpress.games.integer_matrix.tally import IntegerMatrixTally

    return IntegerMatrixTally


GAME = GamePack(
    engine=IntegerMatrix,
    spec=specs_dir() / "integer-matrix.yaml",
    production={"faces": IntegerMatrixFaces, "board": IntegerMatrixBoard},
    check_production=check,
    art=_art,
    fast_port=_fast,
    compiled_port=_compiled,
    tally=_tally,
    rule_book=RuleBook(
        # A player needs the object, the materials and rules (1) to (3) with the end and the scoring; the
        # learning objective, learners, standards and timings are the teacher's.
        student_sections=("object_of_the_game", "game_materials", "setting_the_players", "setting_up_the_board", "players_turn", "end_of_the_game", "winning_the_game", "@examples", "@referee_checklist"),
        # Figure 2 (one line) and Figure 3 (two lines at once): the two ways a turn scores.
        student_examples=("B", "C"),
        teacher_sections=("instructional_objective", "learners_and_context", "time_required"),
    ),
)
