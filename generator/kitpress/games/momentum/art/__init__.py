"""Momentum (Phil Leduc) art: the board with its round track, marble tokens, the reference and referee cards,
and the booklet's before/after diagrams.

Each seat's colour is carried twice: by the colour and by the seat's symbol (game.seats), drawn on every
marble, token and diagram.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.momentum.art import step_diagram
from kitpress.games.momentum.art.board import board
from kitpress.games.momentum.art.small_pieces import (
    marble_tokens,
    referee_card,
    reference_card,
    tracker_token,
)
from kitpress.pieces import PrintJob
from kitpress.spec.load import LoadedSpec


def _component(loaded: LoadedSpec, kind: str) -> Any:
    return next(c for c in loaded.spec.components if c.print == kind)


def jobs(loaded: LoadedSpec) -> list[PrintJob]:
    faces = loaded.spec.production.faces
    reference = _component(loaded, "reference")
    return [
        PrintJob("board", "board", "pack", (board(loaded),), title=loaded.text(_component(loaded, "board").name)),
        PrintJob("tokens", "tokens", "pack", (*marble_tokens(loaded), tracker_token(loaded)), title=loaded.text(faces["tokens_title"])),
        PrintJob("reference", "reference-card", "pack", (reference_card(loaded),) * reference.quantity, title=loaded.text(reference.name)),
        PrintJob("checklist", "referee-card", "pack", (referee_card(loaded),), title=loaded.text(faces["referee_title"])),
    ]


def colour_pairs(loaded: LoadedSpec) -> list[tuple[str, str, str]]:
    """Every two seats' marble colours must stay apart in grey and for colour-blind players."""
    seats = loaded.engine.config.seats
    return [("seat", a.colour, b.colour) for i, a in enumerate(seats) for b in seats[i + 1 :]]


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    return step_diagram.diagram(loaded, before, after)
