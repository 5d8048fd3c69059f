"""Typed `production.faces` and `production.board` for games whose renderer reads them, so a value the
renderer cannot use is reported at its own line when the spec loads, not as a failed build later.
A game without a model here keeps the free-form sections; its renderer's errors are still reported
as bad input at the `production:` line."""

from __future__ import annotations

from typing import Annotated

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
    on: str
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


MODELS: dict[str, dict[str, type[BaseModel]]] = {
    "momentum-game": {"faces": MomentumGameFaces, "board": MomentumGameBoard},
    "integer-matrix": {"faces": IntegerMatrixFaces, "board": IntegerMatrixBoard},
}
