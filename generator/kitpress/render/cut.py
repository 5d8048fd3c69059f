"""Cut lines a class can follow, for every game's art: the edge a child sees is the edge to cut (lint.cutline).

The piece's own colour stops at the trim; a dark ring lies just outside it, its inner edge on the trim,
so a cut along the ring leaves the piece its full size and a cut that wanders shows as a thin outline,
not as a band of colour. The bleed carries a very light tint instead of the piece's colour: the art
still runs on to the bleed edge (the bleed check), and the tint's own outer edge is far fainter than
the ring.
"""

from __future__ import annotations

from typing import Any

from kitpress.pieces import BLEED
from kitpress.render import svgkit as k

B = BLEED
# Relative luminance 0.905: light enough that the low-ink pass leaves it as it is (it tints only fills
# below 0.9), and 11 levels below white, so it still counts as ink at the bleed's edge.
BLEED_TINT = "#f4f4f4"
RING = 1.0  # pt, the cut ring's width
RING_INK = k.INK


def rect_piece(dwg: Any, width: float, height: float, field: str = k.PAPER) -> None:
    """Paper, the bleed tint, the field up to the trim and the cut ring."""
    full_w, full_h = width + 2 * B, height + 2 * B
    dwg.add(dwg.rect((0, 0), (full_w, full_h), fill=k.PAPER))
    for x, y, w, h in ((0, 0, full_w, B), (0, B + height, full_w, B), (0, B, B, height), (B + width, B, B, height)):
        dwg.add(dwg.rect((x, y), (w, h), fill=BLEED_TINT, data_ink="keep"))  # four strips: a band, not a full-bleed fill
    if field.lower() != k.PAPER:
        dwg.add(dwg.rect((B, B), (width, height), fill=field))
    half = RING / 2
    dwg.add(dwg.rect((B - half, B - half), (width + RING, height + RING), fill="none", stroke=RING_INK, stroke_width=RING))


def round_piece(dwg: Any, diameter: float, fill: str, ring: str = RING_INK) -> float:
    """The same for a round piece; returns the centre (x = y) of the art."""
    full = diameter + 2 * B
    c, r = full / 2, diameter / 2
    dwg.add(dwg.rect((0, 0), (full, full), fill=k.PAPER))
    dwg.add(dwg.circle((c, c), r + B, fill=BLEED_TINT, data_ink="keep"))  # already low-ink: keep it
    dwg.add(dwg.circle((c, c), r, fill=fill))
    dwg.add(dwg.circle((c, c), r + RING / 2, fill="none", stroke=ring, stroke_width=RING))
    return c
