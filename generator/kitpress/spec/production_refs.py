"""What a production section names from `game:` — a category, a face card, a seat, a shade — checked
against the game, so a design for something the game lacks, or a piece of the game with no design, is
reported at its own line when the spec loads (a typed model cannot see `game:`). Runs only on a
production section that passed its typed model."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from kitpress.spec.yamlpos import Path

Finding = tuple[Path, str]  # where in the file, and what is wrong


def _keys(where: Path, named: dict[str, Any], wanted: list[str], what: str) -> Iterator[Finding]:
    """Every id in `wanted` has an entry in `named` (at `where`), and nothing else does."""
    for key in named:
        if key not in wanted:
            yield (*where, key), f"the game has no {what} {key!r}; it has: {', '.join(wanted)}"
    missing = [key for key in wanted if key not in named]
    if missing:
        yield where, f"no design for the game's {what} {', '.join(repr(m) for m in missing)}"


def _newtonian_rummy(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    faces = production.get("faces", {})
    categories = [cat.id for cat in engine.config.categories]
    yield from _keys(("production", "faces", "categories"), faces.get("categories", {}), categories, "category")
    ranks = sorted({card.rank for card in engine.deck.cards.values() if card.value is None})
    drawn = {rank: design for rank, design in faces.get("face_cards", {}).items() if design is not None}
    missing = [rank for rank in ranks if rank not in drawn]
    if missing:
        yield ("production", "faces", "face_cards"), f"no design for the deck's {', '.join(missing)} cards"
    suits = faces.get("standard_deck", {}).get("suits", {})
    strays = [suit for suit, category in suits.items() if category not in categories]
    for suit in strays:
        yield ("production", "faces", "standard_deck", "suits", suit), f"the game has no category {suits[suit]!r}; it has: {', '.join(categories)}"
    unsuited = [cat for cat in categories if cat not in suits.values()]
    if unsuited and not strays:  # a stray suit is most likely the missing category mistyped
        yield ("production", "faces", "standard_deck", "suits"), f"every category needs a suit; none for {', '.join(unsuited)}"


def _momentum(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    seats = [seat.id for seat in engine.config.seats]
    for i, edge in enumerate(production.get("board", {}).get("edges", [])):
        if edge["seat"] not in seats:
            yield ("production", "board", "edges", i, "seat"), f"the game has no seat {edge['seat']!r}; it has: {', '.join(seats)}"


def _momentum_game(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    shades = [shade.id for shade in engine.config.shades]
    yield from _keys(("production", "faces", "shade_labels"), production.get("faces", {}).get("shade_labels", {}), shades, "shade")


CHECKS: dict[str, Callable[[Any, dict[str, Any]], Iterator[Finding]]] = {
    "newtonian-rummy": _newtonian_rummy,
    "momentum": _momentum,
    "momentum-game": _momentum_game,
}
