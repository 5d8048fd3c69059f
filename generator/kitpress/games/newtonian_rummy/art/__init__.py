"""Newtonian Rummy: Tug-of-War Edition art: 52 cards and a back, the track, the block and the
momentum marker, the referee card, the standard-deck reference sheet and the meld answer key.

Every number, list and text comes from the engine or the typed production models (production.py); the
pieces are drawn in art.cards, art.board and art.paper_pieces, the booklet's strip in art.step_diagram.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.newtonian_rummy.art import step_diagram
from kitpress.games.newtonian_rummy.art.board import block_token, board, momentum_chip, momentum_marker
from kitpress.games.newtonian_rummy.art.cards import card_job
from kitpress.games.newtonian_rummy.art.paper_pieces import answer_key, referee_card, reference_sheet
from kitpress.pieces import PrintJob
from kitpress.spec.load import LoadedSpec
from kitpress.spec_model import Component


def _component(loaded: LoadedSpec, key: str) -> Component | None:
    """A component by its id, or else by what it prints as; None when the spec lists none."""
    found = [c for c in loaded.spec.components if c.id == key] or [c for c in loaded.spec.components if c.print == key]
    return found[0] if found else None


def jobs(loaded: LoadedSpec) -> list[PrintJob]:
    """Every piece of the kit. The components name the pieces and count the tokens; a piece whose
    component the spec does not list is printed all the same (the game needs it), under its own name."""

    def name(key: str) -> str:
        component = _component(loaded, key)
        return loaded.text(component.name) if component else ""

    def quantity(key: str) -> int:
        component = _component(loaded, key)
        return component.quantity if component else 1

    tokens = (block_token(loaded),) * quantity("block") + (momentum_marker(loaded), momentum_chip(loaded)) * quantity("momentum-marker")
    token_title = ", ".join(n for n in (name("block"), name("momentum-marker")) if n)
    return [
        card_job(loaded, name("cards")),
        PrintJob("board", "board", "pack", (board(loaded),), title=name("board")),
        *([PrintJob("tokens", "tokens", "pack", tokens, title=token_title)] if tokens else []),
        PrintJob("checklist", "referee-card", "pack", (referee_card(loaded),), title=name("checklist")),
        PrintJob("reference", "standard-deck", "pack", (reference_sheet(loaded),), title=name("reference-sheet"), as_printed=True),
        PrintJob("answer-key", "answer-key", "pack", (answer_key(loaded),), title=name("answer-key"), as_printed=True),
    ]


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    return step_diagram.diagram(loaded, before, after)
