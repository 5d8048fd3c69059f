"""Momentum (Phil Leduc) art: the board with its round track, marble tokens, the reference and referee cards,
and the booklet's before/after diagrams.

Each seat's colour is carried twice: by the colour and by the seat's symbol (game.seats), drawn on every
marble, token and diagram.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kitpress.games.momentum.art import step_diagram
from kitpress.games.momentum.art.board import board
from kitpress.games.momentum.art.small_pieces import (
    marble_tokens,
    referee_card,
    reference_card,
    tracker_token,
)
from kitpress.games.momentum.production import MomentumFaces
from kitpress.pieces import Art, PrintJob
from kitpress.spec.load import LoadedSpec
from kitpress.spec_model import Component


def _printed(loaded: LoadedSpec, kind: str, name: str, piece: Callable[[LoadedSpec], Art]) -> list[PrintJob]:
    """The components that print as `kind` decide whether the kit holds that piece, and how many: a spec
    whose board is bought, or which lists no reference card, prints none."""
    found: list[Component] = [c for c in loaded.spec.components if c.print == kind]
    if not found or not found[0].quantity:
        return []
    return [PrintJob(kind, name, "pack", (piece(loaded),) * found[0].quantity, title=loaded.text(found[0].name))]


def jobs(loaded: LoadedSpec) -> list[PrintJob]:
    faces = loaded.production("faces", MomentumFaces)
    return [
        *_printed(loaded, "board", "board", board),
        PrintJob("tokens", "tokens", "pack", (*marble_tokens(loaded), tracker_token(loaded)), title=loaded.text(faces.tokens_title)),
        *_printed(loaded, "reference", "reference-card", reference_card),
        PrintJob("checklist", "referee-card", "pack", (referee_card(loaded),), title=loaded.text(faces.referee_title)),
    ]


def colour_pairs(loaded: LoadedSpec) -> list[tuple[str, str, str]]:
    """Every two seats' marble colours must stay apart in grey and for colour-blind players."""
    seats = loaded.engine.config.seats
    return [("seat", a.colour, b.colour) for i, a in enumerate(seats) for b in seats[i + 1 :]]


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    return step_diagram.diagram(loaded, before, after)
