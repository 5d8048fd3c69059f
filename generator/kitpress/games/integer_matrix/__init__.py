"""Integer Matrix: the game pack (Othello-like integer addition with numbered discs). Everything of the game is in this folder: `rules`
(the engine and its worked-example hooks), `production` (the typed production sections and their
checks against the rules), `art` (every printed piece and the booklet's diagrams), the simulation
ports and the classroom tally; `GAME` declares them.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.integer_matrix.production import IntegerMatrixBoard, IntegerMatrixFaces, check
from kitpress.games.integer_matrix.rules import IntegerMatrix
from kitpress.packs import GameArt, GamePack, PortBuilder
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
)
