"""Typed `production.faces` and `production.board` for each bundled game's renderer, so a value the
renderer cannot use is reported at its own line when the spec loads, not as a failed build later.
What a model cannot see — a cross-reference into `game:`, such as a category with no design — the
renderer still reports, as bad input at the `production:` line (build._reading_production). A spec
for an engine without a model here keeps the free-form sections."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from kitpress.spec.model import COLOUR_PATTERN as COLOUR
from kitpress.spec.model import LINE_MAX, Caption, Line, Strict, size_range

Colour = Annotated[str, Field(pattern=COLOUR)]
# A card printed on its own (a bag label, a referee card): it must fit a Letter or A4 page inside margins,
# 7.25 × 10 in like the full-page sheets (render.integer_matrix_sheets.SHEET).
CardInches = tuple[Annotated[float, size_range(2, 7.25)], Annotated[float, size_range(2, 10)]]
# Texts are `Line`s when a piece or a diagram prints them (every card, every example step), `Caption`s
# when a sheet prints them once; a text only for the person who prints or the teacher stays free.
NonEmptyLine = Annotated[str, Field(min_length=1, max_length=LINE_MAX)]


class PushFace(Strict):
    arrow: str = Field(min_length=1, max_length=3)
    label: NonEmptyLine


class StopFace(Strict):
    title: NonEmptyLine
    subtitle: NonEmptyLine
    caption: Line = ""
    colour: str = Field(default="#81c784", pattern=COLOUR)
    ink: str = Field(default="#1b5e20", pattern=COLOUR)


class MomentumGameFaces(Strict):
    red: PushFace
    blue: PushFace
    green: StopFace
    shade_labels: dict[str, Line]
    back_title: NonEmptyLine


class MomentumGameBoard(Strict):
    space_width_mm: Annotated[float, size_range(30, 50)]
    edge_dots: bool = True
    caption: Caption = ""


# --- Integer Matrix -------------------------------------------------------------------------


class DiscFace(Strict):
    """How one side of a disc is printed."""

    fill: str = Field(pattern=COLOUR)
    ink: str = Field(pattern=COLOUR)
    outline: str | None = Field(default=None, pattern=COLOUR)
    cut: str = Field(default="#8a8a8a", pattern=COLOUR)
    word: NonEmptyLine


class Disc(Strict):
    diameter_mm: Annotated[float, size_range(12, 40)]
    black: DiscFace
    white: DiscFace
    number_style: str = ""  # for the person who prints: how the numbers look (the renderer's own way)
    underline_digits: str = Field(default="", pattern=r"^[0-9]*$")
    layouts: list[str] = []  # for the person who prints: the duplex layouts the disc sheets suit


class ScoreSheetSides(Strict):
    positive: NonEmptyLine
    negative: NonEmptyLine


class ScoreSheet(Strict):
    header: NonEmptyLine
    rows: tuple[Line, Line, Line]  # the turn, matrix score and net score rows' labels
    # turns per side and game, a column each: a number, or text such as "{turns_per_side}" (checked
    # against the board in production_refs)
    turns: Line | int
    start: Line
    game: Line
    games_per_sheet: int = Field(ge=1, le=4)
    names: Line
    sides: ScoreSheetSides
    footer: Caption = ""


class BagLabel(Strict):
    title: NonEmptyLine
    columns: tuple[Line, Line]  # the black side's and the white side's column headings
    size_in: CardInches  # width and height in inches
    footer: Caption = ""


class RefereeCard(Strict):
    title: NonEmptyLine
    rulings: NonEmptyLine
    size_in: CardInches  # width and height in inches


class DiagramLabels(Strict):  # printed under every example step's diagram
    before: Line
    after: Line
    onto: Line  # "after: <side> on <square>"; not `on`, which YAML 1.1 reads as true
    setup: Line
    refused: Line
    placed: Line
    flipped: Line
    drawn: Line
    net: Line
    over: Line


class IntegerMatrixFaces(Strict):
    disc: Disc
    score_sheet: ScoreSheet
    bag_label: BagLabel
    referee: RefereeCard
    diagram: DiagramLabels


class SetupKey(Strict):
    face: Line
    seat: Line


class IntegerMatrixBoard(Strict):
    # each within reason; whether the whole board fits a sheet depends on game.board_size (production_refs)
    square_mm: Annotated[float, size_range(15, 40)]
    frame_mm: Annotated[float, size_range(5, 20)]
    colours: tuple[Colour, Colour]  # the checkering, for looks only
    coordinates: Caption = ""
    setup_caption: Caption = ""
    setup_key: SetupKey
    caption: Caption = ""


# --- Momentum (Leduc) ----------------------------------------------------------------------

Symbol = Literal["dot", "ring", "cross", "triangle", "square", "star"]  # as games.momentum's seats


class Tracker(Strict):
    label: NonEmptyLine
    symbol: Symbol
    diameter_mm: Annotated[float, size_range(6, 25)]
    colour: Colour


class MomentumDiagram(Strict):  # printed under every example step's diagram
    before: Line
    after: Line
    drop: Line
    swap: Line
    refused: Line
    hand: Line


class MomentumFaces(Strict):
    marble_diameter_mm: Annotated[float, size_range(10, 30)]
    tokens: str = ""  # for the person who prints: what the token sheet holds
    tokens_title: NonEmptyLine
    tracker: Tracker
    reference_title: NonEmptyLine
    marbles_title: NonEmptyLine
    directions_title: NonEmptyLine
    referee_title: NonEmptyLine
    referee_card_mm: tuple[Annotated[float, size_range(50, 190)], Annotated[float, size_range(50, 250)]]
    rulings_title: NonEmptyLine
    diagram: MomentumDiagram


class BoardCoordinates(Strict):  # for the teacher: how the board's letters and numbers run
    columns: str = ""
    rows: str = ""


class BoardTrack(Strict):
    squares: str = ""  # for the teacher, like start and path: the track in words
    start: str = ""
    start_label: NonEmptyLine
    end_label: NonEmptyLine
    path: str = ""


class SeatEdge(Strict):
    seat: NonEmptyLine
    side: Literal["bottom", "top"]
    label: Line


class MomentumBoard(Strict):
    # each within reason; whether the whole board (board_size cells + 2 × (band + track + edge), and
    # the seat strips) fits a sheet depends on game.board_size (production_refs)
    cell_mm: Annotated[float, size_range(15, 22)]
    coordinate_band_mm: Annotated[float, size_range(3, 8)]
    track_depth_mm: Annotated[float, size_range(8, 16)]
    edge_mm: Annotated[float, size_range(0, 3)]
    seat_strip_mm: Annotated[float, size_range(6, 16)]
    coordinates: BoardCoordinates = BoardCoordinates()
    track: BoardTrack
    edges: list[SeatEdge] = []


# --- Newtonian Rummy ------------------------------------------------------------------------

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


MODELS: dict[str, dict[str, type[BaseModel]]] = {
    "newtonian-rummy": {"faces": RummyFaces, "board": RummyBoard},
    "momentum": {"faces": MomentumFaces, "board": MomentumBoard},
    "momentum-game": {"faces": MomentumGameFaces, "board": MomentumGameBoard},
    "integer-matrix": {"faces": IntegerMatrixFaces, "board": IntegerMatrixBoard},
}
