"""Coin Race's typed `production` sections, which its art reads, and `check`: what they name from `game:`
(a colour for each seat) and a board whose track, at its width, fits a sheet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

from kitpress.production import ROOM_MM, Colour, Finding, NonEmptyLine, designs_match, fits, too_big
from kitpress.spec_model import Caption, Line, Strict, size_range


class ChoiceFace(Strict):
    title: NonEmptyLine
    caption: Line = ""


class CoinRaceFaces(Strict):
    walk: ChoiceFace
    flip: ChoiceFace
    colours: dict[str, Colour]  # by seat
    back_title: NonEmptyLine


class CoinRaceBoard(Strict):
    space_mm: Annotated[float, size_range(12, 40)]
    caption: Caption = ""


# art.board: the spaces side by side between margins, two lanes high
BOARD_MARGIN_MM, BOARD_HEIGHT_MM = 12.0, 70.0


def board_width_mm(finish: int, space_mm: float) -> float:
    return (finish + 1) * space_mm + 2 * BOARD_MARGIN_MM


def check(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    faces = production.get("faces", {})
    yield from designs_match(("production", "faces", "colours"), faces.get("colours", {}), list(engine.seats()), "seat")
    finish, space = engine.config.finish, float(production["board"]["space_mm"])
    width = board_width_mm(finish, space)
    if not fits(width, BOARD_HEIGHT_MM):
        most = int((ROOM_MM[1] - 2 * BOARD_MARGIN_MM) // space) - 1
        yield ("production", "board", "space_mm"), too_big(
            f"a track of {finish + 1} spaces {space:g} mm wide", width, BOARD_HEIGHT_MM,
            f"a track to space {most} fits at this width; make the spaces narrower or the track shorter",
        )  # fmt: skip
