"""Integer Matrix's typed `production` sections (what its art reads), and `check`: what they name from
`game:` and the sizes that add up with the game's own numbers, checked against the rules when the spec loads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

from pydantic import Field

from kitpress import spec_text as spectext
from kitpress.pieces import PT_PER_MM
from kitpress.production import (
    CardInches,
    Colour,
    Finding,
    NonEmptyLine,
    fits,
    too_big,
)
from kitpress.spec_model import COLOUR_PATTERN as COLOUR
from kitpress.spec_model import Caption, Line, Strict, size_range


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


def check(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:

    from kitpress.games.integer_matrix.art.board import KEY_H, LETTERS_H, TITLE_H

    n = engine.config.board_size
    board = production["board"]
    square, frame = float(board["square_mm"]), float(board["frame_mm"])
    width = n * square + 2 * frame
    height = n * square + (TITLE_H + 2 * LETTERS_H + KEY_H) / PT_PER_MM
    if not fits(width, height):
        what = f"a {n}×{n} board of {square:g} mm squares in a {frame:g} mm frame"
        yield ("production", "board", "square_mm"), too_big(what, width, height, "make the squares or the frame smaller")
    # the score sheet draws a column per turn
    turns = production["faces"]["score_sheet"]["turns"]
    filled = spectext.fill(str(turns), engine.params())
    if not (filled.isascii() and filled.isdigit() and 1 <= int(filled) <= n * n):
        yield ("production", "faces", "score_sheet", "turns"), f"expected a whole number of turns from 1 to {n * n} (the board's squares), or a text such as '{{turns_per_side}}' that gives one; got {turns!r}"
