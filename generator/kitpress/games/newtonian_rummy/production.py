"""Newtonian Rummy's typed `production` sections (what its art reads), and `check`: what they name from
`game:` and the sizes that add up with the game's own numbers, checked against the rules when the spec loads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from kitpress.production import (
    Colour,
    Finding,
    NonEmptyLine,
    designs_match,
)
from kitpress.spec_model import Caption, Line, Strict

# the drawings newtonian_rummy_marks.symbol knows
CardSymbol = Literal["weight", "speed", "push", "gauge", "impulse", "friction", "balance"]


class Category(Strict):
    header: NonEmptyLine
    colour: Colour
    symbol: CardSymbol
    note: Line = ""
    wild_note: Line = ""


class KEnds(Strict):
    top: NonEmptyLine
    bottom: NonEmptyLine


class FaceCard(Strict):
    text: NonEmptyLine
    colour: Colour
    symbol: CardSymbol


class KCard(FaceCard):
    """The K prints the two ranks it can cancel at its two ends, so a player points it at one."""

    ends: KEnds
    end_label: NonEmptyLine
    aim_note: Line = ""


class FaceCards(Strict):  # a deck without some face card needs no design for it
    J: FaceCard | None = None
    Q: FaceCard | None = None
    K: KCard | None = None


class Block(Strict):
    label: NonEmptyLine
    colour: Colour


class MomentumMarker(Strict):
    title: NonEmptyLine
    none: Line
    streak: Line
    bonus: Line
    chip: Line
    how: Caption = ""


class RefereeTitles(Strict):
    title: NonEmptyLine
    rulings: NonEmptyLine


class StandardDeck(Strict):
    title: NonEmptyLine
    note: Caption = ""
    suits: dict[str, Line]  # suit symbol → category id
    suit_colours: dict[str, Colour]
    ranks: dict[str, Line]  # rank → the value or face card it plays as
    suit_heading: Line
    rank_heading: Line
    face_heading: Line
    k_aim: Caption = ""
    example_heading: Line
    no_faces: Caption = ""


class AnswerKey(Strict):
    title: NonEmptyLine
    intro: Caption = ""
    by_force: Line
    alone: Line
    grid_heading: Line
    wild_note: Caption = ""


class RummyFaces(Strict):
    categories: dict[str, Category]  # by category id
    numerals: str = ""  # for the person who prints: how the card numbers look (the renderer's own way)
    face_cards: FaceCards = FaceCards()
    back_title: NonEmptyLine
    back_subtitle: Line = ""
    back_colour: Colour
    block: Block
    momentum: MomentumMarker
    referee: RefereeTitles
    standard_deck: StandardDeck
    answer_key: AnswerKey


class EdgePatterns(Strict):
    blue: Literal["hatched", "dotted"]
    red: Literal["hatched", "dotted"]


class RummyBoard(Strict):
    edge_patterns: EdgePatterns
    pulls: Line
    wins: Line
    side: Line
    start: Line
    caption: Caption = ""


def check(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    faces = production.get("faces", {})
    categories = [cat.id for cat in engine.config.categories]
    yield from designs_match(("production", "faces", "categories"), faces.get("categories", {}), categories, "category")
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
