"""Integer Matrix's typed `production` sections (what its art reads), and `check`: what they name from
`game:` and the sizes that must add up with the game's own numbers, checked against the rules when the
spec loads, so that every spec that loads is one the art can draw."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, Field

from kitpress import spec_text as spectext
from kitpress.pieces import PT_PER_MM
from kitpress.production import (
    CardInches,
    Colour,
    Finding,
    NonEmptyLine,
    card_size,
    fits,
    too_big,
)
from kitpress.spec_model import COLOUR_PATTERN as COLOUR
from kitpress.spec_model import Caption, Line, Strict, size_range

if TYPE_CHECKING:
    from kitpress.games.integer_matrix.rules import IntegerMatrix

M = TypeVar("M", bound=BaseModel)


def _count(value: Any) -> Any:
    """A count is a whole number (digits in quotes too) or exactly one quoted game number; one message for
    anything else, rather than one per member of the union."""
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    if (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, str) and spectext.PLACEHOLDER.fullmatch(value)):
        return value
    shown = str(value).lower() if isinstance(value, bool) else repr(value)
    raise ValueError(f"expected a whole number, or one of the game's numbers written as '{{turns_per_side}}'; got {shown}")


# A count a piece draws one column per: a number, or a game number such as "{turns_per_side}" so that it
# follows a variant's board; what it comes to is checked against the board in `check`.
Count = Annotated[int | Annotated[str, Field(pattern=f"^{spectext.PLACEHOLDER.pattern}$")], BeforeValidator(_count)]


class DiscFace(Strict):
    """How one side of a disc is printed."""

    fill: str = Field(pattern=COLOUR)
    ink: str = Field(pattern=COLOUR)
    outline: str | None = Field(default=None, pattern=COLOUR)
    cut: str = Field(default="#777777", pattern=COLOUR)  # the grey the disc art has always drawn unless told
    word: NonEmptyLine  # printed under the numeral: must fit the disc with it (checked in `check`)


class Disc(Strict):
    diameter_mm: Annotated[float, size_range(12, 40)]  # whether the numerals fit it: `check`
    black: DiscFace
    white: DiscFace
    underline_digits: str = Field(default="", pattern=r"^[0-9]*$")


class ScoreSheetSides(Strict):
    positive: NonEmptyLine
    negative: NonEmptyLine


class ScoreSheet(Strict):
    header: NonEmptyLine
    rows: tuple[Line, Line, Line]  # the turn, matrix score and net score rows' labels
    turns: Count  # turns per side and game, a column each
    start: Line
    game: Line
    games_per_sheet: int = Field(ge=1, le=4)
    names: Line
    sides: ScoreSheetSides
    footer: Caption = ""

    def turn_count(self, params: Mapping[str, Any]) -> int | None:
        """The columns the sheet draws: `turns`, or the game's number it names (None if that is no number)."""
        if isinstance(self.turns, int):
            return self.turns
        value = params.get(self.turns[1:-1])
        return value if isinstance(value, int) and not isinstance(value, bool) else None


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
    # each within reason; whether the whole board fits a sheet depends on game.board_size (`check`)
    square_mm: Annotated[float, size_range(15, 40)]
    frame_mm: Annotated[float, size_range(5, 20)]
    colours: tuple[Colour, Colour]  # the checkering, for looks only
    coordinates: Caption = ""
    setup_caption: Caption = ""
    setup_key: SetupKey
    caption: Caption = ""


def _typed(value: Any, model: type[M]) -> M:
    """A section as its model: the loader's raw data (validated already) or the model itself."""
    return value if isinstance(value, model) else model.model_validate(value)


def check(engine: IntegerMatrix, production: Mapping[str, Any]) -> Iterator[Finding]:
    """`production.faces` and `production.board`, raw or typed, against the game's board and discs."""
    faces = _typed(production["faces"], IntegerMatrixFaces)
    board = _typed(production["board"], IntegerMatrixBoard)
    yield from card_size(production, None)
    yield from _board_fits(engine, board)
    yield from _discs_fit(engine, faces.disc)
    yield from _turns(engine, faces.score_sheet)


def _board_fits(engine: IntegerMatrix, board: IntegerMatrixBoard) -> Iterator[Finding]:
    from kitpress.games.integer_matrix.art.board import KEY_H, LETTERS_H, TITLE_H

    n = engine.config.board_size
    square, frame = board.square_mm, board.frame_mm
    width = n * square + 2 * frame
    height = n * square + (TITLE_H + 2 * LETTERS_H + KEY_H) / PT_PER_MM
    if not fits(width, height):
        what = f"a {n}×{n} board of {square:g} mm squares in a {frame:g} mm frame"
        yield ("production", "board", "square_mm"), too_big(what, width, height, "make the squares or the frame smaller")


def _discs_fit(engine: IntegerMatrix, disc: Disc) -> Iterator[Finding]:
    """Every numeral and both side words must fit inside a disc's safe circle at one size, as the art
    lays them out. A larger disc is the fix when one up to 40 mm holds them; else the words are."""
    from kitpress.games.integer_matrix.art.discs import disc_layout, widest_numeral

    params = engine.params()
    words = {"black": spectext.fill(disc.black.word, params), "white": spectext.fill(disc.white.word, params)}
    size = disc.diameter_mm
    if disc_layout(engine, size, tuple(words.values())) is not None:
        return
    widest = widest_numeral(engine)
    need = next((d for d in range(math.ceil(size), 41) if disc_layout(engine, d, tuple(words.values())) is not None), None)
    if need is not None:
        said = " and ".join(repr(w) for w in words.values())
        yield ("production", "faces", "disc", "diameter_mm"), f"a {size:g} mm disc cannot hold numerals such as {widest} with the words {said} under them inside its safe margin: make it {need} mm or more, or the words shorter"
        return
    too_wide = [face for face, word in words.items() if disc_layout(engine, 40, (word,)) is None]
    for face in too_wide:
        yield ("production", "faces", "disc", face, "word"), f"the word {words[face]!r} does not fit under numerals such as {widest} even on a 40 mm disc (the largest): shorten it"
    if not too_wide:  # not reached while numerals stay within 99 of zero (the rules' bound); refused all the same
        yield ("production", "faces", "disc", "diameter_mm"), f"no disc up to 40 mm holds numerals such as {widest}"


def _turns(engine: IntegerMatrix, sheet: ScoreSheet) -> Iterator[Finding]:
    """The score sheet draws a column per turn: at least one, and no more than the board has squares."""
    n = engine.config.board_size
    params = engine.params()
    count = sheet.turn_count(params)
    if count is None or not 1 <= count <= n * n:
        if isinstance(sheet.turns, int):
            got = repr(sheet.turns)
        else:
            name = sheet.turns[1:-1]
            got = f"{sheet.turns!r}, which is {params[name]!r}" if name in params else f"{sheet.turns!r}, which names no number of this game"
        yield ("production", "faces", "score_sheet", "turns"), f"expected a whole number of turns from 1 to {n * n} (the board's squares), or a text such as '{{turns_per_side}}' that gives one; got {got}"
