"""The number discs: one Art per disc side, black sides as fronts and white sides as backs, in the
order of game.discs, so the sheets code can place each white side behind its own black side.

The black side is a solid dark disc with a light numeral, the white side a white disc with a dark
numeral; each also carries its side's word, so the two read apart in black and white. Both are cut
along a dark ring just outside the disc, on a very light bleed (render.cut): the disc's own colour stops
at the cut, so what a child cuts along is the 22 mm disc that fits its 25 mm square.
"""

from __future__ import annotations

import functools
import math

from kitpress.games.integer_matrix.art.marks import Face, faces, needs_bar, numeral, text_box
from kitpress.games.integer_matrix.production import IntegerMatrixFaces
from kitpress.games.integer_matrix.rules import FACES, IntegerMatrix
from kitpress.pieces import BLEED, Art, PrintJob, mm
from kitpress.render import cut
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

B = BLEED
SAFE = 9.0  # text stays this far inside the cut circle
WORD_SIZE = 8.0
WORD_GAP = 3.5  # between the numeral's baseline and the word's cap height


def disc_numerals(engine: IntegerMatrix) -> tuple[str, ...]:
    """Every numeral the discs print, each once, in a fixed order."""
    count = len(engine.config.discs)
    return tuple(sorted({numeral(engine.value(i, face)) for i in range(count) for face in FACES}))


def widest_numeral(engine: IntegerMatrix) -> str:
    """The numeral that sets the discs' numeral size, to name in a refusal."""
    return max(disc_numerals(engine), key=lambda text: text_box(text, 1.0)[0])


def disc_layout(engine: IntegerMatrix, diameter_mm: float, words: tuple[str, ...]) -> tuple[float, float] | None:
    """The numeral size and centre the discs are drawn with, or None if the game's numerals and these
    side words do not fit a disc this size (refused when the spec loads: production.check)."""
    return _layout(mm(diameter_mm), disc_numerals(engine), words)


@functools.cache
def _layout(diameter: float, numerals: tuple[str, ...], words: tuple[str, ...]) -> tuple[float, float] | None:
    """The largest numeral size, and its vertical centre, at which every numeral and word fits
    inside the safe circle; one size for all discs, so no number looks more important."""
    safe = diameter / 2 - SAFE
    word_w = max(text_box(w, WORD_SIZE)[0] for w in words)
    widest = max(text_box(n, 1.0)[0] for n in numerals)

    def inside(x: float, y: float) -> bool:
        return math.hypot(x, y) <= safe

    size = 40.0
    while size > 12:
        w, h = widest * size, size * 0.73
        for tenth in range(0, 120, 5):
            centre = -tenth / 10
            top, base = centre - h / 2, centre + h / 2
            word_bottom = base + WORD_GAP + WORD_SIZE * 0.73
            if inside(w / 2, top) and inside(w / 2, base) and inside(word_w / 2, word_bottom):
                return size, centre
        size -= 0.5
    return None


def _face(loaded: LoadedSpec, name: str, value: int, face: Face, diameter: float, layout: tuple[float, float]) -> Art:
    size, centre = layout
    full = diameter + 2 * B
    dwg = k.drawing(full, full)
    c = cut.round_piece(dwg, diameter, face.fill, face.cut)  # the spec's cut colour rings the cut
    base = c + centre + size * 0.73 / 2
    text = numeral(value)
    k.text(dwg, dwg, c, base, text, size, bold=True, fill=face.ink)
    if needs_bar(loaded, value):
        half = text_box(text, size)[0] / 2
        dwg.add(dwg.line((c - half, base + 1.6), (c + half, base + 1.6), stroke=face.ink, stroke_width=1.6))
    k.text(dwg, dwg, c, base + WORD_GAP + WORD_SIZE * 0.73, face.word, WORD_SIZE, bold=True, fill=face.ink)
    return Art(name, k.to_string(dwg), diameter, diameter, shape="circle", fits="disc")


def disc_job(loaded: LoadedSpec, title: str) -> PrintJob:
    engine = loaded.engine
    assert isinstance(engine, IntegerMatrix)
    count = len(engine.config.discs)
    look = faces(loaded)
    disc = loaded.production("faces", IntegerMatrixFaces).disc
    diameter = mm(disc.diameter_mm)
    # Which number is on which side is the engine's (ruling R1): ask it, never unpack the pairs here.
    value = {(i, f): engine.value(i, f) for i in range(count) for f in look}
    layout = disc_layout(engine, disc.diameter_mm, tuple(f.word for f in look.values()))
    assert layout is not None, "production.check refuses a disc too small for its numerals and words"
    fronts, backs = [], []
    for i in range(count):
        fronts.append(_face(loaded, f"{i + 1:02d}-black", value[i, "black"], look["black"], diameter, layout))
        backs.append(_face(loaded, f"{i + 1:02d}-white", value[i, "white"], look["white"], diameter, layout))
    return PrintJob("discs", "discs", "pack", tuple(fronts), tuple(backs), title)
