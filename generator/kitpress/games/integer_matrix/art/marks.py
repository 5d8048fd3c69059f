"""Integer Matrix's shared marks: a disc face's colours and word, signed numerals, small discs.

A side is carried three ways wherever it appears: a dark or a white disc, the numeral's ink, and the
side's word (BLACK / WHITE) or, on small discs, the filled or outlined rim.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kitpress import fonts
from kitpress.games.integer_matrix.production import IntegerMatrixFaces
from kitpress.games.integer_matrix.rules import FACES, signed
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec


@dataclass(frozen=True)
class Face:
    """How one side of a disc is printed (production.faces.disc.<face>)."""

    id: str  # "black" or "white", the engine's face names
    fill: str
    ink: str
    outline: str | None
    cut: str
    word: str


def faces(loaded: LoadedSpec) -> dict[str, Face]:
    """The two sides, in the engine's FACES order, with their words' numbers filled in."""
    disc = loaded.production("faces", IntegerMatrixFaces).disc
    sides = {"black": disc.black, "white": disc.white}
    out = {}
    for face in FACES:
        f = sides[face]
        out[face] = Face(face, f.fill, f.ink, f.outline, f.cut, loaded.text(f.word))
    return out


def numeral(value: int) -> str:
    """+3, −2 (a true minus sign), 0: the engine's own way of writing a number."""
    return signed(value)


def needs_bar(loaded: LoadedSpec, value: int) -> bool:
    """A bar under numerals that read as another number upside down (6 and 9)."""
    digits = loaded.production("faces", IntegerMatrixFaces).disc.underline_digits
    return any(d in str(abs(value)) for d in digits)


def mini_disc(dwg: Any, parent: Any, cx: float, cy: float, r: float, face: Face, value: int | None, size: float) -> None:
    """A small disc with its number, or without one (value None) as a plain mark of the side.

    Low ink prints a mark this small as drawn (render.ink, small marks keep their fill), so a black
    mini disc stays black and a white one white."""
    centre = (round(cx, 2), round(cy, 2))
    if face.outline:
        parent.add(dwg.ellipse(centre, (r, r), fill=face.fill, stroke=face.outline, stroke_width=0.9))
    else:
        parent.add(dwg.ellipse(centre, (r, r), fill=face.fill))
    if value is not None:
        k.text(parent, dwg, cx, cy + size * 0.36, numeral(value), size, bold=True, fill=face.ink)


def setup_plan(loaded: LoadedSpec) -> list[tuple[str, str, str]]:
    """(square, face, seat) for each set-up placement in order, as the engine plays set-up."""
    engine = loaded.engine
    rng = random.Random(0)  # the draws do not matter: only where each disc goes and which side is up
    state = engine.new_game(rng)
    plan = []
    while engine.describe_state(state)["phase"] == "setup":
        seat = engine.to_move(state)[0]
        (move,) = engine.legal_moves(state, seat)
        plan.append((move.cell, move.face, seat))
        state = engine.apply(state, {seat: move}, rng).state
    return plan


def text_box(content: str, size: float, bold: bool = True) -> tuple[float, float]:
    """Width and cap height of a line of text, for fitting it inside a circle."""
    return fonts.text_width(content, size, "bold" if bold else "regular"), size * 0.73
