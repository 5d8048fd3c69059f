"""Momentum Game!'s typed `production` sections (what its art reads), the board's layout in millimetres
(shared by the art and the checks, so the two cannot disagree), and `check`: what the sections name from
`game:` and the sizes that must add up with the game's own numbers, checked against the rules when the
spec loads. A spec that loads is one the art can draw."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field

from kitpress.games.momentum_game.rules import MomentumGame
from kitpress.production import (
    POKER_MM,
    ROOM_MM,
    Colour,
    Finding,
    NonEmptyLine,
    card_size,
    designs_match,
    fits,
    too_big,
)
from kitpress.spec_model import Caption, Line, Strict, size_range

M = TypeVar("M", bound=BaseModel)


class PushFace(Strict):
    arrow: str = Field(default="", max_length=3)  # the side's own (game.sides); given, it must be the same
    label: NonEmptyLine


class StopFace(Strict):
    title: NonEmptyLine
    subtitle: NonEmptyLine
    caption: Line = ""
    colour: Colour = "#81c784"
    ink: Colour = "#1b5e20"


class ReasoningToken(Strict):
    """The word on the reasoning tokens a student referee hands out for a clear physics explanation
    (seed §9); how many are printed is the `reasoning-tokens` component's quantity."""

    word: NonEmptyLine = "Reasoning"


class MomentumGameFaces(Strict):
    red: PushFace
    blue: PushFace
    green: StopFace
    # One word per shade of the game (DARK, LIGHT), keyed by shade id: `check` matches the keys.
    shade_labels: dict[str, Line]
    back_title: NonEmptyLine
    reasoning: ReasoningToken = ReasoningToken()

    def push(self, side: Literal["red", "blue"]) -> PushFace:
        return self.red if side == "red" else self.blue


class MomentumGameBoard(Strict):
    space_width_mm: Annotated[float, size_range(30, 50)]
    edge_dots: bool = True
    caption: Caption = ""


# The board: the track's spaces side by side between margins; under it the streak panel, three marker
# boxes at its left end and streak_cap + 1 count boxes at its right end, each BOX_GAP_MM from the next.
GAME_BOARD_MARGIN_MM, GAME_BOARD_HEIGHT_MM = 22.0, 132.0
MARKER_BOX_MM, COUNT_BOX_MM, BOX_HEIGHT_MM, BOX_GAP_MM = 30.0, 14.0, 14.0, 3.0
MARKERS = 3  # None, and one direction per side


def streak_panel_mm(streak_cap: int) -> float:
    """The width the streak panel needs: its two groups of boxes with a gap between them."""
    return MARKERS * (MARKER_BOX_MM + BOX_GAP_MM) + (streak_cap + 1) * (COUNT_BOX_MM + BOX_GAP_MM)


def typed(production: Mapping[str, Any], key: str, model: type[M]) -> M:
    """`production.<key>` as `model`: given typed, or as the raw data the loader validated against it."""
    value = production[key]
    return value if isinstance(value, model) else model.model_validate(value)


def check(engine: MomentumGame, production: Mapping[str, Any]) -> Iterator[Finding]:
    """`production` maps "faces" and "board" to their typed models or to their data (already validated
    against those models at their lines, as the loader passes them)."""
    faces = typed(production, "faces", MomentumGameFaces)
    board = typed(production, "board", MomentumGameBoard)
    shades = [shade.id for shade in engine.config.shades]
    yield from designs_match(("production", "faces", "shade_labels"), faces.shade_labels, shades, "shade")
    yield from card_size(production, POKER_MM)
    for side in engine.config.sides:  # the arrow a card prints is its side's, written in `game:`
        face = getattr(faces, side.id, None)
        if isinstance(face, PushFace) and face.arrow and face.arrow != side.arrow:
            yield ("production", "faces", side.id, "arrow"), f"{side.name}'s cards print its arrow {side.arrow!r} (game.sides); give the same here or leave the key out"
    track, cap = engine.config.track, engine.config.streak_cap
    spaces, space = track.max - track.min + 1, board.space_width_mm
    where = ("production", "board", "space_width_mm")
    width = spaces * space + 2 * GAME_BOARD_MARGIN_MM
    if not fits(width, GAME_BOARD_HEIGHT_MM):
        most = int((ROOM_MM[1] - 2 * GAME_BOARD_MARGIN_MM) // space)
        yield where, too_big(
            f"a track of {spaces} spaces {space:g} mm wide", width, GAME_BOARD_HEIGHT_MM,
            f"at most {most} spaces of this width fit; make the spaces narrower or the track shorter",
        )  # fmt: skip
    panel, longest = streak_panel_mm(cap), ROOM_MM[1] - 2 * GAME_BOARD_MARGIN_MM
    if panel > longest:  # no track a sheet holds is long enough: the cap itself is what cannot be drawn
        most = int((longest - MARKERS * (MARKER_BOX_MM + BOX_GAP_MM)) // (COUNT_BOX_MM + BOX_GAP_MM)) - 1
        yield ("game", "streak_cap"), (
            f"the board's streak panel ({MARKERS} marker boxes and {cap + 1} count boxes for streak_cap {cap}) "
            f"needs {panel:g} mm under the track, more than the {longest:.0f} mm of the longest track a Letter or "
            f"A4 sheet holds: streak_cap can be at most {most}"
        )
    elif spaces * space < panel:  # the panel spans the track: on a shorter one its boxes would overlap
        narrowest = math.ceil(panel / spaces * 10) / 10  # rounded up, so the width it names is enough
        wider = f"make the spaces at least {narrowest:g} mm wide, " if narrowest <= 50 else "no space up to 50 mm wide is enough: "
        yield where, (
            f"the streak panel under the track ({MARKERS} marker boxes and {cap + 1} count boxes for streak_cap "
            f"{cap}) needs {panel:g} mm, but a track of {spaces} spaces {space:g} mm wide is {spaces * space:g} mm; "
            f"{wider}lengthen the track or lower game.streak_cap"
        )
