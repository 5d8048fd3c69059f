"""Typed `production.faces` and `production.board` for each bundled game's renderer, so a value the
renderer cannot use is reported at its own line when the spec loads, not as a failed build later.
What a model cannot see — a cross-reference into `game:`, such as a category with no design — the
renderer still reports, as bad input at the `production:` line (build._reading_production). A spec
for an engine without a model here keeps the free-form sections."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from kitpress.spec.model import COLOUR_PATTERN as COLOUR
from kitpress.spec.model import Strict

Colour = Annotated[str, Field(pattern=COLOUR)]
# A card printed on its own (a bag label, a referee card): it must fit a Letter or A4 page inside margins.
CardInches = tuple[Annotated[float, Field(ge=2, le=7.5)], Annotated[float, Field(ge=2, le=10)]]


class PushFace(Strict):
    arrow: str = Field(min_length=1, max_length=3)
    label: str = Field(min_length=1)


class StopFace(Strict):
    title: str = Field(min_length=1)
    subtitle: str = Field(min_length=1)
    caption: str = ""
    colour: str = Field(default="#81c784", pattern=COLOUR)
    ink: str = Field(default="#1b5e20", pattern=COLOUR)


class MomentumGameFaces(Strict):
    red: PushFace
    blue: PushFace
    green: StopFace
    shade_labels: dict[str, str]
    back_title: str = Field(min_length=1)


class MomentumGameBoard(Strict):
    space_width_mm: float = Field(ge=30, le=50)
    edge_dots: bool = True
    caption: str = ""


# --- Integer Matrix -------------------------------------------------------------------------


class DiscFace(Strict):
    """How one side of a disc is printed."""

    fill: str = Field(pattern=COLOUR)
    ink: str = Field(pattern=COLOUR)
    outline: str | None = Field(default=None, pattern=COLOUR)
    cut: str = Field(default="#8a8a8a", pattern=COLOUR)
    word: str = Field(min_length=1)


class Disc(Strict):
    diameter_mm: float = Field(ge=12, le=40)
    black: DiscFace
    white: DiscFace
    number_style: str = ""  # for the person who prints: how the numbers look (the renderer's own way)
    underline_digits: str = Field(default="", pattern=r"^[0-9]*$")
    layouts: list[str] = []  # for the person who prints: the duplex layouts the disc sheets suit


class ScoreSheetSides(Strict):
    positive: str = Field(min_length=1)
    negative: str = Field(min_length=1)


class ScoreSheet(Strict):
    header: str = Field(min_length=1)
    rows: tuple[str, str, str]  # the turn, matrix score and net score rows' labels
    turns: str | int  # turns per side and game: a number, or text such as "{turns_per_side}"
    start: str
    game: str
    games_per_sheet: int = Field(ge=1, le=4)
    names: str
    sides: ScoreSheetSides
    footer: str = ""


class BagLabel(Strict):
    title: str = Field(min_length=1)
    columns: tuple[str, str]  # the black side's and the white side's column headings
    size_in: CardInches  # width and height in inches
    footer: str = ""


class RefereeCard(Strict):
    title: str = Field(min_length=1)
    rulings: str = Field(min_length=1)
    size_in: CardInches  # width and height in inches


class DiagramLabels(Strict):
    before: str
    after: str
    onto: str  # "after: <side> on <square>"; not `on`, which YAML 1.1 reads as true
    setup: str
    refused: str
    placed: str
    flipped: str
    drawn: str
    net: str
    over: str


class IntegerMatrixFaces(Strict):
    disc: Disc
    score_sheet: ScoreSheet
    bag_label: BagLabel
    referee: RefereeCard
    diagram: DiagramLabels


class SetupKey(Strict):
    face: str
    seat: str


class IntegerMatrixBoard(Strict):
    square_mm: float = Field(ge=15, le=40)
    frame_mm: float = Field(ge=5, le=20)
    colours: tuple[Colour, Colour]  # the checkering, for looks only
    coordinates: str = ""
    setup_caption: str = ""
    setup_key: SetupKey
    caption: str = ""


# --- Momentum (Leduc) ----------------------------------------------------------------------

Symbol = Literal["dot", "ring", "cross", "triangle", "square", "star"]  # as games.momentum's seats


class Tracker(Strict):
    label: str = Field(min_length=1)
    symbol: Symbol
    diameter_mm: float = Field(ge=6, le=25)
    colour: Colour


class MomentumDiagram(Strict):
    before: str
    after: str
    drop: str
    swap: str
    refused: str
    hand: str


class MomentumFaces(Strict):
    marble_diameter_mm: float = Field(ge=10, le=30)
    tokens: str = ""  # for the person who prints: what the token sheet holds
    tokens_title: str = Field(min_length=1)
    tracker: Tracker
    reference_title: str = Field(min_length=1)
    marbles_title: str = Field(min_length=1)
    directions_title: str = Field(min_length=1)
    referee_title: str = Field(min_length=1)
    referee_card_mm: tuple[Annotated[float, Field(ge=50, le=190)], Annotated[float, Field(ge=50, le=250)]]
    rulings_title: str = Field(min_length=1)
    diagram: MomentumDiagram


class BoardCoordinates(Strict):  # for the teacher: how the board's letters and numbers run
    columns: str = ""
    rows: str = ""


class BoardTrack(Strict):
    squares: str = ""  # for the teacher, like start and path: the track in words
    start: str = ""
    start_label: str = Field(min_length=1)
    end_label: str = Field(min_length=1)
    path: str = ""


class SeatEdge(Strict):
    seat: str = Field(min_length=1)
    side: Literal["bottom", "top"]
    label: str


class MomentumBoard(Strict):
    # 7 cells + 2 × (band + track + edge) must stay within A4's 190 mm printable width
    cell_mm: float = Field(ge=15, le=22)
    coordinate_band_mm: float = Field(ge=3, le=8)
    track_depth_mm: float = Field(ge=8, le=16)
    edge_mm: float = Field(ge=0, le=3)
    seat_strip_mm: float = Field(ge=6, le=16)
    coordinates: BoardCoordinates = BoardCoordinates()
    track: BoardTrack
    edges: list[SeatEdge] = []


# --- Newtonian Rummy ------------------------------------------------------------------------

# the drawings newtonian_rummy_marks.symbol knows
CardSymbol = Literal["weight", "speed", "push", "gauge", "impulse", "friction", "balance"]


class Category(Strict):
    header: str = Field(min_length=1)
    colour: Colour
    symbol: CardSymbol
    note: str = ""
    wild_note: str = ""


class KEnds(Strict):
    top: str = Field(min_length=1)
    bottom: str = Field(min_length=1)


class FaceCard(Strict):
    text: str = Field(min_length=1)
    colour: Colour
    symbol: CardSymbol


class KCard(FaceCard):
    """The K prints the two ranks it can cancel at its two ends, so a player points it at one."""

    ends: KEnds
    end_label: str = Field(min_length=1)
    aim_note: str = ""


class FaceCards(Strict):  # a deck without some face card needs no design for it
    J: FaceCard | None = None
    Q: FaceCard | None = None
    K: KCard | None = None


class Block(Strict):
    label: str = Field(min_length=1)
    colour: Colour


class MomentumMarker(Strict):
    title: str = Field(min_length=1)
    none: str
    streak: str
    bonus: str
    chip: str
    how: str = ""


class RefereeTitles(Strict):
    title: str = Field(min_length=1)
    rulings: str = Field(min_length=1)


class StandardDeck(Strict):
    title: str = Field(min_length=1)
    note: str = ""
    suits: dict[str, str]  # suit symbol → category id
    suit_colours: dict[str, Colour]
    ranks: dict[str, str]  # rank → the value or face card it plays as
    suit_heading: str
    rank_heading: str
    face_heading: str
    k_aim: str = ""
    example_heading: str
    no_faces: str = ""


class AnswerKey(Strict):
    title: str = Field(min_length=1)
    intro: str = ""
    by_force: str
    alone: str
    grid_heading: str
    wild_note: str = ""


class RummyFaces(Strict):
    categories: dict[str, Category]  # by category id
    numerals: str = ""  # for the person who prints: how the card numbers look (the renderer's own way)
    face_cards: FaceCards = FaceCards()
    back_title: str = Field(min_length=1)
    back_subtitle: str = ""
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
    pulls: str
    wins: str
    side: str
    start: str
    caption: str = ""


MODELS: dict[str, dict[str, type[BaseModel]]] = {
    "newtonian-rummy": {"faces": RummyFaces, "board": RummyBoard},
    "momentum": {"faces": MomentumFaces, "board": MomentumBoard},
    "momentum-game": {"faces": MomentumGameFaces, "board": MomentumGameBoard},
    "integer-matrix": {"faces": IntegerMatrixFaces, "board": IntegerMatrixBoard},
}
