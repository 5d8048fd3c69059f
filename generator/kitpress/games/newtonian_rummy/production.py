"""Newtonian Rummy's typed `production` sections (what its art reads), and `check`: what they name from
`game:` and the sizes that add up with the game's own numbers, checked against the rules when the spec loads.

Every value these models and `check` let through is one the art can draw: the art reads them through
`LoadedSpec.production("faces", RummyFaces)` and `LoadedSpec.production("board", RummyBoard)`."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, Field, model_validator

from kitpress.games.newtonian_rummy.layout import LONGEST, marker_width, most_marker_boxes, streak_boxes
from kitpress.games.newtonian_rummy.rules import NewtonianRummy
from kitpress.production import (
    POKER_MM,
    Colour,
    Finding,
    NonEmptyLine,
    card_size,
    designs_match,
)
from kitpress.spec_model import Caption, Line, Strict

M = TypeVar("M", bound=BaseModel)

# the drawings art.marks.symbol knows
CardSymbol = Literal["weight", "speed", "push", "gauge", "impulse", "friction", "balance"]
# the line patterns art.marks.pattern draws
EdgePattern = Literal["hatched", "dotted"]
# what a K can be aimed at (cards.parse_play, ruling R5)
AimRank = Literal["J", "Q"]
# a suit as the reference sheet prints it, large beside its category: a glyph such as ♠ (or a letter)
Suit = Annotated[str, Field(min_length=1, max_length=2)]
# a rank of an ordinary deck, printed in a narrow column: A, 2 … 10, J, Q, K
StandardRank = Annotated[str, Field(min_length=1, max_length=2)]
_GAME_RANK = re.compile(r"[1-9]|1[0-9]|20|[JQK]")  # cards.Numbers allows 1 to 20


def _game_rank(value: str) -> str:
    if not _GAME_RANK.fullmatch(value):
        raise ValueError(f"expected a rank of the game: a number from 1 to 20, or J, Q or K; got {value!r}")
    return value


GameRank = Annotated[str, AfterValidator(_game_rank)]


class Category(Strict):
    header: NonEmptyLine
    colour: Colour
    symbol: CardSymbol
    note: Line = ""
    wild_note: Line = ""


class KEnds(Strict):
    """The two ranks a K can cancel, one printed at each end, so a player points it at one."""

    top: AimRank
    bottom: AimRank

    @model_validator(mode="after")
    def _both(self) -> KEnds:
        if self.top == self.bottom:
            raise ValueError(f"the K's two ends must be the J and the Q, one each; both are {self.top}")
        return self


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

    def of(self, rank: str) -> FaceCard | None:
        return {"J": self.J, "Q": self.Q, "K": self.K}.get(rank)


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
    suits: dict[Suit, Line]  # suit → category id, one suit per category (check)
    suit_colours: dict[Suit, Colour]  # one colour per suit (check)
    ranks: dict[StandardRank, GameRank]  # rank → the value or face card it plays as; every rank of the deck (check)
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
    # The number cards' big numeral: "large" (the design document's) fills the card's width, "standard"
    # is two thirds of that, leaving room around it.
    numerals: Literal["large", "standard"] = "large"
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
    blue: EdgePattern
    red: EdgePattern

    def of(self, team: str) -> EdgePattern:
        """The pattern of a team's end, by the team's id (cards.Team allows blue and red only)."""
        return self.blue if team == "blue" else self.red


class RummyBoard(Strict):
    edge_patterns: EdgePatterns
    pulls: Line
    wins: Line
    side: Line
    start: Line
    caption: Caption = ""


def _typed(value: Any, model: type[M]) -> M:
    """A production section as its model: the loader may pass it raw (validated already) or typed."""
    return value if isinstance(value, model) else model.model_validate(value)


def check(engine: NewtonianRummy, production: Mapping[str, Any]) -> Iterator[Finding]:
    """What the art would need and the spec does not give, each at its own key."""
    faces = _typed(production.get("faces", {}), RummyFaces)
    cfg = engine.config
    categories = [cat.id for cat in cfg.categories]
    yield from designs_match(("production", "faces", "categories"), faces.categories, categories, "category")
    yield from card_size(production, POKER_MM)
    yield from _face_cards(engine, faces.face_cards)
    yield from _standard_deck(engine, faces.standard_deck, categories)
    boxes = len(streak_boxes(engine))
    if marker_width(boxes) > LONGEST:  # its height is bounded: `how` is a Caption
        most = most_marker_boxes()
        yield ("game", "bonus_cap"), (
            f"the momentum marker needs {boxes} StreakCount boxes each way (bonus = {engine.bonus_formula()} on a "
            f"±{cfg.track.edge} track), {marker_width(boxes):.0f} pt wide; a Letter or A4 sheet holds {most} each way "
            f"({LONGEST:.0f} pt) inside its margins: cap the bonus at {most - 1} or less"
        )


def _face_cards(engine: NewtonianRummy, designs: FaceCards) -> Iterator[Finding]:
    cfg = engine.config
    ranks = sorted({card.rank for card in engine.deck.cards.values() if card.value is None})
    missing = [rank for rank in ranks if designs.of(rank) is None]
    if missing:
        yield ("production", "faces", "face_cards"), f"no design for the deck's {', '.join(missing)} cards"
    for i, face in enumerate(cfg.faces):
        # only the K's design has the two ends an equilibrium card aims with (and only a K takes an aim)
        if cfg.face_cards and face.effect == "equilibrium" and face.rank != "K":
            yield ("game", "faces", i, "effect"), f"the equilibrium card is printed as the K, with a J end and a Q end (ruling R5); give 'equilibrium' to the K, not to the {face.rank}"


def _standard_deck(engine: NewtonianRummy, std: StandardDeck, categories: list[str]) -> Iterator[Finding]:
    where = ("production", "faces", "standard_deck")
    strays = [suit for suit, category in std.suits.items() if category not in categories]
    for suit in strays:
        yield (*where, "suits", suit), f"the game has no category {std.suits[suit]!r}; it has: {', '.join(categories)}"
    unsuited = [cat for cat in categories if cat not in std.suits.values()]
    if unsuited and not strays:  # a stray suit is most likely the missing category mistyped
        yield (*where, "suits"), f"every category needs a suit; none for {', '.join(unsuited)}"
    first: dict[str, str] = {}
    for suit, category in std.suits.items():
        if category in first:  # the sheet shows one suit per category
            yield (*where, "suits", suit), f"category {category!r} already has the suit {first[category]}; each category has one suit"
        first.setdefault(category, suit)
    for suit in std.suit_colours:
        if suit not in std.suits:
            yield (*where, "suit_colours", suit), f"there is no suit {suit!r} in standard_deck.suits; it has: {', '.join(std.suits)}"
    uncoloured = [suit for suit in std.suits if suit not in std.suit_colours]
    if uncoloured:
        yield (*where, "suit_colours"), f"no colour for the suit {', '.join(uncoloured)}"
    have = list(dict.fromkeys(card.rank for card in engine.deck.cards.values()))
    unmapped = [rank for rank in have if rank not in std.ranks.values()]
    if unmapped:  # a rank the deck lacks may stay (a variant may have fewer), one it has must be there
        yield (*where, "ranks"), f"no standard rank plays as the deck's {', '.join(unmapped)}"
