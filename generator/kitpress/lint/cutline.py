"""The edge you see is the edge you cut: on a piece cut out one by one, the cut line must be the most
visible edge of the printed piece.

Measured on the piece as printed (raster.Printed, 144 dpi), at points all round the trim (the sides of
a rectangle away from its corners, or the rim of a round piece). At each point:

- the bleed colour is the pixel half a bleed outside the trim (what the scissors cut away);
- the cut line's contrast is the largest WCAG contrast ratio between that bleed colour and any pixel
  within CUT_BAND_PT of the trim, on either side: a ring drawn on the cut, or the piece's own colour
  stopping at the cut against a lighter bleed;
- the outer edge's contrast is that of the pixel just inside the bleed's outer edge against white paper.

The piece's cut line is its weakest point. It fails below 3:1, WCAG 2's minimum for a graphic a reader
must make out against what is next to it (Success Criterion 1.4.11, Non-text Contrast), and it fails
when the bleed's outer edge stands out more than the cut line: children cut along the edge they see.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from kitpress.lint import colour
from kitpress.lint.findings import ERROR
from kitpress.lint.raster import Printed
from kitpress.pieces import Art, PrintJob

MIN_CUT_CONTRAST = 3.0
CUT_BAND_PT = 1.0  # a line this close to the trim is the cut line (well under the 1.6 mm a cut wanders)
OUTER_INSET_PT = 1.0  # the outer edge is sampled this far inside the art's edge (clear of anti-aliasing)
CORNER_SKIP = 0.15  # of each side, at both ends: corners may be rounded off by the cutter
SAMPLES = 24  # points per side of a rectangle; a round piece gets four times as many round its rim
CUT_KINDS = frozenset({"tokens", "discs", "chips"})  # small pieces a class cuts out one by one

Problem = tuple[str, str, str]


@dataclass(frozen=True)
class CutLine:
    contrast: float  # the cut line against the bleed, at its weakest point
    outer: float  # the bleed's outer edge against the paper, the median round the piece


def applies(job: PrintJob, art: Art) -> bool:
    """Pieces cut out one by one along their own edge: tokens, discs and chips, and any round piece.
    Abutting cards (grid9) are cut on shared lines along edge marks that run to the sheet's edge."""
    return art.bleed > 0 and (art.shape == "circle" or (job.kind in CUT_KINDS and job.layout != "grid9"))


def _samples(art: Art) -> list[tuple[float, float, float, float]]:
    """(x, y, nx, ny) in points from the art's corner: a point on the trim and its outward normal."""
    b, w, h = art.bleed, art.trim_w, art.trim_h
    if art.shape == "circle":
        r = min(w, h) / 2
        cx, cy = b + w / 2, b + h / 2
        angles = [2 * math.pi * (i + 0.5) / (4 * SAMPLES) for i in range(4 * SAMPLES)]
        return [(cx + r * math.cos(a), cy + r * math.sin(a), math.cos(a), math.sin(a)) for a in angles]
    ts = [CORNER_SKIP + (1 - 2 * CORNER_SKIP) * (i + 0.5) / SAMPLES for i in range(SAMPLES)]
    out = []
    for t in ts:
        out += [(b + t * w, b, 0.0, -1.0), (b + t * w, b + h, 0.0, 1.0), (b, b + t * h, -1.0, 0.0), (b + w, b + t * h, 1.0, 0.0)]
    return out


def _luminance(pixels: np.ndarray) -> np.ndarray:
    return colour.linear(pixels.astype(float) / 255) @ colour.LUMA


def _ratio(a: np.ndarray | float, b: np.ndarray | float) -> np.ndarray:
    return (np.maximum(a, b) + 0.05) / (np.minimum(a, b) + 0.05)


def measure(art: Art, printed: Printed) -> CutLine:
    """The cut line's contrast and the outer edge's, as defined above. Only the sampled pixels'
    luminance is worked out (a board is millions of pixels, its cut line a few thousand)."""
    s = printed.scale
    hgt, wid = printed.pixels.shape[:2]
    band = np.arange(-CUT_BAND_PT, CUT_BAND_PT + 1e-9, 0.5 / s)
    edge = art.bleed - OUTER_INSET_PT
    points: list[tuple[float, float]] = []  # per sample: the bleed's middle, the band across the cut, the outer edge
    for x, y, nx, ny in _samples(art):
        points.append((x + nx * art.bleed / 2, y + ny * art.bleed / 2))
        points += [(x + nx * t, y + ny * t) for t in band]
        points.append((x + nx * edge, y + ny * edge))
    rows = np.array([min(max(int(y * s), 0), hgt - 1) for _, y in points])
    cols = np.array([min(max(int(x * s), 0), wid - 1) for x, _ in points])
    lum = _luminance(printed.pixels[rows, cols]).reshape(-1, len(band) + 2)
    cuts = _ratio(lum[:, 1:-1], lum[:, :1]).max(axis=1)
    outers = _ratio(lum[:, -1], 1.0)
    return CutLine(float(cuts.min()), float(np.median(outers)))


def check(job: PrintJob, art: Art, printed: Printed) -> list[Problem]:
    if not applies(job, art):
        return []
    found = measure(art, printed)
    if found.contrast < MIN_CUT_CONTRAST:
        return [(ERROR, "cut-line", f"the cut line is hard to see: contrast {found.contrast:.2f}:1 against the bleed at its weakest (need ≥ {MIN_CUT_CONTRAST:g}:1); draw a dark ring on the cut or stop the piece's colour at the cut and tint the bleed light")]
    if found.outer > found.contrast:
        return [(ERROR, "cut-line", f"the bleed's outer edge stands out more than the cut line (contrast {found.outer:.2f}:1 to the paper, the cut line {found.contrast:.2f}:1): children cut along the edge they see; tint the bleed light")]
    return []
