"""Momentum Game!'s typed `production` sections (what its art reads), and `check`: what they name from
`game:` and the sizes that add up with the game's own numbers, checked against the rules when the spec loads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

from pydantic import Field

from kitpress.production import (
    ROOM_MM,
    Finding,
    NonEmptyLine,
    designs_match,
    fits,
    too_big,
)
from kitpress.spec_model import COLOUR_PATTERN as COLOUR
from kitpress.spec_model import Caption, Line, Strict, size_range


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


# render.momentum_game.board: spaces side by side between 22 mm margins, 132 mm high
GAME_BOARD_MARGIN_MM, GAME_BOARD_HEIGHT_MM = 22.0, 132.0


def check(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    shades = [shade.id for shade in engine.config.shades]
    yield from designs_match(("production", "faces", "shade_labels"), production.get("faces", {}).get("shade_labels", {}), shades, "shade")
    track = engine.config.track
    spaces, space = track.max - track.min + 1, float(production["board"]["space_width_mm"])
    width = spaces * space + 2 * GAME_BOARD_MARGIN_MM
    if not fits(width, GAME_BOARD_HEIGHT_MM):
        most = int((ROOM_MM[1] - 2 * GAME_BOARD_MARGIN_MM) // space)
        yield ("production", "board", "space_width_mm"), too_big(
            f"a track of {spaces} spaces {space:g} mm wide", width, GAME_BOARD_HEIGHT_MM,
            f"at most {most} spaces of this width fit; make the spaces narrower or the track shorter",
        )  # fmt: skip
