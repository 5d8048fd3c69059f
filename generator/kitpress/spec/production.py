"""Typed `production.faces` and `production.board` for games whose renderer reads them, so a value the
renderer cannot use is reported at its own line when the spec loads, not as a failed build later.
A game without a model here keeps the free-form sections; its renderer's errors are still reported
as bad input at the `production:` line."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kitpress.spec.model import Strict

COLOUR = r"^#[0-9a-fA-F]{6}$"


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


MODELS: dict[str, dict[str, type[BaseModel]]] = {
    "momentum-game": {"faces": MomentumGameFaces, "board": MomentumGameBoard},
}
