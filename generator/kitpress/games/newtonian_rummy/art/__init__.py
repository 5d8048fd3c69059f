"""Newtonian Rummy: Tug-of-War Edition art: 52 cards and a back, the track, the block and the
momentum marker, the referee card, the standard-deck reference sheet and the meld answer key.

Every number, list and text comes from the spec or the engine; the pieces are drawn in
newtonian_rummy_cards / _board / _sheets, the booklet's strip in step_diagram.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.newtonian_rummy.art import step_diagram
from kitpress.games.newtonian_rummy.art.board import block_token, board, momentum_chip, momentum_marker
from kitpress.games.newtonian_rummy.art.cards import card_job
from kitpress.games.newtonian_rummy.art.paper_pieces import answer_key, referee_card, reference_sheet
from kitpress.pieces import PrintJob
from kitpress.spec.load import LoadedSpec


def _component(loaded: LoadedSpec, key: str) -> Any:
    """A component by its id, or else by what it prints as."""
    found = [c for c in loaded.spec.components if c.id == key] or [c for c in loaded.spec.components if c.print == key]
    if not found:
        raise ValueError(f"the spec lists no component {key!r}")
    return found[0]


def jobs(loaded: LoadedSpec) -> list[PrintJob]:
    def name(key: str) -> str:
        return loaded.text(_component(loaded, key).name)

    block, marker = _component(loaded, "block"), _component(loaded, "momentum-marker")
    tokens = (block_token(loaded),) * block.quantity + (momentum_marker(loaded), momentum_chip(loaded)) * marker.quantity
    return [
        card_job(loaded, name("cards")),
        PrintJob("board", "board", "pack", (board(loaded),), title=name("board")),
        PrintJob("tokens", "tokens", "pack", tokens, title=f"{name('block')}, {name('momentum-marker')}"),
        PrintJob("checklist", "referee-card", "pack", (referee_card(loaded),), title=name("checklist")),
        PrintJob("reference", "standard-deck", "pack", (reference_sheet(loaded),), title=name("reference-sheet")),
        PrintJob("answer-key", "answer-key", "pack", (answer_key(loaded),), title=name("answer-key")),
    ]


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    return step_diagram.diagram(loaded, before, after)
