"""Integer Matrix art: the 7×7 board, the double-sided number discs, the net score sheets, the
disc-bag label, the referee card, and the booklet's before/after board diagrams.

Every number and list comes from the engine (board size, set-up order, the discs and which number is
on which side) and every word from the spec's typed production sections (production.py), whose check
refuses at load anything these cannot draw; the pieces are drawn in board / discs / paper_pieces, the
booklet's pictures in step_diagram.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.integer_matrix.art import step_diagram
from kitpress.games.integer_matrix.art.board import board
from kitpress.games.integer_matrix.art.discs import disc_job
from kitpress.games.integer_matrix.art.paper_pieces import bag_label, referee_card, score_sheets
from kitpress.pieces import PrintJob
from kitpress.spec.load import LoadedSpec


def _name(loaded: LoadedSpec, kind: str) -> str:
    """A component's name, found by what it prints as; "" when none does, and the build then titles
    the file by the piece (a component list is a description of the kit, not something to draw)."""
    found = next((c for c in loaded.spec.components if c.print == kind), None)
    return "" if found is None else loaded.text(found.name)


def jobs(loaded: LoadedSpec) -> list[PrintJob]:
    return [
        PrintJob("board", "board", "pack", (board(loaded),), title=_name(loaded, "board")),
        disc_job(loaded, _name(loaded, "token")),
        # one sheet per side, each player's own (the rules): single-sided, written on as printed
        PrintJob("score-sheet", "score-sheet", "pack", tuple(score_sheets(loaded)), title=_name(loaded, "sheet"), as_printed=True, single_sided=True),
        PrintJob("label", "bag-label", "pack", (bag_label(loaded),), title=_name(loaded, "label")),
        PrintJob("checklist", "referee-card", "pack", (referee_card(loaded),), title=_name(loaded, "checklist")),
    ]


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    return step_diagram.diagram(loaded, before, after)
